//! Takuzu text: grids (rows of `0`, `1` and blanks `.` or `_`, spaced or not, box drawing
//! ignored) separated by blank lines, or one-line puzzles (n*n cells read row by row, one
//! puzzle per line, as in the binarypuzzle.com collection); `#` starts a comment line. Blank
//! lines that cut one square grid into bands too short to be grids do not split it.

use super::{Takuzu, MAX_SIDE};
use crate::error::{ParseError, Problem};
use crate::puzzle::Entry;

/// What Takuzu cells may be, for messages.
const CELLS: &str = "cells are 0 and 1; blanks are '.' or '_'";

/// One line's 1-based number and its cells (white space and box drawing removed).
type Row = (usize, Vec<char>);

/// Parses a file: grids separated by blank lines, or one puzzle per line. `grid` forces a
/// reading (`Some(true)`: grid, `Some(false)`: lines); otherwise the one whose puzzles
/// validate is taken, and the reader refuses when both do.
pub fn parse_takuzus(
    text: &str,
    allow_duplicate_lines: bool,
    grid: Option<bool>,
) -> Result<Vec<Entry<Takuzu>>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut blocks: Vec<Vec<Row>> = vec![Vec::new()];
    for (i, line) in text.lines().enumerate() {
        let cells = cells(line);
        match blocks.last_mut() {
            _ if line.trim_start().starts_with('#') => {}
            Some(block) if cells.is_empty() && line.trim().is_empty() && !block.is_empty() => {
                blocks.push(Vec::new())
            }
            Some(block) if !cells.is_empty() => block.push((i + 1, cells)),
            _ => {}
        }
    }
    blocks.retain(|block| !block.is_empty());
    if blocks.is_empty() {
        return Err(ParseError::whole(Problem::NoPuzzle));
    }
    // Blank lines inside one square grid, between bands of rows that cannot be grids of
    // their own (fewer than 4 rows, or an odd number), do not split it.
    let width = blocks[0][0].1.len();
    let rows: usize = blocks.iter().map(Vec::len).sum();
    let same_width = (blocks.iter().flatten()).all(|(_, cells)| cells.len() == width);
    let no_grid = |block: &Vec<Row>| block.len() < 4 || block.len() % 2 == 1;
    if same_width && rows == width && blocks.iter().any(no_grid) {
        blocks = vec![blocks.concat()];
    }
    let mut entries = Vec::new();
    for rows in &blocks {
        entries.extend(parse_block(rows, allow_duplicate_lines, grid)?);
    }
    Ok(entries)
}

/// The puzzles of one block of lines without a blank one: a grid, or one puzzle per line.
fn parse_block(
    rows: &[Row],
    allow_duplicate_lines: bool,
    grid: Option<bool>,
) -> Result<Vec<Entry<Takuzu>>, ParseError> {
    let plausible = (rows.iter())
        .filter(|(_, cells)| cells.iter().all(|ch| "01._".contains(*ch)))
        .count();
    if plausible * 2 < rows.len() {
        return Err(ParseError::whole(Problem::NotAPuzzle {
            title: "Takuzu",
            expected: "most lines hold more than 0, 1 and blanks ('.' or '_')",
        }));
    }
    let square_side = |cells: &[char]| (4..=MAX_SIDE).step_by(2).find(|n| n * n == cells.len());
    let lines_fit = rows.iter().all(|(_, cells)| square_side(cells).is_some());
    let grid_fit = rows.len() > 1 && rows.iter().all(|(_, cells)| cells.len() == rows[0].1.len());
    let as_grid = || {
        vec![Entry {
            line: rows[0].0,
            puzzle: parse_grid(rows, allow_duplicate_lines),
        }]
    };
    let as_lines = || -> Vec<Entry<Takuzu>> {
        (rows.iter())
            .map(|row| Entry {
                line: row.0,
                puzzle: parse_line(row, allow_duplicate_lines),
            })
            .collect()
    };
    Ok(match (grid, grid_fit, lines_fit) {
        (Some(true), ..) | (None, true, false) => as_grid(),
        (Some(false), ..) | (None, false, true) => as_lines(),
        (None, true, true) => {
            let (grids, singles) = (as_grid(), as_lines());
            let valid = |all: &[Entry<Takuzu>]| all.iter().all(|e| e.puzzle.is_ok());
            // n lines of n cells are one n x n grid: nobody writes exactly n one-line
            // puzzles of side sqrt(n).
            let square = rows.len() == rows[0].1.len();
            match (valid(&grids), valid(&singles)) {
                (true, true) if !square => {
                    let lines = singles.len();
                    return Err(ParseError::whole(Problem::AmbiguousReading {
                        grids: 1,
                        lines,
                    }));
                }
                (false, true) => singles,
                _ => grids,
            }
        }
        (None, false, false) if rows.len() == 1 => as_lines(),
        (None, false, false) => as_grid(),
    })
}

/// The cells of a line: everything but white space and box drawing.
fn cells(line: &str) -> Vec<char> {
    (line.chars())
        .filter(|&ch| !ch.is_whitespace() && !"|-+*=".contains(ch))
        .collect()
}

/// The given of one cell.
fn given(ch: char, line: usize) -> Result<Option<u8>, ParseError> {
    match ch {
        '0' => Ok(Some(0)),
        '1' => Ok(Some(1)),
        '.' | '_' => Ok(None),
        ch => Err(ParseError::at(
            line,
            Problem::Symbol {
                ch,
                expected: CELLS,
            },
        )),
    }
}

fn parse_grid(rows: &[Row], allow_duplicate_lines: bool) -> Result<Takuzu, ParseError> {
    let (first_line, first) = &rows[0];
    let cols = first.len();
    let mut givens = Vec::with_capacity(rows.len() * cols);
    for (line, cells) in rows {
        if let Some(&ch) = cells.iter().find(|ch| !"01._".contains(**ch)) {
            given(ch, *line)?;
        }
        if cells.len() != cols {
            let found = cells.len();
            return Err(ParseError::at(
                *line,
                Problem::CellCount {
                    expected: cols,
                    found,
                },
            ));
        }
        for &ch in cells {
            givens.push(given(ch, *line)?);
        }
    }
    let n_rows = rows.len();
    for (count, what, line) in [
        (cols, "columns", *first_line),
        (n_rows, "rows", rows[n_rows - 1].0),
    ] {
        check_side(count, what, line)?;
    }
    let takuzu = Takuzu::new(n_rows, cols, givens, allow_duplicate_lines);
    match takuzu.broken_rule() {
        Some((r, violation)) => Err(ParseError::at(rows[r].0, violation.into())),
        None => Ok(takuzu),
    }
}

fn parse_line((line, cells): &Row, allow_duplicate_lines: bool) -> Result<Takuzu, ParseError> {
    let givens = (cells.iter())
        .map(|&ch| given(ch, *line))
        .collect::<Result<Vec<_>, _>>()?;
    let n = (1..=MAX_SIDE).find(|n| n * n == cells.len());
    let n = n.ok_or(ParseError::at(
        *line,
        Problem::TakuzuLineLength(cells.len()),
    ))?;
    check_side(n, "rows", *line)?;
    let takuzu = Takuzu::new(n, n, givens, allow_duplicate_lines);
    match takuzu.broken_rule() {
        Some((_, violation)) => Err(ParseError::at(*line, violation.into())),
        None => Ok(takuzu),
    }
}

/// A side must be even and at most [`MAX_SIDE`].
fn check_side(count: usize, what: &'static str, line: usize) -> Result<(), ParseError> {
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
    Ok(())
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
