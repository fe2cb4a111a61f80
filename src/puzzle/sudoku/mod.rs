//! Sudoku of any size n from 4 to 64 with rectangular boxes: rows, columns and boxes are the
//! all-different areas of a [`Latin`] puzzle.

mod parse;

pub use parse::{box_for, parse_sudokus};

use super::latin::Latin;
use super::{boxed, Kind, OptionSpec, OptionValue, Options, Parsed};
use crate::error::{ParseError, Problem};

/// Largest supported side.
pub const MAX_SIZE: usize = 64;

/// The registry entry.
pub static KIND: Kind = Kind {
    name: "sudoku",
    about: "Solve Sudoku puzzles (.txt: grid or one-line form; 4x4 to 64x64)",
    extensions: &["txt"],
    options: &[OptionSpec {
        name: "box",
        help: "Box shape ROWSxCOLS, e.g. 2x3 (default: the most square shape)",
        value: OptionValue::Value {
            placeholder: "RxC",
            check: |text| parse_box(text).map(|_| ()),
        },
    }],
    parse,
};

fn parse(text: &str, options: &Options) -> Result<Vec<Parsed>, ParseError> {
    let box_shape = match options.get("box") {
        None => None,
        Some(text) => Some(parse_box(text).map_err(|message| {
            ParseError::whole(Problem::Option {
                name: "box",
                message,
            })
        })?),
    };
    Ok(boxed::<Latin>(parse_sudokus(text, box_shape)?))
}

/// `RxC`, e.g. `2x3`, with both sides at least 1.
fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let expected = || format!("expected ROWSxCOLS such as 2x3, found '{text}'");
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(expected)?;
    let number = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v >= 1);
    match (number(r), number(c)) {
        (Some(r), Some(c)) => Ok((r, c)),
        _ => Err(expected()),
    }
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
