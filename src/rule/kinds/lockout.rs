//! Lockout lines (`lockout`: `[{"lines": [[end, ..., end]], "value": "4"}]`): the two ends
//! (the diamonds) differ by at least the value (4 when left out; by 1 at least whatever it
//! is), and no other cell of the line holds a value between them, either end included (the
//! Interactive Sudoku Solver's `Lockout`). Rows: the ends' pairs too close are forbidden; per
//! inner cell a 0-1 `below` (under both ends, else over both) and big-M rows.

use serde_json::{Map, Value};

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::reading::{number, Board};
use crate::rule::engine::{broken_groups, marks, tuples, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("lockout", |value, board| LINES.read(value, board));

static LINES: Lines<Lockouts> = Lines::new("lockout", "lockout line", lower)
    .checked(|item, board| gap(item, board).map(drop))
    .drawn(0.22, "#c8c8ff");

/// Each line and the least difference of its ends.
#[derive(Debug, Default)]
struct Lockouts(Vec<(Vec<Cell>, i64)>);

/// The least difference of the ends: the item's value, 4 when left out; the ends always
/// differ (ISS keeps them apart whatever the value), so 1 at least.
fn gap(item: &Map<String, Value>, _: &Board) -> Result<i64, Problem> {
    Ok(number(item, "value", Some(4))?.max(1))
}

fn lower(line: &Line, rule: &mut Keyed<Lockouts>) -> Result<(), Problem> {
    let cells = line.cells;
    rule.under.push(marks::ring(cells[0], 0.4, false));
    rule.under
        .push(marks::ring(cells[cells.len() - 1], 0.4, false));
    rule.part
        .0
        .push((cells.to_vec(), gap(line.item, line.board)?));
    Ok(())
}

/// Whether the ends `a`, `b` (first) and the inner `values` keep the line.
fn keeps(gap: i64, a: i64, b: i64, inner: &[i64]) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    hi - lo >= gap && inner.iter().all(|&v| v < lo || v > hi)
}

/// The line's cells, its ends first.
fn ends_first(line: &[Cell]) -> Vec<Cell> {
    let mut order = vec![line[0], line[line.len() - 1]];
    order.extend(&line[1..line.len() - 1]);
    order
}

impl Part for Lockouts {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let orders: Vec<Vec<Cell>> = self.0.iter().map(|(line, _)| ends_first(line)).collect();
        broken_groups(
            "lockout line",
            orders.iter().map(Vec::as_slice),
            grid,
            |i, v| keeps(self.0[i].1, v[0], v[1], &v[2..]),
        )
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let groups: Vec<tuples::Group> = (self.0.iter())
            .map(|(line, gap)| tuples::Group {
                cells: ends_first(line),
                distinct: false,
                keeps: Box::new(move |values: &[i64], _: bool| {
                    values.len() < 2 || keeps(*gap, values[0], values[1], &values[2..])
                }),
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        let span = (values[values.len() - 1] - values[0] + 1) as f64;
        for (i, (line, gap)) in self.0.iter().enumerate() {
            let (a, b) = (line[0], line[line.len() - 1]);
            // An end's value k leaves the other end no value closer than the gap.
            for (k, &v) in values.iter().enumerate() {
                let mut e = model.x(a.0, a.1, k);
                for (j, _) in (values.iter().enumerate()).filter(|(_, &w)| (v - w).abs() < *gap) {
                    e.add_expr(&model.x(b.0, b.1, j), 1.0);
                }
                model.at_most(format!("{name}{}_ends_v{v}", i + 1), e, 1.0);
            }
            for (j, &(r, c)) in line[1..line.len() - 1].iter().enumerate() {
                let below = model.binary(format!("{name}{}_{}_below", i + 1, j + 1));
                for (t, end) in [a, b].into_iter().enumerate() {
                    // below: inner <= end - 1; above: end <= inner - 1.
                    let mut under = model.value(r, c);
                    under.add_expr(&model.value(end.0, end.1), -1.0);
                    under.add_var(below, span);
                    model.at_most(
                        format!("{name}{}_{}_{t}_under", i + 1, j + 1),
                        under,
                        span - 1.0,
                    );
                    let mut over = model.value(end.0, end.1);
                    over.add_expr(&model.value(r, c), -1.0);
                    over.add_var(below, -span);
                    model.at_most(format!("{name}{}_{}_{t}_over", i + 1, j + 1), over, -1.0);
                }
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
    fn inner_cells_stay_outside_the_ends() {
        let json = r#"{"lockout": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        // Ends 3 and 7: the middle is 1, 2, 8 or 9.
        let left = narrows_to(json, (1, 3), &[((0, 0), &[3]), ((0, 2), &[7])], (0, 1));
        assert_eq!(left, Some(vec![1, 2, 8, 9]));
        // An end of 5 leaves the other end 1 or 9 (differing by 4 or more).
        let left = narrows_to(json, (1, 3), &[((0, 0), &[5])], (0, 2));
        assert_eq!(left, Some(vec![1, 9]));
        // The grid's r1c1 r1c2 r1c3 hold 1 2 3: 2 lies between; 1 9 6 keeps it.
        let good = sudoku_with(&[((0, 1), 9), ((0, 2), 6)]);
        keeps_only(json, &good, &sudoku_with(&[]));
        let message = "lockout line 1 is broken: r1c1=1, r1c3=3, r1c2=2";
        assert_eq!(broken(&*rule(json, 9), &sudoku_with(&[])), [message]);
        // A difference of 0 still keeps the ends apart.
        let zero = r#"{"lockout": [{"lines": [["R1C1", "R2C2"]], "value": "0"}]}"#;
        keeps_only(zero, &sudoku_with(&[]), &sudoku_with(&[((1, 1), 1)]));
    }
}
