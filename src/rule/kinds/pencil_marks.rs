//! The setter's pencil marks (`grid[r][c].givenPencilMarks`, and a cell's `parity`): the cell
//! holds one of the marked values. f-puzzles keeps them in the grid, so this rule reads the
//! `grid` key for them alone (the givens and regions are the puzzle's own).

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::allowed::Allowed;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::reading::{at, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "grid", read };

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let n = board.top as i64;
    // Marks and parity speak of written values (from `board.first`).
    let written = |v: i64| v + board.written().offset();
    let mut cells = Vec::new();
    let rows = value.as_array().map(Vec::as_slice).unwrap_or_default();
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
        for (c, cell) in row.iter().enumerate().filter(|_| r < board.n) {
            let place = || format!("grid {}", cell_name((r, c)));
            let mut allowed: Vec<i64> = (1..=n).collect();
            if let Some(Value::Array(marks)) = cell.get("givenPencilMarks") {
                let marked: Option<Vec<i64>> = (marks.iter())
                    .map(|v| Some(i64::from(board.value(v.as_u64()?)?)))
                    .collect();
                let marked = marked.ok_or_else(|| {
                    let (low, high) = (written(1), written(n));
                    at(
                        place(),
                        wrong(format!("givenPencilMarks must be values {low}..{high}")),
                    )
                })?;
                allowed.retain(|v| marked.contains(v));
            }
            match cell.get("parity").and_then(Value::as_str) {
                Some("Odd") => allowed.retain(|&v| written(v) % 2 == 1),
                Some("Even") => allowed.retain(|&v| written(v) % 2 == 0),
                _ => {}
            }
            if allowed.len() < board.top {
                cells.push(((r, c), allowed));
            }
        }
    }
    if cells.is_empty() {
        return Ok(Found::none());
    }
    // Written back as a grid holding only the marks, as written values.
    let mut grid = vec![vec![serde_json::json!({}); board.n]; board.n];
    for ((r, c), allowed) in &cells {
        let marks: Vec<i64> = allowed.iter().map(|&v| written(v)).collect();
        grid[*r][*c] = serde_json::json!({ "givenPencilMarks": marks });
    }
    let json = ("grid", serde_json::json!(grid));
    Ok(Found::rule(Keyed::of(
        "pencil marks",
        Allowed { cells },
        json,
    )))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_setter_s_pencil_marks_restrict_the_cell() {
        let json = r#"{"grid": [[{"givenPencilMarks": [1, 2]}, {}, {}, {"parity": "Even"}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
        let rule = rule(json, 4);
        let d = narrowed(&*rule, candidates(4, 4, 4, &[])).unwrap();
        assert_eq!(values(&d, (0, 0)), [1, 2]);
        assert_eq!(values(&d, (0, 3)), [2, 4]);
        assert_eq!(values(&d, (1, 1)), [1, 2, 3, 4]);
    }
}
