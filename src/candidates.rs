//! True candidates: for each cell, exactly the values it takes in some solution. The exact
//! reductions rule out what they can; CaDiCaL then decides every candidate left, under the
//! assumption that the cell holds it, keeping what it learnt from one question to the next.
//! Every solution found proves all of its values at once (each passes the exact verifier);
//! a candidate with no solution is dropped; what the time limit leaves is marked unproven.

use crate::backend::{Cadical, Session, Status};
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::pipeline::{self, CountEnd, Outcome, Question, SolveOptions};
use crate::puzzle::FromRules;
use crate::puzzle::Puzzle;

/// How many solver answers that fail the exact check are cut off before giving up.
const MAX_REJECTED: usize = 100;

/// Solutions listed first by the pipeline's search: when there are no more, their values are
/// the true candidates and no candidate needs a question of its own.
const LISTED: usize = 64;

/// The values each cell takes in some solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Per cell (row by row), its values in increasing order: proven ones, and the unproven
    /// ones the time limit left.
    pub values: Vec<Vec<Vec<i64>>>,
    /// The candidates neither proven nor ruled out before the time limit: `(cell, value)`.
    pub unproven: Vec<(Cell, i64)>,
    /// The solutions found on the way.
    pub solutions: usize,
}

impl TrueCandidates {
    /// Whether every candidate was decided.
    pub fn complete(&self) -> bool {
        self.unproven.is_empty()
    }
}

/// The true candidates of `puzzle` by `deadline`; `None` when it has no solution.
pub fn true_candidates(
    puzzle: &dyn Puzzle,
    deadline: Deadline,
) -> Result<Option<TrueCandidates>, SolveError> {
    let Some(reduced) = puzzle.reduce(deadline) else {
        return Ok(None);
    };
    let domains = reduced.domains.clone();
    let (rows, cols) = (domains.rows(), domains.cols());
    let values = domains.values().to_vec();
    let mut model = Model::new(domains.clone());
    reduced.constrain(&mut model, deadline);
    let mut session = Session::new(model, Cadical::default());
    let mut proven = vec![0u64; rows * cols];
    let mut open: Vec<u64> = (0..rows * cols).map(|i| domains.at(i)).collect();
    let mut solutions = 0;
    let mut timed_out = false;
    let prove = |grid: &Grid, proven: &mut Vec<u64>| {
        for (i, bits) in proven.iter_mut().enumerate() {
            let v = i64::from(grid.get(i / cols, i % cols));
            if let Some(k) = values.iter().position(|&w| w == v) {
                *bits |= 1 << k;
            }
        }
    };
    // A few solutions listed by the split: when they are all, they answer every candidate.
    let options = SolveOptions {
        question: Question::Count(LISTED),
        ..SolveOptions::default()
    };
    match pipeline::solve(puzzle, &options, deadline)?.outcome {
        Outcome::Infeasible { .. } => return Ok(None),
        Outcome::Counted {
            solutions: found,
            end,
        } => {
            found.iter().for_each(|grid| prove(grid, &mut proven));
            solutions = found.len();
            if end == CountEnd::All {
                open = proven.clone();
            }
        }
        _ => {}
    }
    // The first question assumes nothing: no solution at all ends here.
    if solutions == 0 {
        match find(puzzle, &mut session, None, deadline)? {
            Found::Grid(grid) => {
                prove(&grid, &mut proven);
                solutions += 1;
            }
            Found::Nothing => return Ok(None),
            Found::TimeLimit => timed_out = true,
        }
    }
    for cell in 0..rows * cols {
        let mut left = open[cell] & !proven[cell];
        while left != 0 && !timed_out {
            let k = left.trailing_zeros() as usize;
            left &= left - 1;
            if proven[cell] & (1 << k) != 0 {
                continue;
            }
            match find(
                puzzle,
                &mut session,
                Some(((cell / cols, cell % cols), k)),
                deadline,
            )? {
                Found::Grid(grid) => {
                    prove(&grid, &mut proven);
                    solutions += 1;
                }
                Found::Nothing => open[cell] &= !(1 << k),
                Found::TimeLimit => timed_out = true,
            }
        }
    }
    let mut unproven = Vec::new();
    let mut listed = vec![vec![Vec::new(); cols]; rows];
    for cell in 0..rows * cols {
        for (k, &v) in values
            .iter()
            .enumerate()
            .filter(|&(k, _)| open[cell] & (1 << k) != 0)
        {
            listed[cell / cols][cell % cols].push(v);
            if proven[cell] & (1 << k) == 0 {
                unproven.push(((cell / cols, cell % cols), v));
            }
        }
    }
    Ok(Some(TrueCandidates {
        values: listed,
        unproven,
        solutions,
    }))
}

/// What one question found.
enum Found {
    Grid(Grid),
    Nothing,
    TimeLimit,
}

/// A verified solution with the candidate `assumed` (a cell and a value index) held, if any.
fn find(
    puzzle: &dyn Puzzle,
    session: &mut Session<Cadical>,
    assumed: Option<(Cell, usize)>,
    deadline: Deadline,
) -> Result<Found, SolveError> {
    let facts: Vec<(Cell, usize, bool)> = assumed.map(|(c, k)| (c, k, true)).into_iter().collect();
    for _ in 0..MAX_REJECTED {
        let (status, _) = session.solve_assuming(&facts, deadline)?;
        let values = match status {
            Status::Feasible(values) => values,
            Status::Infeasible => return Ok(Found::Nothing),
            Status::TimeLimit => return Ok(Found::TimeLimit),
        };
        let grid = session
            .model()
            .decode(&values)
            .ok_or(SolveError::Undecodable)?;
        match puzzle.verify(&grid) {
            Ok(()) => return Ok(Found::Grid(grid)),
            // The rows allowed a grid the rules do not: cut it off and ask again.
            Err(_) => session.forbid(&grid),
        }
    }
    Err(SolveError::Undecodable)
}
