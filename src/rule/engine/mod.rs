//! The shared machinery of rules: the [`Rule`] trait, the reading of a kind's keys, and the
//! few engine parts every kind lowers to (sets of allowed values, pairs, sums, tuples, outside
//! clues, areas and cages), with the marks they draw. Nothing here names a rule kind.

pub mod allowed;
pub mod any_of;
pub mod areas;
pub mod automaton;
pub mod cages;
pub mod distinct;
pub mod dots;
pub mod entry;
pub mod keyed;
pub mod lines;
pub mod marks;
pub mod outside;
pub mod pairs;
pub mod reading;
pub mod set;
pub mod sum_tables;
pub mod sums;
pub mod tuples;
pub mod unknown_regions;

use std::fmt;
use std::sync::Arc;

use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::geometry::Area;
use crate::grid::{Cell, Grid};
use crate::model::{Model, Var};
use crate::picture::Drawing;
use serde_json::{Map, Value};

/// The cells narrowed since a rule last ran, as row-major indices (`None`: any may have been).
pub type Changed<'a> = Option<&'a [usize]>;

/// One rule of a puzzle over the shared cell model: candidate bit `k` of a cell is the
/// puzzle's `k`th value (1..n on a Latin grid, 0 and 1 in Takuzu).
pub trait Rule: fmt::Debug + Send + Sync {
    /// The rule's name in steps and variants, e.g. `consecutive`.
    fn name(&self) -> &'static str;
    /// Every way a complete grid breaks the rule (none for a grid that keeps it).
    fn violations(&self, grid: &Grid) -> Vec<Violation>;
    /// Removes the candidates that no assignment keeping the rule allows, to the rule's own
    /// fixed point, pushing the row-major index of each cell it narrows onto `shrunk`.
    /// `changed`: the cells narrowed since the rule last ran (`None`: any may have been);
    /// a rule may look only at what they touch. `false` when some cell runs out; the cells
    /// of the failure are then left empty where the rule knows them (the split counts a
    /// failure on each).
    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool;
    /// The areas, when the rule is all-different areas and nothing more: a plain 9x9's
    /// are searched on bitboards ([`crate::split9`]).
    fn all_different_areas(&self) -> Option<&Arc<[Area]>> {
        None
    }
    /// The rule told which cells the puzzle keeps different (its all-different areas), when
    /// it narrows better knowing that; called once, before the reductions. `None`: no use.
    fn knowing(&self, _distinct: &distinct::Distinct) -> Option<Arc<dyn Rule>> {
        None
    }
    /// The rule made ready for reductions on `domains`, when it keeps something worked out
    /// from them (an area's overlaps, a cage's table of assignments): called on every rule
    /// before the reductions, after their first fixed point and after probing; only a
    /// prepared rule narrows. `None`: nothing new.
    fn prepared(&self, _domains: &Domains) -> Option<Arc<dyn Rule>> {
        None
    }
    /// Adds the rule's rows to a model built on reduced candidates; it may stop early once
    /// the deadline has passed (the caller then never solves the model).
    fn constrain(&self, model: &mut Model, deadline: Deadline);
    /// Adds the formulation documents' rows for the rule to a model of every `x[r,c,k]`;
    /// by default the same rows as [`Rule::constrain`].
    fn documents(&self, model: &mut Model) {
        self.constrain(model, Deadline::none());
    }
    /// Writes the rule into a variant JSON object under the keys the reader takes; rules the
    /// kind writes itself (areas, cages) write nothing here.
    fn write_json(&self, _object: &mut Map<String, Value>) {}
    /// Adds the rule's marks to a picture of the puzzle; rules the kind draws itself (areas,
    /// cages) add nothing here.
    fn draw(&self, _drawing: &mut Drawing) {}
    /// The option that switches the rule off, where the user may: a puzzle with no solution
    /// is then solved without it, to say whether the rule alone stands in the way.
    fn optional(&self) -> Option<OptionalRule> {
        None
    }
    /// Whether the rule holds clues that `--repair` may change (a cage's target): its rows in
    /// a repair's model then come from [`Rule::constrain_kept`]. `--explain` and `--audit`
    /// drop and keep the same clues (with the givens; `Puzzle::clues`); any other rule holds
    /// in every explanation and repair.
    fn repairable(&self) -> bool {
        false
    }
    /// A repairable rule's rows on a model of every `x[r,c,k]`, each clue's holding only
    /// while the binary returned for it is 1 (and its op meeting some target).
    fn constrain_kept(&self, model: &mut Model) -> Vec<Var> {
        self.constrain(model, Deadline::none());
        Vec::new()
    }
}

/// Runs `pass` until it narrows no cell (what it narrows is pushed onto `shrunk`); `false`
/// as soon as a pass empties a cell.
pub fn to_fixed_point(
    shrunk: &mut Vec<usize>,
    mut pass: impl FnMut(&mut Vec<usize>) -> bool,
) -> bool {
    loop {
        let before = shrunk.len();
        if !pass(shrunk) {
            return false;
        }
        if shrunk.len() == before {
            return true;
        }
    }
}

/// A violation named `label i` (from 1) for each group of cells whose values `keeps(i,
/// values)` refuses: the check of rules over lines or groups of cells.
pub fn broken_groups<'a>(
    label: &str,
    groups: impl Iterator<Item = &'a [Cell]>,
    grid: &Grid,
    keeps: impl Fn(usize, &[i64]) -> bool,
) -> Vec<Violation> {
    (groups.enumerate())
        .filter_map(|(i, cells)| {
            let values: Vec<u32> = cells.iter().map(|&(r, c)| grid.get(r, c)).collect();
            let wide: Vec<i64> = values.iter().map(|&v| v.into()).collect();
            (!keeps(i, &wide)).then(|| Violation::Broken {
                how: "is broken",
                clue: format!("{label} {}", i + 1),
                cells: cells.to_vec(),
                values,
            })
        })
        .collect()
}

/// A rule the user can switch off, named for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionalRule {
    /// What the rule is, e.g. `distinct lines`.
    pub name: &'static str,
    /// The option that drops it, e.g. `--allow-duplicate-lines`.
    pub option: &'static str,
}

/// Keeps only `keep` in the cell at row-major index `cell`, noting it in `shrunk` when it
/// changed; `false` when nothing is left.
pub fn restrict(domains: &mut Domains, cell: usize, keep: u64, shrunk: &mut Vec<usize>) -> bool {
    if domains.restrict_at(cell, keep) {
        shrunk.push(cell);
    }
    domains.at(cell) != 0
}
