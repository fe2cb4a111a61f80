//! The solver backend: hands a [`Model`] to HiGHS through good_lp and reports what it found.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use good_lp::solvers::highs::highs;
use good_lp::{
    variable, Expression, ProblemVariables, ResolutionError, Solution, SolverModel, Variable,
};

use crate::error::SolveError;
use crate::model::{Model, VarKind};

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

/// Solves the feasibility problem of `model` on one thread, within `time_limit`. HiGHS can
/// overrun its own limit on large models (in presolve and the root LP), so with a limit it
/// runs on a worker thread and the answer is `TimeLimit` when the limit passes, whatever
/// HiGHS is doing; the worker then stops at HiGHS's own limit.
pub fn solve_mip(model: &Model, time_limit: Option<Duration>) -> Result<MipStatus, SolveError> {
    if model.is_contradictory() {
        return Ok(MipStatus::Infeasible);
    }
    if model.vars().is_empty() {
        return Ok(MipStatus::Feasible(Vec::new()));
    }
    let Some(limit) = time_limit else {
        return run_highs(model, None);
    };
    if limit.is_zero() {
        return Ok(MipStatus::TimeLimit);
    }
    let deadline = Instant::now() + limit;
    let (tx, rx) = mpsc::channel();
    let model = model.clone();
    thread::spawn(move || {
        let _ = tx.send(run_highs(&model, Some(deadline)));
    });
    match rx.recv_timeout(limit) {
        Ok(result) => result,
        Err(RecvTimeoutError::Timeout) => Ok(MipStatus::TimeLimit),
        Err(RecvTimeoutError::Disconnected) => {
            Err(SolveError::Backend("the solver thread stopped".into()))
        }
    }
}

/// Builds the HiGHS problem and solves it, with the time left until `deadline` as HiGHS's limit.
fn run_highs(model: &Model, deadline: Option<Instant>) -> Result<MipStatus, SolveError> {
    let mut problem = ProblemVariables::new();
    let vars: Vec<Variable> = model
        .vars()
        .iter()
        .map(|kind| match *kind {
            VarKind::Binary => problem.add(variable().binary()),
            VarKind::Continuous { lo, hi } => problem.add(variable().min(lo).max(hi)),
        })
        .collect();
    let mut lp = problem
        .minimise(Expression::from(0.0))
        .using(highs)
        .set_option("threads", 1)
        .set_option("parallel", "off")
        .set_option("mip_rel_gap", 0.0)
        .set_option("mip_allow_restart", false)
        // Puzzle models are pure feasibility problems whose root LP is already tight: the
        // root's improvement heuristics and a large cut pool cost time without paying off
        // (hardest + tdoku-test max 1.2 s -> 0.6 s, the 25x25 7.3 s -> 4.4 s). Feasibility
        // jump stays: it finds the first grid of near-empty puzzles.
        .set_option("mip_heuristic_run_rens", false)
        .set_option("mip_heuristic_run_rins", false)
        .set_option("mip_heuristic_run_root_reduced_cost", false)
        .set_option("mip_lp_age_limit", 0)
        .set_option("mip_pool_soft_limit", 1);
    for row in model.constraints() {
        let mut e = Expression::with_capacity(row.terms.len());
        for &(v, a) in &row.terms {
            e.add_mul(a, vars[v.0]);
        }
        if row.lo == row.hi {
            lp.add_constraint(e.eq(row.lo));
            continue;
        }
        if row.lo.is_finite() {
            lp.add_constraint(e.clone().geq(row.lo));
        }
        if row.hi.is_finite() {
            lp.add_constraint(e.leq(row.hi));
        }
    }
    if let Some(deadline) = deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(MipStatus::TimeLimit);
        }
        lp = lp.set_time_limit(left.as_secs_f64());
    }
    match lp.solve() {
        Ok(solution) => Ok(MipStatus::Feasible(
            vars.iter().map(|&v| solution.value(v)).collect(),
        )),
        Err(ResolutionError::Infeasible) => Ok(MipStatus::Infeasible),
        // HiGHS stopped (time limit) without a feasible point.
        Err(ResolutionError::Other("NoSolutionFound")) => Ok(MipStatus::TimeLimit),
        Err(e) => Err(SolveError::Backend(e.to_string())),
    }
}
