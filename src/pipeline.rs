//! The solve pipeline, written once for every kind: reduce, model, solve, decode, verify;
//! then the uniqueness re-solve with the first solution cut off.

use std::time::Duration;

use crate::deadline::Deadline;

use crate::error::{SolveError, Violation};
use crate::grid::Grid;
use crate::highs::{solve_mip, MipStatus};
use crate::model::Model;
use crate::puzzle::{OptionalRule, Puzzle, Reduced};
use crate::split::{split, Split};

/// How many MIP answers that fail the exact check are cut off before giving up.
const MAX_REJECTED: usize = 100;

/// Options for one puzzle.
#[derive(Debug, Clone, Copy, Default)]
pub struct SolveOptions {
    /// Also prove (or refute) that the solution is unique.
    pub check_unique: bool,
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
}

impl Outcome {
    /// The first solution, when one was found.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Solved(grid) | Outcome::Unique(grid) => Some(grid),
            Outcome::Several { first, .. } => Some(first),
            Outcome::Timeout { found } => found.as_ref(),
            Outcome::Infeasible { .. } => None,
        }
    }
}

/// What one search for a verified grid ended with.
enum Search {
    Found(Grid),
    Infeasible,
    TimeLimit,
}

/// Solves `puzzle`, and with `check_unique` forbids the solution and solves again. Each
/// question goes first to a bounded split settled by exact reductions, then, if the split
/// does not settle it, to HiGHS on the whole reduced model.
pub fn run(puzzle: &dyn Puzzle, options: SolveOptions) -> Result<Outcome, SolveError> {
    let deadline = Deadline::after(options.time_limit);
    let Some(reduced) = puzzle.reduce(deadline) else {
        return infeasible(puzzle, deadline);
    };
    let mut solver = Solver::new(puzzle, reduced, deadline);
    let first = match solver.find(None)? {
        Search::Found(grid) => grid,
        Search::Infeasible => return infeasible(puzzle, deadline),
        Search::TimeLimit => return Ok(Outcome::Timeout { found: None }),
    };
    if !options.check_unique {
        return Ok(Outcome::Solved(first));
    }
    Ok(match solver.find(Some(&first))? {
        Search::Found(second) => Outcome::Several { first, second },
        Search::Infeasible => Outcome::Unique(first),
        Search::TimeLimit => Outcome::Timeout { found: Some(first) },
    })
}

/// One puzzle's reduced candidates, and its model once HiGHS is needed.
struct Solver<'a> {
    puzzle: &'a dyn Puzzle,
    reduced: Reduced,
    model: Option<Model>,
    deadline: Deadline,
}

impl<'a> Solver<'a> {
    fn new(puzzle: &'a dyn Puzzle, reduced: Reduced, deadline: Deadline) -> Self {
        Solver {
            puzzle,
            reduced,
            model: None,
            deadline,
        }
    }

    /// A verified grid other than `excluded`: by the split when it settles the question,
    /// else by HiGHS on the whole model (with `excluded` cut off).
    fn find(&mut self, excluded: Option<&Grid>) -> Result<Search, SolveError> {
        let Reduced {
            domains,
            tables,
            narrow,
        } = &self.reduced;
        match split(self.puzzle, domains, narrow, excluded, self.deadline) {
            Split::Found(grid) => return Ok(Search::Found(grid)),
            Split::Nothing => return Ok(Search::Infeasible),
            Split::TimeLimit => return Ok(Search::TimeLimit),
            Split::Unsettled => {}
        }
        let model = self.model.get_or_insert_with(|| {
            let mut model = Model::new(domains.clone());
            self.puzzle.constrain(tables, &mut model, self.deadline);
            model
        });
        if self.deadline.passed() {
            return Ok(Search::TimeLimit);
        }
        if let Some(grid) = excluded {
            model.forbid(grid);
        }
        search(self.puzzle, model, self.deadline)
    }
}

/// No solution; with the puzzle's optional rule dropped, is there one?
fn infeasible(puzzle: &dyn Puzzle, deadline: Deadline) -> Result<Outcome, SolveError> {
    let mut culprit = None;
    if let Some((relaxed, rule)) = puzzle.relaxed() {
        if let Some(reduced) = relaxed.reduce(deadline) {
            let mut solver = Solver::new(relaxed.as_ref(), reduced, deadline);
            if let Search::Found(_) = solver.find(None)? {
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
            let narrow = Box::new(|_: &mut Domains| true);
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
                model.all_different(&area);
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
}
