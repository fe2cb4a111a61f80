//! HiGHS, handed the model by good_lp (its `highs` feature), which gives back the `highs`
//! crate's model: on it, the options that suit these puzzle models, the time left as HiGHS's
//! limit, the interrupt when the deadline passes, and the statistics HiGHS reports.

use highs::{HighsModelStatus, HighsSolutionStatus};

use super::{highs_ffi, mip};
use super::{Minimize, Minimum, Solve, SolverStats, Status};
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::model::Model;

/// HiGHS, on one thread.
#[derive(Debug, Clone, Copy)]
pub struct Highs;

impl Solve for Highs {
    fn solve(
        &mut self,
        model: &Model,
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        let Some(solved) = run(model, deadline)? else {
            return Ok((Status::TimeLimit, SolverStats::default()));
        };
        let status = match (solved.status, solved.values) {
            (HighsModelStatus::Infeasible, _) => Status::Infeasible,
            (_, Some(values)) => Status::Feasible(values),
            (HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt, None) => {
                Status::TimeLimit
            }
            (other, None) => return Err(backend("status", other)),
        };
        Ok((status, solved.stats))
    }
}

impl Minimize for Highs {
    fn minimize(&self, model: &Model, deadline: Deadline) -> Result<Minimum, SolveError> {
        let Some(solved) = run(model, deadline)? else {
            return Ok(Minimum::TimeLimit);
        };
        Ok(match (solved.status, solved.values) {
            (HighsModelStatus::Infeasible, _) => Minimum::Infeasible,
            (HighsModelStatus::Optimal, Some(values)) => Minimum::Optimal(values),
            (HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt, found) => {
                found.map_or(Minimum::TimeLimit, Minimum::Best)
            }
            (other, _) => return Err(backend("status", other)),
        })
    }
}

fn backend(what: &str, status: impl std::fmt::Debug) -> SolveError {
    SolveError::Backend(format!("HiGHS {what}: {status:?}"))
}

/// What a HiGHS solve ended with.
struct Solved {
    status: HighsModelStatus,
    /// The columns' values, when HiGHS has a feasible point.
    values: Option<Vec<f64>>,
    stats: SolverStats,
}

/// The options that suit these puzzle models.
const OPTIONS: [(&str, Value); 9] = [
    ("threads", Value::Int(1)),
    ("parallel", Value::Str("off")),
    ("mip_rel_gap", Value::Float(0.0)),
    ("mip_allow_restart", Value::Bool(false)),
    // Puzzle models are pure feasibility problems whose root LP is already tight: the root's
    // improvement heuristics and a large cut pool cost time without paying off (hardest +
    // tdoku-test max 1.2 s -> 0.6 s, the 25x25 7.3 s -> 4.4 s). Feasibility jump stays: it
    // finds the first grid of near-empty puzzles.
    ("mip_heuristic_run_rens", Value::Bool(false)),
    ("mip_heuristic_run_rins", Value::Bool(false)),
    ("mip_heuristic_run_root_reduced_cost", Value::Bool(false)),
    ("mip_lp_age_limit", Value::Int(0)),
    ("mip_pool_soft_limit", Value::Int(1)),
];

/// A HiGHS option value.
#[derive(Debug, Clone, Copy)]
enum Value {
    Int(i32),
    Float(f64),
    Bool(bool),
    Str(&'static str),
}

/// The model as good_lp hands it to HiGHS, solved on this thread by `deadline`; `None` when no
/// time was left to start. A model with a row that is false as written is infeasible at once.
fn run(model: &Model, deadline: Deadline) -> Result<Option<Solved>, SolveError> {
    if model.is_contradictory() {
        let stats = SolverStats::default();
        let status = HighsModelStatus::Infeasible;
        return Ok(Some(Solved {
            status,
            values: None,
            stats,
        }));
    }
    let problem = mip::problem(model, good_lp::highs);
    let mut highs = problem.try_into_inner().map_err(|e| backend("model", e))?;
    highs.make_quiet();
    for (name, value) in OPTIONS {
        let set = match value {
            Value::Int(v) => highs.try_set_option(name, v),
            Value::Float(v) => highs.try_set_option(name, v),
            Value::Bool(v) => highs.try_set_option(name, v),
            Value::Str(v) => highs.try_set_option(name, v),
        };
        set.map_err(|s| backend(name, s))?;
    }
    if deadline.bounded() {
        if deadline.passed() {
            return Ok(None);
        }
        if let Some(left) = deadline.remaining() {
            (highs.try_set_option("time_limit", left.as_secs_f64()))
                .map_err(|s| backend("time_limit", s))?;
        }
        // And where HiGHS checks for an interrupt (simplex, interior point, branch and
        // bound), the callback stops it once the deadline has passed.
        highs_ffi::interrupt_at(&mut highs, &deadline)?;
    }
    let solved = highs.try_solve().map_err(|s| backend("solve", s))?;
    let found = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
    Ok(Some(Solved {
        status: solved.status(),
        values: found.then(|| solved.get_solution().columns().to_vec()),
        stats: SolverStats {
            nodes: highs_ffi::node_count(&solved),
            iterations: u64::try_from(solved.simplex_iteration_count()).ok(),
            conflicts: None,
        },
    }))
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
    fn the_empty_16x16_is_solved_with_a_grid_that_decodes() {
        let model = empty_sudoku();
        let solved = Highs.solve(&model, Deadline::none());
        let Ok((Status::Feasible(values), stats)) = solved else {
            panic!("{solved:?}");
        };
        assert!(model.decode(&values).is_some());
        assert!(stats.nodes.is_some() && stats.iterations.is_some());
    }

    #[test]
    fn a_deadline_passed_during_the_solve_interrupts_highs() {
        let problem = mip::problem(&empty_sudoku(), good_lp::highs);
        let mut highs = problem.try_into_inner().expect("a HiGHS model");
        highs.make_quiet();
        // No time limit: only the callback can stop it.
        let passed = Deadline::after(Some(Default::default()));
        highs_ffi::interrupt_at(&mut highs, &passed).expect("the callback is taken");
        let solved = highs.try_solve().expect("a solve");
        assert_eq!(solved.status(), HighsModelStatus::ReachedInterrupt);
    }
}
