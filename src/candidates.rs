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
    let mut model = Model::new(domains.clone());
    reduced.constrain(&mut model, deadline);
    let mut session = Session::new(model, Cadical::default());
    let mut tally = Tally {
        cols,
        values: domains.values().to_vec(),
        proven: vec![0u64; rows * cols],
        open: (0..rows * cols).map(|i| domains.at(i)).collect(),
        solutions: 0,
        timed_out: false,
    };
    if !tally.list_first(puzzle, deadline)? {
        return Ok(None);
    }
    // The first question assumes nothing: no solution at all ends here.
    if tally.solutions == 0 {
        match find(puzzle, &mut session, None, deadline)? {
            Found::Grid(grid) => tally.prove(&grid),
            Found::Nothing => return Ok(None),
            Found::TimeLimit => tally.timed_out = true,
        }
    }
    for cell in 0..rows * cols {
        tally.ask(puzzle, &mut session, cell, deadline)?;
    }
    Ok(Some(tally.candidates(rows)))
}

/// What is known so far: per cell (row-major), the candidates solutions proved and those not
/// yet ruled out, as bit sets over `values`.
struct Tally {
    /// The grid's columns.
    cols: usize,
    /// The values, by index.
    values: Vec<i64>,
    /// Per cell, the candidates some solution found holds.
    proven: Vec<u64>,
    /// Per cell, the candidates not ruled out.
    open: Vec<u64>,
    /// The solutions found.
    solutions: usize,
    /// Whether a question ran out of time (no more are asked).
    timed_out: bool,
}

impl Tally {
    /// Every value of a solution found is proven.
    fn prove(&mut self, grid: &Grid) {
        for (i, bits) in self.proven.iter_mut().enumerate() {
            let v = i64::from(grid.get(i / self.cols, i % self.cols));
            if let Some(k) = self.values.iter().position(|&w| w == v) {
                *bits |= 1 << k;
            }
        }
        self.solutions += 1;
    }

    /// A few solutions listed by the split: when they are all, they answer every candidate.
    /// `false` when the puzzle has no solution.
    fn list_first(&mut self, puzzle: &dyn Puzzle, deadline: Deadline) -> Result<bool, SolveError> {
        let options = SolveOptions {
            question: Question::Count(LISTED),
            ..SolveOptions::default()
        };
        match pipeline::solve(puzzle, &options, deadline)?.outcome {
            Outcome::Infeasible { .. } => return Ok(false),
            Outcome::Counted {
                solutions: found,
                end,
            } => {
                found.iter().for_each(|grid| self.prove(grid));
                if end == CountEnd::All {
                    self.open = self.proven.clone();
                }
            }
            _ => {}
        }
        Ok(true)
    }

    /// Asks about each candidate of `cell` (row-major) neither proven nor ruled out, until a
    /// question runs out of time.
    fn ask(
        &mut self,
        puzzle: &dyn Puzzle,
        session: &mut Session<Cadical>,
        cell: usize,
        deadline: Deadline,
    ) -> Result<(), SolveError> {
        let mut left = self.open[cell] & !self.proven[cell];
        while left != 0 && !self.timed_out {
            let k = left.trailing_zeros() as usize;
            left &= left - 1;
            if self.proven[cell] & (1 << k) != 0 {
                continue;
            }
            let assumed = ((cell / self.cols, cell % self.cols), k);
            match find(puzzle, session, Some(assumed), deadline)? {
                Found::Grid(grid) => self.prove(&grid),
                Found::Nothing => self.open[cell] &= !(1 << k),
                Found::TimeLimit => self.timed_out = true,
            }
        }
        Ok(())
    }

    /// The candidates left, each cell's in increasing order, with those left unproven.
    fn candidates(self, rows: usize) -> TrueCandidates {
        let cols = self.cols;
        let mut unproven = Vec::new();
        let mut listed = vec![vec![Vec::new(); cols]; rows];
        for cell in 0..rows * cols {
            for (k, &v) in (self.values.iter())
                .enumerate()
                .filter(|&(k, _)| self.open[cell] & (1 << k) != 0)
            {
                listed[cell / cols][cell % cols].push(v);
                if self.proven[cell] & (1 << k) == 0 {
                    unproven.push(((cell / cols, cell % cols), v));
                }
            }
        }
        TrueCandidates {
            values: listed,
            unproven,
            solutions: self.solutions,
        }
    }
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
