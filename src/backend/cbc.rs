//! CBC, handed the model by good_lp (its `coin_cbc` feature), linked to the system's
//! libCbcSolver (Debian: `coinor-libcbc-dev`). libCbcSolver is not thread-safe: one CBC solve
//! runs at a time, and a puzzle's time limit starts counting for CBC once its turn has come,
//! so that the seconds CBC is given are what is left of the puzzle's time.

use std::sync::Mutex;

use super::{cbc_ffi, mip};
use super::{Minimize, Minimum, Solve, SolverStats, Status};
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::model::Model;

/// CBC, serial branch and bound.
#[derive(Debug, Clone, Copy)]
pub struct Cbc;

/// Held for each CBC solve: parallel puzzles take turns at CBC.
static TURN: Mutex<()> = Mutex::new(());

impl Solve for Cbc {
    fn solve(
        &mut self,
        model: &Model,
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        let Some(solved) = run(model, deadline)? else {
            return Ok((Status::TimeLimit, SolverStats::default()));
        };
        let status = match solved.verdict {
            Verdict::Infeasible => Status::Infeasible,
            Verdict::Optimal(values) | Verdict::Found(values) => Status::Feasible(values),
            Verdict::TimeLimit => Status::TimeLimit,
        };
        Ok((status, solved.stats))
    }
}

impl Minimize for Cbc {
    fn minimize(&self, model: &Model, deadline: Deadline) -> Result<Minimum, SolveError> {
        let Some(solved) = run(model, deadline)? else {
            return Ok(Minimum::TimeLimit);
        };
        Ok(match solved.verdict {
            Verdict::Infeasible => Minimum::Infeasible,
            Verdict::Optimal(values) => Minimum::Optimal(values),
            Verdict::Found(values) => Minimum::Best(values),
            Verdict::TimeLimit => Minimum::TimeLimit,
        })
    }
}

/// What a CBC solve ended with.
enum Verdict {
    Infeasible,
    /// A point proven optimal.
    Optimal(Vec<f64>),
    /// A point, not proven optimal (the time limit came first).
    Found(Vec<f64>),
    TimeLimit,
}

/// A CBC solve's verdict and statistics.
struct Solved {
    verdict: Verdict,
    stats: SolverStats,
}

/// The model as good_lp hands it to CBC, solved on this thread once it is CBC's turn, with
/// the time left until `deadline` as CBC's wall-clock limit; `None` when no time was left. A
/// model with a row that is false as written is infeasible at once.
fn run(model: &Model, deadline: Deadline) -> Result<Option<Solved>, SolveError> {
    if model.is_contradictory() {
        let (verdict, stats) = (Verdict::Infeasible, SolverStats::default());
        return Ok(Some(Solved { verdict, stats }));
    }
    let mut problem = mip::problem(model, good_lp::coin_cbc);
    // Quiet (CBC logs to standard output otherwise), serial branch and bound (its threaded
    // code with one worker is many times slower), and wall-clock seconds for the limit.
    problem.set_parameter("log", "0");
    problem.set_parameter("slog", "0");
    problem.set_parameter("timeMode", "elapsed");
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(left) = deadline.remaining() {
        if left.is_zero() {
            return Ok(None);
        }
        problem.set_parameter("sec", &format!("{:.3}", left.as_secs_f64()));
        // CBC's preprocessing never looks at the clock (a 1 s limit on the documents' 25x25
        // ran 235 s): under a limit it is left out, and the limit holds.
        problem.set_parameter("preprocess", "off");
    }
    let solution = problem.as_inner().solve();
    let raw = solution.raw();
    let stats = SolverStats {
        nodes: cbc_ffi::node_count(raw),
        iterations: u64::try_from(raw.iteration_count()).ok(),
        conflicts: None,
    };
    // Without an incumbent CBC reports an objective of about 1e50.
    let found = !raw.is_proven_infeasible() && raw.obj_value().abs() < 1e49;
    let values = || raw.col_solution().to_vec();
    let verdict = match (raw.is_proven_infeasible(), found) {
        (true, _) => Verdict::Infeasible,
        (false, true) if raw.is_proven_optimal() => Verdict::Optimal(values()),
        (false, true) if !raw.is_abandoned() => Verdict::Found(values()),
        _ if raw.is_seconds_limit_reached() => Verdict::TimeLimit,
        _ => {
            return Err(SolveError::Backend(format!(
                "CBC stopped without an answer (status {:?}, {:?})",
                raw.status(),
                raw.secondary_status()
            )))
        }
    };
    Ok(Some(Solved { verdict, stats }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;
    use crate::geometry::{columns, rows};

    /// Latin squares of side `n` with the top-left cell fixed to `value`.
    fn latin(n: usize, value: usize) -> Model {
        let mut model = Model::new(Domains::full(n, n, (1..=n as i64).collect()));
        for area in [rows(n, n), columns(n, n)].concat() {
            model.all_different("area", &area.cells);
        }
        model.fix(0, 0, value - 1);
        model
    }

    #[test]
    fn cbc_finds_a_latin_square_that_keeps_its_given_and_counts_its_work() {
        let model = latin(5, 3);
        let Ok((Status::Feasible(values), stats)) = Cbc.solve(&model, Deadline::none()) else {
            panic!("a 5x5 Latin square exists");
        };
        let grid = model.decode(&values).expect("a grid");
        assert_eq!(grid.get(0, 0), 3);
        assert!(stats.nodes.is_some() && stats.iterations.is_some());
    }

    #[test]
    fn cbc_proves_a_contradiction_infeasible() {
        let mut model = latin(4, 1);
        model.fix(0, 1, 0);
        let solved = Cbc.solve(&model, Deadline::none());
        assert!(matches!(solved, Ok((Status::Infeasible, _))));
    }
}
