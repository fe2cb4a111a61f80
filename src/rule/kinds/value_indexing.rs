//! Value indexing lines (`valueindexing`: `[{"lines": [[first, control, ...]]}]`): the second
//! cell's value d says which cell after it repeats the first cell's value, d cells further
//! along the line (the Interactive Sudoku Solver's `ValueIndexing`). Rows: the control's
//! values past the line are 0; control d and first k put k d cells on.

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::{broken_groups, marks, tuples, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("valueindexing", |value, board| LINES.read(value, board));

static LINES: Lines<Indexing> = Lines::new("valueindexing", "value indexing line", lower)
    .min(3)
    .drawn(0.1, "#808080");

/// The lines: the first cell, the control, then the cells it indexes.
#[derive(Debug, Default)]
struct Indexing(Vec<Vec<Cell>>);

fn lower(line: &Line, rule: &mut Keyed<Indexing>) -> Result<(), Problem> {
    let cells = line.cells;
    rule.under.push(marks::ring(cells[0], 0.2, true));
    let (a, b) = (cells[cells.len() - 2], cells[cells.len() - 1]);
    rule.over.push(marks::arrowhead(a, b, 0.1, "#808080"));
    rule.part.0.push(cells.to_vec());
    Ok(())
}

/// Whether `values` (the control first, then the line's first cell and the indexed ones, a
/// prefix of them) keep the line of `len` cells.
fn keeps(values: &[i64], len: usize) -> bool {
    let Some(&d) = values.first() else {
        return true;
    };
    if d < 1 || d as usize > len - 2 {
        return false;
    }
    match (values.get(1), values.get(1 + d as usize)) {
        (Some(first), Some(indexed)) => first == indexed,
        _ => true,
    }
}

/// The line's cells, its control first.
fn control_first(line: &[Cell]) -> Vec<Cell> {
    let mut order = vec![line[1], line[0]];
    order.extend(&line[2..]);
    order
}

impl Part for Indexing {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let orders: Vec<Vec<Cell>> = self.0.iter().map(|line| control_first(line)).collect();
        broken_groups(
            "value indexing line",
            orders.iter().map(Vec::as_slice),
            grid,
            |_, v| keeps(v, v.len()),
        )
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let groups: Vec<tuples::Group> = (self.0.iter())
            .map(|line| {
                let len = line.len();
                tuples::Group {
                    cells: control_first(line),
                    distinct: false,
                    keeps: Box::new(move |values: &[i64], _: bool| keeps(values, len)),
                }
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (i, line) in self.0.iter().enumerate() {
            let ((r0, c0), (rc, cc)) = (line[0], line[1]);
            let mut beyond = LinExpr::default();
            for (d, &v) in values.iter().enumerate() {
                let target = usize::try_from(v)
                    .ok()
                    .filter(|&v| v >= 1)
                    .and_then(|v| line.get(1 + v));
                let Some(&(r, c)) = target else {
                    beyond.add_expr(&model.x(rc, cc, d), 1.0);
                    continue;
                };
                for k in 0..values.len() {
                    let mut e = model.x(rc, cc, d);
                    e.add_expr(&model.x(r0, c0, k), 1.0);
                    e.add_expr(&model.x(r, c, k), -1.0);
                    model.at_most(format!("{name}{}_d{v}_k{}", i + 1, k + 1), e, 1.0);
                }
            }
            model.add(format!("{name}{}_beyond", i + 1), beyond, 0.0, 0.0);
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
    fn the_control_points_at_the_first_value_again() {
        let json = r#"{"valueindexing": [{"lines": [["R1C1", "R2C1", "R2C2", "R2C3"]]}]}"#;
        // First 7, the control 2: r2c3 is 7.
        let set: &[(_, &[i64])] = &[((0, 0), &[7]), ((1, 0), &[2])];
        assert_eq!(narrows_to(json, (2, 3), set, (1, 2)), Some(vec![7]));
        // The control points within the line: 1 or 2.
        assert_eq!(narrows_to(json, (2, 3), &[], (1, 0)), Some(vec![1, 2]));
        // The grid: r1c1 = 1, r2c1 = 4 (beyond the line); r2c1 = 2 and r2c3 = 1 keep it.
        let good = sudoku_with(&[((1, 0), 2), ((1, 2), 1)]);
        keeps_only(json, &good, &sudoku_with(&[]));
    }
}
