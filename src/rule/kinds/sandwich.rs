//! Sandwich sums (`sandwichsum`: `[{"cell": "R0C3", "value": "12"}]`): in the row or column
//! beside the clue, the values between the smallest and the largest value (1 and 9 on a 9x9;
//! 0 and 8 on ISS's `Shape~9x9~0-8`, where the sum is of written values, as ISS reads it) add
//! up to the clue (0 when they are side by side). Rows: for each two places the ends may take,
//! a 0-1 variable forced to 1 when they are there, and the sum between them then.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::Problem;
use crate::grid::Cell;
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::Written;
use crate::rule::engine::reading::{Board, Found};
use crate::rule::engine::restrict;
use crate::rule::engine::sums::sum_when;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("sandwichsum", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    outside::read_with(
        value,
        board,
        ("sandwich", "sandwichsum", "sandwich"),
        (
            keeps,
            rows,
            // The most: every value but the ends, between them.
            |n, written| {
                let middle = n as i64 - 2;
                (0, middle * written.first + middle * (middle + 1) / 2)
            },
            marks::Frame::Bare,
        ),
        Some(narrow),
    )
}

/// Whether a line's written values (a prefix of them, unless `complete`) may keep the sum
/// between the smallest and the largest.
fn keeps(values: &[i64], complete: bool, sum: i64, written: Written) -> bool {
    let (low, high) = (written.first, written.last());
    // The places of the ends (asked at every step of the search: no allocation).
    let mut ends = (0..values.len()).filter(|&j| values[j] == low || values[j] == high);
    match (ends.next(), ends.next(), ends.next()) {
        (Some(a), Some(b), None) => values[a + 1..b].iter().sum::<i64>() == sum,
        (Some(a), None, _) => !complete && values[a + 1..].iter().sum::<i64>() <= sum,
        _ => !complete,
    }
}

/// Keeps the smallest and the largest value only at the places of some two ends whose cells
/// between may add up to the clue (bounds of distinct values, neither end's), and each other
/// value of a cell where it is outside some such two ends or fits between them.
fn narrow(
    line: &[Cell],
    sum: i64,
    written: Written,
    domains: &mut Domains,
    shrunk: &mut Vec<usize>,
) -> bool {
    let cols = domains.cols();
    let at = |&(r, c): &Cell| r * cols + c;
    let values = written.of(domains.values());
    let (one, top) = (0, values.len() - 1);
    let ends = 1u64 << one | 1 << top;
    let sets: Vec<u64> = line.iter().map(|cell| domains.at(at(cell))).collect();
    let fits = |inner: &[u64], rest: i64, taken: u64| {
        outside::distinct_bounds(&values, inner, taken)
            .is_some_and(|(lo, hi)| (lo..=hi).contains(&rest))
    };
    let mut kept = vec![0u64; line.len()];
    for a in (0..line.len()).filter(|&a| sets[a] >> one & 1 == 1) {
        for b in (0..line.len()).filter(|&b| b != a && sets[b] >> top & 1 == 1) {
            let between = a.min(b) + 1..a.max(b);
            let inner = &sets[between.clone()];
            if !fits(inner, sum, ends) {
                continue;
            }
            kept[a] |= 1 << one;
            kept[b] |= 1 << top;
            for j in (0..line.len()).filter(|&j| j != a && j != b && !between.contains(&j)) {
                kept[j] |= sets[j] & !ends;
            }
            for (i, j) in between.clone().enumerate() {
                let others: Vec<u64> = (inner.iter().enumerate())
                    .filter(|&(o, _)| o != i)
                    .map(|(_, &set)| set)
                    .collect();
                let open = sets[j] & !ends & !kept[j];
                for v in (0..values.len()).filter(|&v| open >> v & 1 == 1) {
                    if fits(&others, sum - values[v], ends | 1 << v) {
                        kept[j] |= 1 << v;
                    }
                }
            }
        }
    }
    (line.iter().zip(kept)).all(|(cell, keep)| restrict(domains, at(cell), keep, shrunk))
}

/// For each two places the 1 and the largest value may take, a 0-1 variable forced to 1 when
/// they are there, and the sum between them then.
fn rows(clues: &[Clue], model: &mut Model, written: Written) {
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
                // The clue is of written values, the rows of mipsolve's (from 1).
                let total = sum - written.offset() * terms.len() as i64;
                sum_when(model, &name, &when, &terms, total);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_wide_line_keeps_the_ends_where_the_cells_between_may_add_up() {
        // Sandwich 35 left of row 1 of an open 9x9: 2 + 3 + ... + 8 is 35, so 1 and 9 are the
        // line's two ends and no other cell holds either; sandwich 0 of a line whose r1c2 may
        // only be 5 keeps 1 and 9 out of r1c1 and r1c3 but where the other may sit beside.
        let wide = rule(r#"{"sandwichsum": [{"cell": "R1C0", "value": "35"}]}"#, 9);
        let d = narrowed_square(&*wide, 9, &[]);
        assert_eq!(values(&d, (0, 0)), [1, 9]);
        assert_eq!(values(&d, (0, 8)), [1, 9]);
        assert_eq!(values(&d, (0, 4)), [2, 3, 4, 5, 6, 7, 8]);
        let zero = rule(r#"{"sandwichsum": [{"cell": "R1C0", "value": "0"}]}"#, 9);
        let d = narrowed_square(&*zero, 9, &[((0, 1), &[5])]);
        assert_eq!(values(&d, (0, 0)), (2..=8).collect::<Vec<i64>>());
    }

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
