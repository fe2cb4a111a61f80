//! Takuzu text: rows of `0`, `1` and blanks (`.` or `_`); `#` starts a comment line.

use super::{Takuzu, MAX_SIDE};
use crate::error::{ParseError, Problem};

/// Parses a file holding one Takuzu.
pub fn parse_takuzus(
    text: &str,
    allow_duplicate_lines: bool,
) -> Result<Vec<Result<Takuzu, ParseError>>, ParseError> {
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim().starts_with('#'))
    {
        return Err(ParseError::whole(Problem::NoPuzzle));
    }
    Ok(vec![parse_one(text, allow_duplicate_lines)])
}

fn parse_one(text: &str, allow_duplicate_lines: bool) -> Result<Takuzu, ParseError> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let Some(&(first_line, first)) = rows.first() else {
        return Err(ParseError::whole(Problem::NoPuzzle));
    };
    let cols = first.chars().filter(|ch| !ch.is_whitespace()).count();
    let mut givens = Vec::with_capacity(rows.len() * cols);
    for &(line, text) in &rows {
        let cells: Vec<char> = text.chars().filter(|ch| !ch.is_whitespace()).collect();
        if cells.len() != cols {
            let found = cells.len();
            return Err(ParseError::at(
                line,
                Problem::CellCount {
                    expected: cols,
                    found,
                },
            ));
        }
        for ch in cells {
            givens.push(match ch {
                '0' => Some(0),
                '1' => Some(1),
                '.' | '_' => None,
                other => {
                    let expected = "cells are 0 and 1; blanks are '.' or '_'";
                    let problem = Problem::Symbol {
                        ch: other,
                        expected,
                    };
                    return Err(ParseError::at(line, problem));
                }
            });
        }
    }
    let n_rows = rows.len();
    for (count, what, line) in [
        (cols, "columns", first_line),
        (n_rows, "rows", rows[n_rows - 1].0),
    ] {
        if count % 2 == 1 {
            return Err(ParseError::at(line, Problem::OddSide { count, what }));
        }
        if count > MAX_SIDE {
            let max = MAX_SIDE;
            return Err(ParseError::at(
                line,
                Problem::SideTooLarge { count, what, max },
            ));
        }
    }
    let takuzu = Takuzu::new(n_rows, cols, givens, allow_duplicate_lines);
    match takuzu.broken_rule() {
        Some((r, violation)) => Err(ParseError::at(rows[r].0, violation.into())),
        None => Ok(takuzu),
    }
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
