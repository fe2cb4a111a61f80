//! Distinct counts (`countdistinct`: `[{"cell": "R1C1", "cells": ["R1C1", "R2C2", "R2C3"]}]`):
//! the value of `"cell"` is how many different values `"cells"` hold (it may be one of them;
//! the Interactive Sudoku Solver's `CountDistinct`).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cells, items, one_cell, Board, Found};
use crate::rule::engine::{marks, restrict, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("countdistinct", read);

/// Per item: the counting cell, then the counted ones.
#[derive(Debug, Default)]
struct Counts(Vec<Vec<Cell>>);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Counts>::new("count distinct", "countdistinct", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("count distinct {}", i + 1);
        let counter = one_cell(item, "cell", board.n).map_err(|p| at(place(), p))?;
        let counted = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        let list: Vec<Cell> = [counter].into_iter().chain(counted).collect();
        rule.under.push(marks::ring(list[0], 0.4, false));
        rule.under
            .extend(list[1..].iter().map(|&c| marks::shade(c, "#e4f0e4")));
        rule.part.0.push(list);
    }
    Ok(rule.found())
}

impl Part for Counts {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        (self.0.iter().enumerate())
            .filter(|(_, list)| {
                let mut seen: Vec<u32> = list[1..].iter().map(|&c| value(c)).collect();
                seen.sort_unstable();
                seen.dedup();
                seen.len() as u32 != value(list[0])
            })
            .map(|(i, list)| Violation::Broken {
                how: "is broken",
                clue: format!("{name} {}", i + 1),
                cells: list.clone(),
                values: list.iter().map(|&c| value(c)).collect(),
            })
            .collect()
    }

    /// The count lies between the values held already and what the cells may still hold.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let values = domains.values().to_vec();
        self.0.iter().all(|list| {
            let sets: Vec<u64> = list[1..]
                .iter()
                .map(|&c| domains.at(domains.index(c)))
                .collect();
            let held = (sets.iter().filter(|s| s.count_ones() == 1)).fold(0u64, |m, &s| m | s);
            let (lo, hi) = (
                held.count_ones() as i64,
                (sets.iter().fold(0u64, |m, &s| m | s).count_ones() as usize).min(sets.len())
                    as i64,
            );
            let keep = (0..values.len())
                .filter(|&k| (lo.max(1)..=hi).contains(&values[k]))
                .fold(0u64, |m, k| m | 1 << k);
            restrict(domains, domains.index(list[0]), keep, shrunk)
        })
    }

    /// Per item and value v, a 0-1 `u` for "v is held": `u >= x[cell, v]` for each counted
    /// cell, `u <= sum x[cells, v]`; the counting cell's value is the sum of the `u`.
    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (i, list) in self.0.iter().enumerate() {
            let (r0, c0) = list[0];
            let mut count = model.value(r0, c0);
            for (k, v) in values.iter().enumerate() {
                let held = model.binary(format!("{name}{}_holds{v}", i + 1));
                count.add_var(held, -1.0);
                let mut some = LinExpr::default();
                some.add_var(held, -1.0);
                for (j, &(r, c)) in list[1..].iter().enumerate() {
                    let x = model.x(r, c, k);
                    some.add_expr(&x, 1.0);
                    let mut each = x;
                    each.add_var(held, -1.0);
                    model.at_most(format!("{name}{}_v{v}_c{j}", i + 1), each, 0.0);
                }
                model.add(format!("{name}{}_v{v}", i + 1), some, 0.0, f64::INFINITY);
            }
            model.add(format!("{name}{}_count", i + 1), count, 0.0, 0.0);
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_first_cell_counts_the_values_of_the_rest() {
        // Two counted cells: one or two values.
        let json = r#"{"countdistinct": [{"cell": "R5C5", "cells": ["R1C1", "R1C2"]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[]);
        assert_eq!(values(&d, (4, 4)), [1, 2]);
        // The grid's r1c2 is 2 and counts r1c1, r1c3 (1, 3): two values.
        let two = r#"{"countdistinct": [{"cell": "R1C2", "cells": ["R1C1", "R1C3"]}]}"#;
        keeps_only(two, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 1)]));
        // Counting itself: r1c3 (3) counts 1 2 3.
        let own = r#"{"countdistinct": [{"cell": "R1C3", "cells": ["R1C1", "R1C2", "R1C3"]}]}"#;
        keeps_only(own, &sudoku_with(&[]), &sudoku_with(&[((0, 0), 2)]));
        let d = narrowed_square(&*rule(own, 9), 9, &[]);
        assert_eq!(values(&d, (0, 2)), [1, 2, 3]);
        keeps_only(two, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 1)]));
    }
}
