//! A kind's rule as the engine holds it: one engine part (pairs, sums, allowed values) under
//! the kind's name, with the marks it draws and the key and value it was read from. The part
//! says what the rule means; [`Keyed`] gives every kind its name, JSON and drawing once.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::distinct::Distinct;
use super::reading::Found;
use super::{Changed, Rule};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::Grid;
use crate::model::Model;
use crate::picture::{Drawing, Label, Mark};

/// What an engine part does for the rule holding it; see [`Rule`] for each step. `name` is
/// the rule's, for clues and row names.
pub trait Part: std::fmt::Debug + Default + Send + Sync + 'static {
    /// Every way a complete grid breaks the part.
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation>;
    /// Removes the candidates no assignment keeping the part allows, to its fixed point.
    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool;
    /// Adds the part's rows.
    fn constrain(&self, name: &str, model: &mut Model);
    /// Whether the part holds nothing (a list of no items).
    fn is_empty(&self) -> bool;
    /// The part told which cells the puzzle keeps different ([`Rule::knowing`]).
    fn knowing(&self, _distinct: &Distinct) -> Option<Self> {
        None
    }
}

/// A rule that only shows itself: its areas (added beside it) do the work.
impl Part for () {
    fn violations(&self, _: &str, _: &Grid) -> Vec<Violation> {
        Vec::new()
    }
    fn narrow(&self, _: &mut Domains, _: Changed, _: &mut Vec<usize>) -> bool {
        true
    }
    fn constrain(&self, _: &str, _: &mut Model) {}
    fn is_empty(&self) -> bool {
        true
    }
}

/// One engine part under a kind's name, marks and keys.
#[derive(Debug, Clone)]
pub struct Keyed<P> {
    /// The rule's name, e.g. `kropki`.
    pub name: &'static str,
    /// What the rule means.
    pub part: P,
    /// The marks drawn under the grid lines.
    pub under: Vec<Mark>,
    /// The marks drawn over them (dots on the lines).
    pub over: Vec<Mark>,
    /// Sum cages drawn dashed with their sums.
    pub dashed: Vec<Label>,
    /// The key and value written back.
    pub json: (&'static str, Value),
    /// Whether the rule's negative form holds too (written back in `negative`).
    pub negated: bool,
}

impl<P: Part> Keyed<P> {
    /// An empty rule named `name`, read from `value` under `key`.
    pub fn new(name: &'static str, key: &'static str, value: &Value) -> Self {
        Keyed {
            name,
            part: P::default(),
            under: Vec::new(),
            over: Vec::new(),
            dashed: Vec::new(),
            json: (key, value.clone()),
            negated: false,
        }
    }

    /// The rule named `name` holding `part`, drawn with no marks, written back as `json`.
    pub fn of(name: &'static str, part: P, json: (&'static str, Value)) -> Self {
        Keyed {
            name,
            part,
            under: Vec::new(),
            over: Vec::new(),
            dashed: Vec::new(),
            json,
            negated: false,
        }
    }
}

impl<P: Part> Keyed<P> {
    /// The rule, or nothing when its part holds nothing (a list of no items).
    pub fn found(self) -> Found {
        match self.part.is_empty() {
            true => Found::none(),
            false => Found::rule(self),
        }
    }
}

impl Keyed<()> {
    /// A rule whose areas do its work: it only draws `under` and writes `json` back.
    pub fn shown(name: &'static str, under: Vec<Mark>, json: (&'static str, Value)) -> Self {
        Keyed {
            under,
            ..Keyed::of(name, (), json)
        }
    }
}

impl<P: Part> Rule for Keyed<P> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        self.part.violations(self.name, grid)
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        self.part.narrow(domains, changed, shrunk)
    }

    fn knowing(&self, distinct: &Distinct) -> Option<Arc<dyn Rule>> {
        let part = self.part.knowing(distinct)?;
        Some(Arc::new(Keyed {
            name: self.name,
            part,
            under: self.under.clone(),
            over: self.over.clone(),
            dashed: self.dashed.clone(),
            json: self.json.clone(),
            negated: self.negated,
        }))
    }

    fn constrain(&self, model: &mut Model, _: Deadline) {
        self.part.constrain(self.name, model)
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        object.insert(self.json.0.into(), self.json.1.clone());
        if self.negated {
            let list = object
                .entry("negative")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(names) = list {
                names.push(Value::from(self.json.0));
            }
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.under.extend(self.under.iter().cloned());
        drawing.over.extend(self.over.iter().cloned());
        drawing.dashed.extend(self.dashed.iter().cloned());
    }
}
