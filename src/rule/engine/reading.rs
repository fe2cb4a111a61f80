//! What a rule's reader is given and hands back: the board it reads onto, what it found,
//! and the readers' shared helpers for cells (`"R1C1"` or `[1, 1]`), lines and clue values.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::Rule;
use crate::error::{CageLabel, Problem};
use crate::geometry::Area;
use crate::grid::Cell;
use crate::json_values::{self as json, whole_number, written};

/// What a reader reads onto: the grid's side and greatest value, its regions (boxes or Jigsaw
/// regions) and the whole puzzle object (for a rule whose meaning another key changes, such
/// as `negative`).
pub struct Board<'a> {
    /// The grid's side.
    pub n: usize,
    /// The greatest value (values run 1..=top): the side, but for ISS's value ranges.
    pub top: usize,
    /// The value the puzzle writes for 1 (0 for ISS's `Shape~9x9~0-8`, else 1): its clues and
    /// rules speak of written values, `value - 1 + first`.
    pub first: u32,
    /// Each region's cells in reading order.
    pub regions: &'a [Vec<Cell>],
    /// The puzzle object.
    pub object: &'a Map<String, Value>,
    /// Reads an object's keys through the registry onto this board (the options of a rule
    /// that holds rules of any kind).
    pub read: fn(&Map<String, Value>, &Board) -> Result<Found, Problem>,
}

/// The values a grid's cells take, as written: `n` of them, from `first` (0 or 1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Written {
    /// How many values.
    pub n: usize,
    /// The smallest.
    pub first: i64,
}

impl Written {
    /// The largest written value.
    pub fn last(self) -> i64 {
        self.n as i64 - 1 + self.first
    }

    /// What is added to one of mipsolve's values (from 1) to write it: -1 or 0.
    pub fn offset(self) -> i64 {
        self.first - 1
    }

    /// mipsolve's values (from 1) as written.
    pub fn of(self, values: &[i64]) -> Vec<i64> {
        values.iter().map(|v| v + self.offset()).collect()
    }
}

impl Board<'_> {
    /// The grid's values as its clues and rules speak of them.
    pub fn written(&self) -> Written {
        Written {
            n: self.top,
            first: i64::from(self.first),
        }
    }

    /// The total of `sum of weight * value` that a clue giving `total` over written values
    /// asks of mipsolve's values 1..top.
    pub fn total(&self, terms: &[(Cell, i64)], total: i64) -> i64 {
        total - self.written().offset() * terms.iter().map(|&(_, w)| w).sum::<i64>()
    }

    /// mipsolve's value (1..=top) of a written value, if it is one of the grid's.
    pub fn value(&self, written: u64) -> Option<u32> {
        let value = (written + 1).checked_sub(u64::from(self.first))?;
        ((1..=self.top as u64).contains(&value)).then_some(value as u32)
    }

    /// The grid's values as written, `first..last`, for messages.
    pub fn written_range(&self) -> String {
        let written = self.written();
        format!("{}..{}", written.first, written.last())
    }

    /// The region of each cell (row-major), if any.
    pub fn region_of(&self) -> Vec<Option<usize>> {
        let mut found = vec![None; self.n * self.n];
        for (i, region) in self.regions.iter().enumerate() {
            region
                .iter()
                .for_each(|&(r, c)| found[r * self.n + c] = Some(i));
        }
        found
    }
}

/// What a key adds to a puzzle: rules, all-different areas, sum cages (Killer's, checked with
/// the others), and the variant's names.
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// Rules.
    pub rules: Vec<Arc<dyn Rule>>,
    /// Areas whose values differ.
    pub areas: Vec<Area>,
    /// Sum cages: label, sum and cells.
    pub cages: Vec<(CageLabel, u64, Vec<Cell>)>,
    /// The variant's names, e.g. `arrow`.
    pub names: Vec<&'static str>,
}

impl Found {
    /// One rule, named by itself.
    pub fn rule(rule: impl Rule + 'static) -> Found {
        Found {
            names: vec![rule.name()],
            rules: vec![Arc::new(rule)],
            ..Found::default()
        }
    }

    /// Nothing (a key set to `false`, an empty list).
    pub fn none() -> Found {
        Found::default()
    }
}

/// `problem` placed at `place`, e.g. `arrow 2`.
pub fn at(place: impl Into<String>, problem: Problem) -> Problem {
    Problem::In {
        place: place.into(),
        problem: Box::new(problem),
    }
}

/// A rule's problem as text.
pub fn wrong(message: impl Into<String>) -> Problem {
    Problem::Rule(message.into())
}

/// A flag: `true` or `false`.
pub fn flag(value: &Value) -> Result<bool, Problem> {
    value
        .as_bool()
        .ok_or_else(|| wrong(format!("expected true or false, found {}", written(value))))
}

/// The items of a list key, each an object (`[]` and `null` are none).
pub fn items(value: &Value) -> Result<Vec<&Map<String, Value>>, Problem> {
    let list = match value {
        Value::Null => return Ok(Vec::new()),
        Value::Array(list) => list,
        other => return Err(wrong(format!("expected a list, found {}", written(other)))),
    };
    (list.iter().enumerate())
        .map(|(i, item)| {
            item.as_object().ok_or_else(|| {
                at(
                    format!("item {}", i + 1),
                    wrong(format!("expected an object, found {}", written(item))),
                )
            })
        })
        .collect()
}

/// A cell written `"R1C1"` (f-puzzles) or `[1, 1]`, inside an `n` x `n` grid; 0-based.
pub fn cell(value: &Value, n: usize) -> Result<Cell, Problem> {
    let (r, c) = position(value)?;
    if !(1..=n as i64).contains(&r) || !(1..=n as i64).contains(&c) {
        return Err(Problem::CellOutside {
            row: r,
            col: c,
            size: n,
        });
    }
    Ok((r as usize - 1, c as usize - 1))
}

/// A cell's 1-based row and column as written, which may lie outside the grid (a clue's
/// place: `R0C3`, `R10C3`).
pub fn position(value: &Value) -> Result<(i64, i64), Problem> {
    if let Some(text) = value.as_str() {
        let upper = text.trim().to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((r.parse().ok()?, c.parse().ok()?))
        });
        return parsed.ok_or_else(|| Problem::NotACell(written(value)));
    }
    json::cell(value, usize::MAX >> 1).map(|(r, c)| (r as i64 + 1, c as i64 + 1))
}

/// The cells under `field` of an item, each once.
pub fn cells(item: &Map<String, Value>, field: &str, n: usize) -> Result<Vec<Cell>, Problem> {
    match item.get(field) {
        Some(Value::Array(list)) => {
            let cells = list
                .iter()
                .map(|v| cell(v, n))
                .collect::<Result<Vec<_>, _>>()?;
            once_each(&cells).map(|()| cells)
        }
        Some(other) => Err(wrong(format!(
            "\"{field}\" must be a list of cells, found {}",
            written(other)
        ))),
        None => Err(wrong(format!("no \"{field}\""))),
    }
}

/// An error naming the first cell listed twice, if any: a clue counts each cell once.
fn once_each(cells: &[Cell]) -> Result<(), Problem> {
    let twice = (cells.iter().enumerate()).find(|(i, c)| cells[..*i].contains(c));
    match twice {
        Some((_, &cell)) => Err(Problem::CellTwice(cell)),
        None => Ok(()),
    }
}

/// The one cell under `field` (`"cell": "R1C1"`, or a one-cell list).
pub fn one_cell(item: &Map<String, Value>, field: &str, n: usize) -> Result<Cell, Problem> {
    match item.get(field) {
        Some(Value::Array(list)) if list.len() == 1 => cell(&list[0], n),
        Some(value) if !value.is_array() => cell(value, n),
        Some(other) => Err(wrong(format!(
            "\"{field}\" must be one cell, found {}",
            written(other)
        ))),
        None => Err(wrong(format!("no \"{field}\""))),
    }
}

/// The lines of an item (`"lines": [["R1C1", "R1C2"], ...]`), each of at least `min` cells,
/// each cell a neighbour of the one before (diagonals too; any cell with `"jumps": true`, as
/// the Interactive Sudoku Solver's lines) and on the line once.
pub fn lines(item: &Map<String, Value>, n: usize, min: usize) -> Result<Vec<Vec<Cell>>, Problem> {
    let found = paths(item, n, min)?;
    found.iter().try_for_each(|line| once_each(line))?;
    Ok(found)
}

/// The lines of an item as [`lines`] reads them, but a line may pass a cell again (a loop):
/// for rules on each two neighbours along the line (whispers), which a revisit leaves whole.
pub fn paths(item: &Map<String, Value>, n: usize, min: usize) -> Result<Vec<Vec<Cell>>, Problem> {
    let Some(Value::Array(list)) = item.get("lines") else {
        return Err(wrong("no \"lines\" (a list of lines of cells)"));
    };
    let mut found = Vec::with_capacity(list.len());
    for value in list {
        let Value::Array(points) = value else {
            return Err(wrong(format!(
                "a line must be a list of cells, found {}",
                written(value)
            )));
        };
        let line = points
            .iter()
            .map(|v| cell(v, n))
            .collect::<Result<Vec<Cell>, _>>()?;
        if line.len() < min {
            let cells = if min == 1 { "cell" } else { "cells" };
            return Err(wrong(format!(
                "a line needs at least {min} {cells}, found {}",
                line.len()
            )));
        }
        if let Some(pair) = line.windows(2).find(|p| !next(item, p[0], p[1])) {
            let (first, second) = (pair[0], pair[1]);
            return Err(Problem::NotNext {
                first,
                second,
                how: "neighbours",
            });
        }
        found.push(line);
    }
    Ok(found)
}

/// Whether `b` may follow `a` on a line of `item`: a neighbour (diagonals too), or with
/// `"jumps": true`, any other cell.
pub fn next(item: &Map<String, Value>, a: Cell, b: Cell) -> bool {
    let jumps = item.get("jumps") == Some(&Value::Bool(true));
    a != b && (jumps || a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1)
}

/// The whole number under `field` (a number or a numeric string), or `default` when the
/// item has none (`None`: it must have one).
pub fn number(
    item: &Map<String, Value>,
    field: &str,
    default: Option<i64>,
) -> Result<i64, Problem> {
    let value = match item.get(field) {
        None | Some(Value::Null) => {
            return default.ok_or_else(|| wrong(format!("no \"{field}\"")));
        }
        Some(Value::String(text)) if text.trim().is_empty() => {
            return default.ok_or_else(|| wrong(format!("\"{field}\" is empty")));
        }
        Some(value) => value,
    };
    let parsed = match value {
        Value::String(text) => text.trim().parse::<i64>().ok(),
        Value::Number(n) if n.is_i64() => n.as_i64(),
        other => whole_number(other).and_then(|v| i64::try_from(v).ok()),
    };
    parsed.ok_or_else(|| {
        wrong(format!(
            "\"{field}\" must be a whole number, found {}",
            written(value)
        ))
    })
}

/// Whether `negative` (a list of rule names) names `rule`.
pub fn negative(board: &Board, rule: &str) -> bool {
    let names = board.object.get("negative").and_then(Value::as_array);
    names.is_some_and(|list| list.iter().any(|v| v.as_str() == Some(rule)))
}
