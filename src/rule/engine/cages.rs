//! Cages (KenKen and Killer) as one rule: each cage's values meet its target by its op. The
//! reductions filter each cage's table of assignments; the model takes the table or the
//! documents' arithmetic rows.

use std::sync::Arc;

use super::Changed;
use super::Rule;
use crate::cage::combos;
use crate::cage::listing::shared_areas;
use crate::cage::{Cage, Products, Table};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::geometry::Area;
use crate::grid::Grid;
use crate::model::{Model, Var};

/// Cages with more assignments than this keep the arithmetic formulation.
const MAX_TABLE_ASSIGNMENTS: usize = 1000;

/// How cages become linear constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CageFormulation {
    /// A cage with open cells and at most 1000 assignments chooses one of them: binary `z_t`,
    /// `sum z_t = 1`, `x[cell,k] = sum of z_t giving the cell k`. Off, every cage uses the
    /// arithmetic formulation, as in the formulation documents.
    pub tables: bool,
    /// How arithmetic `*` and `/` cages are linearized.
    pub products: Products,
}

impl Default for CageFormulation {
    fn default() -> Self {
        CageFormulation {
            tables: true,
            products: Products::Exact,
        }
    }
}

/// The cages of a puzzle, by index, with the areas they lie in (their tables list only
/// assignments without a value twice in one area).
#[derive(Debug, Clone)]
pub struct Cages {
    cages: Arc<[Cage]>,
    areas: Arc<[Area]>,
    formulation: CageFormulation,
    /// The tables, once prepared on the candidates.
    listed: Option<Arc<Listed>>,
}

/// The cage tables listed so far and where each cell's cages are.
#[derive(Debug)]
struct Listed {
    /// Per cage, the areas each of its cells lies in.
    groups: Vec<Vec<u64>>,
    /// By cage index; `None`: too many assignments to list yet.
    tables: Vec<Option<Table>>,
    /// Per cell (row-major), the cages holding it.
    cages_of: Vec<Vec<usize>>,
}

impl Cages {
    /// `cages` in a grid of `areas`, formulated as `formulation` says.
    pub fn new(cages: Arc<[Cage]>, areas: Arc<[Area]>, formulation: CageFormulation) -> Self {
        Cages {
            cages,
            areas,
            formulation,
            listed: None,
        }
    }
}

/// Whether every two cells of a cage share an area (`groups`: per cell, its shared areas).
fn all_apart(groups: &[u64]) -> bool {
    (groups.iter().enumerate()).all(|(i, a)| groups[i + 1..].iter().all(|b| a & b != 0))
}

impl Listed {
    /// The cages holding a cell (row-major).
    fn cages_at(&self, cell: usize) -> &[usize] {
        self.cages_of.get(cell).map_or(&[], Vec::as_slice)
    }
}

impl Rule for Cages {
    fn name(&self) -> &'static str {
        "cages"
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        (self.cages.iter().enumerate())
            .filter_map(|(i, cage)| cage.verify(i, grid).err())
            .collect()
    }

    /// Filters the tables of the cages holding a changed cell, and then of the cages whose
    /// cells that narrowed, until none narrows another.
    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let Some(listed) = &self.listed else {
            return true;
        };
        let mut dirty = vec![changed.is_none(); self.cages.len()];
        for &cell in changed.into_iter().flatten() {
            for &t in listed.cages_at(cell) {
                dirty[t] = true;
            }
        }
        // Sweeps in cage order until no table is dirty: the order decides which cage fails
        // first, and so (through the cells a failure empties) what the split decides first.
        let mut scratch = Vec::new();
        while dirty.contains(&true) {
            for t in 0..self.cages.len() {
                if !std::mem::take(&mut dirty[t]) {
                    continue;
                }
                let from = shrunk.len();
                match &listed.tables[t] {
                    Some(table) => table.restrict(domains, &mut scratch, shrunk),
                    // Too large to list: a sum of cells that all differ keeps its value sets.
                    None if all_apart(&listed.groups[t]) => {
                        if combos::narrow(&self.cages[t], domains, shrunk) == Some(false) {
                            return false;
                        }
                    }
                    None => continue,
                }
                for &cell in &shrunk[from..] {
                    if domains.at(cell) == 0 {
                        return false;
                    }
                    // The table itself is at its fixed point; the others of its cells are not.
                    for &other in listed.cages_at(cell).iter().filter(|&&o| o != t) {
                        dirty[other] = true;
                    }
                }
            }
        }
        true
    }

    /// Lists each cage once its assignments fit the budget, and filters listed tables to the
    /// candidates (a cage too big to list narrows only by its value sets, when it is a sum of
    /// cells that all differ, `cage::combos`; the model has it); `None` when no table
    /// changes.
    fn prepared(&self, domains: &Domains) -> Option<Arc<dyn Rule>> {
        let listed = match &self.listed {
            Some(listed) => {
                let tables: Vec<Option<Table>> = (listed.tables.iter())
                    .zip(self.cages.iter().zip(&listed.groups))
                    .map(|(table, (cage, group))| match table {
                        Some(table) => Some(table.filtered(domains)),
                        None => Table::new(cage, group, domains),
                    })
                    .collect();
                let same = |(old, new): (&Option<Table>, &Option<Table>)| {
                    old.as_ref().map(Table::len) == new.as_ref().map(Table::len)
                };
                if listed.tables.iter().zip(&tables).all(same) {
                    return None;
                }
                Listed {
                    groups: listed.groups.clone(),
                    tables,
                    cages_of: listed.cages_of.clone(),
                }
            }
            None => {
                let groups: Vec<Vec<u64>> = (self.cages.iter())
                    .map(|cage| shared_areas(&cage.cells, &self.areas))
                    .collect();
                let mut cages_of = vec![Vec::new(); domains.rows() * domains.cols()];
                for (i, cage) in self.cages.iter().enumerate() {
                    for &(r, c) in &cage.cells {
                        cages_of[r * domains.cols() + c].push(i);
                    }
                }
                Listed {
                    tables: (self.cages.iter().zip(&groups))
                        .map(|(cage, group)| Table::new(cage, group, domains))
                        .collect(),
                    groups,
                    cages_of,
                }
            }
        };
        Some(Arc::new(Cages {
            listed: Some(Arc::new(listed)),
            ..self.clone()
        }))
    }

    /// A cage with open cells whose table was listed and is small enough chooses one of its
    /// assignments; any other cage takes the arithmetic rows.
    fn constrain(&self, model: &mut Model, _: Deadline) {
        for (i, cage) in self.cages.iter().enumerate() {
            let domains = model.domains();
            let open = (cage.cells.iter()).any(|&(r, c)| domains.get(r, c).count_ones() > 1);
            let listed = self
                .listed
                .as_ref()
                .filter(|_| self.formulation.tables && open);
            let table = listed.and_then(|listed| listed.tables[i].as_ref());
            match table.filter(|t| t.len() <= MAX_TABLE_ASSIGNMENTS) {
                Some(table) => table.constrain(i, model),
                None => cage.constrain_arithmetic(i, model, self.formulation.products),
            }
        }
    }

    fn repairable(&self) -> bool {
        true
    }

    /// Each cage's rows holding only while its binary (in the result, by cage index) is 1,
    /// and the cage's op meeting some target: what a repair may change.
    fn constrain_kept(&self, model: &mut Model) -> Vec<Var> {
        let domains = model.domains().clone();
        (self.cages.iter().enumerate())
            .map(|(i, cage)| {
                let kept = model.binary(format!("kept_cage{}", i + 1));
                let groups = shared_areas(&cage.cells, &self.areas);
                let table = Table::new(cage, &groups, &domains);
                match table.filter(|t| t.len() <= MAX_TABLE_ASSIGNMENTS) {
                    Some(table) => table.constrain_kept(i, model, kept),
                    None => cage.constrain_kept(i, model, kept),
                }
                cage.constrain_some_target(i, model);
                kept
            })
            .collect()
    }

    /// The documents' rows: sums as sums, products and quotients through logarithms.
    fn documents(&self, model: &mut Model) {
        for (i, cage) in self.cages.iter().enumerate() {
            cage.constrain_arithmetic(i, model, Products::Log);
        }
    }
}
