//! The consecutive bar-code form (janko.at's "Konsekutiv" puzzles as the puzzlekit dataset
//! writes them): an `R C` header, R rows of givens (`-` blank), then R rows of bar codes, one
//! number per cell, the sum of 8 (a bar to the cell above), 2 (below), 4 (left) and 1 (right).
//! It is a Latin square (no boxes) with the negative rule: side-by-side cells without a bar
//! are not consecutive.

use super::variant::{Layout, Spec};
use super::MAX_SIZE;
use crate::error::{ParseError, Problem};
use crate::grid::{cell_name, Cell, Grid};
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::Entry;

/// The lines that are neither blank nor comments, with their 1-based numbers.
fn content(text: &str) -> Vec<(usize, &str)> {
    (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// The `R C` header: two whole numbers from 4 to the largest side, and nothing else (a
/// one-line puzzle beside a number is no header).
fn header(line: &str) -> Option<(usize, usize)> {
    let side = |t: &str| t.parse().ok().filter(|n| (4..=MAX_SIZE).contains(n));
    match line.split_whitespace().collect::<Vec<_>>()[..] {
        [r, c] => Some((side(r)?, side(c)?)),
        _ => None,
    }
}

/// Whether `text` opens with an `R C` header.
pub fn has_header(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    content(text)
        .first()
        .is_some_and(|(_, l)| header(l).is_some())
}

/// What an `R C` header opens: the bar-code form, or (R rows after it) a plain grid.
pub enum Headed {
    /// The consecutive bar-code form (or a malformed text with its header).
    Bars,
    /// A grid whose size the header states.
    Grid {
        /// The text with the header made a comment, so that the grid reader keeps every
        /// line's number.
        text: String,
        /// The side the header states.
        size: usize,
        /// The header's line.
        line: usize,
    },
}

/// What the text is when it opens with an `R C` header; `None` when it does not.
pub fn headed(text: &str) -> Option<Headed> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = content(text);
    let &(first, head) = lines.first()?;
    let (rows, cols) = header(head)?;
    if rows == cols && lines.len() - 1 == rows {
        let commented = (text.lines().enumerate())
            .map(|(i, l)| match i + 1 == first {
                true => format!("# {l}"),
                false => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n");
        return Some(Headed::Grid {
            text: commented,
            size: rows,
            line: first,
        });
    }
    Some(Headed::Bars)
}

/// The puzzle of a text in the bar-code form.
pub fn parse_bar_form(text: &str) -> Result<Vec<Entry<Latin>>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = content(text);
    let Some(&(first, head)) = lines.first() else {
        return Err(ParseError::whole(Problem::NoPuzzle));
    };
    let puzzle = read(&lines, header(head).unwrap_or((0, 0)));
    Ok(vec![Entry {
        line: first,
        puzzle,
    }])
}

fn read(lines: &[(usize, &str)], (rows, cols): (usize, usize)) -> Result<Latin, ParseError> {
    let at = |line: usize, message: String| ParseError::at(line, Problem::BarForm(message));
    let first = lines[0].0;
    if rows != cols {
        return Err(at(
            first,
            format!("a consecutive puzzle is square, found {rows}x{cols}"),
        ));
    }
    let n = rows;
    if !(4..=MAX_SIZE).contains(&n) {
        let problem = Problem::Size {
            size: n,
            min: 4,
            max: MAX_SIZE,
        };
        return Err(ParseError::at(first, problem));
    }
    if lines.len() != 1 + 2 * n {
        let problem = Problem::RowCount {
            expected: 2 * n,
            found: lines.len() - 1,
        };
        let message = format!(
            "{problem} after the header ({n} of givens, {n} of bar codes; or {n} rows of a grid)"
        );
        return Err(at(first, message));
    }
    let mut givens = Grid::filled(n, n, 0);
    let mut codes = vec![vec![0u8; n]; n];
    for (r, &(line, text)) in lines[1..].iter().enumerate() {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != n {
            let problem = Problem::CellCount {
                expected: n,
                found: tokens.len(),
            };
            return Err(ParseError::at(line, problem));
        }
        for (c, token) in tokens.into_iter().enumerate() {
            let number = token.parse::<usize>().ok();
            if r < n {
                match (token, number) {
                    ("-", _) => {}
                    (_, Some(v)) if (1..=n).contains(&v) => givens.set(r, c, v as u32),
                    _ => {
                        let message =
                            format!("r{}c{} is '{token}': expected - or 1..{n}", r + 1, c + 1);
                        return Err(at(line, message));
                    }
                }
            } else {
                match number.filter(|&v| v <= 15) {
                    Some(code) => codes[r - n][c] = code as u8,
                    None => {
                        let message = format!(
                            "the bar code of r{}c{} is '{token}': expected 0..15",
                            r - n + 1,
                            c + 1
                        );
                        return Err(at(line, message));
                    }
                }
            }
        }
    }
    let bars = bars(&codes).map_err(|(r, message)| at(lines[1 + n + r].0, message))?;
    let spec = Spec {
        givens,
        layout: Layout::Latin,
        rules: crate::rule::consecutive_marks(&bars),
        style: Style::Spaced,
    };
    spec.build().map_err(|mut e| {
        e.line.get_or_insert(first);
        e
    })
}

/// The bars of the codes, each once, or the row (0-based) and why the codes do not agree:
/// every bar must point at a cell of the grid whose own code has the bar back.
fn bars(codes: &[Vec<u8>]) -> Result<Vec<(Cell, Cell)>, (usize, String)> {
    let n = codes.len();
    // (bit, row step, column step, the neighbour's bit back)
    const SIDES: [(u8, isize, isize, u8); 4] =
        [(8, -1, 0, 2), (2, 1, 0, 8), (4, 0, -1, 1), (1, 0, 1, 4)];
    let mut bars = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for (bit, dr, dc, back) in SIDES {
                if codes[r][c] & bit == 0 {
                    continue;
                }
                let other = (r.checked_add_signed(dr), c.checked_add_signed(dc));
                let other = match other {
                    (Some(r2), Some(c2)) if r2 < n && c2 < n => (r2, c2),
                    _ => {
                        let message = format!(
                            "the bar {bit} of {} points outside the grid",
                            cell_name((r, c))
                        );
                        return Err((r, message));
                    }
                };
                if codes[other.0][other.1] & back == 0 {
                    let (from, to) = (cell_name((r, c)), cell_name(other));
                    return Err((
                        r,
                        format!("{from} has a bar to {to}, whose code has no bar back"),
                    ));
                }
                if (r, c) < other {
                    bars.push(((r, c), other));
                }
            }
        }
    }
    Ok(bars)
}

#[cfg(test)]
#[path = "bars_tests.rs"]
mod tests;
