//! KenKen: a Latin square (rows and columns are all-different areas) with arithmetic cages.

mod cage;
mod parse;
mod table;

pub use cage::{Cage, Op, Products};
pub use parse::{parse, parse_kenkens};

use table::Table;

use crate::grid::{cell_name, Grid};
use crate::model::{Domains, Model};
use crate::propagate::{self, AllDifferent, Area};
use crate::puzzle::Puzzle;

/// Largest supported side.
pub const MAX_SIZE: usize = 32;

/// Cages with more assignments than this keep the arithmetic formulation.
const MAX_TABLE_ASSIGNMENTS: usize = 1000;

/// How cages become linear constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Formulation {
    /// A cage with at most 1000 assignments (listed before the MIP) chooses one of them:
    /// binary `z_t`, `sum z_t = 1`, `x[cell,k] = sum of z_t giving the cell k`. Off, every cage
    /// uses the arithmetic formulation, as in the formulation documents.
    pub tables: bool,
    /// How arithmetic `*` and `/` cages are linearized.
    pub products: Products,
}

impl Default for Formulation {
    fn default() -> Self {
        Formulation {
            tables: true,
            products: Products::Exact,
        }
    }
}

/// A KenKen: its side and cages (which cover every cell once).
#[derive(Debug, Clone)]
pub struct Kenken {
    size: usize,
    cages: Vec<Cage>,
    formulation: Formulation,
}

impl Kenken {
    /// A KenKen from validated cages.
    pub fn new(size: usize, cages: Vec<Cage>, formulation: Formulation) -> Self {
        Kenken {
            size,
            cages,
            formulation,
        }
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    fn lines(&self) -> Vec<Area> {
        let mut areas = propagate::rows(self.size, self.size);
        areas.extend(propagate::columns(self.size, self.size));
        areas
    }
}

impl Puzzle for Kenken {
    fn shape(&self) -> (usize, usize) {
        (self.size, self.size)
    }

    fn domains(&self) -> Option<Domains> {
        let n = self.size;
        let mut domains = Domains::full(n, n, (1..=n as i64).collect());
        let lines = AllDifferent::new(self.lines(), n);
        // Cages with too many assignments to list stay out of the reductions (the MIP still
        // has them). The tables are listed again once the grid is reduced: smaller tables
        // make each of probing's many passes cheaper.
        let tables = |d: &Domains| -> Vec<Table> {
            self.cages
                .iter()
                .filter_map(|cage| Table::new(cage, d))
                .collect()
        };
        let initial = tables(&domains);
        if !reduce(&mut domains, &lines, &initial) {
            return None;
        }
        let tables = tables(&domains);
        propagate::probe(&mut domains, |d| reduce(d, &lines, &tables)).then_some(domains)
    }

    fn constrain(&self, model: &mut Model) {
        for line in self.lines() {
            model.all_different(&line);
        }
        let Formulation { tables, products } = self.formulation;
        for cage in &self.cages {
            let domains = model.domains();
            let open = (cage.cells.iter()).any(|&(r, c)| domains.get(r, c).count_ones() > 1);
            let table = (tables && open)
                .then(|| Table::new(cage, domains))
                .flatten();
            match table.filter(|t| t.len() <= MAX_TABLE_ASSIGNMENTS) {
                Some(table) => table.constrain(model),
                None => cage.constrain(model, products),
            }
        }
    }

    fn verify(&self, grid: &Grid) -> Result<(), String> {
        let n = self.size;
        if grid.rows() != n || grid.cols() != n {
            return Err(format!("the grid is not {n}x{n}"));
        }
        for (i, line) in self.lines().iter().enumerate() {
            let mut seen = vec![false; n + 1];
            for &(r, c) in line {
                let v = grid.get(r, c) as usize;
                if v == 0 || v > n {
                    return Err(format!("{} holds {v}, not a value 1..{n}", cell_name(r, c)));
                }
                if std::mem::replace(&mut seen[v], true) {
                    let what = if i < n { "row" } else { "column" };
                    return Err(format!("{what} {} holds {v} twice", i % n + 1));
                }
            }
        }
        for (i, cage) in self.cages.iter().enumerate() {
            let values: Vec<u64> = cage
                .cells
                .iter()
                .map(|&(r, c)| u64::from(grid.get(r, c)))
                .collect();
            if !cage.holds(&values) {
                return Err(format!("cage {} ({cage}) is not met by {values:?}", i + 1));
            }
        }
        Ok(())
    }

    fn render(&self, grid: &Grid) -> String {
        let sep = if self.size <= 9 { "" } else { " " };
        let width = if self.size <= 9 { 1 } else { 2 };
        let mut out = String::new();
        for r in 0..grid.rows() {
            let row: Vec<String> = (0..grid.cols())
                .map(|c| format!("{:>width$}", grid.get(r, c)))
                .collect();
            out.push_str(&row.join(sep));
            out.push('\n');
        }
        out
    }
}

/// Line and cage reductions to a fixed point; `false` when a cell runs out of candidates.
fn reduce(domains: &mut Domains, lines: &AllDifferent, tables: &[Table]) -> bool {
    loop {
        if !lines.propagate(domains) {
            return false;
        }
        let mut changed = false;
        for table in tables {
            changed |= table.restrict(domains);
        }
        if domains.has_empty_cell() {
            return false;
        }
        if !changed {
            return true;
        }
    }
}
