//! Sudoku text: grids (n rows, compact or spaced, box drawing ignored; several grids separated
//! by blank, comment or label lines such as `Grid 01`) or one-line puzzles (one per line,
//! with ids, ratings or CSV fields around them). Where both readings fit, the one whose
//! puzzles all validate is taken; when both do, the reader refuses and names `--grid`/`--line`.

mod grid;
mod line;
mod pasted;

use std::collections::HashMap;
use std::sync::Arc;

use super::MAX_SIZE;
use crate::error::{ParseError, Problem};
use crate::geometry::{boxes, columns, rows, Area};
use crate::grid::Grid;
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::symbols::{not_a_cell, Alphabet, BLANKS};
use crate::puzzle::Entry;
pub(super) use grid::read_rows;
use grid::{grid_blocks, is_grid_row, parse_grid, side};
use line::{one_line_puzzles, parse_line};
pub use pasted::blanks_as_dots;

/// Characters of box drawing, ignored in grid rows.
const SEPARATORS: [char; 3] = ['|', '-', '+'];

/// Whether `ch` draws a box: ASCII `|-+`, or Unicode box drawing (`┌─┬│`).
fn is_separator(ch: char) -> bool {
    SEPARATORS.contains(&ch) || ('\u{2500}'..='\u{257f}').contains(&ch)
}

/// The largest one-line puzzle.
const MAX_LINE_SIZE: usize = 35;

/// How to read a file when the content does not decide it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reading {
    /// An explicit box shape.
    pub box_shape: Option<(usize, usize)>,
    /// An explicit alphabet for compact cells.
    pub alphabet: Option<Alphabet>,
    /// `Some(true)`: grids only; `Some(false)`: one-line puzzles only.
    pub grid: Option<bool>,
    /// Givens that clash are read, not refused (for a repair or an explanation).
    pub keep_clashes: bool,
}

/// One line of input: its 1-based number and text without surrounding spaces.
#[derive(Debug, Clone, Copy)]
pub(super) struct Line<'a> {
    /// The 1-based line number.
    pub number: usize,
    /// The text.
    pub text: &'a str,
}

/// A cell as written, before the alphabet gives it a value.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Token {
    Char(char),
    Number(u32),
    Blank,
}

/// Parses a file into its puzzles; a bad puzzle in a collection fails only itself.
pub fn parse_sudokus(text: &str, reading: &Reading) -> Result<Vec<Entry<Latin>>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<Line> = (text.lines().enumerate())
        .map(|(i, l)| Line {
            number: i + 1,
            text: without_comment(l).trim_matches([' ', '\r']),
        })
        // A table row of blank cells is only tabs: it counts.
        .filter(|l| !l.text.trim().is_empty() || l.text.matches('\t').count() >= 2)
        .filter(|l| !l.text.starts_with('#') && !is_border(l.text))
        .collect();
    if lines.is_empty() {
        return Err(ParseError::whole(Problem::NoPuzzle));
    }
    let one_liners = one_line_puzzles(&lines);
    let blocks = grid_blocks(&lines);
    let grids_fit = !blocks.is_empty() && blocks.iter().all(|b| b.len() == side(b[0].text));
    let grids_fit = grids_fit && blocks.iter().all(|b| (4..=MAX_SIZE).contains(&b.len()));
    let read_grids = |layouts: &mut Layouts| -> Vec<Entry<Latin>> {
        (blocks.iter())
            .map(|b| Entry {
                line: b[0].number,
                puzzle: parse_grid(b, reading, layouts),
            })
            .collect()
    };
    let read_lines = |layouts: &mut Layouts| -> Vec<Entry<Latin>> {
        (one_liners.iter())
            .map(|&(line, token)| Entry {
                line: line.number,
                puzzle: parse_line(line, token, reading, layouts),
            })
            .collect()
    };
    let mut layouts = Layouts::default();
    let lines_fit = one_liners.iter().any(|(_, token)| token.is_some());
    let entries = match (reading.grid, grids_fit, lines_fit) {
        (Some(true), ..) | (None, true, false) => read_grids(&mut layouts),
        (Some(false), ..) | (None, false, true) => read_lines(&mut layouts),
        (None, true, true) => {
            let (grids, singles) = (read_grids(&mut layouts), read_lines(&mut layouts));
            let valid = |all: &[Entry<Latin>]| all.iter().all(|e| e.puzzle.is_ok());
            match (valid(&grids), valid(&singles)) {
                (true, true) if !set_apart(&blocks) => {
                    let (grids, lines) = (grids.len(), singles.len());
                    return Err(ParseError::whole(Problem::AmbiguousReading {
                        grids,
                        lines,
                    }));
                }
                (false, true) => singles,
                _ => grids,
            }
        }
        // Neither fits: report what is wrong in the reading the text is closer to.
        (None, false, false) if lines.len() == 1 || first_token(lines[0].text).len() > MAX_SIZE => {
            read_lines(&mut layouts)
        }
        (None, false, false) => read_grids(&mut layouts),
    };
    let plausible = (one_liners.iter())
        .filter(|&&(line, token)| token.is_some() || is_grid_row(line.text))
        .count();
    if entries.iter().all(|e| e.puzzle.is_err()) && plausible * 2 < lines.len() {
        return Err(ParseError::whole(Problem::NotAPuzzle {
            title: "Sudoku",
            expected: "most lines read neither as grid rows nor as one-line puzzles",
        }));
    }
    match entries.is_empty() {
        true => Err(ParseError::whole(Problem::NoPuzzle)),
        false => Ok(entries),
    }
}

/// The line without a trailing `# comment` (a row may carry one); a line that opens with
/// `#` stays whole, and is a comment line.
fn without_comment(line: &str) -> &str {
    match line.trim_start().starts_with('#') {
        true => line,
        false => line.split('#').next().unwrap_or(line),
    }
}

/// Grids each set apart from the next by a blank, comment or label line (or a single grid):
/// n lines of n cells are then an n x n grid, since nobody writes exactly n one-line
/// puzzles of side sqrt(n) in blocks of n.
fn set_apart(blocks: &[Vec<Line>]) -> bool {
    (blocks.windows(2)).all(|w| w[1][0].number > w[0][w[0].len() - 1].number + 1)
}

/// A line drawn only with box-drawing characters (`+---+---+`, `*-----*`).
fn is_border(text: &str) -> bool {
    !text.contains('\t')
        && text
            .chars()
            .all(|ch| is_separator(ch) || ch == '*' || ch == '=' || ch.is_whitespace())
}

/// A label between grids, such as `Grid 01` or a CSV header: a word of two or more letters
/// beside another field, or a word with a lower-case letter.
fn is_label(text: &str) -> bool {
    let fields: Vec<&str> = fields(text).collect();
    let word = |f: &&str| f.len() >= 2 && f.chars().all(|ch| ch.is_ascii_alphabetic());
    let lower = |f: &&str| f.chars().any(|ch| ch.is_ascii_lowercase());
    fields
        .iter()
        .any(|f| word(f) && (fields.len() > 1 || lower(f)))
}

/// The fields of a line: split at white space, commas and semicolons.
fn fields(text: &str) -> impl Iterator<Item = &str> {
    text.split(|ch: char| ch.is_whitespace() || ch == ',' || ch == ';')
        .filter(|f| !f.is_empty())
}

fn first_token(text: &str) -> &str {
    fields(text).next().unwrap_or("")
}

/// A character that can be a compact cell under some alphabet.
fn is_cell_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || BLANKS.contains(&ch)
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

    /// Checks the givens for repeats, naming the line of the second one.
    fn validated(
        &mut self,
        givens: Grid,
        shape: (usize, usize),
        style: Style,
        line_of_row: impl Fn(usize) -> usize,
        keep_clashes: bool,
    ) -> Result<Latin, ParseError> {
        // Most puzzles repeat nothing: a pass over bit sets says so, and only a repeat seen
        // is looked for again area by area, to name it.
        let clash = !keep_clashes && repeats_some(&givens, shape);
        let sudoku = self.sudoku(givens, shape, style);
        match clash.then(|| sudoku.conflict()).flatten() {
            Some(((r, _), violation)) => Err(ParseError::at(line_of_row(r), violation.into())),
            None => Ok(sudoku),
        }
    }
}

/// Whether some value may repeat in a row, column or `box_rows x box_cols` box of `givens`
/// (0 is a blank; boxes as [`boxes`] lays them out): values past 127, or boxes that do not
/// tile the grid, count as repeats, for the area by area look to judge.
fn repeats_some(givens: &Grid, (box_rows, box_cols): (usize, usize)) -> bool {
    let n = givens.rows();
    if box_rows == 0 || box_cols == 0 || box_rows * box_cols != n || givens.cols() != n {
        return true;
    }
    // The values seen in each row, then each column, then each box: one allocation.
    let mut seen = vec![0u128; 3 * n];
    let (rows, rest) = seen.split_at_mut(n);
    let (columns, boxes) = rest.split_at_mut(n);
    let boxes_across = n / box_cols;
    for (i, &v) in givens.values().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let Some(bit) = 1u128.checked_shl(v) else {
            return true;
        };
        let (r, c) = (i / n, i % n);
        let b = r / box_rows * boxes_across + c / box_cols;
        if (rows[r] | columns[c] | boxes[b]) & bit != 0 {
            return true;
        }
        rows[r] |= bit;
        columns[c] |= bit;
        boxes[b] |= bit;
    }
    false
}

/// The value of one cell, 0 for a blank.
fn value(token: Token, alphabet: Alphabet, n: usize) -> Result<u32, Problem> {
    let value = match token {
        Token::Blank => return Ok(0),
        Token::Number(v) => v,
        Token::Char(ch) => alphabet.value(ch)?,
    };
    if value as usize <= n {
        return Ok(value);
    }
    match token {
        // A letter past the grid's values is some other mark (`x` or `O` for a blank, say).
        Token::Char(ch) if ch.is_ascii_alphabetic() => Err(not_a_cell(ch)),
        Token::Char(ch) => Err(out_of_range(ch.to_string(), n)),
        _ => Err(out_of_range(value.to_string(), n)),
    }
}

fn out_of_range(token: String, max: usize) -> Problem {
    Problem::ValueOutOfRange { token, max }
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
mod tests;
