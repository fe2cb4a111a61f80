//! A Sudoku written back as an ISS constraint string (see `sudoku::iss::writer`).

use std::collections::BTreeSet;

use serde_json::Map;

use super::Latin;
use crate::geometry::AreaName;
use crate::puzzle::sudoku::iss::{self, IssPuzzle, Layout, Unwritable};

impl Latin {
    /// The puzzle as an ISS string: its layout, givens, sum cages and rules.
    pub(super) fn iss_string(&self) -> Result<String, Unwritable> {
        let n = self.size;
        let named =
            |wanted: fn(&AreaName) -> bool| self.areas.iter().filter(move |a| wanted(&a.name));
        let regions: Vec<_> = named(|a| matches!(a, AreaName::Region(_)))
            .map(|a| a.cells.clone())
            .collect();
        let boxes: Vec<_> = named(|a| matches!(a, AreaName::Box(_)))
            .map(|a| a.cells.clone())
            .collect();
        let layout = match (regions.is_empty(), boxes.first()) {
            (false, _) => Layout::Regions(regions),
            (true, Some(first)) => {
                let rows: BTreeSet<usize> = first.iter().map(|c| c.0).collect();
                let cols: BTreeSet<usize> = first.iter().map(|c| c.1).collect();
                match (rows.len(), cols.len()) == crate::puzzle::sudoku::fpuzzles::default_box(n) {
                    true => Layout::Boxes,
                    false => Layout::Regions(boxes),
                }
            }
            (true, None) => Layout::NoBoxes,
        };
        let mut rules = Map::new();
        self.rules
            .iter()
            .for_each(|rule| rule.write_json(&mut rules));
        let cages = (self.cages.iter())
            .map(|c| (c.target, c.cells.clone()))
            .collect();
        iss::write(&IssPuzzle {
            n,
            top: self.top,
            first: self.first,
            layout,
            givens: &self.givens,
            cages,
            rules: &rules,
        })
    }
}
