//! Same values (`samevalues`: `[{"sets": [["R1C1", "R1C2"], ["R5C5", "R6C5"]]}]`): the sets,
//! all of one size, hold the same values, as many times each (the Interactive Sudoku Solver's
//! `SameValues`; sets of one cell are equal cells).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cell, items, wrong, Board, Found};
use crate::rule::engine::{marks, restrict, to_fixed_point, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("samevalues", read);

/// Groups of sets, each group's sets holding the same values.
#[derive(Debug, Default)]
struct SameSets {
    groups: Vec<Vec<Vec<Cell>>>,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut part = SameSets::default();
    let mut under = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("same values {}", i + 1);
        let Some(Value::Array(list)) = item.get("sets") else {
            return Err(at(
                place(),
                wrong("no \"sets\" (lists of cells of one size)"),
            ));
        };
        let sets: Vec<Vec<Cell>> = (list.iter())
            .map(|set| match set {
                Value::Array(cells) => cells.iter().map(|c| cell(c, board.n)).collect(),
                other => Err(wrong(format!(
                    "a set must be a list of cells, found {other}"
                ))),
            })
            .collect::<Result<_, _>>()
            .map_err(|p| at(place(), p))?;
        let size = sets.first().map_or(0, Vec::len);
        if sets.len() < 2 || size == 0 || sets.iter().any(|s| s.len() != size) {
            let problem = wrong("same values need two sets or more, of one size, not empty");
            return Err(at(place(), problem));
        }
        for (k, set) in sets.iter().enumerate() {
            let colour = ["#f0e0c0", "#d8e8d0", "#d8d8f0", "#f0d8e0"][k % 4];
            under.extend(set.iter().map(|&c| marks::shade(c, colour)));
        }
        part.groups.push(sets);
    }
    let mut rule = Keyed::of("same values", part, ("samevalues", value.clone()));
    rule.under = under;
    Ok(rule.found())
}

impl Part for SameSets {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let sorted = |set: &[Cell]| {
            let mut values: Vec<u32> = set.iter().map(|&(r, c)| grid.get(r, c)).collect();
            values.sort_unstable();
            values
        };
        (self.groups.iter())
            .filter(|sets| sets.iter().any(|s| sorted(s) != sorted(&sets[0])))
            .map(|sets| {
                let cells: Vec<Cell> = sets.concat();
                Violation::Broken {
                    how: "is broken",
                    clue: format!("{name} {}", crate::grid::cell_name(cells[0])),
                    values: cells.iter().map(|&(r, c)| grid.get(r, c)).collect(),
                    cells,
                }
            })
            .collect()
    }

    /// A value some set cannot hold is held by no cell of the group's sets.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        to_fixed_point(shrunk, |shrunk| {
            self.groups.iter().all(|sets| {
                let union =
                    |set: &[Cell]| set.iter().fold(0, |m, &c| m | domains.at(domains.index(c)));
                let common = sets.iter().fold(u64::MAX, |m, set| m & union(set));
                sets.iter().flatten().all(|&c| {
                    let at = domains.index(c);
                    restrict(domains, at, common, shrunk)
                })
            })
        })
    }

    /// Each value is held as many times in every set: `sum x[set, k] - sum x[first, k] = 0`.
    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().len();
        for (g, sets) in self.groups.iter().enumerate() {
            for (s, set) in sets.iter().enumerate().skip(1) {
                for k in 0..values {
                    let mut e = crate::model::LinExpr::default();
                    set.iter()
                        .for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), 1.0));
                    sets[0]
                        .iter()
                        .for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), -1.0));
                    model.add(format!("{name}{}_{}_{}", g + 1, s + 1, k + 1), e, 0.0, 0.0);
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn sets_hold_the_same_values() {
        let json = r#"{"samevalues": [{"sets": [["R1C1", "R1C2"], ["R5C5", "R6C5"]]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[((0, 0), &[1, 2]), ((0, 1), &[3])]);
        assert_eq!(values(&d, (4, 4)), [1, 2, 3]);
        // The grid's r1c1, r1c2 are 1 2 and r5c5, r6c5 are 5 8; swapped 2 1 agrees too.
        let good = sudoku_with(&[((4, 4), 2), ((5, 4), 1)]);
        keeps_only(json, &good, &sudoku_with(&[((4, 4), 2), ((5, 4), 2)]));
        let uneven = read_error(
            r#"{"samevalues": [{"sets": [["R1C1"], ["R2C2", "R3C3"]]}]}"#,
            9,
        );
        assert!(uneven.contains("of one size"), "{uneven}");
    }
}
