//! X and V (`xv`): the cells an X joins add up to 10, a V's to 5. With `negative: ["xv"]`,
//! side-by-side cells without a letter add up to neither.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::dots::{dot_cells, undotted};
use crate::rule::engine::entry::{set_negative, Global, RuleKind};
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{at, items, negative, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "xv", read };

/// SudokuPad's global rule: no X or V where none is drawn.
pub static GLOBAL: Global = Global::new(&["antixv"], |keys| set_negative(keys, KIND.key));

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("xv", "xv", value);
    let mut marked = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("xv {}", i + 1);
        let [a, b] = dot_cells(item, board.n).map_err(|p| at(place(), p))?;
        let letter = item.get("value").and_then(Value::as_str).unwrap_or("");
        let sum = match letter.trim().to_ascii_uppercase().as_str() {
            "X" => 10,
            "V" => 5,
            other => {
                let problem = wrong(format!(
                    "the value must be \"X\" or \"V\", found \"{other}\""
                ));
                return Err(at(place(), problem));
            }
        };
        let clue = format!(
            "{} {}-{}",
            letter.to_ascii_uppercase(),
            cell_name(a),
            cell_name(b)
        );
        rule.part
            .add(a, b, Relation::Sum(pair_total(board, sum)), clue);
        rule.over
            .push(marks::side_text(a, b, &letter.to_ascii_uppercase()));
        marked.push((a.min(b), a.max(b)));
    }
    if negative(board, "xv") {
        rule.negated = true;
        for (a, b) in undotted(board.n, &marked) {
            for sum in [5, 10] {
                let clue = format!("no X or V {}-{}", cell_name(a), cell_name(b));
                rule.part
                    .add(a, b, Relation::NotSum(pair_total(board, sum)), clue);
            }
        }
    }
    Ok(rule.found())
}

/// The sum of two of mipsolve's values whose written values add up to `sum`.
fn pair_total(board: &Board, sum: i64) -> i64 {
    board.total(&[((0, 0), 1), ((0, 0), 1)], sum)
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn v_adds_up_to_five_and_its_negative_to_neither() {
        let rule = rule(r#"{"xv": [{"cells": ["R1C1", "R1C2"], "value": "V"}]}"#, 9);
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[1])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [4]);
        let negative = super::tests::rule(r#"{"xv": [], "negative": ["xv"]}"#, 9);
        let d = narrowed(&*negative, candidates(9, 9, 9, &[((0, 0), &[1])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [1, 2, 3, 5, 6, 7, 8]);
        let bad = r#"{"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}"#;
        assert_eq!(
            read_error(bad, 9),
            "xv 1: the value must be \"X\" or \"V\", found \"Y\""
        );
    }

    #[test]
    fn a_v_holds_by_check_and_rows_alike() {
        let json = r#"{"xv": [{"cells": ["R1C1", "R1C2"], "value": "V"}]}"#;
        keeps_only(json, &sudoku_with(&[((0, 1), 4)]), &sudoku_with(&[]));
    }
}
