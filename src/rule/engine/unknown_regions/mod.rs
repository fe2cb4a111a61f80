//! Regions the puzzle does not draw: the grid is also cut into regions of `size`
//! orthogonally connected cells whose values differ, found with the values. Clues measure a
//! region from one of its cells (how far it runs along arms, how many listed cells it holds)
//! against a cell's value. The verifier looks for a cut exactly ([`cut`]); the model holds the
//! cut as 0-1 variables ([`rows`]).

mod cut;
mod rows;

use super::keyed::Part;
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::rule::engine::{restrict, Changed};

/// What a clue measures, in cells of the region of its first cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Measure {
    /// The first cell, then along each arm (every arm starts at the first cell) the cells
    /// after it that are in its region, up to the first that is not.
    Run(Vec<Vec<Cell>>),
    /// Those of the cells (the first one included) that are in the first one's region.
    Count(Vec<Cell>),
}

impl Measure {
    /// The cell whose region is measured.
    pub fn first(&self) -> Cell {
        match self {
            Measure::Run(arms) => arms[0][0],
            Measure::Count(cells) => cells[0],
        }
    }

    /// The measure when `inside` tells the cells of the first cell's region.
    pub fn of(&self, inside: impl Fn(Cell) -> bool) -> i64 {
        let counted = match self {
            Measure::Run(arms) => {
                let runs = arms.iter().map(|arm| {
                    let on = arm[1..].iter().take_while(|&&c| inside(c));
                    on.count()
                });
                1 + runs.sum::<usize>()
            }
            Measure::Count(cells) => cells.iter().filter(|&&c| inside(c)).count(),
        };
        counted as i64
    }

    /// The measures a region of `size` cells allows: at least 1 (the first cell), at most
    /// `size` and the cells the clue looks at.
    pub fn most(&self, size: usize) -> i64 {
        let cells = match self {
            Measure::Run(arms) => 1 + arms.iter().map(|arm| arm.len() - 1).sum::<usize>(),
            Measure::Count(cells) => cells.len(),
        };
        cells.min(size) as i64
    }
}

/// A clue: the value of `cell` plus `shift` is the measure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionClue {
    /// The cell whose value gives the measure.
    pub cell: Cell,
    /// Added to the cell's value (mipsolve's, from 1) to make the measure.
    pub shift: i64,
    /// What is measured.
    pub measure: Measure,
}

/// The regions to be found and the clues on them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnknownRegions {
    /// Cells in each region.
    pub size: usize,
    /// The clues.
    pub clues: Vec<RegionClue>,
}

impl UnknownRegions {
    /// Whether some cut of `grid` into regions keeps every clue.
    pub fn holds(&self, grid: &Grid) -> bool {
        cut::Cutter::new(self, grid).exists()
    }
}

impl Part for UnknownRegions {
    /// Broken unless some cut keeps every clue: told by the clues' cells, or by none.
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        if self.holds(grid) {
            return Vec::new();
        }
        let cells: Vec<Cell> = self.clues.iter().map(|clue| clue.cell).collect();
        vec![Violation::Broken {
            clue: name.to_string(),
            how: "has no cut into connected regions of different values that keeps its clues",
            values: cells.iter().map(|&(r, c)| grid.get(r, c)).collect(),
            cells,
        }]
    }

    /// Each clue's cell keeps the values whose measure some region could have (1 up to its
    /// bound); the regions themselves are left to the search and the model.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let values = domains.values().to_vec();
        self.clues.iter().all(|clue| {
            let most = clue.measure.most(self.size);
            let keep = (0..values.len())
                .filter(|&k| (1..=most).contains(&(values[k] + clue.shift)))
                .fold(0u64, |m, k| m | 1 << k);
            restrict(domains, domains.index(clue.cell), keep, shrunk)
        })
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        self.rows(name, model)
    }

    fn is_empty(&self) -> bool {
        self.size == 0
    }
}
