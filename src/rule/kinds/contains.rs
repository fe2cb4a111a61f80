//! Contained values (`contains`: `[{"cells": ["R1C1", "R1C2", "R2C1"], "values": [5, 5, 3]}]`):
//! the cells hold each listed value at least as many times as it is listed, or exactly as many
//! with `"exact": true`; values listed under `"absent"` are held by none of them; other
//! values are free (the Interactive Sudoku Solver's `ContainAtLeast`, `ContainExact`, and
//! `LookAndSay`, whose count of 0 is an absent value).

use serde_json::{Map, Value};

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cells, flag, items, wrong, Board, Found};
use crate::rule::engine::{marks, restrict, to_fixed_point, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("contains", read);

/// One item: its cells, how many of each value (by index) they hold, and whether exactly.
#[derive(Debug)]
struct Need {
    cells: Vec<Cell>,
    counts: Vec<(usize, usize)>,
    exact: bool,
    /// The values (indices) no cell holds.
    absent: Vec<usize>,
    clue: String,
}

/// The items.
#[derive(Debug, Default)]
struct Needs(Vec<Need>);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Needs>::new("contains", "contains", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let clue = format!("contains {}", i + 1);
        let need = need(item, board, clue.clone()).map_err(|p| at(clue, p))?;
        rule.under
            .extend(need.cells.iter().map(|&c| marks::shade(c, "#ece4f6")));
        rule.part.0.push(need);
    }
    Ok(rule.found())
}

fn need(item: &Map<String, Value>, board: &Board, clue: String) -> Result<Need, Problem> {
    let n = board.n;
    // Listed values are written values (from `board.first`); `k` is the index of mipsolve's.
    let index = |v: &Value| Some(board.value(v.as_u64()?)? as usize - 1);
    let range = board.written_range();
    if let Some(key) =
        (item.keys()).find(|k| !["cells", "values", "exact", "absent"].contains(&k.as_str()))
    {
        return Err(wrong(format!("unknown key \"{key}\"")));
    }
    let cells = cells(item, "cells", n)?;
    let bad = |v: &Value| wrong(format!("\"values\" must list values {range}, found {v}"));
    let listed = item.get("values").and_then(Value::as_array);
    let listed = listed.ok_or_else(|| wrong("no \"values\" (a list of values)"))?;
    let mut counts: Vec<(usize, usize)> = Vec::new();
    for v in listed {
        let k = index(v).ok_or_else(|| bad(v))?;
        match counts.iter_mut().find(|(j, _)| *j == k) {
            Some((_, m)) => *m += 1,
            None => counts.push((k, 1)),
        }
    }
    if listed.len() > cells.len() {
        return Err(Problem::NeverHolds(format!(
            "{} values listed for {} cells",
            listed.len(),
            cells.len()
        )));
    }
    let exact = item.get("exact").map(flag).transpose()?.unwrap_or(false);
    let absent = match item.get("absent") {
        None => Vec::new(),
        Some(Value::Array(list)) => (list.iter())
            .map(|v| {
                index(v)
                    .ok_or_else(|| wrong(format!("\"absent\" must list values {range}, found {v}")))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(wrong(format!(
                "\"absent\" must be a list of values, found {other}"
            )))
        }
    };
    Ok(Need {
        cells,
        counts,
        exact,
        absent,
        clue,
    })
}

impl Need {
    /// The cells that may hold value `k`, and those that must.
    fn holding(&self, k: usize, domains: &Domains) -> (usize, usize) {
        let sets = self.cells.iter().map(|&c| domains.at(domains.index(c)));
        sets.fold((0, 0), |(may, must), set| {
            let may_hold = set >> k & 1 == 1;
            (
                may + usize::from(may_hold),
                must + usize::from(set == 1 << k),
            )
        })
    }
}

impl Part for Needs {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        (self.0.iter())
            .filter(|need| {
                need.counts.iter().any(|&(k, m)| {
                    let held = need
                        .cells
                        .iter()
                        .filter(|&&c| value(c) == k as u32 + 1)
                        .count();
                    held < m || (need.exact && held != m)
                }) || (need.cells.iter()).any(|&c| need.absent.contains(&(value(c) as usize - 1)))
            })
            .map(|need| Violation::Broken {
                how: "is broken",
                clue: need.clue.clone(),
                cells: need.cells.clone(),
                values: need.cells.iter().map(|&c| value(c)).collect(),
            })
            .collect()
    }

    /// A value with just enough cells left takes them all; with an exact count held already,
    /// it leaves the other cells.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let absent = |need: &Need| need.absent.iter().fold(0u64, |m, &k| m | 1 << k);
        to_fixed_point(shrunk, |shrunk| {
            self.0.iter().all(|need| {
                let gone = absent(need);
                let cols = domains.cols();
                (gone == 0
                    || need
                        .cells
                        .iter()
                        .all(|&(r, c)| restrict(domains, r * cols + c, !gone, shrunk)))
                    && need.counts.iter().all(|&(k, m)| {
                        let (may, must) = need.holding(k, domains);
                        if may < m || (need.exact && must > m) {
                            return false;
                        }
                        need.cells.iter().all(|&c| {
                            let at = domains.index(c);
                            let set = domains.at(at);
                            let keep = match (may == m, need.exact && must == m) {
                                (true, _) if set >> k & 1 == 1 => 1 << k,
                                (_, true) if set != 1 << k => !(1 << k),
                                _ => u64::MAX,
                            };
                            restrict(domains, at, keep, shrunk)
                        })
                    })
            })
        })
    }

    /// Per item and listed value, `sum x[cells, v] >= count` (`=` when exact); `= 0` for an
    /// absent value.
    fn constrain(&self, name: &str, model: &mut Model) {
        for (i, need) in self.0.iter().enumerate() {
            for &(k, m) in &need.counts {
                let mut e = LinExpr::default();
                (need.cells.iter()).for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), 1.0));
                let hi = if need.exact { m as f64 } else { f64::INFINITY };
                model.add(format!("{name}{}_v{}", i + 1, k + 1), e, m as f64, hi);
            }
            for &k in &need.absent {
                let mut e = LinExpr::default();
                (need.cells.iter()).for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), 1.0));
                model.add(format!("{name}{}_absent{}", i + 1, k + 1), e, 0.0, 0.0);
            }
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
    fn listed_values_are_held_as_often_as_listed() {
        // Three cells holding two 5s: the third cell's candidates stay, the two 5s need two.
        let json = r#"{"contains": [{"cells": ["R1C1", "R1C2", "R2C1"], "values": [5, 5]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[((0, 0), &[1, 2])]);
        assert_eq!(values(&d, (0, 1)), [5]);
        assert_eq!(values(&d, (1, 0)), [5]);
        // The grid's first row holds 1 2 3: at least one 2 and one 3 in r1c1-r1c3.
        let some = r#"{"contains": [{"cells": ["R1C1", "R1C2", "R1C3"], "values": [3, 2]}]}"#;
        keeps_only(some, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 4)]));
        // Exactly one 2 among r1c2 and r2c2 (the grid's 2 and 5); two 2s break it.
        let exact = r#"{"contains": [{"cells": ["R1C2", "R2C2"], "values": [2], "exact": true}]}"#;
        keeps_only(exact, &sudoku_with(&[]), &sudoku_with(&[((1, 1), 2)]));
        let d = narrowed_square(&*rule(exact, 9), 9, &[((0, 1), &[2])]);
        assert!(!values(&d, (1, 1)).contains(&2));
        let many = read_error(
            r#"{"contains": [{"cells": ["R1C1"], "values": [1, 2]}]}"#,
            9,
        );
        assert!(many.contains("2 values listed for 1 cells"), "{many}");
        // No 2 among r1c1 r1c2 (the grid's 1 2): broken; 1 3 keeps it.
        let absent = r#"{"contains": [{"cells": ["R1C1", "R1C2"], "values": [], "absent": [2]}]}"#;
        keeps_only(absent, &sudoku_with(&[((0, 1), 3)]), &sudoku_with(&[]));
        let d = narrowed_square(&*rule(absent, 9), 9, &[]);
        assert!(!values(&d, (0, 0)).contains(&2));
    }
}
