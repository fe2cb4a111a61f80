//! KenKen JSON: `{"size": n, "cages": [{"op": "+", "target": 11, "cells": [[1,1],[2,1]]}]}`
//! (1-based cells), or an array of such objects (a collection).

use serde::Deserialize;
use serde_json::{Number, Value};

use super::MAX_SIZE;
use crate::cage::{Cage, Op};
use crate::error::{CageLabel, ParseError, Problem};
use crate::geometry::{columns, rows};
use crate::grid::Grid;
use crate::puzzle::latin::{Formulation, Latin, Style};
use crate::puzzle::symbols::Alphabet;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    size: usize,
    cages: Vec<RawCage>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    op: String,
    target: Number,
    cells: Vec<[i64; 2]>,
}

/// Parses a file into its puzzles; a bad puzzle in a collection fails only itself.
pub fn parse_kenkens(
    text: &str,
    formulation: Formulation,
) -> Result<Vec<Result<Latin, ParseError>>, ParseError> {
    if text.trim_start().starts_with('[') {
        let items: Vec<Value> = serde_json::from_str(text).map_err(json_error)?;
        if items.is_empty() {
            return Err(ParseError::whole(Problem::NoPuzzle));
        }
        return Ok(items
            .into_iter()
            .map(|item| {
                let raw = RawPuzzle::deserialize(item)
                    .map_err(|e| ParseError::whole(Problem::Json(strip_position(&e))))?;
                validate(raw, formulation)
            })
            .collect());
    }
    let raw: RawPuzzle = serde_json::from_str(text).map_err(json_error)?;
    Ok(vec![validate(raw, formulation)])
}

fn json_error(e: serde_json::Error) -> ParseError {
    let problem = Problem::Json(strip_position(&e));
    if e.line() == 0 {
        ParseError::whole(problem)
    } else {
        ParseError::at(e.line(), problem)
    }
}

/// serde_json's message without its `at line L column C` suffix.
fn strip_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Checks the cages and builds the puzzle; messages name the cage by index, op and target.
fn validate(raw: RawPuzzle, formulation: Formulation) -> Result<Latin, ParseError> {
    let n = raw.size;
    if !(1..=MAX_SIZE).contains(&n) {
        let (min, max) = (1, MAX_SIZE);
        return Err(ParseError::whole(Problem::Size { size: n, min, max }));
    }
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cages = Vec::with_capacity(raw.cages.len());
    for (i, rc) in raw.cages.into_iter().enumerate() {
        let label = CageLabel {
            number: i + 1,
            op: rc.op.clone(),
            target: rc.target.to_string(),
        };
        let fail = |problem: Problem| ParseError::in_cage(label.clone(), problem);
        let op = Op::from_symbol(&rc.op).ok_or_else(|| fail(Problem::UnknownOp(rc.op.clone())))?;
        let target =
            (rc.target.as_u64().filter(|&t| t > 0)).ok_or_else(|| fail(Problem::Target))?;
        let needed = match op {
            Op::Sub | Op::Div => Some(2),
            Op::Given => Some(1),
            Op::Add | Op::Mul => None,
        };
        let found = rc.cells.len();
        match needed {
            Some(expected) if found != expected => {
                let op = op.symbol();
                return Err(fail(Problem::CageSize {
                    op,
                    expected,
                    found,
                }));
            }
            None if found == 0 => return Err(fail(Problem::EmptyCage)),
            _ => {}
        }
        let mut cells = Vec::with_capacity(found);
        for [row, col] in rc.cells {
            let inside = |v: i64| v >= 1 && v <= n as i64;
            if !inside(row) || !inside(col) {
                return Err(fail(Problem::CellOutside { row, col, size: n }));
            }
            let cell = (row as usize - 1, col as usize - 1);
            match owner[cell.0 * n + cell.1] {
                Some(j) if j == i => return Err(fail(Problem::CellTwice(cell))),
                Some(other) => return Err(fail(Problem::CellInTwoCages { cell, other })),
                None => owner[cell.0 * n + cell.1] = Some(i),
            }
            cells.push(cell);
        }
        cages.push(Cage { op, target, cells });
    }
    if let Some(free) = owner.iter().position(Option::is_none) {
        let cell = (free / n, free % n);
        return Err(ParseError::whole(Problem::CellInNoCage(cell)));
    }
    let areas = [rows(n, n), columns(n, n)].concat();
    let style = if n <= 9 {
        Style::Compact(Alphabet::Digits)
    } else {
        Style::Spaced
    };
    let blank = Grid::filled(n, n, 0);
    Ok(Latin::new(areas, cages, blank, style).with_formulation(formulation))
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
