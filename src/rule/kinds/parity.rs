//! Odd and even cells (`odd`, `even`: `[{"cell": "R1C1"}]`): the cell holds an odd value,
//! drawn as a grey circle, or an even one, drawn as a grey square.

use serde_json::Value;

use crate::error::Problem;
use crate::picture::Mark;
use crate::rule::engine::allowed::Allowed;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, items, one_cell, Board, Found};

/// The odd cells' registry entry.
pub static ODD: RuleKind = RuleKind::new("odd", |value, board| parity(value, board, "odd", 1));

/// The even cells' registry entry.
pub static EVEN: RuleKind = RuleKind::new("even", |value, board| parity(value, board, "even", 0));

/// The cells of a parity key, each allowed the values of parity `rest` (1 odd, 0 even).
fn parity(value: &Value, board: &Board, key: &'static str, rest: i64) -> Result<Found, Problem> {
    let allowed: Vec<i64> = (1..=board.n as i64).filter(|v| v % 2 == rest).collect();
    let mut cells = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let cell =
            one_cell(item, "cell", board.n).map_err(|p| at(format!("{key} {}", i + 1), p))?;
        cells.push((cell, allowed.clone()));
    }
    if cells.is_empty() {
        return Ok(Found::none());
    }
    let marks = (cells.iter())
        .map(|&(cell, _)| match rest {
            1 => marks::ring(cell, 0.4, true),
            _ => Mark::Rect {
                centre: crate::picture::centre(cell),
                size: (0.75, 0.75),
                fill: "#c8c8c8",
            },
        })
        .collect();
    let mut rule = Keyed::of(key, Allowed { cells }, (key, value.clone()));
    rule.under = marks;
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn odd_and_even_cells_keep_their_parity() {
        let odd = rule(r#"{"odd": [{"cell": "R1C1"}]}"#, 9);
        let d = narrowed(&*odd, candidates(1, 1, 9, &[])).unwrap();
        assert_eq!(values(&d, (0, 0)), [1, 3, 5, 7, 9]);
        let even = rule(r#"{"even": [{"cell": "R1C1"}]}"#, 9);
        let d = narrowed(&*even, candidates(1, 1, 9, &[])).unwrap();
        assert_eq!(values(&d, (0, 0)), [2, 4, 6, 8]);
        assert_eq!(
            broken(&*even, &grid_with(9, &[])),
            ["even r1c1 is broken: r1c1=1"]
        );
    }

    #[test]
    fn odd_and_even_cells_hold_by_check_and_rows_alike() {
        keeps_only(
            r#"{"odd": [{"cell": "R1C1"}]}"#,
            &sudoku_with(&[]),
            &sudoku_with(&[((0, 0), 2)]),
        );
        keeps_only(
            r#"{"even": [{"cell": "R1C2"}]}"#,
            &sudoku_with(&[]),
            &sudoku_with(&[((0, 1), 3)]),
        );
    }
}
