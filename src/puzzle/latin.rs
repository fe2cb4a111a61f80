//! Puzzles on a Latin grid: values 1..n, all-different areas, cages, other rules and givens.
//! Sudoku (rows, columns, boxes; givens; variants' rules) and KenKen (rows, columns; cages)
//! are both only this data.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::cage::{Cage, Op};
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::deduce::Deductions;
use crate::error::{ParseError, Violation};
use crate::geometry::{Area, AreaName};
use crate::grid::{Cell, Grid};

use crate::picture::Drawing;
use crate::puzzle::rule_clues::Source;
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::{solution, Entry, HiddenOperators, Parsed, Puzzle};
use crate::rule::{repeated, Areas, CageFormulation, Cages, Rule, RuleSet};

#[path = "latin_drawing.rs"]
mod drawing;
#[path = "latin_iss.rs"]
mod iss_form;
#[path = "latin_json.rs"]
mod json_form;
#[path = "latin_steps.rs"]
mod steps;

/// How the input wrote its cells, so that the answer is printed the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// One character per cell, in this alphabet.
    Compact(Alphabet),
    /// Whitespace-separated numbers, right-aligned.
    Spaced,
}

/// The family of a Latin-grid puzzle: which step-by-step ladder grades it, and how it is
/// written back and drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Family {
    /// KenKen (Keen's ladder; KenKen JSON; cages as blocks with their clues).
    KenKen,
    /// A Sudoku and the names of its variant's rules, none for a classic one (Solo's ladder;
    /// a classic one as a grid, a variant as variant JSON).
    Sudoku(Vec<&'static str>),
}

/// A Latin-grid puzzle: its areas, cages and givens.
#[derive(Debug, Clone)]
pub struct Latin {
    size: usize,
    /// The greatest value: values run 1..=top (the side, but for ISS's value ranges).
    top: usize,
    /// The value written for 1 (0 for ISS's values from 0, else 1).
    first: u32,
    /// Shared by the puzzles of one shape in a file.
    areas: Arc<[Area]>,
    cages: Arc<[Cage]>,
    givens: Grid,
    formulation: CageFormulation,
    style: Style,
    /// Rules beyond areas and cages (marks, lines).
    rules: Vec<Arc<dyn Rule>>,
    /// KenKen, or a Sudoku and its variant's rules.
    family: Family,
    /// The writer of the game ID of Simon Tatham's game for the kind, set by the kind.
    game_id: Option<GameIdWriter>,
    /// What the reader could not take from the input (rules a link only draws).
    warnings: Vec<String>,
    /// Values a solver entered in the input that are not givens (f-puzzles' cells with a
    /// value and no `given`): where `--hint` starts.
    entered: Vec<Clue>,
    /// The rule keys it was read from, whose items are clues too (variants read as keys).
    source: Option<Arc<Source>>,
}

/// Boxes each parsed puzzle behind the interface, written as a game ID by `writer`.
pub fn boxed_with_game_id(entries: Vec<Entry<Latin>>, writer: GameIdWriter) -> Vec<Parsed> {
    let with_writer = |e: Entry<Latin>| Entry {
        line: e.line,
        puzzle: e.puzzle.map(|p| p.with_game_id(writer)),
    };
    super::boxed(entries.into_iter().map(with_writer).collect())
}

/// Writes a puzzle as the game ID of Simon Tatham's game for its kind (Solo, Keen), `None`
/// where that game has no such puzzle; each kind's writer lives beside its reader.
pub type GameIdWriter = fn(&Latin) -> Option<String>;

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
            top: givens.rows(),
            first: 1,
            areas: areas.into(),
            cages: cages.into(),
            givens,
            formulation: CageFormulation::default(),
            style,
            rules: Vec::new(),
            family: Family::KenKen,
            game_id: None,
            warnings: Vec::new(),
            entered: Vec::new(),
            source: None,
        }
    }

    /// The same puzzle with values 1..=`top` (`top` at least the side; ISS's `Shape~7x7~1-9`),
    /// written from `first` (0 for ISS's `Shape~9x9~0-8`, else 1).
    pub fn with_values(mut self, top: usize, first: u32) -> Self {
        self.top = top;
        self.first = first;
        if first == 0 {
            self.style = Style::Compact(Alphabet::ZeroDigits);
        }
        self
    }

    /// The greatest value (the side, but for ISS's value ranges).
    pub fn top(&self) -> usize {
        self.top
    }

    /// The same puzzle, written as a game ID by `writer`.
    pub fn with_game_id(mut self, writer: GameIdWriter) -> Self {
        self.game_id = Some(writer);
        self
    }

    /// The same puzzle with `rules` besides its areas and cages.
    pub fn with_rules(mut self, rules: Vec<Arc<dyn Rule>>) -> Self {
        self.rules = rules;
        self
    }

    /// The same puzzle as a Sudoku, named as a variant: its rules beyond the kind's own
    /// (`[]`: classic).
    pub fn with_variant(mut self, rules: Vec<&'static str>) -> Self {
        self.family = Family::Sudoku(rules);
        self
    }

    /// The same puzzle with a warning about its reading.
    pub fn with_warning(mut self, warning: String) -> Self {
        self.add_warning(warning);
        self
    }

    /// The same puzzle with values a solver entered (not givens).
    pub fn with_entered(mut self, entered: Vec<Clue>) -> Self {
        self.entered = entered;
        self
    }

    /// The same puzzle with the rule keys it was read from, whose items become clues.
    pub fn with_source(mut self, source: Source) -> Self {
        self.source = Some(Arc::new(source));
        self
    }

    /// Adds a warning about how the puzzle was read.
    pub fn add_warning(&mut self, warning: String) {
        self.warnings.push(warning);
    }

    /// Its family.
    pub fn family(&self) -> &Family {
        &self.family
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
}

impl Puzzle for Latin {
    fn shape(&self) -> (usize, usize) {
        (self.size, self.size)
    }

    fn rules(&self) -> RuleSet {
        let n = self.size;
        let mut rules: Vec<Arc<dyn Rule>> =
            vec![Arc::new(Areas::new(self.areas.clone(), n, self.top))];
        if !self.cages.is_empty() {
            let (cages, areas) = (self.cages.clone(), self.areas.clone());
            rules.push(Arc::new(Cages::new(cages, areas, self.formulation)));
        }
        rules.extend(self.rules.iter().cloned());
        let givens = (self.givens.values().iter()).map(|&v| Some(v).filter(|&v| v != 0));
        RuleSet {
            rows: n,
            cols: n,
            values: (1..=self.top as i64).collect(),
            givens: givens.collect(),
            rules,
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
            op: cage.op,
            target: cage.target,
            cells: cage.cells.clone(),
        });
        let rules = self.source.iter().flat_map(|s| s.clues());
        givens.chain(cages).chain(rules).collect()
    }

    fn with_clues(&self, clues: &[Clue]) -> Option<Box<dyn Puzzle>> {
        // Rule clues left out or changed: the puzzle is read again from the keys kept.
        if let Some(rules) = self.source.as_ref().and_then(|s| s.keeping(clues)) {
            let mut givens = Grid::filled(self.size, self.size, 0);
            for clue in clues {
                if let Clue::Given { cell, value } = *clue {
                    givens.set(cell.0, cell.1, value);
                }
            }
            let source = self.source.as_ref()?;
            let mut rebuilt = (source.rebuild)(rules, givens)?;
            // Its rule clues are those kept: only the givens and cages are left to apply.
            rebuilt.source = None;
            let rest: Vec<Clue> = (clues.iter())
                .filter(|c| !matches!(c, Clue::Rule { .. }))
                .cloned()
                .collect();
            return rebuilt.with_clues(&rest);
        }
        let mut givens = Grid::filled(self.size, self.size, 0);
        let mut kept = vec![false; self.cages.len()];
        let mut cages = self.cages.to_vec();
        for clue in clues {
            match *clue {
                Clue::Given { cell, value } => givens.set(cell.0, cell.1, value),
                Clue::Cage {
                    index, op, target, ..
                } => {
                    kept[index] = true;
                    cages[index].target = target;
                    cages[index].op = op;
                }
                Clue::Rule { .. } => {}
            }
        }
        let dropped = |area: &Area| matches!(area.name, AreaName::Cage(i) if !kept[i]);
        let areas: Vec<Area> = (self.areas.iter())
            .filter(|a| !dropped(a))
            .cloned()
            .collect();
        let cages: Vec<Cage> = (cages.into_iter().zip(&kept))
            .filter(|(_, &keep)| keep)
            .map(|(cage, _)| cage)
            .collect();
        Some(Box::new(Latin {
            areas: areas.into(),
            cages: cages.into(),
            givens,
            entered: Vec::new(),
            source: None,
            ..self.clone()
        }))
    }

    fn entered(&self) -> &[Clue] {
        &self.entered
    }

    /// KenKen on Keen's ladder; Sudoku and its variants on Solo's.
    fn deduce_up_to(&self, solution: &Grid, deadline: Deadline, cap: usize) -> Option<Deductions> {
        self.steps(solution, deadline, cap)
    }

    fn decided_up_to(&self, givens: &[Option<u32>], cap: usize) -> Option<bool> {
        self.easy_decided(givens, cap)
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

    fn first(&self) -> u32 {
        self.first
    }

    fn variant(&self) -> Option<&[&'static str]> {
        match &self.family {
            Family::KenKen => None,
            Family::Sudoku(rules) => Some(rules),
        }
    }

    fn drawing(&self) -> Option<Drawing> {
        Some(self.drawing_of())
    }

    fn warnings(&self) -> &[String] {
        &self.warnings
    }

    fn game_id(&self) -> Option<String> {
        self.game_id.and_then(|write| write(self))
    }

    fn render(&self, grid: &Grid) -> String {
        self.write_grid(grid, None)
    }

    fn iss_string(&self) -> Option<Result<String, crate::puzzle::sudoku::iss::Unwritable>> {
        match self.family {
            Family::Sudoku(_) => Some(self.iss_string()),
            Family::KenKen => None,
        }
    }

    /// A classic Sudoku's givens as a grid; KenKen and the variants as their JSON.
    fn render_puzzle(&self) -> Option<String> {
        Some(match &self.family {
            Family::Sudoku(rules) if rules.is_empty() => self.write_grid(&self.givens, Some(".")),
            Family::Sudoku(_) => self.variant_json(),
            Family::KenKen => self.kenken_json(),
        })
    }
}

impl Latin {
    /// The grid in the input's style, `blank` standing for 0 when given.
    fn write_grid(&self, grid: &Grid, blank: Option<&str>) -> String {
        // Past the compact alphabet's last character, values are written as spaced numbers.
        let style = match self.style {
            Style::Compact(alphabet) if alphabet.symbol(self.top as u32).is_none() => Style::Spaced,
            style => style,
        };
        let (sep, width) = match style {
            Style::Compact(_) => ("", 1),
            Style::Spaced => (" ", self.top.to_string().len()),
        };
        let mut out = String::with_capacity(grid.rows() * grid.cols() * (width + 1) + 1);
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                if c > 0 {
                    out.push_str(sep);
                }
                // Written into `out` as they are: no text per cell.
                let _ = match (grid.get(r, c), blank, style) {
                    (0, Some(blank), _) => write!(out, "{blank:>width$}"),
                    (v, _, Style::Compact(alphabet)) => match alphabet.symbol(v) {
                        Some(symbol) => out.write_char(symbol),
                        None => write!(out, "{v:>width$}"),
                    },
                    // Spaced values as the puzzle writes them (from 0 or 1).
                    (v, _, Style::Spaced) => {
                        write!(out, "{:>width$}", (v + self.first).saturating_sub(1))
                    }
                };
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
#[path = "latin_tests.rs"]
mod tests;
