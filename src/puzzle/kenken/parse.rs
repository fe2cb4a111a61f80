//! KenKen JSON: `{"size": n, "cages": [{"op": "+", "target": 11, "cells": [[1,1],[2,1]]}]}`
//! (1-based cells), or an array of such objects (a collection).

use serde::Deserialize;
use serde_json::Value;

use super::MAX_SIZE;
use crate::cage::table::shared_areas;
use crate::cage::{Cage, Op, Table};
use crate::domains::Domains;
use crate::error::{CageLabel, ParseError, Problem};
use crate::geometry::{columns, rows};
use crate::grid::Grid;
use crate::puzzle::json::{self, entries, whole_number, written};
use crate::puzzle::latin::{CageFormulation, Latin, Style};
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::Entry;

/// A puzzle as JSON.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPuzzle {
    pub size: Value,
    pub cages: Vec<RawCage>,
}

/// A cage as written; numbers may be JSON numbers or strings of digits.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCage {
    pub op: String,
    pub target: Value,
    pub cells: Vec<Value>,
}

/// At most this many errors are reported for one puzzle.
const MAX_ERRORS: usize = 20;

/// Parses a file into its puzzles; a bad puzzle in a collection fails only itself.
pub fn parse_kenkens(
    text: &str,
    formulation: CageFormulation,
) -> Result<Vec<Entry<Latin>>, ParseError> {
    entries(text, |raw: RawPuzzle, _| validate(raw, formulation))
}

/// Checks the size and every cage, reporting up to [`MAX_ERRORS`] errors at once; messages
/// name the cage by number, op and target.
pub(super) fn validate(raw: RawPuzzle, formulation: CageFormulation) -> Result<Latin, ParseError> {
    let n = whole_number(&raw.size).unwrap_or(0) as usize;
    if !(1..=MAX_SIZE).contains(&n) {
        let problem = match whole_number(&raw.size) {
            Some(_) => Problem::Size {
                size: n,
                min: 1,
                max: MAX_SIZE,
            },
            None => Problem::NotANumber {
                what: "size",
                found: written(&raw.size),
            },
        };
        return Err(ParseError::whole(problem));
    }
    let lines = [rows(n, n), columns(n, n)].concat();
    let full = Domains::full(n, n, (1..=n as i64).collect());
    let mut errors = Vec::new();
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cages = Vec::with_capacity(raw.cages.len());
    for (i, rc) in raw.cages.into_iter().enumerate() {
        let label = CageLabel {
            number: i + 1,
            rule: format!("op \"{}\", target {}", rc.op, written(&rc.target)),
        };
        match cage(i, rc, n, &mut owner) {
            Ok(cage) => {
                let table = Table::new(&cage, &shared_areas(&cage.cells, &lines), &full);
                if table.is_some_and(|t| t.is_empty()) {
                    errors.push(ParseError::in_cage(label, Problem::CageUnmeetable(n)));
                }
                cages.push(cage);
            }
            Err(problem) => errors.push(ParseError::in_cage(label, problem)),
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
    Ok(Latin::new(lines, cages, blank, style).with_formulation(formulation))
}

/// One cage checked: its op, target and cells, which must lie in the grid and in no other
/// cage (`owner` records the cage of each cell).
fn cage(i: usize, rc: RawCage, n: usize, owner: &mut [Option<usize>]) -> Result<Cage, Problem> {
    let op = Op::from_symbol(rc.op.trim()).ok_or_else(|| Problem::UnknownOp(rc.op.clone()))?;
    let target = whole_number(&rc.target)
        .filter(|&t| t > 0)
        .ok_or(Problem::Target)?;
    let needed = match op {
        Op::Sub | Op::Div => Some(2),
        Op::Given => Some(1),
        Op::Add | Op::Mul | Op::Any => None,
    };
    let found = rc.cells.len();
    match needed {
        Some(expected) if found != expected => {
            let op = op.symbol();
            return Err(Problem::CageSize {
                op,
                expected,
                found,
            });
        }
        None if found == 0 => return Err(Problem::EmptyCage),
        _ => {}
    }
    let mut cells = Vec::with_capacity(found);
    for value in &rc.cells {
        let cell = json::cell(value, n)?;
        match owner[cell.0 * n + cell.1] {
            Some(j) if j == i => return Err(Problem::CellTwice(cell)),
            Some(other) => return Err(Problem::CellInTwoCages { cell, other }),
            None => owner[cell.0 * n + cell.1] = Some(i),
        }
        cells.push(cell);
    }
    Ok(Cage { op, target, cells })
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
