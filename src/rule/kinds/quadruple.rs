//! Quadruples (`quadruple`: `[{"cells": [four cells], "values": [3, 4]}]`): each listed value
//! appears among the cells around the circle (a value listed twice, twice).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::picture::Mark;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cells, items, wrong, Board, Found};
use crate::rule::engine::{broken_groups, restrict, to_fixed_point, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("quadruple", read);

#[derive(Debug, Default)]
struct Quadruples {
    clues: Vec<(Vec<Cell>, Vec<i64>)>,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let (mut clues, mut written) = (Vec::new(), Vec::new());
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("quadruple {}", i + 1);
        let around = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        let listed = item
            .get("values")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let values: Option<Vec<i64>> = listed
            .iter()
            .map(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()))
            .collect();
        // Written values, and mipsolve's (from 1) for the rule.
        let inner: Option<Vec<i64>> = (values.iter().flatten())
            .map(|&x| Some(i64::from(board.value(u64::try_from(x).ok()?)?)))
            .collect();
        let fits = |v: &Vec<i64>| v.len() <= around.len();
        let (Some(values), Some(inner)) = (values.filter(fits), inner.filter(fits)) else {
            return Err(at(
                place(),
                wrong(format!(
                    "\"values\" must be at most {} values {}",
                    around.len(),
                    board.written_range()
                )),
            ));
        };
        written.push(values);
        clues.push((around, inner));
    }
    let mut rule = Keyed::of(
        "quadruple",
        Quadruples::default(),
        (KIND.key, value.clone()),
    );
    rule.over = (clues.iter().zip(&written))
        .flat_map(|((around, _), listed)| drawn(around, listed))
        .collect();
    rule.part.clues = clues;
    Ok(Found::rule(rule))
}

/// A white circle on the corner the cells share, with the values.
fn drawn(around: &[Cell], listed: &[i64]) -> [Mark; 2] {
    let (r, c) = (
        around.iter().map(|a| a.0).max().unwrap_or(0),
        around.iter().map(|a| a.1).max().unwrap_or(0),
    );
    let corner = (r as f64, c as f64);
    let text: Vec<String> = listed.iter().map(i64::to_string).collect();
    [
        Mark::Circle {
            centre: corner,
            radius: 0.3,
            fill: "white",
            stroke: Some("black"),
        },
        Mark::Text {
            at: corner,
            text: text.join(""),
            size: 0.22,
        },
    ]
}

/// Whether `values` hold every listed value as often as listed; a prefix, whether the cells
/// left can still make up what is missing.
fn keeps(listed: &[i64], values: &[i64], cells: usize) -> bool {
    // Each listed value once, at its first listing (the search asks this at every step).
    let firsts = (listed.iter().enumerate()).filter(|&(i, want)| !listed[..i].contains(want));
    let missing: usize = firsts
        .map(|(_, want)| {
            let need = listed.iter().filter(|&v| v == want).count();
            let have = values.iter().filter(|&v| v == want).count();
            need.saturating_sub(have)
        })
        .sum();
    missing <= cells - values.len()
}

/// Per cell (`sets`: its candidates), the candidates some assignment holding every listed
/// value (`slots`: candidate indexes, repeated as listed) gives it: a cell keeps a listed
/// value when the other cells can hold the rest of the list, and any other value when they
/// can hold all of it (exact: a value listed twice needs two cells).
fn supported(slots: &[usize], sets: &[u64]) -> Vec<u64> {
    let listed = slots.iter().fold(0u64, |m, &k| m | 1 << k);
    let mut keep = vec![0u64; sets.len()];
    for c in 0..sets.len() {
        let mut others = sets.to_vec();
        others[c] = 0;
        let unlisted = sets[c] & !listed;
        if unlisted != 0 && held(slots, &others) {
            keep[c] |= unlisted;
        }
        for (i, &k) in slots.iter().enumerate() {
            let first = !slots[..i].contains(&k);
            if first && sets[c] >> k & 1 == 1 {
                let rest: Vec<usize> = [&slots[..i], &slots[i + 1..]].concat();
                if held(&rest, &others) {
                    keep[c] |= 1 << k;
                }
            }
        }
    }
    keep
}

/// Whether each slot (a candidate index) can go to a cell of its own holding it (augmenting
/// paths, Kuhn's).
fn held(slots: &[usize], sets: &[u64]) -> bool {
    fn place(
        s: usize,
        slots: &[usize],
        sets: &[u64],
        owner: &mut [usize],
        seen: &mut [bool],
    ) -> bool {
        for c in 0..sets.len() {
            if sets[c] >> slots[s] & 1 == 0 || seen[c] {
                continue;
            }
            seen[c] = true;
            if owner[c] == usize::MAX || place(owner[c], slots, sets, owner, seen) {
                owner[c] = s;
                return true;
            }
        }
        false
    }
    let mut owner = vec![usize::MAX; sets.len()];
    (0..slots.len()).all(|s| place(s, slots, sets, &mut owner, &mut vec![false; sets.len()]))
}

impl Part for Quadruples {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let groups = self.clues.iter().map(|(around, _)| around.as_slice());
        broken_groups("quadruple", groups, grid, |i, v| {
            keeps(&self.clues[i].1, v, v.len())
        })
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let (cols, values) = (domains.cols(), domains.values().to_vec());
        to_fixed_point(shrunk, |shrunk| {
            self.clues.iter().all(|(around, listed)| {
                let Some(slots) = (listed.iter())
                    .map(|v| values.iter().position(|w| w == v))
                    .collect::<Option<Vec<usize>>>()
                else {
                    return false;
                };
                let index: Vec<usize> = around.iter().map(|&(r, c)| r * cols + c).collect();
                let sets: Vec<u64> = index.iter().map(|&i| domains.at(i)).collect();
                let keep = supported(&slots, &sets);
                (index.iter().zip(keep)).all(|(&i, k)| restrict(domains, i, k, shrunk))
            })
        })
    }

    fn constrain(&self, _: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (i, (around, listed)) in self.clues.iter().enumerate() {
            for (k, v) in values
                .iter()
                .enumerate()
                .filter(|(_, v)| listed.contains(v))
            {
                let need = listed.iter().filter(|&w| w == v).count() as f64;
                let mut e = LinExpr::default();
                around
                    .iter()
                    .for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), 1.0));
                model.add(format!("quadruple{}_v{v}", i + 1), e, need, f64::INFINITY);
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.clues.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::{keeps, supported};
    use crate::rule::harness::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_kept_candidates_are_those_of_some_assignment_holding_the_list() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let (mut narrowed, mut none) = (0, 0);
        for round in 0..3000 {
            let sets: Vec<u64> = (0..4).map(|_| rng.random_range(1..64u64)).collect();
            let slots: Vec<usize> = (0..rng.random_range(1..=4))
                .map(|_| rng.random_range(0..6))
                .collect();
            let listed: Vec<i64> = slots.iter().map(|&k| k as i64).collect();
            let expected = supported_by_trying(&sets, 6, |pick| {
                keeps(
                    &listed,
                    &pick.iter().map(|&k| k as i64).collect::<Vec<_>>(),
                    4,
                )
            });
            let found = supported(&slots, &sets);
            let found = match found.contains(&0) {
                true => vec![0; 4],
                false => found,
            };
            assert_eq!(found, expected, "round {round}: {sets:?} {slots:?}");
            narrowed += usize::from(expected != sets);
            none += usize::from(expected == [0; 4]);
        }
        assert!(narrowed > 1000 && none > 300, "{narrowed} {none}");
    }

    #[test]
    fn the_listed_values_appear_around_the_corner() {
        let json =
            r#"{"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2]}]}"#;
        let rule = rule(json, 9);
        let set: &[((usize, usize), &[i64])] = &[((0, 0), &[9]), ((0, 1), &[8])];
        let d = narrowed(&*rule, candidates(2, 2, 9, set)).unwrap();
        assert_eq!(values(&d, (1, 0)), [1, 2]);
        let three =
            r#"{"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2, 3]}]}"#;
        assert!(narrowed(&*super::tests::rule(three, 9), candidates(2, 2, 9, set)).is_none());
    }

    #[test]
    fn a_quadruple_holds_by_check_and_rows_alike() {
        let json =
            r#"{"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 5]}]}"#;
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((1, 1), 6)]));
    }
}
