//! Non-consecutive (`nonconsecutive: true`): side-by-side cells never differ by 1, except
//! those a Kropki dot (white or black) joins.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::dots::{dotted, undotted};
use crate::rule::engine::entry::{set_flag, Global, RuleKind};
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{flag, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("nonconsecutive", read);

/// SudokuPad's global rule.
pub static GLOBAL: Global = Global::new(&["nonconsecutive"], |keys| set_flag(keys, KIND.key));

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    let marked = dotted(board, &["difference", "ratio"]);
    let pairs = (undotted(board.n, &marked))
        .map(|(a, b)| {
            let clue = format!("non-consecutive {}-{}", cell_name(a), cell_name(b));
            Pair::new(a, b, Relation::NotDifference(1), clue)
        })
        .collect();
    let json = ("nonconsecutive", Value::Bool(true));
    Ok(Found::rule(Keyed::of(
        "nonconsecutive",
        Pairs::of(pairs),
        json,
    )))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn side_by_side_cells_are_not_consecutive_unless_a_dot_joins_them() {
        let rule = rule(r#"{"nonconsecutive": true}"#, 4);
        let d = narrowed(&*rule, candidates(4, 4, 4, &[((0, 0), &[2])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [2, 4]);
        let dotted = read(
            r#"{"nonconsecutive": true, "difference": [{"cells": ["R1C1", "R1C2"]}]}"#,
            4,
        );
        let only = dotted
            .rules
            .iter()
            .find(|r| r.name() == "nonconsecutive")
            .unwrap();
        let d = narrowed(&**only, candidates(4, 4, 4, &[((0, 0), &[2])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [1, 2, 3, 4]);
    }
}
