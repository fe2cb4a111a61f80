//! Lunchboxes (`lunchbox`: `[{"cells": [...], "value": "10"}]`): the digits differ, and those
//! lying between the smallest and the largest of the cells, in their order, add up to the
//! value (the Interactive Sudoku Solver's `Lunchbox`; on values from 0, a sum of written
//! values, as ISS's handler reads it). Rows: the cells are an area; 0-1
//! `low[i]`, `high[i]` (cell i is the smallest, the largest), `inside[i]` from how many of
//! them lie before i, `y[i,k] = x[i,k] and inside[i]`, and the sum of the `y`'s values.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::geometry::{Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model, Var};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cells, items, number, wrong, Board, Found, Written};
use crate::rule::engine::{broken_groups, marks, tuples, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("lunchbox", read);

/// Each lunchbox, in order, and its sum; and the grid's values as written, which the sums
/// are of.
#[derive(Debug, Default)]
struct Lunchboxes(Vec<(Vec<Cell>, i64)>, Written);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Lunchboxes>::new("lunchbox", KIND.key, value);
    rule.part.1 = board.written();
    let mut areas = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = format!("lunchbox {}", i + 1);
        let cells = cells(item, "cells", board.n).map_err(|p| at(place.clone(), p))?;
        if cells.len() < 2 {
            return Err(at(place, wrong("a lunchbox needs 2 cells or more")));
        }
        let sum = number(item, "value", Some(0)).map_err(|p| at(place.clone(), p))?;
        // Between the ends, at most all but two cells, each below the largest value.
        let last = rule.part.1.last();
        let most: i64 = (1..cells.len() as i64 - 1).map(|i| last - i).sum();
        if !(0..=most).contains(&sum) {
            let (count, range) = (cells.len(), board.written_range());
            let problem = format!(
                "its sum is {sum}, but between the ends of {count} cells of {range} lie 0 to {most}"
            );
            return Err(at(place, Problem::NeverHolds(problem)));
        }
        rule.under.push(marks::line(&cells, 0.5, "#e0e0e0"));
        areas.push(Area {
            name: AreaName::Extra(place),
            cells: cells.clone(),
        });
        rule.part.0.push((cells, sum));
    }
    let mut found = rule.found();
    found.areas = areas;
    Ok(found)
}

/// Whether the values between the smallest and the largest of `values` add up to `sum`.
fn keeps(values: &[i64], sum: i64) -> bool {
    let place = |v: Option<&i64>| values.iter().position(|x| Some(x) == v);
    let (Some(a), Some(b)) = (place(values.iter().min()), place(values.iter().max())) else {
        return false;
    };
    let (a, b) = (a.min(b), a.max(b));
    b > a && values[a + 1..b].iter().sum::<i64>() == sum
}

impl Part for Lunchboxes {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let boxes = self.0.iter().map(|(cells, _)| cells.as_slice());
        broken_groups("lunchbox", boxes, grid, |i, v| {
            keeps(&self.1.of(v), self.0[i].1)
        })
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let groups: Vec<tuples::Group> = (self.0.iter())
            .map(|(cells, sum)| tuples::Group {
                cells: cells.clone(),
                distinct: true,
                keeps: Box::new(move |values: &[i64], complete: bool| {
                    !complete || keeps(&self.1.of(values), *sum)
                }),
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        let span = (values[values.len() - 1] - values[0]) as f64;
        for (i, (cells, sum)) in self.0.iter().enumerate() {
            let label = |what: String| format!("{name}{}_{what}", i + 1);
            let ends = |m: &mut Model, what: &str| -> Vec<Var> {
                (0..cells.len())
                    .map(|j| m.binary(label(format!("{what}{}", j + 1))))
                    .collect()
            };
            let (low, high) = (ends(model, "low"), ends(model, "high"));
            for (what, picked, sign) in [("low", &low, 1.0), ("high", &high, -1.0)] {
                let mut one = LinExpr::default();
                picked.iter().for_each(|&p| one.add_var(p, 1.0));
                model.add(label(format!("{what}_one")), one, 1.0, 1.0);
                // low[j]: value j <= value l for every l (high: >=), slack span otherwise.
                for (j, &(r, c)) in cells.iter().enumerate() {
                    for (l, &(r2, c2)) in cells.iter().enumerate().filter(|&(l, _)| l != j) {
                        let mut e = model.value(r, c);
                        e.add_expr(&model.value(r2, c2), -1.0);
                        let mut e = scaled(e, sign);
                        e.add_var(picked[j], span);
                        model.at_most(label(format!("{what}{}_{}", j + 1, l + 1)), e, span);
                    }
                }
            }
            let mut total = LinExpr::default();
            for (j, &(r, c)) in cells.iter().enumerate() {
                // before: how many of the two ends lie before j (0, 1 or 2); here: j is one.
                let mut before = LinExpr::default();
                (low[..j].iter().chain(&high[..j])).for_each(|&p| before.add_var(p, 1.0));
                let inside = model.binary(label(format!("inside{}", j + 1)));
                let mut here = LinExpr::default();
                here.add_var(low[j], 1.0);
                here.add_var(high[j], 1.0);
                // inside <= before, inside <= 2 - before, inside <= 1 - here;
                // inside >= before - 2 * (before - 1)... as two rows over low and high apart.
                let mut a = before.clone();
                a.add_var(inside, -1.0);
                model.add(label(format!("inside{}_a", j + 1)), a, 0.0, f64::INFINITY);
                let mut b = before.clone();
                b.add_var(inside, 1.0);
                model.at_most(label(format!("inside{}_b", j + 1)), b, 2.0);
                let mut h = here.clone();
                h.add_var(inside, 1.0);
                model.at_most(label(format!("inside{}_c", j + 1)), h, 1.0);
                for (t, sign) in [(0, 1.0), (1, -1.0)] {
                    // inside >= (lows before - highs before) * sign - here.
                    let mut e = LinExpr::default();
                    low[..j].iter().for_each(|&p| e.add_var(p, sign));
                    high[..j].iter().for_each(|&p| e.add_var(p, -sign));
                    e.add_expr(&here, -1.0);
                    e.add_var(inside, -1.0);
                    model.at_most(label(format!("inside{}_d{t}", j + 1)), e, 0.0);
                }
                for (k, &v) in values.iter().enumerate() {
                    let y = model.binary(label(format!("y{}_{v}", j + 1)));
                    let x = model.x(r, c, k);
                    let mut under_x = x.clone();
                    under_x.add_var(y, -1.0);
                    model.add(
                        label(format!("y{}_{v}_x", j + 1)),
                        under_x,
                        0.0,
                        f64::INFINITY,
                    );
                    let mut under_inside = LinExpr::default();
                    under_inside.add_var(inside, 1.0);
                    under_inside.add_var(y, -1.0);
                    model.add(
                        label(format!("y{}_{v}_in", j + 1)),
                        under_inside,
                        0.0,
                        f64::INFINITY,
                    );
                    let mut both = x;
                    both.add_var(inside, 1.0);
                    both.add_var(y, -1.0);
                    model.at_most(label(format!("y{}_{v}_both", j + 1)), both, 1.0);
                    total.add_var(y, (v + self.1.offset()) as f64);
                }
            }
            model.add(label("sum".into()), total, *sum as f64, *sum as f64);
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `e` times `sign` (1 or -1).
fn scaled(e: LinExpr, sign: f64) -> LinExpr {
    let mut out = LinExpr::default();
    out.add_expr(&e, sign);
    out
}

#[cfg(test)]
mod tests {
    use super::keeps;
    use crate::rule::harness::*;

    #[test]
    fn the_values_between_the_smallest_and_largest_add_up() {
        assert!(keeps(&[4, 1, 2, 3, 9, 5], 5) && !keeps(&[4, 1, 2, 3, 9, 5], 6));
        assert!(keeps(&[9, 1], 0) && !keeps(&[5], 0));
        // No lunchbox of three cells has a negative sum or one past 8 (between 1 and 9).
        for sum in ["-3", "9"] {
            let json = format!(
                r#"{{"lunchbox": [{{"cells": ["R1C1", "R1C2", "R1C3"], "value": "{sum}"}}]}}"#
            );
            let error = read_error(&json, 9);
            assert!(
                error.contains("between the ends of 3 cells of 1..9 lie 0 to 8"),
                "{error}"
            );
        }
        let json = r#"{"lunchbox": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4"], "value": "5"}]}"#;
        // The grid's 1 2 3 4 holds 5 between 1 and 4; 1 3 9 4 holds 3: broken, by check and rows.
        keeps_only(
            json,
            &sudoku_with(&[]),
            &sudoku_with(&[((0, 1), 3), ((0, 2), 9)]),
        );
        // Two cells and 1..=4 fixed but the last: 2 1 4 ? needs nothing between... the
        // search leaves each cell the values of some whole lunchbox.
        let d = narrowed_square(&*rule(json, 4), 4, &[((0, 0), &[1]), ((0, 3), &[4])]);
        assert_eq!(
            (values(&d, (0, 1)), values(&d, (0, 2))),
            (vec![2, 3], vec![2, 3])
        );
    }
}
