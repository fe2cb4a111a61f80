//! The Takuzu verifier shown grids that each break exactly one rule.

use super::*;
use crate::geometry::AreaName;
use crate::puzzle::FromRules;

fn grid(rows: &[&str]) -> Grid {
    let digits = |row: &str| row.chars().map(|ch| u32::from(ch == '1')).collect();
    Grid::from_rows(rows.iter().map(|&r| digits(r)).collect()).unwrap()
}

fn blank(rows: usize, cols: usize, allow_duplicate_lines: bool) -> Takuzu {
    Takuzu::new(rows, cols, vec![None; rows * cols], allow_duplicate_lines)
}

const SOLVED: [&str; 4] = ["0101", "1010", "0110", "1001"];

#[test]
fn a_valid_grid_passes() {
    assert_eq!(blank(4, 4, false).verify(&grid(&SOLVED)), Ok(()));
}

#[test]
fn more_than_half_of_one_digit_in_a_line_is_named() {
    let g = grid(&["1101", "1010", "0110", "1001"]);
    let expected = Violation::Balance {
        line: AreaName::Row(0),
        digit: 1,
        count: 3,
        len: 4,
    };
    assert_eq!(blank(4, 4, false).verify(&g), Err(expected));
}

#[test]
fn three_equal_digits_in_a_row_are_named_with_their_cells() {
    // Balanced 2x6 rows; the columns repeat, which this puzzle allows.
    let g = grid(&["000111", "111000"]);
    let expected = Violation::ThreeInARow {
        line: AreaName::Row(0),
        digit: 0,
        cells: [(0, 0), (0, 1), (0, 2)],
    };
    assert_eq!(blank(2, 6, true).verify(&g), Err(expected));
}

#[test]
fn equal_lines_are_named_unless_allowed() {
    let g = grid(&["0101", "1010", "0101", "1010"]);
    let expected = Violation::EqualLines {
        first: AreaName::Row(0),
        second: AreaName::Row(2),
    };
    assert_eq!(blank(4, 4, false).verify(&g), Err(expected));
    assert_eq!(blank(4, 4, true).verify(&g), Ok(()));
}

#[test]
fn a_changed_given_is_named() {
    let mut givens = vec![None; 16];
    givens[5] = Some(1);
    let puzzle = Takuzu::new(4, 4, givens, false);
    let expected = Violation::Given {
        cell: (1, 1),
        value: 0,
        given: 1,
    };
    assert_eq!(puzzle.verify(&grid(&SOLVED)), Err(expected));
}

#[test]
fn a_digit_other_than_zero_or_one_is_named() {
    let mut g = grid(&SOLVED);
    g.set(3, 2, 2);
    let expected = Violation::OutOfRange {
        cell: (3, 2),
        value: 2,
        min: 0,
        max: 1,
    };
    assert_eq!(blank(4, 4, false).verify(&g), Err(expected));
}
