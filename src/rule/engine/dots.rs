//! Dots between side-by-side cells (Kropki dots, X and V): a dot's two cells, the pairs other
//! keys' dots join, and the pairs a negative rule holds between (those with no dot).

use serde_json::{Map, Value};

use super::reading::{cells, items, wrong, Board};
use crate::error::Problem;
use crate::grid::Cell;

/// Every pair of side-by-side cells of an `n` x `n` grid, each once.
pub fn side_by_side_pairs(n: usize) -> impl Iterator<Item = (Cell, Cell)> {
    let right = (0..n).flat_map(move |r| (1..n).map(move |c| ((r, c - 1), (r, c))));
    let down = (1..n).flat_map(move |r| (0..n).map(move |c| ((r - 1, c), (r, c))));
    right.chain(down)
}

/// The two side-by-side cells of a dot (or X/V) item.
pub fn dot_cells(item: &Map<String, Value>, n: usize) -> Result<[Cell; 2], Problem> {
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

/// The side-by-side pairs (smaller cell first) that none of `marked` joins: where a negative
/// rule holds.
pub fn undotted(n: usize, marked: &[(Cell, Cell)]) -> impl Iterator<Item = (Cell, Cell)> + '_ {
    side_by_side_pairs(n).filter(move |p| !marked.contains(p))
}
