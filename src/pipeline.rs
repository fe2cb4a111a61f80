//! The solve pipeline: reduce, model, solve, decode, verify; then the uniqueness re-solve.

use std::time::{Duration, Instant};

use anyhow::bail;

use crate::grid::Grid;
use crate::model::Model;
use crate::puzzle::Puzzle;
use crate::solve::{solve, SolveStatus};

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

/// How a puzzle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Solved,
    Infeasible,
    Timeout,
}

/// The result of solving one puzzle; every grid in it has passed the exact check.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub status: Status,
    pub solution: Option<Grid>,
    /// `Some` only when uniqueness was decided: proven unique, or refuted by `second`.
    pub unique: Option<bool>,
    pub second: Option<Grid>,
}

enum Search {
    Found(Grid),
    Infeasible,
    TimeLimit,
}

/// Solves `puzzle`, and with `check_unique` forbids the solution and solves again.
pub fn run(puzzle: &dyn Puzzle, options: SolveOptions) -> anyhow::Result<Outcome> {
    let deadline = options.time_limit.map(|t| Instant::now() + t);
    let outcome = |status, solution, unique, second| Outcome {
        status,
        solution,
        unique,
        second,
    };
    let Some(domains) = puzzle.domains() else {
        return Ok(outcome(Status::Infeasible, None, None, None));
    };
    let mut model = Model::new(domains);
    puzzle.constrain(&mut model);
    let first = match search(puzzle, &mut model, deadline)? {
        Search::Found(grid) => grid,
        Search::Infeasible => return Ok(outcome(Status::Infeasible, None, None, None)),
        Search::TimeLimit => return Ok(outcome(Status::Timeout, None, None, None)),
    };
    if !options.check_unique {
        return Ok(outcome(Status::Solved, Some(first), None, None));
    }
    model.forbid(&first);
    Ok(match search(puzzle, &mut model, deadline)? {
        Search::Found(second) => outcome(Status::Solved, Some(first), Some(false), Some(second)),
        Search::Infeasible => outcome(Status::Solved, Some(first), Some(true), None),
        Search::TimeLimit => outcome(Status::Timeout, Some(first), None, None),
    })
}

/// Finds a grid that passes the exact check, cutting off MIP answers that do not.
fn search(
    puzzle: &dyn Puzzle,
    model: &mut Model,
    deadline: Option<Instant>,
) -> anyhow::Result<Search> {
    let mut last_violation = String::new();
    for _ in 0..MAX_REJECTED {
        let remaining = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let values = match solve(model, remaining)? {
            SolveStatus::Feasible(values) => values,
            SolveStatus::Infeasible => return Ok(Search::Infeasible),
            SolveStatus::TimeLimit => return Ok(Search::TimeLimit),
        };
        let Some(grid) = model.decode(&values) else {
            bail!("internal error: the solver left a cell without exactly one value");
        };
        match puzzle.verify(&grid) {
            Ok(()) => return Ok(Search::Found(grid)),
            Err(violation) => {
                last_violation = violation;
                model.forbid(&grid);
            }
        }
    }
    bail!(
        "internal error: {MAX_REJECTED} solver answers failed the exact check \
         (last: {last_violation}); no grid is printed"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Domains;

    /// Latin 2x2 squares (two solutions) whose verifier rejects the one starting with 1, as
    /// a product cage within the solver's tolerance would be rejected.
    struct Picky;

    impl Puzzle for Picky {
        fn shape(&self) -> (usize, usize) {
            (2, 2)
        }
        fn domains(&self) -> Option<Domains> {
            Some(Domains::full(2, 2, vec![1, 2]))
        }
        fn constrain(&self, model: &mut Model) {
            for area in [
                [(0, 0), (0, 1)],
                [(1, 0), (1, 1)],
                [(0, 0), (1, 0)],
                [(0, 1), (1, 1)],
            ] {
                model.all_different(&area);
            }
        }
        fn verify(&self, grid: &Grid) -> Result<(), String> {
            match grid.get(0, 0) {
                2 => Ok(()),
                _ => Err("r1c1 must be 2".into()),
            }
        }
        fn render(&self, _: &Grid) -> String {
            String::new()
        }
    }

    #[test]
    fn answers_failing_the_check_are_cut_off_and_never_returned() {
        let outcome = run(
            &Picky,
            SolveOptions {
                check_unique: true,
                time_limit: None,
            },
        )
        .unwrap();
        let expected = Grid::from_rows(vec![vec![2, 1], vec![1, 2]]).unwrap();
        assert_eq!(outcome.solution, Some(expected));
        assert_eq!(outcome.unique, Some(true));
    }
}
