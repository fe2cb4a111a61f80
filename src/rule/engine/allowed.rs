//! The engine of rules on one cell (odd, even, the setter's pencil marks): each named cell
//! holds one of its allowed values. Narrowing removes the others; the row sets their
//! `x[r,c,k]` to 0; the check is exact.

use serde_json::{Map, Value};

use super::{restrict, Rule};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::picture::{Drawing, Mark};

/// A rule of allowed values per cell: its name, cells, marks and the JSON it was read from.
#[derive(Debug, Clone)]
pub struct Allowed {
    /// The rule's name, e.g. `odd`.
    pub name: &'static str,
    /// Each cell and the values it may hold.
    pub cells: Vec<(Cell, Vec<i64>)>,
    /// The marks drawn under the grid lines.
    pub marks: Vec<Mark>,
    /// The key and value written back.
    pub json: (&'static str, Value),
}

impl Rule for Allowed {
    fn name(&self) -> &'static str {
        self.name
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        (self.cells.iter())
            .filter(|(cell, values)| !values.contains(&grid.get(cell.0, cell.1).into()))
            .map(|&(cell, _)| Violation::Broken {
                how: "is broken",
                clue: format!("{} {}", self.name, cell_name(cell)),
                cells: vec![cell],
                values: vec![grid.get(cell.0, cell.1)],
            })
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, _: Option<&[usize]>, shrunk: &mut Vec<usize>) -> bool {
        let values = domains.values().to_vec();
        for ((r, c), allowed) in &self.cells {
            let keep = (values.iter().enumerate())
                .filter(|(_, v)| allowed.contains(v))
                .fold(0u64, |m, (k, _)| m | 1 << k);
            if !restrict(domains, r * domains.cols() + c, keep, shrunk) {
                return false;
            }
        }
        true
    }

    fn constrain(&self, model: &mut Model, _: Deadline) {
        let values = model.domains().values().to_vec();
        for (i, ((r, c), allowed)) in self.cells.iter().enumerate() {
            let mut e = LinExpr::default();
            for (k, v) in values
                .iter()
                .enumerate()
                .filter(|(_, v)| !allowed.contains(v))
            {
                let _ = v;
                e.add_expr(&model.x(*r, *c, k), 1.0);
            }
            model.add(
                format!("{}{}_{}", self.name, i + 1, cell_name((*r, *c))),
                e,
                0.0,
                0.0,
            );
        }
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        object.insert(self.json.0.into(), self.json.1.clone());
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.under.extend(self.marks.iter().cloned());
    }
}
