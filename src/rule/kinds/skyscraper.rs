//! Skyscrapers (`skyscraper`: `[{"cell": "R0C3", "value": "4"}]`): reading the row or column
//! from the clue's side, the clue counts the values larger than every value before them.
//! Rows: `high[j][k]` (some value among the first j+1 cells is k or more, 0-1) built along
//! the line, `seen[j]` (cell j is larger than all before it) from them, and their count.

use serde_json::Value;

use crate::error::Problem;
use crate::model::{LinExpr, Model, Var};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::marks;
use crate::rule::engine::outside::{self, Clue};
use crate::rule::engine::reading::{Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("skyscraper", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    outside::read(
        value,
        board,
        ("skyscraper", "skyscraper", "skyscraper"),
        (keeps, rows, |n| (1, n as i64), marks::Frame::Circle),
    )
}

/// Whether a line's values (a prefix of them, unless `complete`) may be seen `count` times,
/// `len` cells in all.
fn keeps(values: &[i64], complete: bool, count: i64, len: usize) -> bool {
    let mut seen = 0;
    let mut highest = 0;
    for &v in values {
        if v > highest {
            seen += 1;
            highest = v;
        }
    }
    let left = (len - values.len()) as i64;
    match complete {
        true => seen == count,
        false => seen <= count && seen + left >= count,
    }
}

/// `high[j][k]` (some value among the first j+1 cells is the k-th or more, 0-1) built along
/// the line, `seen[j]` (cell j is larger than all before it) from them, and their count.
fn rows(clues: &[Clue], model: &mut Model) {
    let nv = model.domains().values().len();
    for (i, (line, count)) in clues.iter().enumerate() {
        let name = |what: String| format!("skyscraper{}_{what}", i + 1);
        // at_least(j, k): x[j, k..] summed, 1 when cell j holds the k-th value or more.
        let at_least = |m: &Model, j: usize, k: usize| {
            let mut e = LinExpr::default();
            (k..nv).for_each(|l| e.add_expr(&m.x(line[j].0, line[j].1, l), 1.0));
            e
        };
        let mut high: Vec<Vec<Var>> = Vec::new();
        let mut seen = LinExpr::default();
        for (j, &(r, c)) in line.iter().enumerate() {
            let row: Vec<Var> = (0..nv)
                .map(|k| model.binary(name(format!("high{}_{}", j + 1, k + 1))))
                .collect();
            for (k, &h) in row.iter().enumerate() {
                // high[j][k] = high[j-1][k] or at_least(j, k).
                let mut lower = at_least(model, j, k);
                lower.add_var(h, -1.0);
                model.at_most(name(format!("high{}_{}_a", j + 1, k + 1)), lower, 0.0);
                let mut upper = LinExpr::default();
                upper.add_var(h, 1.0);
                upper.add_expr(&at_least(model, j, k), -1.0);
                if let Some(before) = high.last() {
                    let mut keep = LinExpr::default();
                    keep.add_var(before[k], 1.0);
                    keep.add_var(h, -1.0);
                    model.at_most(name(format!("high{}_{}_b", j + 1, k + 1)), keep, 0.0);
                    upper.add_var(before[k], -1.0);
                }
                model.at_most(name(format!("high{}_{}_c", j + 1, k + 1)), upper, 0.0);
            }
            // seen[j] = 1 exactly when cell j holds k and no cell before holds k or more.
            let s = model.binary(name(format!("seen{}", j + 1)));
            for k in 0..nv {
                let x = model.x(r, c, k);
                let mut at_most = x.clone();
                at_most.add_var(s, 1.0);
                let mut least = x;
                least.add_var(s, -1.0);
                if let Some(before) = high.last() {
                    at_most.add_var(before[k], 1.0);
                    least.add_var(before[k], -1.0);
                }
                model.at_most(name(format!("seen{}_{}_hi", j + 1, k + 1)), at_most, 2.0);
                model.at_most(name(format!("seen{}_{}_lo", j + 1, k + 1)), least, 0.0);
            }
            seen.add_var(s, 1.0);
            high.push(row);
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
