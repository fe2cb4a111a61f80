//! Anti-knight (`antiknight: true`): cells a chess knight's move apart differ.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{flag, set_flag, Board, Found, Global, RuleKind};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "antiknight",
    read,
};

/// SudokuPad's global rule.
pub static GLOBAL: Global = Global {
    names: &["antiknight"],
    keys: |keys| set_flag(keys, KIND.key),
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    Ok(Found::rule(apart(
        board.n,
        "antiknight",
        &[(1, 2), (2, 1)],
        "anti-knight",
    )))
}

/// Pairs of cells each `steps` apart (rows down, columns either way) that differ.
pub fn apart(n: usize, key: &'static str, steps: &[(usize, usize)], what: &str) -> Pairs {
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in steps {
                let below = r + dr;
                for other in [c.checked_sub(dc), Some(c + dc).filter(|&x| x < n)] {
                    let Some(oc) = other.filter(|_| below < n) else {
                        continue;
                    };
                    let (a, b) = ((r, c), (below, oc));
                    let clue = format!("{what} {}-{}", cell_name(a), cell_name(b));
                    pairs.push(Pair::new(a, b, Relation::Differ, clue));
                }
            }
        }
    }
    Pairs {
        name: key,
        pairs,
        marks: (Vec::new(), Vec::new()),
        json: (key, Value::Bool(true)),
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_value_leaves_the_cells_a_knight_s_move_away() {
        let rule = rule(r#"{"antiknight": true}"#, 4);
        let d = narrowed(&*rule, candidates(4, 4, 4, &[((0, 0), &[2])])).unwrap();
        assert_eq!(values(&d, (1, 2)), [1, 3, 4]);
        assert_eq!(values(&d, (2, 1)), [1, 3, 4]);
        assert_eq!(values(&d, (1, 1)), [1, 2, 3, 4]);
        let grid = grid_with(4, &[((1, 2), 1)]);
        assert_eq!(
            broken(&*rule, &grid),
            ["anti-knight r1c1-r2c3 is broken: r1c1=1, r2c3=1"]
        );
        assert!(broken(&*rule, &grid_with(4, &[])).is_empty());
    }
}
