//! The engine of rules on one cell (odd, even, the setter's pencil marks): each named cell
//! holds one of its allowed values. Narrowing removes the others; the row sets their
//! `x[r,c,k]` to 0; the check is exact.

use super::keyed::Part;
use super::restrict;
use super::Changed;
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model};

/// The allowed values per cell of a rule.
#[derive(Debug, Clone, Default)]
pub struct Allowed {
    /// Each cell and the values it may hold.
    pub cells: Vec<(Cell, Vec<i64>)>,
}

impl Part for Allowed {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        (self.cells.iter())
            .filter(|(cell, values)| !values.contains(&grid.get(cell.0, cell.1).into()))
            .map(|&(cell, _)| Violation::Broken {
                how: "is broken",
                clue: format!("{name} {}", cell_name(cell)),
                cells: vec![cell],
                values: vec![grid.get(cell.0, cell.1)],
            })
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
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

    fn constrain(&self, name: &str, model: &mut Model) {
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
                format!("{name}{}_{}", i + 1, cell_name((*r, *c))),
                e,
                0.0,
                0.0,
            );
        }
    }

    fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}
