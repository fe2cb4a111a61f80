//! Anti-taxicab (`antitaxicab: true`): a cell holding v has no other v a taxicab distance of
//! exactly v away (rows apart plus columns apart; the Interactive Sudoku Solver's
//! `AntiTaxicab`). Pairs of cells d apart are not both d.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{flag, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("antitaxicab", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    let n = board.n;
    let cells: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let d = a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
            if d <= n {
                let clue = format!("anti-taxicab {}-{}", cell_name(a), cell_name(b));
                pairs.push(Pair::new(a, b, Relation::NotBoth(d as i64), clue));
            }
        }
    }
    let json = (KIND.key, Value::Bool(true));
    Ok(Found::rule(Keyed::of(KIND.key, Pairs::of(pairs), json)))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn no_v_lies_v_steps_from_a_v() {
        let json = r#"{"antitaxicab": true}"#;
        // A 2 at r1c1: no 2 at r1c3, r2c2 or r3c1; r1c2 (one step) may hold a 2.
        let d = narrowed_square(&*rule(json, 4), 4, &[((0, 0), &[2])]);
        let left = |cell| values(&d, cell);
        assert!(!left((0, 2)).contains(&2) && !left((1, 1)).contains(&2));
        assert!(!left((2, 0)).contains(&2) && left((0, 1)).contains(&2));
        // A 1 one step from a 1 breaks it.
        let grid = grid_with(4, &[((0, 1), 1)]);
        let message = "anti-taxicab r1c1-r1c2 is broken: r1c1=1, r1c2=1";
        assert_eq!(broken(&*rule(json, 4), &grid), [message]);
    }
}
