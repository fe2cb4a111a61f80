//! The solve pipeline, written once for every kind: reduce, model, solve, decode, verify;
//! then, for uniqueness or a count, the re-solves with the solutions found so far cut off.

use std::time::Duration;

use crate::deadline::Deadline;

use crate::error::{SolveError, Violation};
use crate::grid::Grid;
use crate::highs::{solve_mip, MipStatus};
use crate::model::Model;
use crate::puzzle::{OptionalRule, Puzzle, Reduced};
use crate::split::{Split, Step};

/// How many MIP answers that fail the exact check are cut off before giving up.
const MAX_REJECTED: usize = 100;

/// What is asked of a puzzle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Question {
    /// One solution.
    #[default]
    Solve,
    /// One solution, proven the only one, or a second.
    Unique,
    /// Up to this many distinct solutions, and whether they are all.
    Count(usize),
}

/// Options for one puzzle.
#[derive(Debug, Clone, Copy, Default)]
pub struct SolveOptions {
    /// What to find.
    pub question: Question,
    /// Wall-clock budget for all solves of the puzzle.
    pub time_limit: Option<Duration>,
}

/// How a puzzle ended; every grid in it has passed the exact check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A solution, uniqueness not asked.
    Solved(Grid),
    /// The only solution, proven.
    Unique(Grid),
    /// Two different solutions: not unique.
    Several {
        /// The first solution found.
        first: Grid,
        /// A second one, the witness.
        second: Grid,
    },
    /// Distinct solutions, at least one, found for [`Question::Count`].
    Counted {
        /// The solutions in the order found.
        solutions: Vec<Grid>,
        /// Why the count stopped.
        end: CountEnd,
    },
    /// Proven to have no solution; `culprit` names a rule without which it has one.
    Infeasible {
        /// The optional rule that alone stands in the way, if that was shown.
        culprit: Option<OptionalRule>,
    },
    /// The time limit ran out, after finding a solution or before.
    Timeout {
        /// The solution found before the limit, if any.
        found: Option<Grid>,
    },
    /// A proposed grid ([`check`]) that breaks these rules: it is no solution.
    Rejected {
        /// The grid proposed.
        grid: Grid,
        /// Every rule it breaks.
        broken: Vec<Violation>,
    },
}

/// Why a count stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountEnd {
    /// The last re-solve was proven infeasible: these are all the solutions.
    All,
    /// As many as asked for were found; there may be more.
    Limit,
    /// The time limit ran out; there may be more.
    TimeLimit,
}

impl Outcome {
    /// The first solution, when one was found.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Solved(grid) | Outcome::Unique(grid) => Some(grid),
            Outcome::Several { first, .. } => Some(first),
            Outcome::Counted { solutions, .. } => solutions.first(),
            Outcome::Timeout { found } => found.as_ref(),
            Outcome::Infeasible { .. } | Outcome::Rejected { .. } => None,
        }
    }

    /// Every solution found, in order.
    pub fn solutions(&self) -> Vec<&Grid> {
        match self {
            Outcome::Several { first, second } => vec![first, second],
            Outcome::Counted { solutions, .. } => solutions.iter().collect(),
            _ => self.solution().into_iter().collect(),
        }
    }
}

/// What one search for a verified grid ended with.
enum Search {
    Found(Grid),
    Infeasible,
    TimeLimit,
}

/// Solves `puzzle`, and for uniqueness or a count forbids each solution found and solves
/// again. Each question goes first to a bounded split settled by exact reductions, then,
/// if the split does not settle it, to HiGHS on the whole reduced model.
pub fn run(puzzle: &dyn Puzzle, options: SolveOptions) -> Result<Outcome, SolveError> {
    run_until(
        puzzle,
        options.question,
        Deadline::after(options.time_limit),
    )
}

/// [`run`] with the time left until `deadline`, which the caller may share with further work
/// on the same puzzle.
pub fn run_until(
    puzzle: &dyn Puzzle,
    question: Question,
    deadline: Deadline,
) -> Result<Outcome, SolveError> {
    let Some(reduced) = puzzle.reduce(deadline) else {
        return infeasible(puzzle, deadline);
    };
    let wanted = match question {
        Question::Solve => 1,
        Question::Unique => 2,
        Question::Count(n) => n.max(1),
    };
    let mut solver = Solver::new(puzzle, reduced, deadline);
    let end = loop {
        if solver.found.len() >= wanted {
            break CountEnd::Limit;
        }
        match solver.next()? {
            Search::Found(_) => {}
            Search::Infeasible => break CountEnd::All,
            Search::TimeLimit => break CountEnd::TimeLimit,
        }
    };
    if let Question::Count(_) = question {
        if !solver.found.is_empty() {
            let solutions = solver.found;
            return Ok(Outcome::Counted { solutions, end });
        }
    }
    let mut found = solver.found.into_iter();
    let Some(first) = found.next() else {
        return match end {
            CountEnd::TimeLimit => Ok(Outcome::Timeout { found: None }),
            _ => infeasible(puzzle, deadline),
        };
    };
    Ok(match (found.next(), end) {
        (Some(second), _) => Outcome::Several { first, second },
        (None, _) if question == Question::Solve => Outcome::Solved(first),
        (None, CountEnd::TimeLimit) => Outcome::Timeout { found: Some(first) },
        (None, _) => Outcome::Unique(first),
    })
}

/// Checks a proposed solution `grid` with the exact verifier (every rule it breaks), and
/// with [`Question::Unique`] also whether the puzzle has a solution other than it.
pub fn check(
    puzzle: &dyn Puzzle,
    grid: Grid,
    question: Question,
    deadline: Deadline,
) -> Result<Outcome, SolveError> {
    let broken = puzzle.violations(&grid);
    if !broken.is_empty() {
        return Ok(Outcome::Rejected { grid, broken });
    }
    if question != Question::Unique {
        return Ok(Outcome::Solved(grid));
    }
    Ok(match run_until(puzzle, Question::Unique, deadline)? {
        Outcome::Unique(only) if only == grid => Outcome::Unique(grid),
        Outcome::Unique(other) | Outcome::Several { first: other, .. } if other != grid => {
            Outcome::Several {
                first: grid,
                second: other,
            }
        }
        Outcome::Several { second, .. } => Outcome::Several {
            first: grid,
            second,
        },
        Outcome::Timeout { .. } => Outcome::Timeout { found: Some(grid) },
        _ => {
            return Err(SolveError::Backend(
                "the search found no solution, yet the verifier accepts the proposed grid".into(),
            ))
        }
    })
}

/// One puzzle's reduced candidates, the split while it settles each question, and the
/// model once HiGHS is needed.
struct Solver<'a> {
    puzzle: &'a dyn Puzzle,
    reduced: Reduced,
    deadline: Deadline,
    /// `None` once the split left a question unsettled: HiGHS answers from then on.
    split: Option<Split>,
    model: Option<Model>,
    /// The solutions found, in order.
    found: Vec<Grid>,
    /// How many of them the model already cuts off.
    forbidden: usize,
}

impl<'a> Solver<'a> {
    fn new(puzzle: &'a dyn Puzzle, reduced: Reduced, deadline: Deadline) -> Self {
        Solver {
            puzzle,
            split: Some(Split::new(&reduced.domains)),
            reduced,
            deadline,
            model: None,
            found: Vec::new(),
            forbidden: 0,
        }
    }

    /// A verified grid other than those found: by the split while it settles the question,
    /// else by HiGHS on the whole model with the found ones cut off.
    fn next(&mut self) -> Result<Search, SolveError> {
        if let Some(split) = &mut self.split {
            match split.next(self.puzzle, &self.reduced.narrow, self.deadline) {
                Step::Found(grid) => {
                    self.found.push(grid.clone());
                    return Ok(Search::Found(grid));
                }
                Step::Nothing => return Ok(Search::Infeasible),
                Step::TimeLimit => return Ok(Search::TimeLimit),
                Step::Unsettled => self.split = None,
            }
        }
        let Reduced {
            domains, tables, ..
        } = &self.reduced;
        let model = self.model.get_or_insert_with(|| {
            let mut model = Model::new(domains.clone());
            self.puzzle.constrain(tables, &mut model, self.deadline);
            model
        });
        if self.deadline.passed() {
            return Ok(Search::TimeLimit);
        }
        for grid in &self.found[self.forbidden..] {
            model.forbid(grid);
        }
        self.forbidden = self.found.len();
        let found = search(self.puzzle, model, self.deadline)?;
        if let Search::Found(grid) = &found {
            self.found.push(grid.clone());
        }
        Ok(found)
    }
}

/// No solution; with the puzzle's optional rule dropped, is there one?
fn infeasible(puzzle: &dyn Puzzle, deadline: Deadline) -> Result<Outcome, SolveError> {
    let mut culprit = None;
    if let Some((relaxed, rule)) = puzzle.relaxed() {
        if let Some(reduced) = relaxed.reduce(deadline) {
            let mut solver = Solver::new(relaxed.as_ref(), reduced, deadline);
            if let Search::Found(_) = solver.next()? {
                culprit = Some(rule);
            }
        }
    }
    Ok(Outcome::Infeasible { culprit })
}

/// Finds a grid that passes the exact check, cutting off MIP answers that do not.
fn search(
    puzzle: &dyn Puzzle,
    model: &mut Model,
    deadline: Deadline,
) -> Result<Search, SolveError> {
    let mut last: Option<Violation> = None;
    for _ in 0..MAX_REJECTED {
        let remaining = deadline.remaining();
        let values = match solve_mip(model, remaining)? {
            MipStatus::Feasible(values) => values,
            MipStatus::Infeasible => return Ok(Search::Infeasible),
            MipStatus::TimeLimit => return Ok(Search::TimeLimit),
        };
        let grid = model.decode(&values).ok_or(SolveError::Undecodable)?;
        match puzzle.verify(&grid) {
            Ok(()) => return Ok(Search::Found(grid)),
            Err(violation) => {
                last = Some(violation);
                model.forbid(&grid);
            }
        }
    }
    Err(match last {
        Some(last) => SolveError::Rejected {
            count: MAX_REJECTED,
            last,
        },
        None => SolveError::Undecodable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cage::Tables;
    use crate::domains::Domains;

    /// Latin 2x2 squares (two solutions) whose verifier rejects the one starting with 1, as
    /// a product cage within the solver's tolerance would be rejected.
    struct Picky;

    impl Puzzle for Picky {
        fn shape(&self) -> (usize, usize) {
            (2, 2)
        }
        fn reduce(&self, _: Deadline) -> Option<Reduced> {
            let domains = Domains::full(2, 2, vec![1, 2]);
            let tables = Tables::default();
            let narrow = Box::new(|_: &mut Domains, _| true);
            Some(Reduced {
                domains,
                tables,
                narrow,
            })
        }
        fn constrain(&self, _: &Tables, model: &mut Model, _: Deadline) {
            for area in [
                [(0, 0), (0, 1)],
                [(1, 0), (1, 1)],
                [(0, 0), (1, 0)],
                [(0, 1), (1, 1)],
            ] {
                model.all_different("area", &area);
            }
        }
        fn verify(&self, grid: &Grid) -> Result<(), Violation> {
            match grid.get(0, 0) {
                2 => Ok(()),
                value => Err(Violation::Given {
                    cell: (0, 0),
                    value,
                    given: 2,
                }),
            }
        }
        fn render(&self, _: &Grid) -> String {
            String::new()
        }
    }

    #[test]
    fn answers_failing_the_check_are_cut_off_and_never_returned() {
        // HiGHS on the model alone: Latin 2x2 squares, of which the verifier takes one.
        let Some(reduced) = Picky.reduce(Deadline::none()) else {
            panic!("reduces");
        };
        let mut model = Model::new(reduced.domains);
        Picky.constrain(&reduced.tables, &mut model, Deadline::none());
        let expected = Grid::from_rows(vec![vec![2, 1], vec![1, 2]]).unwrap();
        let found = search(&Picky, &mut model, Deadline::none());
        assert!(matches!(found, Ok(Search::Found(ref g)) if *g == expected));
        model.forbid(&expected);
        let again = search(&Picky, &mut model, Deadline::none());
        assert!(
            matches!(again, Ok(Search::Infeasible)),
            "the other square was cut off"
        );
    }

    /// A row of 16 cells, each 1 or 2, exactly one of them 2: 16 solutions, and no
    /// reductions, so the split runs out of budget on the later ones and HiGHS finishes.
    struct OneTwo;

    impl Puzzle for OneTwo {
        fn shape(&self) -> (usize, usize) {
            (1, 16)
        }
        fn reduce(&self, _: Deadline) -> Option<Reduced> {
            Some(Reduced {
                domains: Domains::full(1, 16, vec![1, 2]),
                tables: Tables::default(),
                narrow: Box::new(|_: &mut Domains, _| true),
            })
        }
        fn constrain(&self, _: &Tables, model: &mut Model, _: Deadline) {
            let mut twos = crate::model::LinExpr::default();
            for c in 0..16 {
                twos.add_expr(&model.x(0, c, 1), 1.0);
            }
            model.add("one_two".into(), twos, 1.0, 1.0);
        }
        fn verify(&self, grid: &Grid) -> Result<(), Violation> {
            let twos: Vec<usize> = (0..16).filter(|&c| grid.get(0, c) == 2).collect();
            match twos[..] {
                [_] => Ok(()),
                _ => Err(Violation::Shape { rows: 1, cols: 16 }),
            }
        }
        fn render(&self, _: &Grid) -> String {
            String::new()
        }
    }

    #[test]
    fn a_count_the_split_cannot_finish_is_finished_by_highs_with_every_solution_cut_off() {
        let options = SolveOptions {
            question: Question::Count(100),
            time_limit: None,
        };
        let Ok(Outcome::Counted { solutions, end }) = run(&OneTwo, options) else {
            panic!("counted");
        };
        assert_eq!(end, CountEnd::All);
        let mut twos: Vec<usize> = (solutions.iter())
            .map(|g| (0..16).find(|&c| g.get(0, c) == 2).unwrap())
            .collect();
        twos.sort_unstable();
        assert_eq!(twos, (0..16).collect::<Vec<_>>(), "each solution once");
    }
}
