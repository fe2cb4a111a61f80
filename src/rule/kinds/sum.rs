//! Sums (`sum`: `[{"cells": ["R1C1", "R1C2"], "value": "15"}]`, with `"weights": [2, -1]`,
//! one whole number per cell, when the cells count other than once): the cells' values, each
//! times its weight, add up to the value. Unlike a killer cage's, the values may repeat (the
//! Interactive Sudoku Solver's `Sum`).

use serde_json::{Map, Value};

use crate::error::Problem;
use crate::picture::Mark;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, cells, items, number, wrong, Board, Found};
use crate::rule::engine::sums::Sums;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("sum", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Sums>::new("sum", "sum", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("sum {}", i + 1);
        let list = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        let Some(&(r, c)) = list.first() else {
            return Err(at(place(), wrong("no cells")));
        };
        let total = number(item, "value", None).map_err(|p| at(place(), p))?;
        let weights = weights(item, list.len()).map_err(|p| at(place(), p))?;
        let terms: Vec<_> = list.iter().copied().zip(weights).collect();
        rule.part
            .add(terms.clone(), board.total(&terms, total), place());
        rule.under
            .extend(list.iter().map(|&cell| marks::shade(cell, "#e4ecf6")));
        rule.over.push(Mark::Text {
            at: (r as f64 + 0.2, c as f64 + 0.22),
            text: total.to_string(),
            size: 0.2,
        });
    }
    Ok(rule.found())
}

/// The weights under `"weights"`, one whole number per cell; 1 each when there are none.
fn weights(item: &Map<String, Value>, count: usize) -> Result<Vec<i64>, Problem> {
    let wrong_weights = |found: &Value| {
        wrong(format!(
            "\"weights\" must be {count} whole numbers, one per cell, found {found}"
        ))
    };
    match item.get("weights") {
        None => Ok(vec![1; count]),
        Some(Value::Array(list)) if list.len() == count => (list.iter())
            .map(|w| w.as_i64().ok_or_else(|| wrong_weights(w)))
            .collect(),
        Some(other) => Err(wrong_weights(other)),
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_sum_may_repeat_values_and_weighs_its_cells() {
        let json = r#"{"sum": [{"cells": ["R1C1", "R2C2"], "value": "18"}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[]);
        assert_eq!(values(&d, (0, 0)), [9]);
        assert_eq!(values(&d, (1, 1)), [9]);
        // r1c1 - 2 * r1c2 = 1 on the grid's first row (1 2 3 ...): 5 - 2 * 2 holds, 1 - 4 not.
        let weighed = r#"{"sum": [{"cells": ["R1C1", "R1C2"], "value": 1, "weights": [1, -2]}]}"#;
        keeps_only(weighed, &sudoku_with(&[((0, 0), 5)]), &sudoku_with(&[]));
        let error = read_error(
            r#"{"sum": [{"cells": ["R1C1"], "value": 3, "weights": [1, 2]}]}"#,
            9,
        );
        assert!(
            error.contains("\"weights\" must be 1 whole numbers"),
            "{error}"
        );
    }
}
