//! Hidden skyscrapers (`hiddenskyscraper`: `[{"cell": "R0C3", "value": "4"}]`): reading the
//! row or column from the clue's side, the first value smaller than some value before it
//! (the first skyscraper hidden) is the clue (the Interactive Sudoku Solver's
//! `HiddenSkyscraper`). Rows: the engine's `seen[j]`; `rising[j]` (cells 0..=j all seen),
//! and the first cell not rising holds the clue.

use serde_json::Value;

use crate::error::Problem;
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::Written;
use crate::rule::engine::reading::{Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("hiddenskyscraper", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    outside::read(
        value,
        board,
        ("hiddenskyscraper", "hiddenskyscraper", "hidden skyscraper"),
        (keeps, rows, HIDDEN, marks::Frame::Square),
    )
}

/// The clue is a written value, any but the greatest of a line of `n`.
const HIDDEN: outside::Bounds = |n, written| (written.first, n as i64 - 2 + written.first);

/// Whether a line's values (a prefix of them, unless `complete`) may have `hidden` as the
/// first value smaller than one before it.
fn keeps(values: &[i64], complete: bool, hidden: i64, _: Written) -> bool {
    let mut highest = 0;
    for &v in values {
        if v < highest {
            return v == hidden;
        }
        highest = v;
    }
    !complete
}

fn rows(clues: &[Clue], model: &mut Model, written: Written) {
    for (i, (line, hidden)) in clues.iter().enumerate() {
        let name = |what: String| format!("hiddenskyscraper{}_{what}", i + 1);
        let seen = outside::seen(model, line, &name);
        // The clue is written; the model's values are mipsolve's, from 1.
        let Some(k) = model.domains().index_of(hidden - written.offset()) else {
            model.add(name("never".into()), LinExpr::default(), 1.0, 1.0);
            continue;
        };
        let mut rising_before = seen[0];
        for (j, &s) in seen.iter().enumerate().skip(1) {
            // rising[j] = rising[j-1] and seen[j].
            let rising = model.binary(name(format!("rising{}", j + 1)));
            let mut a = LinExpr::default();
            a.add_var(rising, 1.0);
            a.add_var(rising_before, -1.0);
            model.at_most(name(format!("rising{}_a", j + 1)), a, 0.0);
            let mut b = LinExpr::default();
            b.add_var(rising, 1.0);
            b.add_var(s, -1.0);
            model.at_most(name(format!("rising{}_b", j + 1)), b, 0.0);
            let mut c = LinExpr::default();
            c.add_var(rising_before, 1.0);
            c.add_var(s, 1.0);
            c.add_var(rising, -1.0);
            model.at_most(name(format!("rising{}_c", j + 1)), c, 1.0);
            // The first cell not rising holds the clue.
            let (r, col) = line[j];
            let mut first = LinExpr::default();
            first.add_var(rising_before, 1.0);
            first.add_var(rising, -1.0);
            first.add_expr(&model.x(r, col, k), -1.0);
            model.at_most(name(format!("first{}", j + 1)), first, 0.0);
            rising_before = rising;
        }
        let mut some = LinExpr::default();
        some.add_var(rising_before, 1.0);
        model.add(name("hides".into()), some, 0.0, 0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::keeps;
    use crate::rule::engine::reading::Written;
    use crate::rule::harness::*;

    #[test]
    fn the_first_hidden_value_is_the_clue() {
        let four = Written { n: 4, first: 1 };
        assert!(keeps(&[2, 5, 3, 1], true, 3, four) && !keeps(&[2, 5, 3, 1], true, 1, four));
        assert!(!keeps(&[1, 2, 3, 4], true, 3, four) && keeps(&[1, 2], false, 3, four));
        let json = r#"{"hiddenskyscraper": [{"cell": "R1C0", "value": "2"}]}"#;
        // The grid's row 1 (1..9) hides nothing; 3 4 2 ... hides 2 first, by check and rows.
        let good = sudoku_with(&[((0, 0), 3), ((0, 1), 4), ((0, 2), 2), ((0, 3), 1)]);
        keeps_only(json, &good, &sudoku_with(&[]));
        // A 2 first is always seen: the first cell leaves 2.
        let d = narrowed_square(&*rule(json, 4), 4, &[]);
        assert!(!values(&d, (0, 0)).contains(&2));
    }
}
