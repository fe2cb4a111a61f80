//! The solver backend: hands a [`Model`] to HiGHS (through the `highs` crate) and reports what
//! it found.

mod interrupt;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use highs::{HighsModelStatus, HighsSolutionStatus, RowProblem, Sense};

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
/// HiGHS is doing; the worker is then interrupted at HiGHS's next check.
pub fn solve_mip(model: &Model, time_limit: Option<Duration>) -> Result<MipStatus, SolveError> {
    if model.is_contradictory() {
        return Ok(MipStatus::Infeasible);
    }
    if model.vars().is_empty() {
        return Ok(MipStatus::Feasible(Vec::new()));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let Some(limit) = time_limit else {
        return run_highs(model, None, stop);
    };
    if limit.is_zero() {
        return Ok(MipStatus::TimeLimit);
    }
    let deadline = Instant::now() + limit;
    let (tx, rx) = mpsc::channel();
    let (model, worker_stop) = (model.clone(), Arc::clone(&stop));
    thread::spawn(move || {
        let _ = tx.send(run_highs(&model, Some(deadline), worker_stop));
    });
    match rx.recv_timeout(limit) {
        Ok(result) => result,
        Err(RecvTimeoutError::Timeout) => {
            stop.store(true, Ordering::Relaxed);
            Ok(MipStatus::TimeLimit)
        }
        Err(RecvTimeoutError::Disconnected) => {
            Err(SolveError::Backend("the solver thread stopped".into()))
        }
    }
}

/// Builds the HiGHS problem and solves it, with the time left until `deadline` as HiGHS's
/// limit; setting `stop` interrupts it.
fn run_highs(
    model: &Model,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
) -> Result<MipStatus, SolveError> {
    fn backend(what: &str, status: impl std::fmt::Debug) -> SolveError {
        SolveError::Backend(format!("HiGHS {what}: {status:?}"))
    }
    let mut problem = RowProblem::default();
    let cols: Vec<highs::Col> = (model.vars().iter())
        .map(|kind| match *kind {
            VarKind::Binary => problem.add_integer_column(0.0, 0.0..=1.0),
            VarKind::Continuous { lo, hi } => problem.add_column(0.0, lo..=hi),
        })
        .collect();
    for row in model.constraints() {
        let terms = row.terms.iter().map(|&(v, a)| (cols[v.0], a));
        problem.add_row(row.lo..=row.hi, terms);
    }
    let mut highs = (problem.try_optimise(Sense::Minimise)).map_err(|s| backend("model", s))?;
    highs.make_quiet();
    let options: [(&str, Value); 9] = [
        ("threads", Value::Int(1)),
        ("parallel", Value::Str("off")),
        ("mip_rel_gap", Value::Float(0.0)),
        ("mip_allow_restart", Value::Bool(false)),
        // Puzzle models are pure feasibility problems whose root LP is already tight: the
        // root's improvement heuristics and a large cut pool cost time without paying off
        // (hardest + tdoku-test max 1.2 s -> 0.6 s, the 25x25 7.3 s -> 4.4 s). Feasibility
        // jump stays: it finds the first grid of near-empty puzzles.
        ("mip_heuristic_run_rens", Value::Bool(false)),
        ("mip_heuristic_run_rins", Value::Bool(false)),
        ("mip_heuristic_run_root_reduced_cost", Value::Bool(false)),
        ("mip_lp_age_limit", Value::Int(0)),
        ("mip_pool_soft_limit", Value::Int(1)),
    ];
    for (name, value) in options {
        let set = match value {
            Value::Int(v) => highs.try_set_option(name, v),
            Value::Float(v) => highs.try_set_option(name, v),
            Value::Bool(v) => highs.try_set_option(name, v),
            Value::Str(v) => highs.try_set_option(name, v),
        };
        set.map_err(|s| backend(name, s))?;
    }
    if let Some(deadline) = deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(MipStatus::TimeLimit);
        }
        (highs.try_set_option("time_limit", left.as_secs_f64()))
            .map_err(|s| backend("time_limit", s))?;
    }
    interrupt::when_set(&mut highs, &stop)?;
    let solved = highs.try_solve().map_err(|s| backend("solve", s))?;
    let found = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
    match solved.status() {
        HighsModelStatus::Infeasible => Ok(MipStatus::Infeasible),
        _ if found => Ok(MipStatus::Feasible(
            solved.get_solution().columns().to_vec(),
        )),
        HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt => {
            Ok(MipStatus::TimeLimit)
        }
        other => Err(backend("status", other)),
    }
}

/// A HiGHS option value.
enum Value {
    Int(i32),
    Float(f64),
    Bool(bool),
    Str(&'static str),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;
    use crate::geometry::{boxes, columns, rows};

    /// The empty 16x16 Sudoku as the documents write it: presolve alone does not solve it.
    fn empty_sudoku() -> Model {
        let mut model = Model::new(Domains::full(16, 16, (1..=16).collect()));
        for area in [rows(16, 16), columns(16, 16), boxes(16, 4, 4)].concat() {
            model.all_different("area", &area.cells);
        }
        model
    }

    #[test]
    fn the_empty_16x16_is_solved_when_nothing_interrupts_it() {
        let solved = run_highs(&empty_sudoku(), None, Arc::new(AtomicBool::new(false)));
        assert!(matches!(solved, Ok(MipStatus::Feasible(_))), "{solved:?}");
    }

    #[test]
    fn a_raised_stop_flag_interrupts_highs() {
        let stopped = run_highs(&empty_sudoku(), None, Arc::new(AtomicBool::new(true)));
        assert_eq!(stopped, Ok(MipStatus::TimeLimit));
    }
}
