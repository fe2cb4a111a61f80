//! Rellik cages (`rellik`: `[{"cells": [...], "value": "10"}]`): the digits differ, and no
//! one or more of them add up to the value, 1 or more (the Interactive Sudoku Solver's
//! `RellikCage`, which no grid keeps with a value of 0).
//! Rows: the cage is an area; for each set of distinct values adding up to the value, no more
//! than all but one of them in the cage.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::geometry::{Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cells, items, number, wrong, Board, Found};
use crate::rule::engine::{broken_groups, marks, tuples, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("rellik", read);

/// Each cage and the total none of its digits may make.
#[derive(Debug, Default)]
struct Relliks(Vec<(Vec<Cell>, i64)>);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Relliks>::new("rellik", KIND.key, value);
    let mut areas = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = format!("rellik cage {}", i + 1);
        let cage = cells(item, "cells", board.n).map_err(|p| at(place.clone(), p))?;
        let total = number(item, "value", None).map_err(|p| at(place.clone(), p))?;
        if total < 1 {
            let message = format!("a rellik cage's value must be 1 or more, found {total}");
            return Err(at(place, wrong(message)));
        }
        (rule.under).extend(cage.iter().map(|&c| marks::shade(c, "#f6e4e4")));
        areas.push(Area {
            name: AreaName::Extra(place),
            cells: cage.clone(),
        });
        rule.part.0.push((cage, total));
    }
    let mut found = rule.found();
    found.areas = areas;
    Ok(found)
}

/// Whether some one or more of `values` add up to `total`.
fn makes(values: &[i64], total: i64) -> bool {
    let Ok(total) = usize::try_from(total) else {
        return false;
    };
    let mut sums = vec![false; total + 1];
    sums[0] = true;
    for &v in values {
        let Ok(v) = usize::try_from(v) else { continue };
        for s in (v..=total).rev() {
            sums[s] |= sums[s - v];
        }
    }
    total > 0 && sums[total]
}

/// The sets of distinct `values` of at most `size` members adding up to `total`.
fn sets(values: &[i64], total: i64, size: usize) -> Vec<Vec<usize>> {
    fn grow(
        at: usize,
        left: i64,
        size: usize,
        values: &[i64],
        set: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 && !set.is_empty() {
            out.push(set.clone());
            return;
        }
        if set.len() == size {
            return;
        }
        for k in at..values.len() {
            if values[k] > 0 && values[k] <= left {
                set.push(k);
                grow(k + 1, left - values[k], size, values, set, out);
                set.pop();
            }
        }
    }
    let mut out = Vec::new();
    if total > 0 {
        grow(0, total, size, values, &mut Vec::new(), &mut out);
    }
    out
}

impl Part for Relliks {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let cages = self.0.iter().map(|(cage, _)| cage.as_slice());
        broken_groups("rellik cage", cages, grid, |i, v| !makes(v, self.0[i].1))
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let groups: Vec<tuples::Group> = (self.0.iter())
            .map(|(cage, total)| tuples::Group {
                cells: cage.clone(),
                distinct: true,
                keeps: Box::new(move |values: &[i64], _: bool| !makes(values, *total)),
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (i, (cage, total)) in self.0.iter().enumerate() {
            for (s, set) in sets(&values, *total, cage.len()).iter().enumerate() {
                let mut e = LinExpr::default();
                for &k in set {
                    cage.iter()
                        .for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), 1.0));
                }
                model.at_most(
                    format!("{name}{}_set{}", i + 1, s + 1),
                    e,
                    set.len() as f64 - 1.0,
                );
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::{makes, sets};
    use crate::rule::harness::*;

    #[test]
    fn no_digits_of_the_cage_make_its_total() {
        assert!(makes(&[1, 3, 6], 7) && makes(&[4], 4) && !makes(&[1, 5, 8], 4));
        assert_eq!(sets(&[1, 2, 3, 4], 4, 3), [vec![0, 2], vec![3]]);
        let json = r#"{"rellik": [{"cells": ["R1C1", "R1C2", "R1C3"], "value": "4"}]}"#;
        // r1c1 = 1: no 3 beside it, and no 4 anywhere in the cage.
        let left = narrows_to(json, (1, 3), &[((0, 0), &[1])], (0, 1));
        assert_eq!(left, Some(vec![2, 5, 6, 7, 8, 9]));
        // The grid's 1 2 3 makes 4 (1 + 3); 5 2 6 does not, by check and by rows.
        keeps_only(
            json,
            &sudoku_with(&[((0, 0), 5), ((0, 2), 6)]),
            &sudoku_with(&[]),
        );
    }
}
