//! Between lines (`betweenline`: `[{"lines": [[end, ..., end]]}]`): every value on a line lies
//! strictly between the values of its two ends (the circles). Rows: a 0-1 direction `d`
//! (first end lower) and big-M rows for each inner cell. Narrowing is exact: per pair of end
//! values, the inner candidates strictly between them.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, items, lines, Board, Found};
use crate::rule::engine::{broken_groups, marks, restrict, to_fixed_point, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("betweenline", read);

#[derive(Debug, Default)]
struct Between {
    lines: Vec<Vec<Cell>>,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut found = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("between line {}", i + 1);
        found.extend(lines(item, board.n, 2).map_err(|p| at(place(), p))?);
    }
    let mut rule = Keyed::of("between", Between::default(), (KIND.key, value.clone()));
    for line in &found {
        rule.under.push(marks::line(line, 0.22, "#c0c0c0"));
        rule.under.push(marks::ring(line[0], 0.42, false));
        rule.under
            .push(marks::ring(line[line.len() - 1], 0.42, false));
    }
    rule.part.lines = found;
    Ok(Found::rule(rule))
}

/// Whether the inner values lie strictly between the ends (`ends` first and last).
fn keeps(ends: (i64, i64), inner: &[i64]) -> bool {
    let (lo, hi) = (ends.0.min(ends.1), ends.0.max(ends.1));
    inner.iter().all(|&v| lo < v && v < hi)
}

/// Per cell of a line (`sets`: its candidates, ends first and last, values in order), the
/// candidates some assignment keeping the rule gives it: for each pair of end values, the
/// inner cells' candidates strictly between them, when every inner cell has one (exact: the
/// inner cells depend on the ends alone).
fn supported(sets: &[u64]) -> Vec<u64> {
    let last = sets.len() - 1;
    let mut keep = vec![0u64; sets.len()];
    let bits = |set: u64| (0..64).filter(move |&k| set >> k & 1 == 1);
    for a in bits(sets[0]) {
        for b in bits(sets[last]) {
            let (lo, hi) = (a.min(b), a.max(b));
            if hi - lo < 2 {
                continue;
            }
            let window = (u64::MAX >> (64 - (hi - lo - 1))) << (lo + 1);
            if sets[1..last].iter().any(|&s| s & window == 0) {
                continue;
            }
            keep[0] |= 1 << a;
            keep[last] |= 1 << b;
            (1..last).for_each(|i| keep[i] |= sets[i] & window);
        }
    }
    keep
}

impl Part for Between {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let lines = self.lines.iter().map(Vec::as_slice);
        broken_groups("between line", lines, grid, |_, v| {
            keeps((v[0], v[v.len() - 1]), &v[1..v.len() - 1])
        })
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let cols = domains.cols();
        to_fixed_point(shrunk, |shrunk| {
            self.lines.iter().filter(|l| l.len() > 2).all(|line| {
                let index: Vec<usize> = line.iter().map(|&(r, c)| r * cols + c).collect();
                let sets: Vec<u64> = index.iter().map(|&i| domains.at(i)).collect();
                let keep = supported(&sets);
                (index.iter().zip(keep)).all(|(&i, k)| restrict(domains, i, k, shrunk))
            })
        })
    }

    fn constrain(&self, _: &str, model: &mut Model) {
        let n = model.domains().values().len() as f64;
        for (i, line) in self.lines.iter().enumerate().filter(|(_, l)| l.len() > 2) {
            let (a, b) = (line[0], line[line.len() - 1]);
            let up = model.binary(format!("between{}_rising", i + 1));
            let value = |m: &Model, (r, c): Cell| m.value(r, c);
            for (j, &m) in line[1..line.len() - 1].iter().enumerate() {
                // rising: a < m < b; falling: b < m < a; the other pair is slack by n.
                let rows = [
                    (m, a, -n, 1.0 - n),
                    (b, m, -n, 1.0 - n),
                    (a, m, n, 1.0),
                    (m, b, n, 1.0),
                ];
                for (t, (high, low, w, bound)) in rows.into_iter().enumerate() {
                    let mut e = LinExpr::default();
                    e.add_expr(&value(model, high), 1.0);
                    e.add_expr(&value(model, low), -1.0);
                    e.add_var(up, w);
                    model.add(
                        format!("between{}_{}_{}", i + 1, j + 1, t),
                        e,
                        bound,
                        f64::INFINITY,
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
    use super::{keeps, supported};
    use crate::rule::harness::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_kept_candidates_are_those_of_some_assignment_keeping_the_line() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut narrowed = 0;
        for round in 0..3000 {
            let len = rng.random_range(3..=5);
            let sets: Vec<u64> = (0..len).map(|_| rng.random_range(1..64u64)).collect();
            let expected = supported_by_trying(&sets, 6, |pick| {
                let v: Vec<i64> = pick.iter().map(|&k| k as i64).collect();
                keeps((v[0], v[len - 1]), &v[1..len - 1])
            });
            assert_eq!(supported(&sets), expected, "round {round}: {sets:?}");
            narrowed += usize::from(expected != sets);
        }
        assert!(narrowed > 1000, "{narrowed}");
    }

    #[test]
    fn inner_cells_lie_strictly_between_the_ends() {
        let json = r#"{"betweenline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        let left = narrows_to(json, (1, 3), &[((0, 0), &[2]), ((0, 2), &[5])], (0, 1));
        assert_eq!(left, Some(vec![3, 4]));
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 1), 7)]));
        let message = "between line 1 is broken: r1c1=1, r1c2=7, r1c3=3";
        assert_eq!(
            broken(&*rule(json, 9), &grid_with(9, &[((0, 1), 7)])),
            [message]
        );
    }
}
