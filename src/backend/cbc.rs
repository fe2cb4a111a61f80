//! CBC through the `coin_cbc` crate, linked to the system's libCbcSolver (Debian:
//! `coinor-libcbc-dev`). libCbcSolver is not thread-safe; the crate's `singlethread-cbc`
//! feature (on by default) holds a global lock around each model's life, so parallel puzzles
//! take turns at CBC.

use std::time::Instant;

use coin_cbc::{Model as CbcModel, Sense};

use super::{SolverStats, Status};
use crate::error::SolveError;
use crate::model::{Model, VarKind};

/// Builds the CBC model and solves it, with the time left until `deadline` as CBC's
/// wall-clock limit.
pub fn solve(
    model: &Model,
    deadline: Option<Instant>,
) -> Result<(Status, SolverStats), SolveError> {
    let mut cbc = CbcModel::default();
    let cols: Vec<coin_cbc::Col> = (model.vars().iter())
        .map(|kind| match *kind {
            VarKind::Binary => cbc.add_binary(),
            VarKind::Continuous { lo, hi } => {
                let col = cbc.add_col();
                cbc.set_col_lower(col, lo);
                cbc.set_col_upper(col, hi);
                col
            }
        })
        .collect();
    for row in model.constraints() {
        let cbc_row = cbc.add_row();
        for &(v, a) in &row.terms {
            cbc.set_weight(cbc_row, cols[v.0], a);
        }
        match row.lo == row.hi {
            true => cbc.set_row_equal(cbc_row, row.lo),
            false => {
                if row.lo.is_finite() {
                    cbc.set_row_lower(cbc_row, row.lo);
                }
                if row.hi.is_finite() {
                    cbc.set_row_upper(cbc_row, row.hi);
                }
            }
        }
    }
    cbc.set_obj_sense(Sense::Minimize);
    // Quiet (CBC logs to standard output otherwise), serial branch and bound (its threaded
    // code with one worker is many times slower), and wall-clock seconds for the limit.
    cbc.set_parameter("log", "0");
    cbc.set_parameter("slog", "0");
    cbc.set_parameter("timeMode", "elapsed");
    if let Some(deadline) = deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok((Status::TimeLimit, SolverStats::default()));
        }
        cbc.set_parameter("sec", &format!("{:.3}", left.as_secs_f64()));
    }
    let solution = cbc.solve();
    let raw = solution.raw();
    let stats = SolverStats {
        nodes: None,
        iterations: u64::try_from(raw.iteration_count()).ok(),
        conflicts: None,
    };
    // Without an incumbent CBC reports an objective of about 1e50.
    let found = !raw.is_proven_infeasible() && raw.obj_value().abs() < 1e49;
    let status = match (raw.is_proven_infeasible(), found) {
        (true, _) => Status::Infeasible,
        (false, true) if !raw.is_abandoned() => {
            Status::Feasible(cols.iter().map(|&c| solution.col(c)).collect())
        }
        _ if raw.is_seconds_limit_reached() => Status::TimeLimit,
        _ => {
            return Err(SolveError::Backend(format!(
                "CBC stopped without an answer (status {:?}, {:?})",
                raw.status(),
                raw.secondary_status()
            )))
        }
    };
    Ok((status, stats))
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
    fn cbc_finds_a_latin_square_that_keeps_its_given() {
        let model = latin(5, 3);
        let Ok((Status::Feasible(values), _)) = solve(&model, None) else {
            panic!("a 5x5 Latin square exists");
        };
        let grid = model.decode(&values).expect("a grid");
        assert_eq!(grid.get(0, 0), 3);
    }

    #[test]
    fn cbc_proves_a_contradiction_infeasible() {
        let mut model = latin(4, 1);
        model.fix(0, 1, 0);
        assert!(matches!(solve(&model, None), Ok((Status::Infeasible, _))));
    }
}
