//! KenKen JSON: `{"size": n, "cages": [{"op": "+", "target": 11, "cells": [[1,1],[2,1]]}]}`
//! (1-based cells), or an array of such objects (a collection).

use serde::Deserialize;
use serde_json::{Number, Value};

use super::{Cage, Formulation, Kenken, Op, MAX_SIZE};
use crate::puzzle::{ParseError, Parsed, Puzzle};

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
pub fn parse(text: &str, formulation: Formulation) -> Result<Vec<Parsed>, ParseError> {
    let puzzles = parse_kenkens(text, formulation)?;
    Ok(puzzles
        .into_iter()
        .map(|p| p.map(|k| Box::new(k) as Box<dyn Puzzle>))
        .collect())
}

/// [`parse`], keeping the concrete type.
pub fn parse_kenkens(
    text: &str,
    formulation: Formulation,
) -> Result<Vec<Result<Kenken, ParseError>>, ParseError> {
    if text.trim_start().starts_with('[') {
        let items: Vec<Value> = serde_json::from_str(text).map_err(json_error)?;
        if items.is_empty() {
            return Err(ParseError::whole("no puzzle found"));
        }
        return Ok(items
            .into_iter()
            .map(|item| {
                let raw = RawPuzzle::deserialize(item)
                    .map_err(|e| ParseError::whole(strip_position(&e)))?;
                validate(raw, formulation)
            })
            .collect());
    }
    let raw: RawPuzzle = serde_json::from_str(text).map_err(json_error)?;
    Ok(vec![validate(raw, formulation)])
}

fn json_error(e: serde_json::Error) -> ParseError {
    if e.line() == 0 {
        ParseError::whole(strip_position(&e))
    } else {
        ParseError::at(e.line(), strip_position(&e))
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
fn validate(raw: RawPuzzle, formulation: Formulation) -> Result<Kenken, ParseError> {
    let n = raw.size;
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(ParseError::whole(format!(
            "size {n} is not supported (1 to {MAX_SIZE})"
        )));
    }
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cages = Vec::with_capacity(raw.cages.len());
    for (i, rc) in raw.cages.into_iter().enumerate() {
        let label = format!("cage {} (op \"{}\", target {})", i + 1, rc.op, rc.target);
        let fail = |what: String| ParseError::whole(format!("{label}: {what}"));
        let op = Op::from_symbol(&rc.op)
            .ok_or_else(|| fail(format!("unknown op \"{}\" (expected + - * / =)", rc.op)))?;
        let target = rc
            .target
            .as_u64()
            .filter(|&t| t > 0)
            .ok_or_else(|| fail("the target must be a positive integer below 2^64".into()))?;
        let needed = match op {
            Op::Sub | Op::Div => Some(2),
            Op::Given => Some(1),
            Op::Add | Op::Mul => None,
        };
        match needed {
            Some(k) if rc.cells.len() != k => {
                let cells = if k == 1 { "cell" } else { "cells" };
                return Err(fail(format!(
                    "\"{}\" needs exactly {k} {cells}, found {}",
                    op.symbol(),
                    rc.cells.len()
                )));
            }
            None if rc.cells.is_empty() => return Err(fail("the cage has no cells".into())),
            _ => {}
        }
        let mut cells = Vec::with_capacity(rc.cells.len());
        for [r, c] in rc.cells {
            let inside = |v: i64| v >= 1 && v <= n as i64;
            if !inside(r) || !inside(c) {
                return Err(fail(format!("cell [{r},{c}] is outside the {n}x{n} grid")));
            }
            let (r0, c0) = (r as usize - 1, c as usize - 1);
            match owner[r0 * n + c0] {
                Some(j) if j == i => {
                    return Err(fail(format!("cell [{r},{c}] is listed twice")));
                }
                Some(j) => {
                    return Err(fail(format!("cell [{r},{c}] is also in cage {}", j + 1)));
                }
                None => owner[r0 * n + c0] = Some(i),
            }
            cells.push((r0, c0));
        }
        cages.push(Cage { op, target, cells });
    }
    if let Some(free) = owner.iter().position(Option::is_none) {
        return Err(ParseError::whole(format!(
            "cell [{},{}] is in no cage",
            free / n + 1,
            free % n + 1
        )));
    }
    Ok(Kenken::new(n, cages, formulation))
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
