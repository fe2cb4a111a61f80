//! A choice among groups of rules (the Interactive Sudoku Solver's `Or`, each option an `And`
//! or a single rule): the grid keeps at least one option whole. Narrowing runs each option's
//! rules on a copy of the candidates and keeps what some option leaves; the rows give each
//! option a binary, at least one is 1, and an option's rows (and what its narrowing removed)
//! hold only while its binary is 1.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::set::Reductions;
use super::{Changed, Rule};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::Grid;
use crate::model::{LinExpr, Model};
use crate::picture::Drawing;

/// At least one of the options holds.
#[derive(Debug, Clone)]
pub struct AnyOf {
    /// The clue, e.g. `or 2`.
    pub clue: String,
    /// The options, each a group of rules that hold together.
    pub options: Vec<Vec<Arc<dyn Rule>>>,
    /// The cells (row-major, in order) the options look at, when known: narrowing again
    /// after other cells changed would change nothing.
    pub scope: Option<Vec<usize>>,
    /// The key and value written back.
    pub json: (&'static str, Value),
}

impl AnyOf {
    /// What option `i` leaves of `domains` (its rules to their common fixed point); `None`
    /// when it empties a cell.
    fn narrowed(&self, i: usize, domains: &Domains) -> Option<Domains> {
        let mut copy = domains.clone();
        let reductions = Reductions::new(self.options[i].clone());
        reductions.narrow(&mut copy, None).then_some(copy)
    }
}

impl Rule for AnyOf {
    fn name(&self) -> &'static str {
        "or"
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let broken: Vec<Vec<Violation>> = (self.options.iter())
            .map(|rules| rules.iter().flat_map(|r| r.violations(grid)).collect())
            .collect();
        if broken.iter().any(Vec::is_empty) {
            return Vec::new();
        }
        let first = broken.first().and_then(|b| b.first());
        let why = first.map_or(String::new(), |v| format!("; the first: {v}"));
        vec![Violation::Broken {
            clue: format!("{} (no option holds{why})", self.clue),
            how: "is broken",
            cells: Vec::new(),
            values: Vec::new(),
        }]
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        if let (Some(changed), Some(scope)) = (changed, &self.scope) {
            if !changed.iter().any(|c| scope.binary_search(c).is_ok()) {
                return true;
            }
        }
        let mut kept: Option<Domains> = None;
        for i in 0..self.options.len() {
            if let Some(left) = self.narrowed(i, domains) {
                match &mut kept {
                    Some(all) => all.unite(&left),
                    None => kept = Some(left),
                }
            }
        }
        let Some(kept) = kept else {
            return false;
        };
        for cell in 0..domains.rows() * domains.cols() {
            if !super::restrict(domains, cell, kept.at(cell), shrunk) {
                return false;
            }
        }
        true
    }

    fn prepared(&self, domains: &Domains) -> Option<Arc<dyn Rule>> {
        let mut any = false;
        let options = (self.options.iter())
            .map(|rules| {
                (rules.iter())
                    .map(|rule| match rule.prepared(domains) {
                        Some(prepared) => {
                            any = true;
                            prepared
                        }
                        None => rule.clone(),
                    })
                    .collect()
            })
            .collect();
        any.then(|| -> Arc<dyn Rule> {
            Arc::new(AnyOf {
                options,
                ..self.clone()
            })
        })
    }

    fn constrain(&self, model: &mut Model, deadline: Deadline) {
        let name = self.clue.replace(' ', "");
        let mut one = LinExpr::default();
        for i in 0..self.options.len() {
            let prefix = format!("{name}_o{}", i + 1);
            let chosen = model.binary(prefix.clone());
            one.add_var(chosen, 1.0);
            let domains = model.domains().clone();
            let Some(left) = self.narrowed(i, &domains) else {
                let mut off = LinExpr::default();
                off.add_var(chosen, 1.0);
                model.add(format!("{prefix}_off"), off, 0.0, 0.0);
                continue;
            };
            // What the option's narrowing removed is 0 while it is chosen.
            for cell in 0..domains.rows() * domains.cols() {
                let gone = domains.at(cell) & !left.at(cell);
                let (r, c) = (cell / domains.cols(), cell % domains.cols());
                for k in (0..64).filter(|k| gone >> k & 1 == 1) {
                    let mut row = model.x(r, c, k);
                    row.add_var(chosen, 1.0);
                    model.at_most(format!("{prefix}_r{}c{}_{k}", r + 1, c + 1), row, 1.0);
                }
            }
            model.when(chosen, &prefix, |model| {
                for rule in &self.options[i] {
                    rule.constrain(model, deadline);
                }
            });
        }
        model.add(format!("{name}_one"), one, 1.0, f64::INFINITY);
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        object.insert(self.json.0.into(), self.json.1.clone());
    }

    fn draw(&self, drawing: &mut Drawing) {
        (self.options.iter().flatten()).for_each(|rule| rule.draw(drawing));
    }
}
