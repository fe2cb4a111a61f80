//! Anti-knight (`antiknight: true`): cells a chess knight's move apart differ.

use serde_json::Value;

use super::pairs::{Pair, Pairs, Relation};
use super::reading::{flag, Board, Found, RuleKind};
use crate::error::Problem;
use crate::grid::cell_name;

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "antiknight",
    read,
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
