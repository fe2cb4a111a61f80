//! Puzzles on a Latin grid: values 1..n, all-different areas, cages, other rules and givens.
//! Sudoku (rows, columns, boxes; givens; variants' rules) and KenKen (rows, columns; cages)
//! are both only this data.

use std::sync::Arc;

use crate::cage::listing::shared_areas;
use crate::cage::{Cage, Op, Products, Table, Tables};
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::deduce::{self, Deductions, Ladder, LatinRules};
use crate::domains::Domains;
use crate::error::{ParseError, Violation};
use crate::geometry::{Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::model::{Model, Var};
use crate::picture::Drawing;
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::{solution, HiddenOperators, Puzzle, Reduced};
use crate::reduce::{self, AllDifferent, AreasAndTables};
use crate::rule::Rule;

#[path = "latin_drawing.rs"]
mod drawing;
#[path = "latin_json.rs"]
mod json_form;

/// Cages with more assignments than this keep the arithmetic formulation.
const MAX_TABLE_ASSIGNMENTS: usize = 1000;

/// Grids of this size and up filter each area completely (matching), not only by singles
/// and overlaps. Measured: it settles gecode-19 and gecode-20 (25x25) in seconds instead of
/// not at all in 30 s; on the minimal 16x16s it cost more than it saved (max 28 to 55 ms).
const MATCHING_FROM: usize = 25;

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

/// How the input wrote its cells, so that the answer is printed the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// One character per cell, in this alphabet.
    Compact(Alphabet),
    /// Whitespace-separated numbers, right-aligned.
    Spaced,
}

/// A Latin-grid puzzle: its areas, cages and givens.
#[derive(Debug, Clone)]
pub struct Latin {
    size: usize,
    /// Shared by the puzzles of one shape in a file.
    areas: Arc<[Area]>,
    cages: Vec<Cage>,
    givens: Grid,
    formulation: CageFormulation,
    style: Style,
    /// Rules beyond areas and cages (consecutive marks, thermometers).
    rules: Vec<Arc<dyn Rule>>,
    /// The variant's rules, for kinds that have variants.
    variant: Option<Vec<&'static str>>,
}

impl Latin {
    /// A puzzle of side `givens.rows()` with values 1..=side; `givens` holds 0 for a blank.
    pub fn new(
        areas: impl Into<Arc<[Area]>>,
        cages: Vec<Cage>,
        givens: Grid,
        style: Style,
    ) -> Self {
        Latin {
            size: givens.rows(),
            areas: areas.into(),
            cages,
            givens,
            formulation: CageFormulation::default(),
            style,
            rules: Vec::new(),
            variant: None,
        }
    }

    /// The same puzzle with `rules` besides its areas and cages.
    pub fn with_rules(mut self, rules: Vec<Arc<dyn Rule>>) -> Self {
        self.rules = rules;
        self
    }

    /// The same puzzle, named as a variant: its rules beyond the kind's own (`[]`: classic).
    pub fn with_variant(mut self, rules: Vec<&'static str>) -> Self {
        self.variant = Some(rules);
        self
    }

    /// The same puzzle with cages formulated as `formulation` says.
    pub fn with_formulation(mut self, formulation: CageFormulation) -> Self {
        self.formulation = formulation;
        self
    }

    /// The givens, 0 for a blank.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The all-different areas.
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// How the input wrote its cells.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The first value given twice in one area, with the cell where it repeats.
    pub fn conflict(&self) -> Option<(Cell, Violation)> {
        let values = |cell: &Cell| self.givens.get(cell.0, cell.1);
        self.areas.iter().find_map(|area| repeated(area, values))
    }

    /// Narrows listed tables to `domains`, and lists the cages that were too big before.
    fn refresh(&self, tables: &mut [Option<Table>], domains: &Domains, groups: &[Vec<u64>]) {
        for (i, table) in tables.iter_mut().enumerate() {
            *table = match table {
                Some(listed) => Some(listed.filtered(domains)),
                None => Table::new(&self.cages[i], &groups[i], domains),
            };
        }
    }

    /// The cage tables over `domains`, by cage index.
    fn list_tables(&self, domains: &Domains, groups: &[Vec<u64>]) -> Vec<Option<Table>> {
        (self.cages.iter().zip(groups))
            .map(|(cage, group)| Table::new(cage, group, domains))
            .collect()
    }
}

/// The first value an area holds twice (0 is a blank), with the cell where it repeats.
fn repeated(area: &Area, value: impl Fn(&Cell) -> u32) -> Option<(Cell, Violation)> {
    let mut seen: Vec<(u32, Cell)> = Vec::with_capacity(area.cells.len());
    for cell in &area.cells {
        let v = value(cell);
        if v == 0 {
            continue;
        }
        if let Some(&(_, first)) = seen.iter().find(|(w, _)| *w == v) {
            let violation = Violation::Repeated {
                area: area.name.clone(),
                value: v,
                first,
                second: *cell,
            };
            return Some((*cell, violation));
        }
        seen.push((v, *cell));
    }
    None
}

impl Puzzle for Latin {
    fn shape(&self) -> (usize, usize) {
        (self.size, self.size)
    }

    fn reduce(&self, deadline: Deadline) -> Option<Reduced> {
        let n = self.size;
        let mut domains = Domains::full(n, n, (1..=n as i64).collect());
        for r in 0..n {
            for c in 0..n {
                let v = self.givens.get(r, c);
                if v != 0 {
                    domains.set(r, c, 1 << (v - 1));
                }
            }
        }
        let groups: Vec<Vec<u64>> = (self.cages.iter())
            .map(|cage| shared_areas(&cage.cells, &self.areas))
            .collect();
        // Each cage is listed once, when its assignments first fit the budget; after that the
        // reductions only filter its table. Cages too big to list stay out of the reductions
        // (the model still has them). Filtering after the first reduction keeps each of
        // probing's many passes cheap.
        let cells = self.cages.iter().map(|cage| cage.cells.as_slice());
        let mut areas = AllDifferent::new(&self.areas, n, n, n);
        if n >= MATCHING_FROM {
            areas = areas.with_matching();
        }
        let mut reductions =
            AreasAndTables::new(areas, self.list_tables(&domains, &groups), cells, n)
                .with_rules(self.rules.clone());
        if !reductions.narrow(&mut domains, None) {
            return None;
        }
        self.refresh(&mut reductions.tables, &domains, &groups);
        if !reduce::probe(&mut domains, deadline, |d, cell| reductions.narrow(d, cell)) {
            return None;
        }
        self.refresh(&mut reductions.tables, &domains, &groups);
        // Tables listed only now may narrow further; the split starts from a fixed point.
        if !reductions.narrow(&mut domains, None) {
            return None;
        }
        Some(Reduced {
            domains,
            tables: Tables::new(reductions.tables.clone()),
            narrow: Box::new(move |d, cell| reductions.narrow(d, cell)),
        })
    }

    fn constrain(&self, tables: &Tables, model: &mut Model, _: Deadline) {
        for area in self.areas.iter() {
            model.all_different(&area.name.id(), &area.cells);
        }
        for (i, cage) in self.cages.iter().enumerate() {
            let domains = model.domains();
            let open = (cage.cells.iter()).any(|&(r, c)| domains.get(r, c).count_ones() > 1);
            let table = (self.formulation.tables && open)
                .then(|| tables.get(i))
                .flatten();
            match table.filter(|t| t.len() <= MAX_TABLE_ASSIGNMENTS) {
                Some(table) => table.constrain(i, model),
                None => cage.constrain_arithmetic(i, model, self.formulation.products),
            }
        }
        for rule in &self.rules {
            rule.constrain(model);
        }
    }

    fn clues(&self) -> Vec<Clue> {
        let n = self.size;
        let givens = (0..n * n).filter_map(|i| {
            let (cell, value) = ((i / n, i % n), self.givens.get(i / n, i % n));
            (value != 0).then_some(Clue::Given { cell, value })
        });
        let cages = (self.cages.iter().enumerate()).map(|(index, cage)| Clue::Cage {
            index,
            op: cage.op.symbol(),
            target: cage.target,
            cells: cage.cells.clone(),
        });
        givens.chain(cages).collect()
    }

    fn with_clues(&self, clues: &[Clue]) -> Option<Box<dyn Puzzle>> {
        let mut givens = Grid::filled(self.size, self.size, 0);
        let mut kept = vec![false; self.cages.len()];
        let mut cages = self.cages.clone();
        for clue in clues {
            match *clue {
                Clue::Given { cell, value } => givens.set(cell.0, cell.1, value),
                Clue::Cage {
                    index, op, target, ..
                } => {
                    kept[index] = true;
                    cages[index].target = target;
                    cages[index].op = Op::from_symbol(op).unwrap_or(cages[index].op);
                }
            }
        }
        let dropped = |area: &Area| matches!(area.name, AreaName::Cage(i) if !kept[i]);
        let areas: Vec<Area> = (self.areas.iter())
            .filter(|a| !dropped(a))
            .cloned()
            .collect();
        let cages = (cages.into_iter().zip(&kept))
            .filter(|(_, &keep)| keep)
            .map(|(cage, _)| cage)
            .collect();
        Some(Box::new(Latin {
            areas: areas.into(),
            cages,
            givens,
            ..self.clone()
        }))
    }

    fn documents_model(&self) -> Option<Model> {
        let n = self.size;
        let mut model = Model::explicit(Domains::full(n, n, (1..=n as i64).collect()));
        for r in 0..n {
            for c in 0..n {
                match self.givens.get(r, c) {
                    0 => {}
                    v => model.fix(r, c, v as usize - 1),
                }
            }
        }
        for area in self.areas.iter() {
            model.all_different(&area.name.id(), &area.cells);
        }
        for (i, cage) in self.cages.iter().enumerate() {
            cage.constrain_arithmetic(i, &mut model, Products::Log);
        }
        for rule in &self.rules {
            rule.constrain(&mut model);
        }
        Some(model)
    }

    /// KenKen on Keen's ladder; Sudoku and its variants on Solo's.
    fn deduce(&self, solution: &Grid, deadline: Deadline) -> Option<Deductions> {
        let ladder = match self.variant {
            None => Ladder::Keen,
            Some(_) => Ladder::Solo,
        };
        let puzzle = LatinRules {
            areas: &self.areas,
            cages: &self.cages,
            rules: &self.rules,
            givens: &self.givens,
        };
        deduce::follow(&puzzle, ladder, solution, deadline)
    }

    fn model_with_optional_cages(&self) -> Option<(Model, Vec<Var>)> {
        if self.cages.is_empty() {
            return None;
        }
        let n = self.size;
        let mut model = Model::new(Domains::full(n, n, (1..=n as i64).collect()));
        for area in self.areas.iter() {
            model.all_different(&area.name.id(), &area.cells);
        }
        for rule in &self.rules {
            rule.constrain(&mut model);
        }
        let domains = model.domains().clone();
        let kept = (self.cages.iter().enumerate())
            .map(|(i, cage)| {
                let kept = model.binary(format!("kept_cage{}", i + 1));
                let groups = shared_areas(&cage.cells, &self.areas);
                let table = Table::new(cage, &groups, &domains);
                match table.filter(|t| t.len() <= MAX_TABLE_ASSIGNMENTS) {
                    Some(table) => table.constrain_kept(i, &mut model, kept),
                    None => cage.constrain_kept(i, &mut model, kept),
                }
                cage.constrain_some_target(i, &mut model);
                kept
            })
            .collect();
        Some((model, kept))
    }

    fn verify(&self, grid: &Grid) -> Result<(), Violation> {
        self.violations(grid).into_iter().next().map_or(Ok(()), Err)
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let n = self.size;
        if grid.rows() != n || grid.cols() != n {
            return vec![Violation::Shape { rows: n, cols: n }];
        }
        let mut found = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let (cell, value, given) = ((r, c), grid.get(r, c), self.givens.get(r, c));
                if value == 0 || value as usize > n {
                    let (min, max) = (1, n as u32);
                    found.push(Violation::OutOfRange {
                        cell,
                        value,
                        min,
                        max,
                    });
                } else if given != 0 && value != given {
                    found.push(Violation::Given { cell, value, given });
                }
            }
        }
        // Areas and cages speak of values 1..n only.
        if found
            .iter()
            .any(|v| matches!(v, Violation::OutOfRange { .. }))
        {
            return found;
        }
        let value = |cell: &Cell| grid.get(cell.0, cell.1);
        found.extend(
            self.areas
                .iter()
                .filter_map(|a| repeated(a, value))
                .map(|(_, v)| v),
        );
        let cages = self.cages.iter().enumerate();
        found.extend(cages.filter_map(|(i, cage)| cage.verify(i, grid).err()));
        found.extend(self.rules.iter().flat_map(|rule| rule.violations(grid)));
        found
    }

    fn read_solution(&self, text: &str) -> Result<Grid, ParseError> {
        let value = |ch: char| match self.style {
            Style::Compact(alphabet) => alphabet.value(ch).ok().filter(|&v| v != 0),
            Style::Spaced => solution::plain_value(ch),
        };
        solution::read_grid(text, self.shape(), value)
    }

    fn hidden_operators(&self, grid: &Grid) -> Vec<HiddenOperators> {
        (self.cages.iter().enumerate())
            .filter(|(_, cage)| cage.op == Op::Any && cage.cells.len() > 1)
            .map(|(i, cage)| {
                let values: Vec<u64> = (cage.cells.iter())
                    .map(|&(r, c)| u64::from(grid.get(r, c)))
                    .collect();
                let met = cage.operators_met(&values);
                HiddenOperators {
                    cage: i + 1,
                    operators: met.into_iter().map(Op::symbol).collect(),
                }
            })
            .collect()
    }

    fn variant(&self) -> Option<&[&'static str]> {
        self.variant.as_deref()
    }

    fn drawing(&self) -> Option<Drawing> {
        Some(self.drawing_of())
    }

    fn game_id(&self) -> Option<String> {
        match self.variant {
            Some(_) => super::sudoku::solo_game_id(self),
            None => super::kenken::keen_game_id(self),
        }
    }

    fn render(&self, grid: &Grid) -> String {
        self.write_grid(grid, None)
    }

    /// A classic Sudoku's givens as a grid; KenKen and the variants as their JSON.
    fn render_puzzle(&self) -> Option<String> {
        Some(match self.variant.as_deref() {
            Some([]) => self.write_grid(&self.givens, Some(".")),
            Some(_) => self.variant_json(),
            None => self.kenken_json(),
        })
    }
}

impl Latin {
    /// The grid in the input's style, `blank` standing for 0 when given.
    fn write_grid(&self, grid: &Grid, blank: Option<&str>) -> String {
        let symbol = |v: u32| match (blank, self.style) {
            (Some(blank), _) if v == 0 => blank.to_string(),
            (_, Style::Compact(alphabet)) => alphabet
                .symbol(v)
                .map_or_else(|| v.to_string(), String::from),
            (_, Style::Spaced) => v.to_string(),
        };
        let (sep, width) = match self.style {
            Style::Compact(_) => ("", 1),
            Style::Spaced => (" ", self.size.to_string().len()),
        };
        let mut out = String::new();
        for r in 0..grid.rows() {
            let row: Vec<String> = (0..grid.cols())
                .map(|c| format!("{:>width$}", symbol(grid.get(r, c))))
                .collect();
            out.push_str(&row.join(sep));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
#[path = "latin_tests.rs"]
mod tests;
