//! microlp, good_lp's pure-Rust solver (no C or C++ at all), handed the model by good_lp and
//! solved with the time left as its limit (it checks it inside the simplex too); it reports
//! its branch-and-bound nodes and simplex iterations.

use microlp::{SolveOutcome, TerminationReason};

use super::mip;
use super::{Minimize, Minimum, Solve, SolverStats, Status};
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::model::Model;

/// microlp.
#[derive(Debug, Clone, Copy)]
pub struct Microlp;

impl Solve for Microlp {
    fn solve(
        &mut self,
        model: &Model,
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        let Some((found, stats)) = run(model, deadline)? else {
            return Ok((Status::TimeLimit, SolverStats::default()));
        };
        let status = match found {
            Found::Infeasible => Status::Infeasible,
            Found::Point(values, _) => Status::Feasible(values),
            Found::Nothing => Status::TimeLimit,
        };
        Ok((status, stats))
    }
}

impl Minimize for Microlp {
    fn minimize(&self, model: &Model, deadline: Deadline) -> Result<Minimum, SolveError> {
        let Some((found, _)) = run(model, deadline)? else {
            return Ok(Minimum::TimeLimit);
        };
        Ok(match found {
            Found::Infeasible => Minimum::Infeasible,
            Found::Point(values, true) => Minimum::Optimal(values),
            Found::Point(values, false) => Minimum::Best(values),
            Found::Nothing => Minimum::TimeLimit,
        })
    }
}

/// What a microlp solve ended with.
enum Found {
    Infeasible,
    /// A point, and whether it is proven optimal.
    Point(Vec<f64>, bool),
    /// The time limit, before any point.
    Nothing,
}

/// The model as good_lp hands it to microlp, solved by `deadline`; `None` when no time was
/// left to start. A model with a row that is false as written is infeasible at once.
fn run(model: &Model, deadline: Deadline) -> Result<Option<(Found, SolverStats)>, SolveError> {
    if model.is_contradictory() {
        return Ok(Some((Found::Infeasible, SolverStats::default())));
    }
    let problem = mip::problem(model, good_lp::microlp);
    let mut options = microlp::SolveOptions::default();
    if let Some(left) = deadline.remaining() {
        if left.is_zero() {
            return Ok(None);
        }
        options.time_limit = Some(left);
    }
    let stats = |s: microlp::Stats| SolverStats {
        nodes: Some(s.nodes_solved),
        iterations: Some(s.lp_iterations),
        conflicts: None,
    };
    Ok(Some(match problem.as_inner().solve_with(options) {
        Ok(SolveOutcome::Solution(solution)) => {
            let values = solution.iter().map(|(_, value)| value).collect();
            let optimal = solution.termination_reason() == TerminationReason::ProvenOptimal;
            (Found::Point(values, optimal), stats(solution.stats()))
        }
        Ok(SolveOutcome::Interrupted(stopped)) => (Found::Nothing, stats(stopped.stats())),
        Err(microlp::Error::Infeasible) => (Found::Infeasible, SolverStats::default()),
        Err(other) => return Err(SolveError::Backend(format!("microlp: {other}"))),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;
    use crate::geometry::{columns, rows};

    /// The 4x4 Latin squares with the top-left cell fixed to `value`.
    fn latin(value: usize) -> Model {
        let mut model = Model::new(Domains::full(4, 4, (1..=4).collect()));
        for area in [rows(4, 4), columns(4, 4)].concat() {
            model.all_different("area", &area.cells);
        }
        model.fix(0, 0, value - 1);
        model
    }

    #[test]
    fn microlp_finds_a_latin_square_that_keeps_its_given() {
        let model = latin(2);
        let Ok((Status::Feasible(values), stats)) = Microlp.solve(&model, Deadline::none()) else {
            panic!("a 4x4 Latin square exists");
        };
        assert_eq!(model.decode(&values).expect("a grid").get(0, 0), 2);
        assert!(stats.iterations.is_some());
    }

    #[test]
    fn microlp_proves_a_contradiction_infeasible() {
        let mut model = latin(1);
        model.fix(0, 1, 0);
        let solved = Microlp.solve(&model, Deadline::none());
        assert!(matches!(solved, Ok((Status::Infeasible, _))));
    }
}
