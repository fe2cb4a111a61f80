//! The exact reductions of puzzles made of all-different areas, cage tables and other rules
//! (Sudoku and its variants, KenKen): all narrowed together to a fixed point, following only
//! what changes in areas and tables.

use std::sync::Arc;

use super::AllDifferent;
use crate::cage::Table;
use crate::domains::Domains;
use crate::grid::Cell;
use crate::rule::Rule;

/// The exact reductions of a puzzle of all-different areas and cages: the areas, and the
/// cage tables with the cells they hold.
pub struct AreasAndTables {
    rules: AllDifferent,
    /// The tables by cage index (`None`: not listed); the puzzle refreshes them.
    pub tables: Vec<Option<Table>>,
    /// Per cell (row-major), the cages holding it.
    tables_of: Vec<Vec<usize>>,
    /// Rules beyond areas and cages, narrowed whole after each round of areas and tables.
    others: Vec<Arc<dyn Rule>>,
}

impl AreasAndTables {
    /// The reductions of `rules` and `tables`, where cage `i` holds the `i`th of `cells`, on
    /// a grid with `cols` columns.
    pub fn new<'a>(
        rules: AllDifferent,
        tables: Vec<Option<Table>>,
        cells: impl Iterator<Item = &'a [Cell]>,
        cols: usize,
    ) -> Self {
        let mut tables_of: Vec<Vec<usize>> = Vec::new();
        for (i, cage) in cells.enumerate() {
            for &(r, c) in cage {
                let at = r * cols + c;
                if tables_of.len() <= at {
                    tables_of.resize(at + 1, Vec::new());
                }
                tables_of[at].push(i);
            }
        }
        AreasAndTables {
            rules,
            tables,
            tables_of,
            others: Vec::new(),
        }
    }

    /// The same reductions with `rules` narrowed too.
    pub fn with_rules(mut self, rules: Vec<Arc<dyn Rule>>) -> Self {
        self.others = rules;
        self
    }

    /// Area, cage and rule reductions to a fixed point; `false` when a cell runs out of
    /// candidates. With `changed`, only that cell changed since the last fixed point, so the
    /// work starts from its areas and tables alone.
    pub fn narrow(&self, domains: &mut Domains, changed: Option<Cell>) -> bool {
        let cols = domains.cols();
        let mut start: Option<Vec<usize>> = changed.map(|(r, c)| vec![r * cols + c]);
        let mut dirty = vec![changed.is_none(); self.tables.len()];
        for &cell in start.iter().flatten() {
            for &t in self.cages_at(cell) {
                dirty[t] = true;
            }
        }
        let (mut touched, mut scratch, mut shrunk) = (Vec::new(), Vec::new(), Vec::new());
        loop {
            touched.clear();
            if !(self.rules).propagate_from(domains, start.as_deref(), &mut touched) {
                return false;
            }
            for &cell in &touched {
                for &t in self.cages_at(cell) {
                    dirty[t] = true;
                }
            }
            let mut next = Vec::new();
            for (t, table) in self.tables.iter().enumerate() {
                let Some(table) = table.as_ref().filter(|_| dirty[t]) else {
                    continue;
                };
                dirty[t] = false;
                shrunk.clear();
                table.restrict(domains, &mut scratch, &mut shrunk);
                for &cell in &shrunk {
                    if domains.at(cell) == 0 {
                        return false;
                    }
                    // The table itself is at its fixed point; the others of its cells are not.
                    for &other in self.cages_at(cell).iter().filter(|&&o| o != t) {
                        dirty[other] = true;
                    }
                }
                next.extend_from_slice(&shrunk);
            }
            for rule in &self.others {
                shrunk.clear();
                if !rule.narrow(domains, &mut shrunk) {
                    return false;
                }
                for &cell in &shrunk {
                    for &t in self.cages_at(cell) {
                        dirty[t] = true;
                    }
                }
                next.extend_from_slice(&shrunk);
            }
            if next.is_empty() {
                return true;
            }
            start = Some(next);
        }
    }

    /// The cages holding a cell (row-major).
    fn cages_at(&self, cell: usize) -> &[usize] {
        self.tables_of.get(cell).map_or(&[], Vec::as_slice)
    }
}
