//! Sudoku of any size n from 4 to 64 with rectangular boxes: rows, columns and boxes are the
//! all-different areas of a [`Latin`] puzzle.

mod bars;
pub(crate) mod fpuzzles;
pub mod iss;
mod links;
mod parse;
mod solo;
mod sudokupad;
pub mod variant;

pub use parse::{box_for, parse_sudokus, Reading};
pub(crate) use solo::game_id as solo_game_id;
pub use solo::SOLO_VARIANTS;

use super::latin::{boxed_with_game_id, Latin};
use super::symbols::Alphabet;
use super::{gameid, Entry, Kind, OptionSpec, OptionValue, Options, Parsed, ValueError};
use crate::error::{ParseError, Problem};

/// Largest supported side.
pub const MAX_SIZE: usize = 64;

/// Sudoku's own options; `None` where not given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SudokuOptions {
    /// `--box RxC`: rows and columns of a box.
    pub box_shape: Option<(usize, usize)>,
    /// `--alphabet`: the characters of compact cells.
    pub alphabet: Option<Alphabet>,
}

/// The registry entry.
pub static KIND: Kind = Kind {
    name: "sudoku",
    title: "Sudoku",
    about: "Solve Sudoku puzzles and variants (.txt: grid or one-line form, 4x4 to 64x64, janko's bar codes, f-puzzles and SudokuPad links; .json: variant JSON with Jigsaw regions and the variants' rules, Latin squares)",
    extensions: &["txt", "sdk", "ss", "sdm", "csv", "json", "iss"],
    options: &[
        OptionSpec {
            name: "box",
            help: "Box shape ROWSxCOLS, e.g. 2x3 (default: the most square shape)",
            value: OptionValue::Value {
                placeholder: "RxC",
                set: |o, text| parse_box(text).map(|shape| o.sudoku.box_shape = Some(shape)),
            },
            generates: true,
        },
        OptionSpec {
            name: "alphabet",
            help: "Characters of compact cells: 1-9A-Z (0 blank), 0-9A-Z (0 is a value) or A-Z \
                   (default: told from the file)",
            value: OptionValue::Value {
                placeholder: "ALPHABET",
                set: |o, text| parse_alphabet(text).map(|a| o.sudoku.alphabet = Some(a)),
            },
            generates: false,
        },
        OptionSpec {
            name: "grid",
            help: "Read the file as grids (n rows of n cells)",
            value: OptionValue::Flag {
                set: |o| o.grid = true,
            },
            generates: false,
        },
        OptionSpec {
            name: "line",
            help: "Read each line as one puzzle",
            value: OptionValue::Flag {
                set: |o| o.line = true,
            },
            generates: false,
        },
    ],
    recognizes,
    parse,
    game: Some(gameid::Game::Solo),
};

/// JSON with the variant format's keys and no KenKen ops, a Solo game ID, or digits other
/// than 0 and 1 in a cell line: no other kind writes them.
fn recognizes(text: &str) -> bool {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if links::holds_links(trimmed) || iss::holds_iss(trimmed) {
        return true;
    }
    if trimmed.starts_with(['{', '[']) {
        // The layout's keys, a cage's sum, or any rule's key but `cages`, which KenKen's is too:
        // each quoted word of the text, looked up once.
        let known = |word: &str| {
            ["givens", "regions", "box", "sum"].contains(&word)
                || (word != "cages" && crate::rule::RULES.iter().any(|kind| kind.key == word))
        };
        let mut words = text.split('"').skip(1).step_by(2);
        return !text.contains("\"op\"") && words.any(known);
    }
    if gameid::first_game(text).is_some() {
        return gameid::has_game(text, gameid::Game::Solo);
    }
    // An `R C` size header is no cell: a Takuzu may have one too.
    let skip = usize::from(bars::has_header(text));
    (text.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .skip(skip)
        // A lone number (`42`) is no cell line: a row or a one-line puzzle has 4 cells at least.
        .any(|l| {
            l.chars().any(|ch| ('2'..='9').contains(&ch))
                && l.chars().filter(char::is_ascii_alphanumeric).count() >= 4
        })
}

/// The longest line of cells a Sudoku file may have: a one-line 35x35 with its solution and
/// ids.
const MAX_LINE: usize = 10_000;

/// The longest line of a link or JSON (a setter's puzzle with many rules runs to thousands of
/// characters).
const MAX_RECORD: usize = 16 << 20;

fn parse(text: &str, options: &Options) -> Result<Vec<Parsed>, ParseError> {
    super::check_line_lengths(text, MAX_RECORD)?;
    let alphabet = options.sudoku.alphabet;
    let reading = Reading {
        box_shape: options.sudoku.box_shape,
        alphabet,
        grid: super::grid_or_lines(options)?,
        keep_clashes: options.keep_clashing_givens,
    };
    if iss::holds_iss(text.trim_start_matches('\u{feff}')) {
        return Ok(boxed_with_game_id(iss::parse_iss(text), solo::game_id));
    }
    if links::holds_links(text.trim_start_matches('\u{feff}')) {
        return Ok(boxed_with_game_id(links::parse_links(text), solo::game_id));
    }
    if text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with(['{', '['])
    {
        return Ok(boxed_with_game_id(
            variant::parse_json(text, alphabet)?,
            solo::game_id,
        ));
    }
    super::check_line_lengths(text, MAX_LINE)?;
    // A grid pasted with spaces as blanks: its first row is no `R C` header.
    let dotted = parse::blanks_as_dots(text)?;
    let text = dotted.as_deref().unwrap_or(text);
    // `--line` and `--grid` choose a reading of plain text: no header form then.
    let headed = bars::headed(text).filter(|_| reading.grid.is_none());
    let text = match &headed {
        Some(bars::Headed::Bars) => {
            return Ok(boxed_with_game_id(
                bars::parse_bar_form(text)?,
                solo::game_id,
            ))
        }
        Some(bars::Headed::Grid { text: grid, .. }) => match super::other_kind(&KIND, grid) {
            // Under its header the grid is another kind's (a Takuzu's 0s and 1s).
            Some(other) => {
                let (title, name) = (other.title, other.name);
                return Err(ParseError::whole(Problem::OtherKind { title, name }));
            }
            None => grid.as_str(),
        },
        None => text,
    };
    if gameid::has_game(text, gameid::Game::Solo) {
        return Ok(boxed_with_game_id(solo::parse_ids(text), solo::game_id));
    }
    let classic = parse_sudokus(text, &reading)?;
    if let Some(bars::Headed::Grid { size, line, .. }) = headed {
        // The header states one grid of its size: anything else is not what it says.
        let one = |e: &Entry<Latin>| {
            e.puzzle
                .as_ref()
                .map_or(true, |p| p.givens().rows() == size)
        };
        if classic.len() != 1 || !one(&classic[0]) {
            let message = format!("the header says {size}x{size}, but the rows under it are not one {size}x{size} grid");
            return Err(ParseError::at(line, Problem::BarForm(message)));
        }
    }
    let named = (classic.into_iter())
        .map(|e| Entry {
            line: e.line,
            puzzle: e.puzzle.map(|p| p.with_variant(Vec::new())),
        })
        .collect();
    Ok(boxed_with_game_id(named, solo::game_id))
}

/// `RxC`, e.g. `2x3`, with both sides at least 1 (`--box`, and `box` in JSON).
pub fn parse_box(text: &str) -> Result<(usize, usize), ValueError> {
    let expected = || ValueError {
        expected: "ROWSxCOLS such as 2x3",
        found: text.to_string(),
    };
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(expected)?;
    let number = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v >= 1);
    match (number(r), number(c)) {
        (Some(r), Some(c)) => Ok((r, c)),
        _ => Err(expected()),
    }
}

fn parse_alphabet(text: &str) -> Result<Alphabet, ValueError> {
    Alphabet::from_name(text).ok_or_else(|| ValueError {
        expected: "1-9A-Z, 0-9A-Z or A-Z",
        found: text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shape_parses_rows_by_columns() {
        assert_eq!(parse_box("2x3"), Ok((2, 3)));
        assert!(parse_box("2by3").is_err());
        assert!(parse_box("0x3").is_err());
    }
}
