//! The MIP solvers behind one interface: a [`Model`] (plain data) goes in, and a feasible
//! point, a proof of infeasibility or a time limit comes out, with the solver's statistics.
//! Each backend translates the model; none re-derives the puzzle.

mod cbc;
mod highs;
mod highs_ffi;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crate::error::SolveError;
use crate::model::Model;

/// A MIP solver.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MipSolver {
    /// HiGHS, through the `highs` crate.
    #[default]
    Highs,
    /// COIN-OR CBC, through the `coin_cbc` crate (the system's libCbcSolver).
    Cbc,
}

impl MipSolver {
    /// The solver's name, as `--solver` and `--stats` write it.
    pub fn name(self) -> &'static str {
        match self {
            MipSolver::Highs => "highs",
            MipSolver::Cbc => "cbc",
        }
    }
}

/// What one MIP solve ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum MipStatus {
    /// A feasible point, as variable values by index.
    Feasible(Vec<f64>),
    /// Proven infeasible.
    Infeasible,
    /// Stopped by the time limit before finding a feasible point.
    TimeLimit,
}

/// What a solver reports of its work, where it reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MipStats {
    /// Branch-and-bound nodes.
    pub nodes: Option<u64>,
    /// LP (simplex) iterations.
    pub iterations: Option<u64>,
}

/// Solves the feasibility problem of `model` with `solver` on one thread, within
/// `time_limit`. A solver can overrun its own limit on large models (in presolve and the root
/// LP), so with a limit it runs on a worker thread and the answer is `TimeLimit` when the
/// limit passes, whatever the solver is doing; HiGHS is then interrupted at its next check,
/// CBC stops at its own limit.
pub fn solve_mip(
    solver: MipSolver,
    model: &Model,
    time_limit: Option<Duration>,
) -> Result<(MipStatus, MipStats), SolveError> {
    if model.is_contradictory() {
        return Ok((MipStatus::Infeasible, MipStats::default()));
    }
    if model.vars().is_empty() {
        return Ok((MipStatus::Feasible(Vec::new()), MipStats::default()));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let Some(limit) = time_limit else {
        return run(solver, model, None, stop);
    };
    if limit.is_zero() {
        return Ok((MipStatus::TimeLimit, MipStats::default()));
    }
    let deadline = Instant::now() + limit;
    let (tx, rx) = mpsc::channel();
    let (model, worker_stop) = (model.clone(), Arc::clone(&stop));
    thread::spawn(move || {
        let _ = tx.send(run(solver, &model, Some(deadline), worker_stop));
    });
    match rx.recv_timeout(limit) {
        Ok(result) => result,
        Err(RecvTimeoutError::Timeout) => {
            stop.store(true, Ordering::Relaxed);
            Ok((MipStatus::TimeLimit, MipStats::default()))
        }
        Err(RecvTimeoutError::Disconnected) => {
            Err(SolveError::Backend("the solver thread stopped".into()))
        }
    }
}

fn run(
    solver: MipSolver,
    model: &Model,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
) -> Result<(MipStatus, MipStats), SolveError> {
    match solver {
        MipSolver::Highs => highs::solve(model, deadline, stop),
        MipSolver::Cbc => cbc::solve(model, deadline),
    }
}
