//! The one-line form: one puzzle per line, n*n cell characters, with ids, ratings or CSV
//! fields around them.

use super::{
    box_for, fields, first_token, is_cell_char, is_label, value, Layouts, Line, Reading, Token,
    MAX_LINE_SIZE,
};
use crate::error::{ParseError, Problem};
use crate::grid::Grid;
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::symbols::{not_a_cell, Alphabet};

/// For each line that is not a header, the one-line puzzle it holds: its first field whose
/// length is n*n (n from 4 to 35) and whose characters are cell characters.
pub(super) fn one_line_puzzles<'a>(lines: &[Line<'a>]) -> Vec<(Line<'a>, Option<&'a str>)> {
    let puzzle = |f: &&str| {
        let len = f.chars().count();
        (4..=MAX_LINE_SIZE).any(|n| n * n == len) && f.chars().all(is_cell_char)
    };
    let mut found: Vec<(Line, Option<&str>)> = (lines.iter())
        .map(|&line| (line, fields(line.text).find(puzzle)))
        .collect();
    // A header line (`quizzes,solutions`) before the puzzles is no puzzle.
    if found.len() > 1 && found[0].1.is_none() && is_label(found[0].0.text) {
        found.remove(0);
    }
    found
}

/// One line's puzzle: its one-line field (`None`: the line has none, and the error says why).
pub(super) fn parse_line(
    line: Line,
    token: Option<&str>,
    reading: &Reading,
    layouts: &mut Layouts,
) -> Result<Latin, ParseError> {
    let at = |problem| ParseError::at(line.number, problem);
    let Some(token) = token else {
        let longest = fields(line.text)
            .map(|f| f.chars().count())
            .max()
            .unwrap_or(0);
        let n = (longest as f64).sqrt() as usize;
        if n * n == longest && n > MAX_LINE_SIZE {
            return Err(at(Problem::LineTooLong(n)));
        }
        let separator = |ch: char| ch.is_whitespace() || ch == ',' || ch == ';';
        if let Some(ch) = (line.text.chars()).find(|&ch| !is_cell_char(ch) && !separator(ch)) {
            return Err(at(not_a_cell(ch)));
        }
        return Err(at(Problem::LineLength(
            first_token(line.text).chars().count(),
        )));
    };
    let n = (token.len() as f64).sqrt() as usize;
    let symbols: Vec<char> = token.chars().collect();
    let alphabet = (reading.alphabet)
        .map_or_else(|| Alphabet::detect(&symbols, n), Ok)
        .map_err(at)?;
    let values = (token.chars())
        .map(|ch| value(Token::Char(ch), alphabet, n))
        .collect::<Result<Vec<u32>, Problem>>()
        .map_err(at)?;
    let shape = box_for(n, reading.box_shape).map_err(at)?;
    let givens = Grid::from_cells(n, values).ok_or(at(Problem::NoPuzzle))?;
    let style = Style::Compact(alphabet);
    layouts.validated(givens, shape, style, |_| line.number, reading.keep_clashes)
}
