//! Equality cages (`equalitycage`: `[{"cells": [...]}]`): the digits differ, as many are even
//! as odd and as many low as high (the lower and upper halves of 1..N; on an odd N the middle
//! value is neither and stays out; the Interactive Sudoku Solver's `EqualityCage`). A cage of
//! an odd number of cells is an error, as in ISS. Rows: the cage is an area; the even and odd
//! counts, and the low and high ones, are equal; the middle value's are 0.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::geometry::{Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cells, items, wrong, Board, Found};
use crate::rule::engine::{broken_groups, marks, tuples, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("equalitycage", read);

/// The cages, the side (values 1..n) and the value written for 1 (0 or 1), whose parity
/// the even and odd counts are of.
#[derive(Debug, Default)]
struct Cages {
    cages: Vec<Vec<Cell>>,
    n: usize,
    first: i64,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Cages>::new("equalitycage", KIND.key, value);
    (rule.part.n, rule.part.first) = (board.n, i64::from(board.first));
    let mut areas = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = format!("equality cage {}", i + 1);
        let cage = cells(item, "cells", board.n).map_err(|p| at(place.clone(), p))?;
        if cage.len() % 2 == 1 {
            let message = format!(
                "an equality cage has an even number of cells, this one {}",
                cage.len()
            );
            return Err(at(place, wrong(message)));
        }
        (rule.under).extend(cage.iter().map(|&c| marks::shade(c, "#e4ecf6")));
        areas.push(Area {
            name: AreaName::Extra(place),
            cells: cage.clone(),
        });
        rule.part.cages.push(cage);
    }
    let mut found = rule.found();
    found.areas = areas;
    Ok(found)
}

impl Cages {
    /// Per value: +1 even or -1 odd, +1 low or -1 high (0 for the middle of an odd side).
    fn signs(&self, v: i64) -> (i64, i64) {
        let half = (self.n / 2) as i64;
        let parity = if (v - 1 + self.first) % 2 == 0 { 1 } else { -1 };
        let height = match v {
            v if v <= half => 1,
            v if v > self.n as i64 - half => -1,
            _ => 0,
        };
        (parity, height)
    }

    /// Whether `values` (the first of `len` cells, all of them when `complete`) can balance.
    fn keeps(&self, values: &[i64], len: usize) -> bool {
        let left = (len - values.len()) as i64;
        let (mut parity, mut height) = (0, 0);
        for &v in values {
            let (p, h) = self.signs(v);
            if h == 0 {
                return false;
            }
            (parity, height) = (parity + p, height + h);
        }
        parity.abs() <= left && height.abs() <= left
    }
}

impl Part for Cages {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let cages = self.cages.iter().map(Vec::as_slice);
        broken_groups("equality cage", cages, grid, |_, v| self.keeps(v, v.len()))
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let groups: Vec<tuples::Group> = (self.cages.iter())
            .map(|cage| {
                let len = cage.len();
                tuples::Group {
                    cells: cage.clone(),
                    distinct: true,
                    keeps: Box::new(move |values: &[i64], _: bool| self.keeps(values, len)),
                }
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (i, cage) in self.cages.iter().enumerate() {
            let (mut parity, mut height, mut middle) =
                (LinExpr::default(), LinExpr::default(), LinExpr::default());
            for (k, &v) in values.iter().enumerate() {
                let (p, h) = self.signs(v);
                for &(r, c) in cage {
                    let x = model.x(r, c, k);
                    parity.add_expr(&x, p as f64);
                    match h {
                        0 => middle.add_expr(&x, 1.0),
                        h => height.add_expr(&x, h as f64),
                    }
                }
            }
            model.add(format!("{name}{}_parity", i + 1), parity, 0.0, 0.0);
            model.add(format!("{name}{}_height", i + 1), height, 0.0, 0.0);
            model.add(format!("{name}{}_middle", i + 1), middle, 0.0, 0.0);
        }
    }

    fn is_empty(&self) -> bool {
        self.cages.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn as_many_even_as_odd_and_low_as_high() {
        let json = r#"{"equalitycage": [{"cells": ["R1C1", "R1C2"]}]}"#;
        // r1c1 = 1 (odd, low): r1c2 is even and high, 6 or 8; never 5.
        let left = narrows_to(json, (1, 2), &[((0, 0), &[1])], (0, 1));
        assert_eq!(left, Some(vec![6, 8]));
        // The grid's 1 2 are both low; 1 8 balances, by check and by rows.
        keeps_only(json, &sudoku_with(&[((0, 1), 8)]), &sudoku_with(&[]));
        let odd = read_error(r#"{"equalitycage": [{"cells": ["R1C1"]}]}"#, 9);
        assert!(odd.contains("an even number of cells, this one 1"), "{odd}");
    }
}
