//! The solvers behind one interface: a [`Model`] (plain data) goes in, and a feasible
//! point, a proof of infeasibility or a time limit comes out, with the solver's statistics.
//! Each backend translates the model; none re-derives the puzzle. A [`Session`] keeps one
//! puzzle's model and solver across its re-solves.

mod cadical;
mod cbc;
mod cnf;
mod highs;
mod highs_ffi;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use self::cadical::Cadical;
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::grid::{Cell, Grid};
use crate::model::Model;

/// A solver that decides a model exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Backend {
    /// HiGHS, the MIP solver, through the `highs` crate.
    #[default]
    Highs,
    /// COIN-OR CBC, the MIP solver, through the `coin_cbc` crate (the system's libCbcSolver).
    Cbc,
    /// CaDiCaL, the learning SAT solver, on the model's rows written as clauses.
    Cadical,
}

impl Backend {
    /// The solver's name, as `--solver` and `--stats` write it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Highs => "highs",
            Backend::Cbc => "cbc",
            Backend::Cadical => "cadical",
        }
    }
}

/// What one solve ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// A feasible point, as variable values by index.
    Feasible(Vec<f64>),
    /// Proven infeasible.
    Infeasible,
    /// Stopped by the time limit before finding a feasible point.
    TimeLimit,
}

/// What minimizing an objective ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum Minimum {
    /// A point proven optimal, as variable values by index.
    Optimal(Vec<f64>),
    /// The best point found when the time limit stopped the search.
    Best(Vec<f64>),
    /// Proven infeasible.
    Infeasible,
    /// Stopped by the time limit before finding a feasible point.
    TimeLimit,
}

impl Minimum {
    /// The point found, and whether it is proven optimal.
    pub fn point(&self) -> Option<(&[f64], bool)> {
        match self {
            Minimum::Optimal(values) => Some((values, true)),
            Minimum::Best(values) => Some((values, false)),
            Minimum::Infeasible | Minimum::TimeLimit => None,
        }
    }
}

/// Minimizes `model`'s objective with HiGHS on one thread by `deadline`.
pub fn minimize(model: &Model, deadline: Deadline) -> Result<Minimum, SolveError> {
    if model.is_contradictory() {
        return Ok(Minimum::Infeasible);
    }
    let deadline = deadline.remaining().map(|left| Instant::now() + left);
    highs::minimize(model, deadline)
}

/// What a solver reports of its work, where it reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Branch-and-bound nodes.
    pub nodes: Option<u64>,
    /// LP (simplex) iterations.
    pub iterations: Option<u64>,
    /// Conflicts (each one a learnt clause).
    pub conflicts: Option<u64>,
}

/// One puzzle's model and the solver deciding it, across the re-solves of uniqueness and
/// counts: a MIP solver starts afresh on each solve; CaDiCaL keeps its clauses and what it
/// learnt, and takes only the rows added since (the no-goods).
pub struct Session {
    model: Model,
    backend: Backend,
    cadical: Option<Cadical>,
}

impl Session {
    /// `model`, to be decided by `backend`.
    pub fn new(model: Model, backend: Backend) -> Self {
        Session {
            model,
            backend,
            cadical: None,
        }
    }

    /// The model as it stands.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Cuts `grid` off the model (and the solver).
    pub fn forbid(&mut self, grid: &Grid) {
        self.model.forbid(grid);
    }

    /// Decides the model as it stands within `time_limit`.
    pub fn solve(
        &mut self,
        time_limit: Option<Duration>,
    ) -> Result<(Status, SolverStats), SolveError> {
        if !self.model.objective().is_empty() && self.backend != Backend::Highs {
            let message = "only HiGHS minimizes an objective here";
            return Err(SolveError::Backend(message.into()));
        }
        if self.backend != Backend::Cadical {
            return solve_mip(self.backend, &self.model, time_limit);
        }
        if self.model.is_contradictory() {
            return Ok((Status::Infeasible, SolverStats::default()));
        }
        self.solve_assuming(&[], time_limit)
    }

    /// Solves with CaDiCaL with some candidates held (`true`) or ruled out (`false`) for this
    /// solve only, `(cell, value index, holds)`: the clauses and what CaDiCaL learnt stay for
    /// the next question.
    pub fn solve_assuming(
        &mut self,
        facts: &[(Cell, usize, bool)],
        time_limit: Option<Duration>,
    ) -> Result<(Status, SolverStats), SolveError> {
        if self.backend != Backend::Cadical {
            let message = "only CaDiCaL solves under assumptions here";
            return Err(SolveError::Backend(message.into()));
        }
        if self.model.is_contradictory() {
            return Ok((Status::Infeasible, SolverStats::default()));
        }
        let mut assumed = Vec::with_capacity(facts.len());
        for &(cell, k, holds) in facts {
            match self.model.literal(cell, k) {
                Ok((var, positive)) => assumed.push((var.0, positive == holds)),
                Err(value) if value != holds => {
                    return Ok((Status::Infeasible, SolverStats::default()))
                }
                Err(_) => {}
            }
        }
        let cadical = match &mut self.cadical {
            Some(cadical) => cadical,
            slot => slot.insert(Cadical::new(&self.model)?),
        };
        cadical.solve(
            &self.model,
            &assumed,
            time_limit.map(|t| Instant::now() + t),
        )
    }
}

/// Solves the feasibility problem of `model` with the MIP solver `solver` on one thread, within
/// `time_limit`. A solver can overrun its own limit on large models (in presolve and the root
/// LP), so with a limit it runs on a worker thread and the answer is `TimeLimit` when the
/// limit passes, whatever the solver is doing; HiGHS is then interrupted at its next check,
/// CBC stops at its own limit.
fn solve_mip(
    solver: Backend,
    model: &Model,
    time_limit: Option<Duration>,
) -> Result<(Status, SolverStats), SolveError> {
    if model.is_contradictory() {
        return Ok((Status::Infeasible, SolverStats::default()));
    }
    if model.vars().is_empty() {
        return Ok((Status::Feasible(Vec::new()), SolverStats::default()));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let Some(limit) = time_limit else {
        return run(solver, model, None, stop);
    };
    if limit.is_zero() {
        return Ok((Status::TimeLimit, SolverStats::default()));
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
            Ok((Status::TimeLimit, SolverStats::default()))
        }
        Err(RecvTimeoutError::Disconnected) => {
            Err(SolveError::Backend("the solver thread stopped".into()))
        }
    }
}

fn run(
    solver: Backend,
    model: &Model,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
) -> Result<(Status, SolverStats), SolveError> {
    match solver {
        Backend::Highs => highs::solve(model, deadline, stop),
        Backend::Cbc => cbc::solve(model, deadline),
        Backend::Cadical => Cadical::new(model)?.solve(model, &[], deadline),
    }
}
