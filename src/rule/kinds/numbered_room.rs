//! Numbered rooms (`numberedroom`: `[{"cell": "R0C3", "value": "7"}]`): reading the row or
//! column from the clue's side, the first value X says that the X-th cell holds the clue (the
//! Interactive Sudoku Solver's `NumberedRoom`).
//! Rows: for each value X of the first cell, `x[first, X] <= x[X-th cell, clue]`, and
//! `x[first, X] = 0` for X past the line's length (values 1..m past the side).

use crate::domains::Domains;
use crate::grid::Cell;
use crate::model::Model;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::Written;
use crate::rule::engine::restrict;

/// The registry entry: clues outside the grid, with the grid's values, framed.
pub static KIND: RuleKind = RuleKind::new("numberedroom", |value, board| {
    let names = ("numberedroom", "numberedroom", "numbered room");
    outside::read_with(
        value,
        board,
        names,
        (keeps, rows, CLUES, FRAME),
        Some(narrow),
    )
});

/// The clues' values: the grid's written values.
const CLUES: outside::Bounds = |_, written| (written.first, written.last());

/// How a clue is drawn.
const FRAME: marks::Frame = marks::Frame::Square;

/// Whether a line's written values (a prefix of them, unless `complete`) may keep the clue:
/// the first value X, 1 or more (ISS indexes no cell by a 0), places it in the X-th cell.
fn keeps(values: &[i64], complete: bool, clue: i64, _: Written) -> bool {
    let Some(&x) = values.first() else {
        return true;
    };
    match usize::try_from(x - 1).ok().and_then(|i| values.get(i)) {
        Some(&v) => v == clue,
        None => !complete,
    }
}

/// Keeps a value X of the first cell only where the X-th cell may hold the clue (the first
/// cell itself: X is the clue), and the X-th cell to the clue once X is the only one left.
fn narrow(
    line: &[Cell],
    clue: i64,
    written: Written,
    domains: &mut Domains,
    shrunk: &mut Vec<usize>,
) -> bool {
    let cols = domains.cols();
    let at = |(r, c): Cell| r * cols + c;
    // X and the clue are written values.
    let values = written.of(domains.values());
    let holds_clue = |domains: &Domains, i: usize| match values.iter().position(|&v| v == clue) {
        Some(k) => (i == 0 || domains.at(at(line[i])) >> k & 1 == 1, 1u64 << k),
        None => (false, 0),
    };
    let first = at(line[0]);
    let mut keep = 0;
    for (k, &x) in values.iter().enumerate() {
        let place = usize::try_from(x - 1).ok().filter(|&i| i < line.len());
        let supported = place.is_some_and(|i| holds_clue(domains, i).0 && (i > 0 || x == clue));
        if domains.at(first) >> k & 1 == 1 && supported {
            keep |= 1 << k;
        }
    }
    if !restrict(domains, first, keep, shrunk) {
        return false;
    }
    if keep.count_ones() == 1 {
        let i = values[keep.trailing_zeros() as usize] as usize - 1;
        let (_, clue_bit) = holds_clue(domains, i);
        return restrict(domains, at(line[i]), clue_bit, shrunk);
    }
    true
}

/// For each value X of the first cell: the X-th cell holds the clue when the first holds X.
fn rows(clues: &[Clue], model: &mut Model, written: Written) {
    // X and the clue are written values.
    let values = written.of(model.domains().values());
    for (i, (line, clue)) in clues.iter().enumerate() {
        let Some(k) = values.iter().position(|v| v == clue) else {
            continue; // no cell can hold the clue: the narrowing has refused every first value
        };
        let (r, c) = line[0];
        for (x, &v) in values.iter().enumerate() {
            let mut e = model.x(r, c, x);
            // A first value of 0 or past the line's length names no cell: it is no solution.
            if let Some(&(tr, tc)) = usize::try_from(v - 1).ok().and_then(|i| line.get(i)) {
                e.add_expr(&model.x(tr, tc, k), -1.0);
            }
            model.at_most(format!("numberedroom{}_first{v}", i + 1), e, 0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_first_value_points_at_the_clue() {
        // The clue 4 left of row 1: r1c1 = 3 puts the 4 in r1c3.
        let rule = rule(r#"{"numberedroom": [{"cell": "R1C0", "value": "4"}]}"#, 4);
        let d = narrowed_square(&*rule, 4, &[((0, 0), &[3])]);
        assert_eq!(values(&d, (0, 2)), [4]);
        let good = grid_with(4, &[((0, 0), 2), ((0, 1), 4), ((0, 2), 1), ((0, 3), 3)]);
        assert!(broken(&*rule, &good).is_empty());
        let bad = grid_with(4, &[((0, 0), 3), ((0, 1), 4), ((0, 2), 1), ((0, 3), 2)]);
        assert_eq!(broken(&*rule, &bad).len(), 1);
    }

    #[test]
    fn a_wide_line_narrows_its_first_cell_to_the_places_that_may_hold_the_clue() {
        // The clue 9 left of row 1 of an open 9x9 (too many assignments to search): r1c1 is
        // not 1 (it would be the 9 itself) nor 5 (r1c5 may not be 9); r1c1 = 7 puts 9 in r1c7.
        let rule = rule(r#"{"numberedroom": [{"cell": "R1C0", "value": "9"}]}"#, 9);
        let d = narrowed_square(&*rule, 9, &[((0, 4), &[1, 2, 3])]);
        assert_eq!(values(&d, (0, 0)), [2, 3, 4, 6, 7, 8, 9]);
        let d = narrowed_square(&*rule, 9, &[((0, 0), &[7])]);
        assert_eq!(values(&d, (0, 6)), [9]);
    }
}
