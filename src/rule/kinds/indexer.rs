//! Indexer cells (`rowindexer`, `columnindexer`, `boxindexer`: `[{"cells": [...]}]`). A
//! column indexer in column c holding v says that column v of its row holds c; a row
//! indexer in row r holding v, that row v of its column holds r; a box indexer at place i of
//! its box (reading order) holding v, that place v of the box holds i.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::{cell_name, Cell};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{at, cells, items, wrong, Board, Found};

/// The row indexer's entry.
pub static ROW: RuleKind = RuleKind::new("rowindexer", |value, board| {
    read(value, board, "rowindexer")
});

/// The column indexer's entry.
pub static COLUMN: RuleKind = RuleKind::new("columnindexer", |value, board| {
    read(value, board, "columnindexer")
});

/// The box indexer's entry.
pub static BOX: RuleKind = RuleKind::new("boxindexer", |value, board| {
    read(value, board, "boxindexer")
});

fn read(value: &Value, board: &Board, key: &'static str) -> Result<Found, Problem> {
    let n = board.n;
    let mut rule = Keyed::<Pairs>::new(key, key, value);
    let region_of = board.region_of();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("{key} {}", i + 1);
        for (r, c) in cells(item, "cells", n).map_err(|p| at(place(), p))? {
            // The line of cells the indexer points into, and its own place in that line.
            let (line, own): (Vec<Cell>, usize) = match key {
                "rowindexer" => ((0..n).map(|x| (x, c)).collect(), r),
                "columnindexer" => ((0..n).map(|x| (r, x)).collect(), c),
                _ => {
                    let region = region_of[r * n + c]
                        .and_then(|k| board.regions.get(k))
                        .filter(|region| region.len() == n)
                        .ok_or_else(|| {
                            at(
                                place(),
                                wrong(format!(
                                    "{} is in no region of {n} cells",
                                    cell_name((r, c))
                                )),
                            )
                        })?;
                    let own = region.iter().position(|&x| x == (r, c)).unwrap_or(0);
                    (region.clone(), own)
                }
            };
            for (v, &target) in line.iter().enumerate().filter(|&(_, &t)| t != (r, c)) {
                let (v, own) = (v as i64 + 1, own as i64 + 1);
                let clue = format!("{key} {}", cell_name((r, c)));
                rule.part
                    .add((r, c), target, Relation::Implies(v, own), clue);
            }
            rule.under.push(marks::shade((r, c), "#f4e0e0"));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn an_indexer_points_at_its_own_line_number() {
        let column = rule(r#"{"columnindexer": [{"cells": ["R1C1"]}]}"#, 9);
        let d = narrowed_square(&*column, 9, &[((0, 0), &[5])]);
        assert_eq!(values(&d, (0, 4)), [1]);
        let row = rule(r#"{"rowindexer": [{"cells": ["R1C1"]}]}"#, 9);
        let d = narrowed_square(&*row, 9, &[((0, 0), &[3])]);
        assert_eq!(values(&d, (2, 0)), [1]);
        let r#box = rule(r#"{"boxindexer": [{"cells": ["R1C1"]}]}"#, 9);
        let d = narrowed_square(&*r#box, 9, &[((0, 0), &[5])]);
        assert_eq!(values(&d, (1, 1)), [1]);
    }
}
