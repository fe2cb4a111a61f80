//! SudokuPad's puzzle under f-puzzles' keys: size, grid (givens), regions, cages and the named
//! rules, and a warning naming what it only draws.

use serde_json::{json, Map, Value};

/// The f-puzzles object of SudokuPad's puzzle, and the warning that names what is only drawn.
pub(super) fn as_fpuzzles(
    puzzle: &Map<String, Value>,
) -> Result<(Map<String, Value>, Option<String>), PadError> {
    let (n, grid) = grid(puzzle)?;
    let mut object = Map::new();
    object.insert("size".into(), json!(n));
    object.insert("grid".into(), json!(grid));
    let mut unread = Vec::new();
    let cages = cages(puzzle, &mut unread);
    crate::rule::add_fpuzzles_cages(&mut object, cages);
    globals(puzzle, &mut object)?;
    drawn(puzzle, &mut unread);
    let warning = (!unread.is_empty()).then(|| format!(
        "this SudokuPad link also draws {}: SudokuPad keeps rules other than givens, regions, cages and a few named ones only as drawings, which mipsolve does not read, so the answer keeps only those (for the whole puzzle, use its f-puzzles link)",
        unread.join(", ")
    ));
    Ok((object, warning))
}

/// What in SudokuPad's puzzle has no f-puzzles form.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum PadError {
    /// No `cells` array.
    #[error("the SudokuPad puzzle has no cells")]
    NoCells,
    /// Cells that are not a square of this side.
    #[error("the SudokuPad puzzle's cells are not {0} rows of {0}")]
    NotSquare(usize),
    /// A region (1-based) with a cell outside the grid.
    #[error("region {0} has a cell outside the grid")]
    RegionOutside(usize),
    /// A `global` rule of this name that mipsolve does not read.
    #[error("the SudokuPad puzzle names a global rule mipsolve does not know: \"{0}\"")]
    UnknownGlobal(String),
}

/// The grid's side and its f-puzzles cells: the givens and the regions.
fn grid(puzzle: &Map<String, Value>) -> Result<(usize, Vec<Vec<Value>>), PadError> {
    let rows = puzzle
        .get("cells")
        .and_then(Value::as_array)
        .ok_or(PadError::NoCells)?;
    let n = rows.len();
    let mut grid = vec![vec![json!({}); n]; n];
    for (r, row) in rows.iter().enumerate() {
        let row = (row.as_array())
            .filter(|row| row.len() == n)
            .ok_or(PadError::NotSquare(n))?;
        for (c, cell) in row.iter().enumerate() {
            let value = cell
                .get("value")
                .and_then(|v| v.as_u64().or_else(|| v.as_str()?.trim().parse().ok()));
            if let Some(v) = value {
                grid[r][c] = json!({ "value": v, "given": true });
            }
        }
    }
    if let Some(Value::Array(regions)) = puzzle.get("regions") {
        for (k, region) in regions.iter().enumerate() {
            for cell in region.as_array().into_iter().flatten() {
                let (r, c) = cell_of(cell)
                    .filter(|&(r, c)| r < n && c < n)
                    .ok_or(PadError::RegionOutside(k + 1))?;
                grid[r][c]["region"] = json!(k);
            }
        }
    }
    Ok((n, grid))
}

/// The cages with a sum, or marked unique, as f-puzzles' cages; any other cage goes to
/// `unread`.
fn cages(puzzle: &Map<String, Value>, unread: &mut Vec<String>) -> Vec<Value> {
    let mut cages = Vec::new();
    for cage in puzzle
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let cells: Vec<(usize, usize)> = cage
            .get("cells")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(cell_of)
            .collect();
        if cells.is_empty() {
            continue; // metadata: title, author, rules, solution
        }
        let named: Vec<String> = cells
            .iter()
            .map(|&(r, c)| format!("R{}C{}", r + 1, c + 1))
            .collect();
        let value = cage.get("value").and_then(|v| {
            v.as_str()
                .map(str::to_string)
                .or_else(|| v.as_u64().map(|v| v.to_string()))
        });
        match value.filter(|v| v.trim().parse::<u64>().is_ok()) {
            Some(sum) => cages.push(json!({ "cells": named, "value": sum })),
            None if cage.get("unique") == Some(&Value::Bool(true)) => {
                cages.push(json!({ "cells": named }))
            }
            None => unread.push("a cage without a sum".to_string()),
        }
    }
    cages
}

/// The named (`global`) rules' keys, written by their readers; an unknown name is an error.
fn globals(puzzle: &Map<String, Value>, object: &mut Map<String, Value>) -> Result<(), PadError> {
    for rule in puzzle
        .get("global")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = rule.as_str().unwrap_or("");
        let global =
            crate::rule::global(name).ok_or_else(|| PadError::UnknownGlobal(name.into()))?;
        (global.keys)(object);
    }
    Ok(())
}

/// What the puzzle only draws (lines, arrows, overlays, underlays, a background image), for
/// `unread`.
fn drawn(puzzle: &Map<String, Value>, unread: &mut Vec<String>) {
    for (key, what) in [
        ("lines", "lines"),
        ("arrows", "arrows"),
        ("overlays", "overlays"),
        ("underlays", "underlays"),
    ] {
        let count = puzzle
            .get(key)
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if count > 0 {
            unread.push(format!("{count} {what}"));
        }
    }
    let metadata = puzzle.get("metadata");
    if metadata.and_then(|m| m.get("bgimage")).is_some() {
        unread.push("a background image".to_string());
    }
}

/// A 0-based `[r, c]` cell.
fn cell_of(value: &Value) -> Option<(usize, usize)> {
    match value.as_array()?.as_slice() {
        [r, c] => Some((r.as_u64()? as usize, c.as_u64()? as usize)),
        _ => None,
    }
}
