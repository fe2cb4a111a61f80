//! Sudoku text: grid form (n rows, compact or whitespace-separated, box drawing ignored) or
//! line form (one puzzle of n*n characters per line; a file of such lines is a collection).

use std::collections::HashMap;
use std::sync::Arc;

use super::MAX_SIZE;
use crate::error::{ParseError, Problem};
use crate::geometry::{boxes, columns, rows, Area};
use crate::grid::Grid;
use crate::puzzle::latin::{Latin, Style};

const SEPARATORS: [char; 4] = ['|', '-', '+', '*'];

/// Parses a file into its puzzles; a bad line in a collection fails only that puzzle.
pub fn parse_sudokus(
    text: &str,
    box_shape: Option<(usize, usize)>,
) -> Result<Vec<Result<Latin, ParseError>>, ParseError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let rows: Vec<(usize, &str)> = lines
        .iter()
        .copied()
        .filter(|(_, l)| {
            l.chars()
                .any(|ch| !SEPARATORS.contains(&ch) && !ch.is_whitespace())
        })
        .collect();
    if rows.is_empty() {
        return Err(ParseError::whole(Problem::NoPuzzle));
    }
    let n = rows.len();
    let fitting = rows
        .iter()
        .filter(|(_, l)| row_tokens(l, Some(n)).0.len() == n)
        .count();
    let mut layouts = Layouts::default();
    if n >= 4 && fitting * 2 > n {
        return Ok(vec![parse_grid(&rows, n, box_shape, &mut layouts)]);
    }
    let first_len = first_token(lines[0].1).chars().count();
    if line_form_size(first_len).is_some() {
        return Ok(lines
            .iter()
            .map(|&(line, l)| parse_line(line, l, box_shape, &mut layouts))
            .collect());
    }
    let n = row_tokens(rows[0].1, None).0.len();
    Ok(vec![parse_grid(&rows, n, box_shape, &mut layouts)])
}

/// Rows, columns and boxes, listed once per grid shape and shared by a file's puzzles.
#[derive(Default)]
struct Layouts(HashMap<(usize, usize, usize), Arc<[Area]>>);

impl Layouts {
    /// The puzzle: rows, columns and boxes over the givens.
    fn sudoku(
        &mut self,
        givens: Grid,
        (box_rows, box_cols): (usize, usize),
        style: Style,
    ) -> Latin {
        let n = givens.rows();
        let areas = self.0.entry((n, box_rows, box_cols)).or_insert_with(|| {
            [rows(n, n), columns(n, n), boxes(n, box_rows, box_cols)]
                .concat()
                .into()
        });
        Latin::new(Arc::clone(areas), Vec::new(), givens, style)
    }
}

fn first_token(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// The side n of a one-line puzzle of `len` characters, if `len` is n*n for a usable n.
fn line_form_size(len: usize) -> Option<usize> {
    (4..=35).find(|n| n * n == len)
}

/// The cells of one grid row: whitespace-separated numbers when there are as many as
/// expected (then `true`), otherwise one character per cell.
fn row_tokens(line: &str, expected: Option<usize>) -> (Vec<String>, bool) {
    let cleaned: String = line
        .chars()
        .map(|ch| if SEPARATORS.contains(&ch) { ' ' } else { ch })
        .collect();
    let tokens: Vec<&str> = cleaned.split_whitespace().collect();
    let numeric = |t: &&str| t.chars().all(|ch| ch.is_ascii_digit()) || *t == "." || *t == "_";
    let spaced = tokens.len() > 1
        && tokens.iter().all(numeric)
        && expected.is_none_or(|n| tokens.len() == n);
    if spaced {
        (tokens.into_iter().map(str::to_string).collect(), true)
    } else {
        (tokens.concat().chars().map(String::from).collect(), false)
    }
}

fn parse_grid(
    rows: &[(usize, &str)],
    n: usize,
    box_shape: Option<(usize, usize)>,
    layouts: &mut Layouts,
) -> Result<Latin, ParseError> {
    let shape = box_for(n, box_shape).map_err(|p| ParseError::at(rows[0].0, p))?;
    let mut values = Vec::with_capacity(n);
    let mut compact_rows = 0;
    for &(line, text) in rows {
        let (tokens, spaced) = row_tokens(text, Some(n));
        if tokens.len() != n {
            let found = tokens.len();
            return Err(ParseError::at(
                line,
                Problem::CellCount { expected: n, found },
            ));
        }
        if !spaced {
            compact_rows += 1;
        }
        let row = tokens
            .iter()
            .map(|t| cell_value(t, n))
            .collect::<Result<Vec<u32>, Problem>>()
            .map_err(|p| ParseError::at(line, p))?;
        values.push(row);
    }
    if rows.len() != n {
        let last = rows[rows.len() - 1].0;
        let found = rows.len();
        return Err(ParseError::at(
            last,
            Problem::RowCount { expected: n, found },
        ));
    }
    let style = if compact_rows * 2 >= n {
        Style::Compact
    } else {
        Style::Spaced
    };
    let givens = Grid::from_rows(values).ok_or(ParseError::whole(Problem::NoPuzzle))?;
    let sudoku = layouts.sudoku(givens, shape, style);
    match sudoku.conflict() {
        Some(((r, _), violation)) => Err(ParseError::at(rows[r].0, violation.into())),
        None => Ok(sudoku),
    }
}

fn parse_line(
    line: usize,
    text: &str,
    box_shape: Option<(usize, usize)>,
    layouts: &mut Layouts,
) -> Result<Latin, ParseError> {
    let token = first_token(text);
    let len = token.chars().count();
    let n = line_form_size(len).ok_or(ParseError::at(line, Problem::LineLength(len)))?;
    let shape = box_for(n, box_shape).map_err(|p| ParseError::at(line, p))?;
    let values = token
        .chars()
        .map(|ch| cell_value(&ch.to_string(), n))
        .collect::<Result<Vec<u32>, Problem>>()
        .map_err(|p| ParseError::at(line, p))?;
    let rows = values.chunks(n).map(<[u32]>::to_vec).collect();
    let givens = Grid::from_rows(rows).ok_or(ParseError::at(line, Problem::NoPuzzle))?;
    let sudoku = layouts.sudoku(givens, shape, Style::Compact);
    match sudoku.conflict() {
        Some((_, violation)) => Err(ParseError::at(line, violation.into())),
        None => Ok(sudoku),
    }
}

/// The value of one cell token: 0 for a blank.
fn cell_value(token: &str, n: usize) -> Result<u32, Problem> {
    let value = match token {
        "." | "_" | "0" => return Ok(0),
        t if t.chars().all(|ch| ch.is_ascii_digit()) => t.parse::<u32>().unwrap_or(u32::MAX),
        t => {
            let mut chars = t.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) if ch.is_ascii_alphabetic() => ch.to_digit(36).unwrap_or(u32::MAX),
                (Some(ch), None) => return Err(Problem::Character(ch)),
                _ => return Err(Problem::Token(t.to_string())),
            }
        }
    };
    if value == 0 || value as usize > n {
        let token = token.to_string();
        return Err(Problem::ValueOutOfRange { token, max: n });
    }
    Ok(value)
}

/// The box shape for side `n`: the given one, or the most square `r x c` with `r <= c`.
pub fn box_for(n: usize, given: Option<(usize, usize)>) -> Result<(usize, usize), Problem> {
    if !(4..=MAX_SIZE).contains(&n) {
        let (min, max) = (4, MAX_SIZE);
        return Err(Problem::Size { size: n, min, max });
    }
    if let Some((r, c)) = given {
        if r.checked_mul(c) != Some(n) {
            let (rows, cols, size) = (r, c, n);
            return Err(Problem::BoxShape { rows, cols, size });
        }
        return Ok((r, c));
    }
    let r = (1..=n)
        .take_while(|r| r * r <= n)
        .filter(|r| n.is_multiple_of(*r))
        .max()
        .unwrap_or(1);
    if r == 1 {
        return Err(Problem::PrimeSize(n));
    }
    Ok((r, n / r))
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
