//! Counting circles (`countingcircles`: `[{"cells": ["R1C1", "R3C4", ...]}]`): the value in a
//! circle counts the circles of its set holding that value (a 3 stands in exactly three
//! circles); each item's set counts alone (the Interactive Sudoku Solver's `CountingCircles`).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cells, items, Board, Found};
use crate::rule::engine::{marks, restrict, to_fixed_point, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("countingcircles", read);

/// The sets of circles.
#[derive(Debug, Default)]
struct Circles {
    sets: Vec<Vec<Cell>>,
    /// The written value less mipsolve's (-1 for values written from 0, else 0): a circle
    /// counts the circles of its written value.
    shift: i64,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let sets = (items(value)?.into_iter().enumerate())
        .map(|(i, item)| {
            let circles = cells(item, "cells", board.n);
            circles.map_err(|p| at(format!("counting circles {}", i + 1), p))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let part = Circles {
        sets,
        shift: board.written().offset(),
    };
    let under = (part.sets.iter().flatten())
        .map(|&cell| marks::ring(cell, 0.4, false))
        .collect();
    let mut rule = Keyed::of("counting circles", part, ("countingcircles", value.clone()));
    rule.under = under;
    Ok(rule.found())
}

impl Part for Circles {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        let mut broken = Vec::new();
        for set in &self.sets {
            let count = |v: u32| set.iter().filter(|&&c| value(c) == v).count() as i64;
            let written = |v: u32| i64::from(v) + self.shift;
            if let Some(&cell) = set.iter().find(|&&c| count(value(c)) != written(value(c))) {
                broken.push(Violation::Broken {
                    how: "is broken",
                    clue: format!("{name} at {}", cell_name(cell)),
                    cells: set.clone(),
                    values: set.iter().map(|&c| value(c)).collect(),
                });
            }
        }
        broken
    }

    /// A value stands in a circle only if enough circles of its set can hold it.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let values = domains.values().to_vec();
        to_fixed_point(shrunk, |shrunk| {
            self.sets.iter().all(|set| {
                let holding = |k: usize, d: &Domains| {
                    set.iter()
                        .filter(|&&c| d.at(d.index(c)) & (1 << k) != 0)
                        .count() as i64
                };
                let keep = (0..values.len())
                    .filter(|&k| holding(k, domains) >= values[k] + self.shift)
                    .fold(0u64, |m, k| m | 1 << k);
                set.iter().all(|&c| {
                    let at = domains.index(c);
                    restrict(domains, at, keep, shrunk)
                })
            })
        })
    }

    /// Per set and value v (written w), a 0-1 `b`: `sum x[circles, v] = w b`.
    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (s, set) in self.sets.iter().enumerate() {
            for (k, &v) in values.iter().enumerate() {
                let used = model.binary(format!("{name}{}_uses{v}", s + 1));
                let mut e = LinExpr::default();
                set.iter()
                    .for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), 1.0));
                e.add_var(used, -((v + self.shift) as f64));
                model.add(format!("{name}{}_count{v}", s + 1), e, 0.0, 0.0);
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_circle_counts_the_circles_of_its_value() {
        // Two circles: only 1s and 2s can count themselves there.
        let json = r#"{"countingcircles": [{"cells": ["R1C1", "R5C5"]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[]);
        assert_eq!(values(&d, (0, 0)), [1, 2]);
        // The grid's r1c1 is 1 and r5c5 is 5; with r5c5 = 1 there are two 1s.
        keeps_only(
            json,
            &sudoku_with(&[((4, 4), 2), ((0, 0), 2)]),
            &sudoku_with(&[]),
        );
    }
}
