//! Renban lines (`renban`: `[{"lines": [[cells]]}]`): a line's values differ and form a run of
//! consecutive numbers, in any order. The line is an all-different area; this rule keeps its
//! values within one window of the line's length (rows: one chosen window, each value outside
//! it 0, each value inside it on some cell, which lets CaDiCaL place a window's values: a hard
//! renban puzzle of ISS's collections took 145,563 conflicts without these rows, 61,746 with).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::geometry::{Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, items, lines, Board, Found};
use crate::rule::engine::{broken_groups, marks, restrict, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("renban", read);

#[derive(Debug, Default)]
struct Renban {
    lines: Vec<Vec<Cell>>,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut found_lines = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("renban {}", i + 1);
        for line in lines(item, board.n, 1).map_err(|p| at(place(), p))? {
            if line.len() > board.top {
                let problem = crate::rule::engine::reading::wrong(format!(
                    "a renban of {} cells cannot hold different values 1..{}",
                    line.len(),
                    board.top
                ));
                return Err(at(place(), problem));
            }
            found_lines.push(line);
        }
    }
    let mut rule = Keyed::of("renban", Renban::default(), (KIND.key, value.clone()));
    rule.under = (found_lines.iter())
        .map(|l| marks::line(l, 0.22, "#d7a8e6"))
        .collect();
    let areas = (found_lines.iter().enumerate())
        .map(|(i, line)| Area {
            name: AreaName::Extra(format!("renban {}", i + 1)),
            cells: line.clone(),
        })
        .collect();
    rule.part.lines = found_lines;
    let mut found = Found::rule(rule);
    found.areas = areas;
    Ok(found)
}

/// Whether values differ and span no more than their count.
fn is_run(values: &[i64]) -> bool {
    let (min, max) = (values.iter().min(), values.iter().max());
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == values.len()
        && min
            .zip(max)
            .is_none_or(|(a, b)| b - a < values.len() as i64)
}

/// Per cell of a line (`sets`: its candidates, as bits of `values`), the candidates some
/// assignment keeping the renban gives it: for each window of as many consecutive numbers
/// as cells, the values of the cells' perfect matchings into it (exact: a renban's values
/// are exactly one such window). `None` when no window has one.
fn window_support(sets: &[u64], values: &[i64]) -> Option<Vec<u64>> {
    let len = sets.len();
    let mut keep = vec![0u64; len];
    if len == 0 {
        return Some(keep);
    }
    for start in 0..=values.len().checked_sub(len)? {
        let consecutive = (1..len).all(|i| values[start + i] == values[start] + i as i64);
        if !consecutive || start + len > 64 {
            continue;
        }
        let window = (u64::MAX >> (64 - len)) << start;
        let within: Vec<u64> = sets.iter().map(|&s| s & window).collect();
        let new = within.iter().zip(&keep).any(|(&w, &k)| w & !k != 0);
        if !new || within.iter().fold(0, |all, &w| all | w) != window {
            continue;
        }
        if let Some(owner) = matching(&within) {
            supported_edges(&within, &owner, window, &mut keep);
        }
    }
    keep.iter().all(|&k| k != 0).then_some(keep)
}

/// A way for each cell to take a candidate of its own (`sets`), no two the same: per
/// candidate its cell (augmenting paths, Kuhn's); `None` when there is none.
fn matching(sets: &[u64]) -> Option<[usize; 64]> {
    let mut owner = [usize::MAX; 64];
    (0..sets.len())
        .all(|c| augment(c, sets, &mut owner, &mut 0))
        .then_some(owner)
}

/// Finds cell `c` a candidate, moving its owner on to another when taken; `seen`: the
/// candidates looked at on this path.
fn augment(c: usize, sets: &[u64], owner: &mut [usize; 64], seen: &mut u64) -> bool {
    let mut bits = sets[c] & !*seen;
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        *seen |= 1 << k;
        if owner[k] == usize::MAX || augment(owner[k], sets, owner, seen) {
            owner[k] = c;
            return true;
        }
    }
    false
}

/// Marks in `keep` every candidate some perfect matching of the cells into as many values
/// gives (`owner`: one such matching): its own edges, and each other edge `(c, k)` on an
/// alternating cycle, that is where `k`'s owner reaches `c` by moving owners along (Régin's
/// rule, with no free value left; reachability as bitsets, Warshall's closure). `values`:
/// the values, as bits, each owned by a cell.
fn supported_edges(sets: &[u64], owner: &[usize; 64], values: u64, keep: &mut [u64]) {
    let len = sets.len();
    let mut reach = vec![0u64; len];
    let mut owned = values;
    while owned != 0 {
        let k = owned.trailing_zeros() as usize;
        owned &= owned - 1;
        let c = owner[k];
        keep[c] |= 1 << k;
        let mut others = sets[c] & !(1 << k);
        while others != 0 {
            reach[c] |= 1 << owner[others.trailing_zeros() as usize];
            others &= others - 1;
        }
    }
    for m in 0..len {
        for c in 0..len {
            if reach[c] >> m & 1 == 1 {
                reach[c] |= reach[m];
            }
        }
    }
    for (c, &set) in sets.iter().enumerate() {
        let mut bits = set & !keep[c];
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if reach[owner[k]] >> c & 1 == 1 {
                keep[c] |= 1 << k;
            }
        }
    }
}

impl Part for Renban {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let lines = self.lines.iter().map(Vec::as_slice);
        broken_groups("renban", lines, grid, |_, v| is_run(v))
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let values = domains.values().to_vec();
        let cols = domains.cols();
        // The lines through a cell narrowed since the last pass (at first: `changed`'s, or all).
        let mut fresh: Option<Vec<usize>> = changed.map(<[usize]>::to_vec);
        loop {
            let before = shrunk.len();
            for line in &self.lines {
                let index: Vec<usize> = line.iter().map(|&(r, c)| r * cols + c).collect();
                if fresh
                    .as_ref()
                    .is_some_and(|cells| !index.iter().any(|i| cells.contains(i)))
                {
                    continue;
                }
                let sets: Vec<u64> = index.iter().map(|&i| domains.at(i)).collect();
                let Some(kept) = window_support(&sets, &values) else {
                    return false;
                };
                if !(index.iter().zip(kept)).all(|(&i, keep)| restrict(domains, i, keep, shrunk)) {
                    return false;
                }
            }
            if shrunk.len() == before {
                return true;
            }
            fresh = Some(shrunk[before..].to_vec());
        }
    }

    fn constrain(&self, _: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (i, line) in self.lines.iter().enumerate() {
            let len = line.len();
            // One window of `len` values is chosen; a value outside it is on no cell.
            let windows: Vec<_> = (0..=values.len() - len)
                .map(|s| model.binary(format!("renban{}_from{}", i + 1, values[s])))
                .collect();
            let mut one = LinExpr::default();
            windows.iter().for_each(|&w| one.add_var(w, 1.0));
            model.add(format!("renban{}_window", i + 1), one, 1.0, 1.0);
            for (k, v) in values.iter().enumerate() {
                for &(r, c) in line {
                    let mut e = model.x(r, c, k);
                    for (s, &w) in windows
                        .iter()
                        .enumerate()
                        .filter(|&(s, _)| s <= k && k < s + len)
                    {
                        let _ = s;
                        e.add_var(w, -1.0);
                    }
                    model.at_most(format!("renban{}_r{}c{}_v{v}", i + 1, r + 1, c + 1), e, 0.0);
                }
            }
            // The chosen window's every value is on some cell (its cells differ, one a value).
            for (s, &w) in windows.iter().enumerate() {
                for k in s..s + len {
                    let mut e = LinExpr::default();
                    e.add_var(w, 1.0);
                    line.iter()
                        .for_each(|&(r, c)| e.add_expr(&model.x(r, c, k), -1.0));
                    model.at_most(
                        format!("renban{}_from{}_has{}", i + 1, values[s], values[k]),
                        e,
                        0.0,
                    );
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::{is_run, window_support};
    use crate::rule::harness::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_windows_keep_exactly_the_values_of_some_run() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let values: Vec<i64> = (1..=7).collect();
        let (mut narrowed, mut none) = (0, 0);
        for round in 0..3000 {
            let len = rng.random_range(1..=5);
            let sets: Vec<u64> = (0..len).map(|_| rng.random_range(1..128u64)).collect();
            let used = supported_by_trying(&sets, 7, |pick| {
                is_run(&pick.iter().map(|&k| values[k]).collect::<Vec<_>>())
            });
            let expected = used.iter().all(|&u| u != 0).then_some(used);
            let found = window_support(&sets, &values);
            assert_eq!(found, expected, "round {round}: {sets:?}");
            narrowed += usize::from(found.as_ref().is_some_and(|f| f != &sets));
            none += usize::from(found.is_none());
        }
        assert!(narrowed > 100 && none > 100, "{narrowed} {none}");
    }

    #[test]
    fn a_renban_s_values_are_a_run() {
        let found = read(r#"{"renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#, 9);
        assert_eq!(found.areas.len(), 1, "its values differ: an area");
        let rule = &found.rules[0];
        let d = narrowed(&**rule, candidates(1, 3, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [3, 4, 6, 7]);
        let gap = grid_with(9, &[((0, 0), 1), ((0, 1), 2), ((0, 2), 4)]);
        assert_eq!(broken(&**rule, &gap).len(), 1);
        let run = grid_with(9, &[((0, 0), 3), ((0, 1), 1), ((0, 2), 2)]);
        assert!(broken(&**rule, &run).is_empty());
    }

    #[test]
    fn a_renban_holds_by_check_and_rows_alike() {
        let json = r#"{"renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 5)]));
    }
}
