//! HiGHS through the `highs` crate: the model as a row problem, the options that suit these
//! puzzle models, and the statistics HiGHS reports; it also minimizes a model's objective
//! (the repair models).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use highs::{HighsModelStatus, HighsSolutionStatus, RowProblem, Sense};

use super::highs_ffi;
use super::{Minimum, SolverStats, Status};
use crate::error::SolveError;
use crate::model::{Model, VarKind};

fn backend(what: &str, status: impl std::fmt::Debug) -> SolveError {
    SolveError::Backend(format!("HiGHS {what}: {status:?}"))
}

/// Builds the HiGHS problem and solves it, with the time left until `deadline` as HiGHS's
/// limit; setting `stop` interrupts it.
pub fn solve(
    model: &Model,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
) -> Result<(Status, SolverStats), SolveError> {
    let Some((solved, stats)) = run(model, deadline, stop)? else {
        return Ok((Status::TimeLimit, SolverStats::default()));
    };
    let found = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
    let status = match solved.status() {
        HighsModelStatus::Infeasible => Status::Infeasible,
        _ if found => Status::Feasible(solved.get_solution().columns().to_vec()),
        HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt => {
            Status::TimeLimit
        }
        other => return Err(backend("status", other)),
    };
    Ok((status, stats))
}

/// Minimizes the model's objective, as [`solve`] decides it: the optimum when HiGHS proves
/// it, else the best point found by the deadline.
pub fn minimize(model: &Model, deadline: Option<Instant>) -> Result<Minimum, SolveError> {
    let stop = Arc::new(AtomicBool::new(false));
    let Some((solved, _)) = run(model, deadline, stop)? else {
        return Ok(Minimum::TimeLimit);
    };
    let found = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
    let values = || solved.get_solution().columns().to_vec();
    Ok(match solved.status() {
        HighsModelStatus::Infeasible => Minimum::Infeasible,
        HighsModelStatus::Optimal if found => Minimum::Optimal(values()),
        HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt if found => {
            Minimum::Best(values())
        }
        HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt => {
            Minimum::TimeLimit
        }
        other => return Err(backend("status", other)),
    })
}

/// The model as a HiGHS problem, solved on one thread by `deadline`; `None` when no time
/// was left to start.
fn run(
    model: &Model,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
) -> Result<Option<(highs::SolvedModel, SolverStats)>, SolveError> {
    let mut cost = vec![0.0; model.vars().len()];
    for &(var, c) in model.objective() {
        cost[var.0] += c;
    }
    let mut problem = RowProblem::default();
    let cols: Vec<highs::Col> = (model.vars().iter().zip(cost))
        .map(|(kind, cost)| match *kind {
            VarKind::Binary => problem.add_integer_column(cost, 0.0..=1.0),
            VarKind::Continuous { lo, hi } => problem.add_column(cost, lo..=hi),
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
            return Ok(None);
        }
        (highs.try_set_option("time_limit", left.as_secs_f64()))
            .map_err(|s| backend("time_limit", s))?;
    }
    highs_ffi::interrupt_when_set(&mut highs, &stop)?;
    let solved = highs.try_solve().map_err(|s| backend("solve", s))?;
    let stats = SolverStats {
        nodes: highs_ffi::node_count(&solved),
        iterations: u64::try_from(solved.simplex_iteration_count()).ok(),
        conflicts: None,
    };
    Ok(Some((solved, stats)))
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
    use std::sync::atomic::AtomicBool;

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
        let solved = solve(&empty_sudoku(), None, Arc::new(AtomicBool::new(false)));
        assert!(matches!(solved, Ok((Status::Feasible(_), _))), "{solved:?}");
    }

    #[test]
    fn a_raised_stop_flag_interrupts_highs() {
        let stopped = solve(&empty_sudoku(), None, Arc::new(AtomicBool::new(true)));
        assert!(matches!(stopped, Ok((Status::TimeLimit, _))), "{stopped:?}");
    }
}
