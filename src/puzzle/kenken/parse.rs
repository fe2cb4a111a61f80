//! KenKen JSON: `{"size": n, "cages": [{"op": "+", "target": 11, "cells": [[1,1],[2,1]]}]}`
//! (1-based cells), or an array of such objects (a collection).

use serde::Deserialize;
use serde_json::Value;

use super::MAX_SIZE;
use crate::cage::listing::shared_areas;
use crate::cage::{Cage, Op, Table};
use crate::domains::Domains;
use crate::error::{CageLabel, ParseError, Problem};
use crate::geometry::{columns, rows};
use crate::grid::Grid;
use crate::json_values::{self, whole_number, written};
use crate::puzzle::json::entries;
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::Entry;
use crate::rule::CageFormulation;

/// A puzzle as JSON.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    size: Value,
    cages: Vec<RawCage>,
}

/// A cage as written; numbers may be JSON numbers or strings of digits.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    #[serde(default)]
    op: Option<String>,
    #[serde(default)]
    target: Value,
    cells: Vec<Value>,
}

/// A cage read from any form (JSON, a Keen game ID), before the checks that need the whole
/// puzzle: its label for messages, and its op, target and 0-based cells or what is wrong.
pub(super) struct CageSpec {
    /// How messages name the cage.
    pub label: CageLabel,
    /// The cage as read.
    pub cage: Result<Cage, Problem>,
}

/// At most this many errors are reported for one puzzle.
const MAX_ERRORS: usize = 20;

/// Parses a file into its puzzles; a bad puzzle in a collection fails only itself.
pub fn parse_kenkens(
    text: &str,
    formulation: CageFormulation,
) -> Result<Vec<Entry<Latin>>, ParseError> {
    entries(text, |raw: RawPuzzle, _| {
        let n = size(&raw.size)?;
        let cages = (raw.cages.into_iter().enumerate())
            .map(|(i, rc)| CageSpec {
                label: match rc.op.as_deref() {
                    Some(op) => label(i, op, &written(&rc.target)),
                    None => CageLabel {
                        number: i + 1,
                        rule: format!("no op, target {}", written(&rc.target)),
                    },
                },
                cage: read_cage(rc, n),
            })
            .collect();
        build(n, cages, formulation)
    })
}

/// The label of cage `i` (0-based) with its op and target as written.
pub(super) fn label(i: usize, op: &str, target: &str) -> CageLabel {
    CageLabel {
        number: i + 1,
        rule: format!("op \"{op}\", target {target}"),
    }
}

/// The side of the grid, a whole number from 1 to [`MAX_SIZE`].
fn size(value: &Value) -> Result<usize, ParseError> {
    let n = whole_number(value).unwrap_or(0) as usize;
    if (1..=MAX_SIZE).contains(&n) {
        return Ok(n);
    }
    let problem = match whole_number(value) {
        Some(_) => Problem::Size {
            size: n,
            min: 1,
            max: MAX_SIZE,
        },
        None => Problem::NotANumber {
            what: "size",
            found: written(value),
        },
    };
    Err(ParseError::whole(problem))
}

/// A JSON cage read: a known op, a positive target and cells inside the grid.
fn read_cage(rc: RawCage, n: usize) -> Result<Cage, Problem> {
    let written_op = rc.op.ok_or(Problem::MissingKey("op"))?;
    let op = Op::from_symbol(written_op.trim()).ok_or(Problem::UnknownOp(written_op))?;
    if rc.target.is_null() {
        return Err(Problem::MissingKey("target"));
    }
    let target = whole_number(&rc.target)
        .filter(|&t| t > 0)
        .ok_or(Problem::Target)?;
    let cells = (rc.cells.iter())
        .map(|value| json_values::cell(value, n))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Cage { op, target, cells })
}

/// The puzzle of side `n` with these cages, each checked (its size for its op, its cells in
/// no other cage, some values meeting it) and every cell in a cage; up to [`MAX_ERRORS`]
/// errors are reported at once, each naming its cage by number, op and target.
pub(super) fn build(
    n: usize,
    cages: Vec<CageSpec>,
    formulation: CageFormulation,
) -> Result<Latin, ParseError> {
    let lines = [rows(n, n), columns(n, n)].concat();
    let full = Domains::full(n, n, (1..=n as i64).collect());
    let mut errors = Vec::new();
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut checked = Vec::with_capacity(cages.len());
    for (i, spec) in cages.into_iter().enumerate() {
        match spec.cage.and_then(|cage| check(i, cage, n, &mut owner)) {
            Ok(cage) => {
                let table = Table::new(&cage, &shared_areas(&cage.cells, &lines), &full);
                if table.is_some_and(|t| t.is_empty()) {
                    errors.push(ParseError::in_cage(spec.label, Problem::CageUnmeetable(n)));
                }
                checked.push(cage);
            }
            Err(problem) => errors.push(ParseError::in_cage(spec.label, problem)),
        }
    }
    if errors.is_empty() {
        if let Some(free) = owner.iter().position(Option::is_none) {
            let cell = (free / n, free % n);
            errors.push(ParseError::whole(Problem::CellInNoCage(cell)));
        }
    }
    match errors.len() {
        0 => {}
        1 => return Err(errors.remove(0)),
        _ => {
            errors.truncate(MAX_ERRORS);
            return Err(ParseError::whole(Problem::Many(errors)));
        }
    }
    let style = match n <= 9 {
        true => Style::Compact(Alphabet::Digits),
        false => Style::Spaced,
    };
    let blank = Grid::filled(n, n, 0);
    Ok(Latin::new(lines, checked, blank, style).with_formulation(formulation))
}

/// Cage `i` checked: as many cells as its op takes, each in no other cage (`owner` records
/// the cage of each cell).
fn check(i: usize, cage: Cage, n: usize, owner: &mut [Option<usize>]) -> Result<Cage, Problem> {
    let needed = match cage.op {
        Op::Sub | Op::Div => Some(2),
        Op::Given => Some(1),
        Op::Add | Op::Mul | Op::Any => None,
    };
    let found = cage.cells.len();
    match needed {
        Some(expected) if found != expected => {
            let op = cage.op.symbol();
            return Err(Problem::CageSize {
                op,
                expected,
                found,
            });
        }
        None if found == 0 => return Err(Problem::EmptyCage),
        _ => {}
    }
    for &cell in &cage.cells {
        match owner[cell.0 * n + cell.1] {
            Some(j) if j == i => return Err(Problem::CellTwice(cell)),
            Some(other) => return Err(Problem::CellInTwoCages { cell, other }),
            None => owner[cell.0 * n + cell.1] = Some(i),
        }
    }
    Ok(cage)
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
