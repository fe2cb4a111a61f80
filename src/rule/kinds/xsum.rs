//! X-sums (`xsum`: `[{"cell": "R0C3", "value": "16"}]`): reading the row or column from the
//! clue's side, the first value X says how many cells, from the first, add up to the clue.
//! Rows: for each value X of the first cell, the sum of the first X cells when it holds X.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::Problem;
use crate::grid::Cell;
use crate::model::Model;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::Written;
use crate::rule::engine::reading::{Board, Found};
use crate::rule::engine::restrict;
use crate::rule::engine::sums::sum_when;

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "xsum", read };

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    outside::read_with(
        value,
        board,
        ("xsum", "xsum", "x-sum"),
        (
            keeps,
            rows,
            // At most the largest X values; on values from 0, the X-th largest is one less.
            |n, written| {
                let n = n as i64;
                (1, n * (n + 1) / 2 + written.offset() * n)
            },
            marks::Frame::Square,
        ),
        Some(narrow),
    )
}

/// Whether a line's written values (a prefix of them, unless `complete`) may keep the X-sum:
/// a first value X of 1 or more (ISS has no X-sum of a 0), and the first X values' sum.
fn keeps(values: &[i64], complete: bool, sum: i64, written: Written) -> bool {
    let Some(&x) = values.first() else {
        return true;
    };
    if x < 1 {
        return false;
    }
    let counted = (x as usize).min(values.len());
    let so_far: i64 = values[..counted].iter().sum();
    // Each of the counted cells still open holds the smallest value or more.
    let open = x - counted as i64;
    match counted == x as usize || complete {
        true => so_far == sum,
        false => so_far + open * written.first <= sum,
    }
}

/// Keeps a value X of the first cell only where the next X - 1 cells, all different and
/// none X, may add up to the clue less X; once X is alone, keeps each of those cells' values
/// only where the others may make up the rest (bounds of distinct values).
fn narrow(
    line: &[Cell],
    sum: i64,
    written: Written,
    domains: &mut Domains,
    shrunk: &mut Vec<usize>,
) -> bool {
    let cols = domains.cols();
    let at = |&(r, c): &Cell| r * cols + c;
    // X and the clue are written values.
    let values = written.of(domains.values());
    let first = at(&line[0]);
    let mut keep = 0;
    for (k, &x) in values.iter().enumerate() {
        let Some(rest) = usize::try_from(x)
            .ok()
            .filter(|&x| x >= 1 && x <= line.len())
        else {
            continue;
        };
        let others: Vec<u64> = line[1..rest]
            .iter()
            .map(|cell| domains.at(at(cell)))
            .collect();
        let within = outside::distinct_bounds(&values, &others, 1 << k)
            .is_some_and(|(lo, hi)| (lo..=hi).contains(&(sum - x)));
        if domains.at(first) >> k & 1 == 1 && within {
            keep |= 1 << k;
        }
    }
    if !restrict(domains, first, keep, shrunk) {
        return false;
    }
    if keep.count_ones() != 1 {
        return true;
    }
    let k = keep.trailing_zeros() as usize;
    let counted = &line[1..values[k] as usize];
    for (j, cell) in counted.iter().enumerate() {
        let sets: Vec<u64> = counted.iter().map(|c| domains.at(at(c))).collect();
        let mut kept = 0;
        for v in (0..values.len()).filter(|&v| sets[j] >> v & 1 == 1 && v != k) {
            let others: Vec<u64> = (sets.iter().enumerate())
                .filter(|&(i, _)| i != j)
                .map(|(_, &set)| set)
                .collect();
            let rest = sum - values[k] - values[v];
            let bounds = outside::distinct_bounds(&values, &others, 1 << k | 1 << v);
            if bounds.is_some_and(|(lo, hi)| (lo..=hi).contains(&rest)) {
                kept |= 1 << v;
            }
        }
        if !restrict(domains, at(cell), kept, shrunk) {
            return false;
        }
    }
    true
}

/// For each value X of the first cell, the sum of the first X cells when it holds X (none, so
/// never, for a written 0).
fn rows(clues: &[Clue], model: &mut Model, written: Written) {
    // X and the clue are written values, the rows of mipsolve's (from 1).
    let values = written.of(model.domains().values());
    for (i, (line, sum)) in clues.iter().enumerate() {
        let (r, c) = line[0];
        for (k, &x) in values.iter().enumerate() {
            let when = model.x(r, c, k);
            let terms: Vec<(Cell, i64)> = line[..(x as usize).min(line.len())]
                .iter()
                .map(|&cell| (cell, 1))
                .collect();
            let total = sum - written.offset() * terms.len() as i64;
            sum_when(
                model,
                &format!("xsum{}_first{x}", i + 1),
                &when,
                &terms,
                total,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_wide_line_narrows_its_first_cell_and_the_counted_cells_by_bounds() {
        // X-sum 10 left of row 1 of an open 9x9: X = 1 sums to 1 and X = 5 to 15 at least,
        // so r1c1 is 2, 3 or 4; with 2, r1c2 is 8; with 4, r1c2..r1c4 are 1, 2 and 3.
        let rule = rule(r#"{"xsum": [{"cell": "R1C0", "value": "10"}]}"#, 9);
        let d = narrowed_square(&*rule, 9, &[]);
        assert_eq!(values(&d, (0, 0)), [2, 3, 4]);
        let d = narrowed_square(&*rule, 9, &[((0, 0), &[2])]);
        assert_eq!(values(&d, (0, 1)), [8]);
        let d = narrowed_square(&*rule, 9, &[((0, 0), &[4])]);
        assert_eq!(values(&d, (0, 3)), [1, 2, 3]);
    }

    #[test]
    fn the_first_value_counts_the_cells_that_add_up() {
        let rule = rule(r#"{"xsum": [{"cell": "R0C1", "value": "6"}]}"#, 4);
        let d = narrowed_square(&*rule, 4, &[]);
        assert_eq!(values(&d, (0, 0)), [2, 3]);
        let good = grid_with(4, &[((0, 0), 2), ((1, 0), 4), ((2, 0), 1), ((3, 0), 3)]);
        assert!(broken(&*rule, &good).is_empty());
    }
}
