//! Rules beyond all-different areas and cages, as data for the shared machinery: each one
//! checks a complete grid exactly, narrows candidates and writes its rows (linear in
//! `x[r,c,k]`) into the model. Adding one is a file here plus the line of the JSON reader
//! that builds it (see the README's "Adding a rule").

mod consecutive;
mod thermometer;

pub use consecutive::{side_by_side, Consecutive};
pub use thermometer::Thermometers;

use std::fmt;

use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::Grid;
use crate::model::Model;
use crate::picture::Drawing;
use serde_json::{Map, Value};

/// A rule over cells of a Latin grid whose values are 1..n (candidate bit k is value k + 1).
pub trait Rule: fmt::Debug + Send + Sync {
    /// The variant's name for it, e.g. `consecutive`.
    fn name(&self) -> &'static str;
    /// Every way a complete grid breaks the rule (none for a grid that keeps it).
    fn violations(&self, grid: &Grid) -> Vec<Violation>;
    /// Removes the candidates that no assignment keeping the rule allows, pushing the
    /// row-major index of each cell it narrows onto `shrunk`; `false` when a cell runs out.
    fn narrow(&self, domains: &mut Domains, shrunk: &mut Vec<usize>) -> bool;
    /// Adds the rule's rows to the model.
    fn constrain(&self, model: &mut Model);
    /// Writes the rule into a variant JSON object under the keys the reader takes.
    fn write_json(&self, object: &mut Map<String, Value>);
    /// Adds the rule's marks to a picture of the puzzle.
    fn draw(&self, drawing: &mut Drawing);
}

/// Keeps only `keep` in the cell at row-major index `cell`, noting it in `shrunk` when it
/// changed; `false` when nothing is left.
fn restrict(domains: &mut Domains, cell: usize, keep: u64, shrunk: &mut Vec<usize>) -> bool {
    if domains.restrict_at(cell, keep) {
        shrunk.push(cell);
    }
    domains.at(cell) != 0
}
