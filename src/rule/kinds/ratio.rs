//! Black Kropki dots (`ratio`): one cell is the dot's value times the other (2 when it has
//! none). With `negative: ["ratio"]`, side-by-side cells without a dot (black or white) are in
//! no ratio any black dot shows (2 when there is none).

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::dots::{dot_cells, dotted, undotted};
use crate::rule::engine::entry::{set_negative, Global, RuleKind};
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{at, items, negative, number, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "ratio", read };

/// SudokuPad's global rule: no ratio dot where none is drawn.
pub static GLOBAL: Global = Global::new(&["antiratio"], |keys| set_negative(keys, KIND.key));

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("kropki", "ratio", value);
    let mut ratios = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("ratio dot {}", i + 1);
        let [a, b] = dot_cells(item, board.n).map_err(|p| at(place(), p))?;
        let k = number(item, "value", Some(2)).map_err(|p| at(place(), p))?;
        let clue = format!("black dot {}-{}", cell_name(a), cell_name(b));
        rule.part
            .add_written(board, [a, b], Relation::Ratio(k), clue);
        rule.over.push(marks::dot(a, b, true));
        if k != 2 {
            rule.over.push(marks::side_text(a, b, &k.to_string()));
        }
        if !ratios.contains(&k) {
            ratios.push(k);
        }
    }
    if negative(board, "ratio") {
        rule.negated = true;
        if ratios.is_empty() {
            ratios.push(2);
        }
        let marked = dotted(board, &["difference", "ratio"]);
        for (a, b) in undotted(board.n, &marked) {
            for &k in &ratios {
                let clue = format!("no black dot {}-{}", cell_name(a), cell_name(b));
                (rule.part).add_written(board, [a, b], Relation::NotRatio(k), clue);
            }
        }
    }
    Ok(rule.found())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_black_dot_doubles_and_its_negative_forbids_doubles() {
        let rule = rule(r#"{"ratio": [{"cells": ["R1C1", "R1C2"]}]}"#, 9);
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[3])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [6]);
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[4])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [2, 8]);
        let negative = super::tests::rule(r#"{"ratio": [], "negative": ["ratio"]}"#, 4);
        let d = narrowed(&*negative, candidates(4, 4, 4, &[((0, 0), &[2])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [2, 3]);
    }

    #[test]
    fn a_black_dot_holds_by_check_and_rows_alike() {
        keeps_only(
            r#"{"ratio": [{"cells": ["R1C1", "R1C2"]}]}"#,
            &sudoku_with(&[]),
            &sudoku_with(&[((0, 1), 3)]),
        );
    }
}
