//! Skyscrapers (`skyscraper`: `[{"cell": "R0C3", "value": "4"}]`): reading the row or column
//! from the clue's side, the clue counts the values larger than every value before them.
//! On values written from 0, a 0 is no building: it is never seen, as ISS counts.
//! Rows: the engine's `seen[j]` (cell j is larger than all before it), and their count (less
//! a first cell's 0).

use serde_json::Value;

use crate::error::Problem;
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::Written;
use crate::rule::engine::reading::{Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("skyscraper", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    outside::read(
        value,
        board,
        ("skyscraper", "skyscraper", "skyscraper"),
        (keeps, rows, |n, _| (1, n as i64), marks::Frame::Circle),
    )
}

/// Whether a line's values (a prefix of them, unless `complete`) may be seen `count` times,
/// a cell for each of the grid's values.
fn keeps(values: &[i64], complete: bool, count: i64, written: Written) -> bool {
    let mut seen = 0;
    let mut highest = 0;
    for &v in values {
        if v > highest {
            seen += 1;
            highest = v;
        }
    }
    let left = (written.n - values.len()) as i64;
    match complete {
        true => seen == count,
        false => seen <= count && seen + left >= count,
    }
}

/// The count of cells seen from the clue's side is the clue.
fn rows(clues: &[Clue], model: &mut Model, written: Written) {
    for (i, (line, count)) in clues.iter().enumerate() {
        let name = |what: String| format!("skyscraper{}_{what}", i + 1);
        let mut seen = LinExpr::default();
        for s in outside::seen(model, line, &name) {
            seen.add_var(s, 1.0);
        }
        // A written 0 is seen only first (a later cell has a larger value before it).
        if written.first == 0 {
            let (r, c) = line[0];
            seen.add_expr(&model.x(r, c, 0), -1.0);
        }
        let total = *count as f64;
        model.add(name("count".into()), seen, total, total);
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn four_seen_of_four_is_a_rising_line() {
        let rule = rule(r#"{"skyscraper": [{"cell": "R0C1", "value": "4"}]}"#, 4);
        let d = narrowed_square(&*rule, 4, &[]);
        for r in 0..4 {
            assert_eq!(values(&d, (r, 0)), [r as i64 + 1]);
        }
        let seen_two = grid_with(4, &[((0, 0), 3), ((1, 0), 1), ((2, 0), 4), ((3, 0), 2)]);
        assert_eq!(broken(&*rule, &seen_two).len(), 1);
    }
}
