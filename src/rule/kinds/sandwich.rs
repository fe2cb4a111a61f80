//! Sandwich sums (`sandwichsum`: `[{"cell": "R0C3", "value": "12"}]`): in the row or column
//! beside the clue, the values between the 1 and the largest value (9 on a 9x9) add up to the
//! clue (0 when they are side by side). Rows: for each two places the 1 and the largest value
//! may take, a 0-1 variable forced to 1 when they are there, and the sum between them then.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::Cell;
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::{Board, Found};
use crate::rule::engine::sums::sum_when;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("sandwichsum", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    outside::read(
        value,
        board,
        ("sandwich", "sandwichsum", "sandwich"),
        (
            keeps,
            rows,
            |n| (0, (n * (n + 1) / 2 - 1 - n) as i64),
            marks::Frame::Bare,
        ),
    )
}

/// Whether a line's values (a prefix of them, unless `complete`) may keep the sum between 1
/// and `top`.
fn keeps(values: &[i64], complete: bool, sum: i64, n: usize) -> bool {
    let top = n as i64;
    // The places of 1 and the top value (asked at every step of the search: no allocation).
    let mut ends = (0..values.len()).filter(|&j| values[j] == 1 || values[j] == top);
    match (ends.next(), ends.next(), ends.next()) {
        (Some(a), Some(b), None) => values[a + 1..b].iter().sum::<i64>() == sum,
        (Some(a), None, _) => !complete && values[a + 1..].iter().sum::<i64>() <= sum,
        _ => !complete,
    }
}

/// For each two places the 1 and the largest value may take, a 0-1 variable forced to 1 when
/// they are there, and the sum between them then.
fn rows(clues: &[Clue], model: &mut Model) {
    let top = model.domains().values().len() - 1;
    for (i, (line, sum)) in clues.iter().enumerate() {
        for a in 0..line.len() {
            for b in a + 1..line.len() {
                let name = format!("sandwich{}_{}_{}", i + 1, a + 1, b + 1);
                let chosen = model.binary(name.clone());
                // chosen >= x[a,1] + x[b,top] - 1, and the same with the ends swapped.
                for (first, second) in [(0, top), (top, 0)] {
                    let mut e = model.x(line[a].0, line[a].1, first);
                    e.add_expr(&model.x(line[b].0, line[b].1, second), 1.0);
                    e.add_var(chosen, -1.0);
                    model.at_most(format!("{name}_ends{first}"), e, 1.0);
                }
                let mut when = LinExpr::default();
                when.add_var(chosen, 1.0);
                let terms: Vec<(Cell, i64)> =
                    line[a + 1..b].iter().map(|&cell| (cell, 1)).collect();
                sum_when(model, &name, &when, &terms, *sum);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_sum_between_one_and_the_largest_value() {
        let rule = rule(r#"{"sandwichsum": [{"cell": "R0C1", "value": "0"}]}"#, 4);
        let set: &[((usize, usize), &[i64])] = &[((0, 0), &[1]), ((1, 0), &[3])];
        assert!(narrowed(&*rule, candidates(4, 4, 4, set)).is_none());
        let apart = grid_with(4, &[((0, 0), 1), ((1, 0), 2), ((2, 0), 3), ((3, 0), 4)]);
        assert_eq!(broken(&*rule, &apart).len(), 1);
        let touching = grid_with(4, &[((0, 0), 1), ((1, 0), 4), ((2, 0), 2), ((3, 0), 3)]);
        assert!(broken(&*rule, &touching).is_empty());
    }

    #[test]
    fn a_sum_no_line_can_have_is_refused() {
        let negative = r#"{"sandwichsum": [{"cell": "R0C1", "value": "-1"}]}"#;
        assert_eq!(
            read_error(negative, 9),
            "sandwich 1: the clue at R0C1 is -1, but a sandwich on a 9x9 is 0 to 35"
        );
    }
}
