//! Rows that hold only while a binary is 1: how a choice among groups of rules (ISS's `Or`)
//! is written, each group's rows relaxed by its indicator.

use super::{LinExpr, Model, Row, Var, VarKind};

impl Model {
    /// Adds the rows `add` writes so that they hold only while binary `chosen` is 1, each
    /// bound moved by a big M from its variables' ranges (`expr + (max - hi) chosen <= max`,
    /// `expr + (min - lo) chosen >= min`); a row that folds to a false constant says `chosen`
    /// is 0. The rows and variables added are named under `prefix`.
    pub fn when(&mut self, chosen: Var, prefix: &str, add: impl FnOnce(&mut Model)) {
        let (rows, vars) = (self.constraints.len(), self.vars.len());
        let before = self.contradiction.take();
        add(self);
        let broke = std::mem::replace(&mut self.contradiction, before).is_some();
        for name in &mut self.names[vars..] {
            *name = format!("{prefix}_{name}");
        }
        let added: Vec<Row> = self.constraints.drain(rows..).collect();
        for row in added {
            self.add_relaxed(chosen, prefix, row);
        }
        if broke {
            let mut off = LinExpr::default();
            off.add_var(chosen, 1.0);
            self.add(format!("{prefix}_off"), off, 0.0, 0.0);
        }
    }

    /// `row` holding only while `chosen` is 1.
    fn add_relaxed(&mut self, chosen: Var, prefix: &str, row: Row) {
        let (mut min, mut max) = (0.0, 0.0);
        for &(v, a) in &row.terms {
            let (lo, hi) = match self.vars[v.0] {
                VarKind::Binary => (0.0, 1.0),
                VarKind::Continuous { lo, hi } => (lo, hi),
            };
            min += (a * lo).min(a * hi);
            max += (a * lo).max(a * hi);
        }
        let expr = LinExpr {
            terms: row.terms,
            constant: 0.0,
        };
        let name = format!("{prefix}_{}", row.name);
        if row.hi < max {
            let mut upper = expr.clone();
            upper.add_var(chosen, max - row.hi);
            self.add_for(
                row.readers,
                format!("{name}_hi"),
                upper,
                f64::NEG_INFINITY,
                max,
            );
        }
        if row.lo > min {
            let mut lower = expr;
            lower.add_var(chosen, min - row.lo);
            self.add_for(row.readers, format!("{name}_lo"), lower, min, f64::INFINITY);
        }
    }
}
