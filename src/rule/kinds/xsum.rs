//! X-sums (`xsum`: `[{"cell": "R0C3", "value": "16"}]`): reading the row or column from the
//! clue's side, the first value X says how many cells, from the first, add up to the clue.
//! Rows: for each value X of the first cell, the sum of the first X cells when it holds X.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::Cell;
use crate::model::Model;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::{Board, Found};
use crate::rule::engine::sums::sum_when;

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "xsum", read };

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    outside::read(
        value,
        board,
        ("xsum", "xsum", "x-sum"),
        (
            keeps,
            rows,
            |n| (1, (n * (n + 1) / 2) as i64),
            marks::Frame::Square,
        ),
    )
}

/// Whether a line's values (a prefix of them, unless `complete`) may keep the X-sum.
fn keeps(values: &[i64], complete: bool, sum: i64, _: usize) -> bool {
    let Some(&x) = values.first() else {
        return true;
    };
    let counted = (x as usize).min(values.len());
    let so_far: i64 = values[..counted].iter().sum();
    match counted == x as usize || complete {
        true => so_far == sum,
        false => so_far < sum,
    }
}

/// For each value X of the first cell, the sum of the first X cells when it holds X.
fn rows(clues: &[Clue], model: &mut Model) {
    let values = model.domains().values().to_vec();
    for (i, (line, sum)) in clues.iter().enumerate() {
        let (r, c) = line[0];
        for (k, &x) in values.iter().enumerate() {
            let when = model.x(r, c, k);
            let terms: Vec<(Cell, i64)> = line[..(x as usize).min(line.len())]
                .iter()
                .map(|&cell| (cell, 1))
                .collect();
            sum_when(
                model,
                &format!("xsum{}_first{x}", i + 1),
                &when,
                &terms,
                *sum,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_first_value_counts_the_cells_that_add_up() {
        let rule = rule(r#"{"xsum": [{"cell": "R0C1", "value": "6"}]}"#, 4);
        let d = narrowed_square(&*rule, 4, &[]);
        assert_eq!(values(&d, (0, 0)), [2, 3]);
        let good = grid_with(4, &[((0, 0), 2), ((1, 0), 4), ((2, 0), 1), ((3, 0), 3)]);
        assert!(broken(&*rule, &good).is_empty());
    }
}
