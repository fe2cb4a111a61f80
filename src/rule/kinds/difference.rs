//! White Kropki dots (`difference`): the two cells differ by the dot's value (1 when it has
//! none). Their negative form is `nonconsecutive`.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::{cell_name, Cell};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{at, cells, items, number, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("difference", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("kropki", "difference", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("difference dot {}", i + 1);
        let [a, b] = dot_cells(item, board.n).map_err(|p| at(place(), p))?;
        let d = number(item, "value", Some(1)).map_err(|p| at(place(), p))?;
        let clue = format!("white dot {}-{}", cell_name(a), cell_name(b));
        rule.part
            .pairs
            .push(Pair::new(a, b, Relation::Difference(d), clue));
        rule.over.push(marks::dot(a, b, false));
        if d != 1 {
            rule.over.push(marks::side_text(a, b, &d.to_string()));
        }
    }
    match rule.part.pairs.is_empty() {
        true => Ok(Found::none()),
        false => Ok(Found::rule(rule)),
    }
}

/// The two side-by-side cells of a dot (or X/V) item.
pub fn dot_cells(item: &serde_json::Map<String, Value>, n: usize) -> Result<[Cell; 2], Problem> {
    let found = cells(item, "cells", n)?;
    match found[..] {
        [a, b] if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1 => Ok([a, b]),
        [first, second] => Err(Problem::NotNext {
            first,
            second,
            how: "side by side",
        }),
        _ => Err(wrong(format!("needs 2 cells, found {}", found.len()))),
    }
}

/// The side-by-side pairs that carry a dot (`difference` or `ratio`), each as (smaller, larger).
pub fn dotted(board: &Board, keys: &[&str]) -> Vec<(Cell, Cell)> {
    let mut found = Vec::new();
    for key in keys {
        let Some(value) = board.object.get(*key) else {
            continue;
        };
        for item in items(value).unwrap_or_default() {
            if let Ok([a, b]) = dot_cells(item, board.n) {
                found.push((a.min(b), a.max(b)));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_white_dot_differs_by_its_value() {
        let rule = rule(r#"{"difference": [{"cells": ["R1C1", "R1C2"]}]}"#, 9);
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [4, 6]);
        let three = rule_of(r#"{"difference": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}"#);
        let d = narrowed(&*three, candidates(1, 2, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [2, 8]);
        let grid = grid_with(9, &[((0, 1), 3)]);
        assert_eq!(
            broken(&*rule, &grid),
            ["white dot r1c1-r1c2 is broken: r1c1=1, r1c2=3"]
        );
    }

    fn rule_of(json: &str) -> std::sync::Arc<dyn crate::rule::Rule> {
        rule(json, 9)
    }

    #[test]
    fn a_dot_joins_side_by_side_cells() {
        let json = r#"{"difference": [{"cells": ["R1C1", "R2C2"]}]}"#;
        assert_eq!(
            read_error(json, 9),
            "difference dot 1: cells [1,1] and [2,2] are not side by side"
        );
    }
}
