//! The solve pipeline, written once for every kind: reduce, model, solve, decode, verify;
//! then the uniqueness re-solve with the first solution cut off.

use std::time::Duration;

use crate::deadline::Deadline;

use crate::error::{SolveError, Violation};
use crate::grid::Grid;
use crate::highs::{solve_mip, MipStatus};
use crate::model::Model;
use crate::puzzle::{OptionalRule, Puzzle, Reduced};

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

/// Solves `puzzle`, and with `check_unique` forbids the solution and solves again.
pub fn run(puzzle: &dyn Puzzle, options: SolveOptions) -> Result<Outcome, SolveError> {
    let deadline = Deadline::after(options.time_limit);
    let (first, mut model) = match first_solution(puzzle, deadline)? {
        First::Found(grid, model) => (grid, model),
        First::Infeasible => return infeasible(puzzle, deadline),
        First::TimeLimit => return Ok(Outcome::Timeout { found: None }),
    };
    if !options.check_unique {
        return Ok(Outcome::Solved(first));
    }
    model.forbid(&first);
    Ok(match search(puzzle, &mut model, deadline)? {
        Search::Found(second) => Outcome::Several { first, second },
        Search::Infeasible => Outcome::Unique(first),
        Search::TimeLimit => Outcome::Timeout { found: Some(first) },
    })
}

/// How the first solve ended; a found grid comes with its model for the uniqueness re-solve.
enum First {
    Found(Grid, Model),
    Infeasible,
    TimeLimit,
}

/// Reduces, models and solves once.
fn first_solution(puzzle: &dyn Puzzle, deadline: Deadline) -> Result<First, SolveError> {
    let Some(Reduced { domains, tables }) = puzzle.reduce(deadline) else {
        return Ok(First::Infeasible);
    };
    if deadline.passed() {
        return Ok(First::TimeLimit);
    }
    let mut model = Model::new(domains);
    puzzle.constrain(&tables, &mut model, deadline);
    if deadline.passed() {
        return Ok(First::TimeLimit);
    }
    Ok(match search(puzzle, &mut model, deadline)? {
        Search::Found(grid) => First::Found(grid, model),
        Search::Infeasible => First::Infeasible,
        Search::TimeLimit => First::TimeLimit,
    })
}

/// No solution; with the puzzle's optional rule dropped, is there one?
fn infeasible(puzzle: &dyn Puzzle, deadline: Deadline) -> Result<Outcome, SolveError> {
    let culprit = match puzzle.relaxed() {
        Some((relaxed, rule)) => match first_solution(relaxed.as_ref(), deadline)? {
            First::Found(..) => Some(rule),
            First::Infeasible | First::TimeLimit => None,
        },
        None => None,
    };
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
            Some(Reduced { domains, tables })
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
        let options = SolveOptions {
            check_unique: true,
            time_limit: None,
        };
        let expected = Grid::from_rows(vec![vec![2, 1], vec![1, 2]]).unwrap();
        assert_eq!(run(&Picky, options), Ok(Outcome::Unique(expected)));
    }
}
