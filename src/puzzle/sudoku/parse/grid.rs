//! The grid form: n rows of n cells, compact or spaced (or tab-separated, from a table), box
//! drawing ignored, several grids set apart by blank, comment or label lines.

use super::{box_for, is_cell_char, is_label, is_separator, value, Layouts, Line, Reading, Token};
use crate::error::{ParseError, Problem};
use crate::grid::Grid;
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::symbols::{not_a_cell, Alphabet, BLANKS};

/// A line that could be a row of a grid (perhaps with a bad character): no label, and at
/// least 4 cells.
pub(super) fn is_grid_row(text: &str) -> bool {
    !is_label(text) && row_tokens(text).len() >= 4
}

/// Grids: runs of rows, each as long as its first row has cells; labels between grids are
/// skipped. The last run may be short (a missing row).
pub(super) fn grid_blocks<'a>(lines: &[Line<'a>]) -> Vec<Vec<Line<'a>>> {
    let mut blocks: Vec<Vec<Line>> = Vec::new();
    // The side of the last block, from its first row: read once per block.
    let mut last_side = 0;
    for &line in lines {
        match blocks.last_mut() {
            Some(block) if block.len() < last_side => block.push(line),
            _ if is_label(line.text) => {}
            _ => {
                last_side = side(line.text);
                blocks.push(vec![line]);
            }
        }
    }
    blocks
}

/// The cells of a grid row as written.
pub(super) fn row_tokens(text: &str) -> Vec<Token> {
    for separator in ['\t', ',', ';'] {
        // A row copied from a table or a CSV file: fields, empty ones blank.
        let cells: Vec<&str> = text.split(separator).map(str::trim).collect();
        if cells.len() > 1 && cells.iter().all(|c| c.chars().count() <= 2) {
            return cells.into_iter().map(token).collect();
        }
    }
    let cleaned: String = (text.chars())
        .map(|ch| if is_separator(ch) { ' ' } else { ch })
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let numeric = |w: &&str| w.chars().all(|ch| ch.is_ascii_digit()) || BLANKS.contains(&single(w));
    if words.len() > 1 && words.iter().all(numeric) {
        return words.into_iter().map(token).collect();
    }
    words.concat().chars().map(Token::Char).collect()
}

/// The alphabet of a grid, from every compact cell it holds.
pub(super) fn grid_alphabet(block: &[Line]) -> Result<Alphabet, Problem> {
    let symbols: Vec<char> = (block.iter())
        .flat_map(|line| row_tokens(line.text))
        .filter_map(|t| match t {
            Token::Char(ch) => Some(ch),
            _ => None,
        })
        .collect();
    Alphabet::detect(&symbols, block.len())
}

/// One grid's puzzle: its rows, read in the reading's alphabet and box shape.
pub(super) fn parse_grid(
    rows: &[Line],
    reading: &Reading,
    layouts: &mut Layouts,
) -> Result<Latin, ParseError> {
    let n = side(rows[0].text);
    let (values, style) = read_rows(rows, (n, n), reading.alphabet)?;
    if rows.len() != n {
        let last = rows[rows.len() - 1].number;
        let found = rows.len();
        return Err(ParseError::at(
            last,
            Problem::RowCount { expected: n, found },
        ));
    }
    let shape = box_for(n, reading.box_shape).map_err(|p| ParseError::at(rows[0].number, p))?;
    let givens = Grid::from_rows(values).ok_or(ParseError::whole(Problem::NoPuzzle))?;
    layouts.validated(
        givens,
        shape,
        style,
        |r| rows[r].number,
        reading.keep_clashes,
    )
}

/// The values of grid rows of `n` cells (0 for a blank) and the style they are written in;
/// errors name the row's line.
pub(in crate::puzzle::sudoku) fn read_rows(
    rows: &[Line],
    (n, top): (usize, usize),
    alphabet: Option<Alphabet>,
) -> Result<(Vec<Vec<u32>>, Style), ParseError> {
    let alphabet = alphabet.map_or_else(|| grid_alphabet(rows), Ok);
    let mut values = Vec::with_capacity(n);
    let mut compact_rows = 0;
    for line in rows {
        let tokens = row_tokens(line.text);
        let at = |problem| ParseError::at(line.number, problem);
        if let Some(ch) = tokens.iter().find_map(|&t| match t {
            Token::Char(ch) if !is_cell_char(ch) => Some(ch),
            _ => None,
        }) {
            return Err(at(not_a_cell(ch)));
        }
        if tokens.len() != n {
            let found = tokens.len();
            return Err(at(Problem::CellCount { expected: n, found }));
        }
        compact_rows += usize::from(matches!(tokens.first(), Some(Token::Char(_))));
        let alphabet = alphabet.clone().map_err(at)?;
        let row = (tokens.into_iter())
            .map(|t| value(t, alphabet, top))
            .collect::<Result<Vec<u32>, Problem>>()
            .map_err(at)?;
        values.push(row);
    }
    let style = match (compact_rows * 2 >= n, alphabet) {
        (true, Ok(alphabet)) => Style::Compact(alphabet),
        _ => Style::Spaced,
    };
    Ok((values, style))
}

/// The only character of a one-character word (else a NUL that matches nothing).
pub(super) fn single(word: &str) -> char {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => ch,
        _ => '\0',
    }
}

/// A spaced or tab-separated cell: a number, a blank, or one character.
pub(super) fn token(word: &str) -> Token {
    match word {
        "" | "." | "_" => Token::Blank,
        w if w.chars().all(|ch| ch.is_ascii_digit()) => match w.parse::<u32>() {
            Ok(0) => Token::Blank,
            Ok(v) => Token::Number(v),
            Err(_) => Token::Number(u32::MAX),
        },
        w => Token::Char(single(w)),
    }
}

/// The number of cells a row has, which is the side of the grid it starts.
pub(super) fn side(text: &str) -> usize {
    row_tokens(text).len()
}
