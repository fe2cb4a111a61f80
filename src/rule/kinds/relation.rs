//! Relations given as their pairs of values (`relation`: `[{"cells": ["R1C1", "R1C2", "R1C3"],
//! "allowed": [[1, 2], [2, 1]], "name": "swap"}]`): each two cells in a row on the list (with
//! `"every": true`, every two cells of it) hold a pair of values the list allows, the earlier
//! cell's value first (the Interactive Sudoku Solver's `Pair` and `PairX`).

use serde_json::{Map, Value};

use crate::error::Problem;
use crate::grid::Cell;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation, Table};
use crate::rule::engine::reading::{at, cell, cells, items, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("relation", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("relation", "relation", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let name = match item.get("name").and_then(Value::as_str) {
            Some(name) if !name.is_empty() => format!("relation \"{name}\""),
            _ => format!("relation {}", i + 1),
        };
        let every = item.get("every").and_then(Value::as_bool).unwrap_or(false);
        let list = listed(item, board.n, every).map_err(|p| at(&name, p))?;
        let table = table(item, board).map_err(|p| at(&name, p))?;
        let related: Vec<(Cell, Cell)> = match every {
            true => (0..list.len())
                .flat_map(|a| (a + 1..list.len()).map(move |b| (a, b)))
                .map(|(a, b)| (list[a], list[b]))
                .collect(),
            false => list.windows(2).map(|w| (w[0], w[1])).collect(),
        };
        let t = rule.part.tables.len();
        rule.part.tables.push(table);
        for (a, b) in related {
            rule.part.add(a, b, Relation::Table(t), name.clone());
        }
        rule.under.push(marks::line(&list, 0.05, "#8080c0"));
        rule.over
            .extend(list.iter().map(|&cell| marks::ring(cell, 0.1, every)));
    }
    Ok(rule.found())
}

/// The cells, two or more: a list may come back to a cell (a loop) but for `every` pair.
fn listed(item: &Map<String, Value>, n: usize, every: bool) -> Result<Vec<Cell>, Problem> {
    let list = match (every, item.get("cells")) {
        (false, Some(Value::Array(list))) => {
            (list.iter().map(|v| cell(v, n))).collect::<Result<Vec<Cell>, _>>()?
        }
        _ => cells(item, "cells", n)?,
    };
    if let Some(pair) = list.windows(2).find(|p| p[0] == p[1]) {
        return Err(Problem::CellTwice(pair[0]));
    }
    match list.len() {
        0 | 1 => Err(wrong("a relation needs two cells or more")),
        _ => Ok(list),
    }
}

/// The table of the pairs under `"allowed"`, each of written values (1..n, or from 0).
fn table(item: &Map<String, Value>, board: &Board) -> Result<Table, Problem> {
    let n = board.n;
    let Some(Value::Array(pairs)) = item.get("allowed") else {
        return Err(wrong("no \"allowed\" (a list of [first, second] values)"));
    };
    let mut rows = vec![0u64; n];
    for pair in pairs {
        let value = |v: &Value| v.as_u64().and_then(|v| board.value(v));
        match pair
            .as_array()
            .map(|p| p.iter().map(value).collect::<Vec<_>>())
        {
            Some(p) if matches!(p[..], [Some(_), Some(_)]) => {
                let (a, b) = (p[0].unwrap_or(1), p[1].unwrap_or(1));
                rows[a as usize - 1] |= 1 << (b - 1);
            }
            _ => {
                return Err(wrong(format!(
                    "an allowed pair must be two values {}, found {pair}",
                    board.written_range()
                )))
            }
        }
    }
    Ok(Table { rows })
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_relation_keeps_only_its_pairs_in_order() {
        // Odd then even along the line: 1 2, 3 4, ...
        let json = r#"{"relation": [{"cells": ["R1C1", "R1C2"], "allowed": [[1, 2], [3, 4]]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[]);
        assert_eq!(values(&d, (0, 0)), [1, 3]);
        assert_eq!(values(&d, (0, 1)), [2, 4]);
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 1), 4)]));
        let every = r#"{"relation": [{"cells": ["R1C1", "R1C3", "R1C2"], "every": true,
            "allowed": [[1, 2], [2, 1], [1, 3], [3, 1], [2, 3], [3, 2]]}]}"#;
        keeps_only(every, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 4)]));
        let error = read_error(
            r#"{"relation": [{"cells": ["R1C1", "R1C2"], "allowed": [[1, 10]]}]}"#,
            9,
        );
        assert!(error.contains("two values 1..9, found [1,10]"), "{error}");
    }
}
