//! Between lines (`betweenline`: `[{"lines": [[end, ..., end]]}]`): every value on a line lies
//! strictly between the values of its two ends (the circles). Rows: a 0-1 direction `d`
//! (first end lower) and big-M rows for each inner cell.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, items, lines, Board, Found};
use crate::rule::engine::{broken_groups, marks, tuples, Changed};

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

impl Part for Between {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let lines = self.lines.iter().map(Vec::as_slice);
        broken_groups("between line", lines, grid, |_, v| {
            keeps((v[0], v[v.len() - 1]), &v[1..v.len() - 1])
        })
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let groups: Vec<tuples::Group> = (self.lines.iter().filter(|l| l.len() > 2))
            .map(|line| {
                // The ends first, then the inner cells: a prefix fails once a value is outside.
                let mut order = vec![line[0], line[line.len() - 1]];
                order.extend(&line[1..line.len() - 1]);
                tuples::Group {
                    cells: order,
                    distinct: false,
                    keeps: Box::new(|values: &[i64], _: bool| {
                        values.len() < 2 || keeps((values[0], values[1]), &values[2..])
                    }),
                }
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
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
    use crate::rule::harness::*;

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
