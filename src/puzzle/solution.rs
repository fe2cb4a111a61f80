//! A proposed solution read from text, for `--verify`: one row per line, compact (one
//! character per cell) or spaced numbers; blank, `#` comment and box-drawing lines skipped.

use crate::error::{ParseError, Problem};
use crate::grid::Grid;

/// What cells of a proposed solution may be, for messages.
const CELLS: &str = "a solution has a value in every cell";

/// Reads a complete grid of `rows` x `cols` values; `value_of` gives a compact cell's value.
pub fn read_grid(
    text: &str,
    (rows, cols): (usize, usize),
    value_of: impl Fn(char) -> Option<u32>,
) -> Result<Grid, ParseError> {
    let mut values = Vec::with_capacity(rows);
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        let cleaned: String = (line.trim_start_matches('\u{feff}').chars())
            .map(|ch| if "|+".contains(ch) { ' ' } else { ch })
            .collect();
        let content = cleaned.trim();
        if content.is_empty()
            || content.starts_with('#')
            || content.chars().all(|c| "-=*".contains(c) || c == ' ')
        {
            continue;
        }
        let at = |problem| ParseError::at(i + 1, problem);
        let fields: Vec<&str> = (content.split(|c: char| c.is_whitespace() || c == ','))
            .filter(|f| !f.is_empty())
            .collect();
        let row: Vec<u32> =
            match fields.len() > 1 && fields.iter().all(|f| f.parse::<u32>().is_ok()) {
                true => fields.iter().filter_map(|f| f.parse().ok()).collect(),
                false => (fields.concat().chars())
                    .map(|ch| {
                        value_of(ch).ok_or(at(Problem::Symbol {
                            ch,
                            expected: CELLS,
                        }))
                    })
                    .collect::<Result<_, _>>()?,
            };
        if row.len() != cols {
            let found = row.len();
            return Err(at(Problem::CellCount {
                expected: cols,
                found,
            }));
        }
        values.push(row);
        last = i + 1;
    }
    if values.len() != rows {
        let problem = Problem::RowCount {
            expected: rows,
            found: values.len(),
        };
        return Err(match last {
            0 => ParseError::whole(problem),
            line => ParseError::at(line, problem),
        });
    }
    Grid::from_rows(values).ok_or(ParseError::whole(Problem::NoPuzzle))
}

/// A compact cell as a number: `0`-`9`, then `A`/`a` = 10, `B` = 11, ...
pub fn plain_value(ch: char) -> Option<u32> {
    ch.to_digit(36)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_compact_and_spaced_rows_and_names_the_line_of_a_short_row() {
        let grid = read_grid("# mine\n12\n+--+\n|2 1|\n", (2, 2), plain_value).unwrap();
        assert_eq!(grid.to_rows(), vec![vec![1, 2], vec![2, 1]]);
        let spaced = read_grid("10 11\n11 10\n", (2, 2), plain_value).unwrap();
        assert_eq!(spaced.to_rows(), vec![vec![10, 11], vec![11, 10]]);
        let short = read_grid("12\n2\n", (2, 2), plain_value).unwrap_err();
        assert_eq!(short.to_string(), "2: expected 2 cells, found 1");
        let missing = read_grid("12\n", (2, 2), plain_value).unwrap_err();
        assert_eq!(missing.to_string(), "1: expected 2 rows, found 1");
        let blank = read_grid("1.\n21\n", (2, 2), plain_value).unwrap_err();
        assert!(
            blank.to_string().starts_with("1: unexpected character '.'"),
            "{blank}"
        );
    }
}
