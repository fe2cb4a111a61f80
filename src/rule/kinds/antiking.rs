//! Anti-king (`antiking: true`): cells that touch diagonally differ (orthogonal neighbours
//! already do, in a row or column).

use serde_json::Value;

use super::antiknight::apart;
use crate::error::Problem;
use crate::rule::engine::reading::{flag, set_flag, Board, Found, Global, RuleKind};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "antiking",
    read,
};

/// SudokuPad's global rule.
pub static GLOBAL: Global = Global {
    names: &["antiking"],
    keys: |keys| set_flag(keys, KIND.key),
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    Ok(Found::rule(apart(
        board.n,
        "antiking",
        &[(1, 1)],
        "anti-king",
    )))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_value_leaves_the_cells_touching_it_diagonally() {
        let rule = rule(r#"{"antiking": true}"#, 4);
        let d = narrowed(&*rule, candidates(4, 4, 4, &[((0, 0), &[2])])).unwrap();
        assert_eq!(values(&d, (1, 1)), [1, 3, 4]);
        assert_eq!(values(&d, (0, 1)), [1, 2, 3, 4]);
        let grid = grid_with(4, &[((1, 1), 1)]);
        assert_eq!(
            broken(&*rule, &grid),
            ["anti-king r1c1-r2c2 is broken: r1c1=1, r2c2=1"]
        );
    }
}
