//! The puzzle interface and the registry of kinds. Each kind is one module that declares its
//! [`Kind`] entry; everything else reads [`KINDS`].

pub mod gameid;
pub(crate) mod json;
pub mod kenken;
pub mod latin;
mod registry;
pub mod rule_clues;
pub mod solution;
pub mod sudoku;
pub mod symbols;
pub mod takuzu;

pub use registry::{
    detect, find, no_puzzle, other_kind, read, read_each_game, Kind, OptionSpec, OptionValue,
    Options, ValueError, KINDS,
};

use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::deduce::Deductions;
use crate::domains::Domains;
use crate::error::{ParseError, Violation};
use crate::grid::Grid;
use crate::model::{Model, Var};
use crate::picture::Drawing;
use crate::rule::{OptionalRule, Reduced, RuleSet};

/// One puzzle instance: how to reduce, model, check and print it.
pub trait Puzzle: Send + Sync {
    /// Rows and columns of the grid.
    fn shape(&self) -> (usize, usize);
    /// The puzzle as data: its shape, values, givens and rules. Reductions, the model and
    /// the verifier below are written once over it.
    fn rules(&self) -> RuleSet;
    /// The puzzle solved step by step as a person would ([`crate::deduce`]), towards its
    /// only `solution`, by `deadline`; `None` for a kind the steps do not follow or when the
    /// deadline passes first.
    fn deduce(&self, solution: &Grid, deadline: Deadline) -> Option<Deductions> {
        self.deduce_up_to(solution, deadline, usize::MAX)
    }
    /// With `givens` (row by row) in place of its own, whether the step solver's techniques
    /// up to level `cap` (an index into the kind's ladder) decide every cell, answered
    /// without the steps: then that puzzle is unique and [`Puzzle::deduce`] grades it at or
    /// below `cap`, else it does not (or it is not unique). `None` where the kind has no
    /// such answer for `cap`.
    fn decided_up_to(&self, _givens: &[Option<u32>], _cap: usize) -> Option<bool> {
        None
    }
    /// [`Puzzle::deduce`], stopped after the first step whose level is above `cap` (an
    /// index into the kind's ladder): the steps then grade above `cap`, else as in full.
    fn deduce_up_to(
        &self,
        _solution: &Grid,
        _deadline: Deadline,
        _cap: usize,
    ) -> Option<Deductions> {
        None
    }
    /// The grid as text, in the input's style, one row per line.
    fn render(&self, grid: &Grid) -> String;
    /// The puzzle as a grid of its kind's text form (`.` for a blank) that reads back as the
    /// same puzzle; `None` where no grid says all of it (KenKen, variants).
    fn render_puzzle(&self) -> Option<String> {
        None
    }
    /// The puzzle as an Interactive Sudoku Solver constraint string, which reads back as the
    /// same puzzle; `None` for a kind ISS does not have, an error for a rule it cannot say.
    fn iss_string(&self) -> Option<Result<String, sudoku::iss::Unwritable>> {
        None
    }
    /// What a picture of the puzzle shows ([`crate::picture`]); `None` for a kind without
    /// pictures.
    fn drawing(&self) -> Option<Drawing> {
        None
    }
    /// What the reader could not take from the input and the answer does not keep (the rules
    /// a SudokuPad link only draws).
    fn warnings(&self) -> &[String] {
        &[]
    }
    /// The puzzle as the game ID of Simon Tatham's game for its kind (Solo, Keen, Unruly),
    /// which reads back as the same puzzle; `None` where that game has no such puzzle.
    fn game_id(&self) -> Option<String> {
        None
    }
    /// A proposed solution written as text (as [`Puzzle::render`] writes one, or spaced
    /// numbers), for `--verify`.
    fn read_solution(&self, text: &str) -> Result<Grid, ParseError> {
        solution::read_grid(text, self.shape(), solution::plain_value)
    }
    /// The names of the variant's rules beyond the kind's own, for kinds that have variants;
    /// `None` for kinds that have none.
    fn variant(&self) -> Option<&[&'static str]> {
        None
    }
    /// The value the puzzle writes for 1: 0 when its values are written from 0 (ISS's
    /// `Shape~9x9~0-8`), else 1. Its grids, rules and answers are of values from 1 inside.
    fn first(&self) -> u32 {
        1
    }
    /// For each cage with a hidden operator, the operators the grid meets its target with.
    fn hidden_operators(&self, _grid: &Grid) -> Vec<HiddenOperators> {
        Vec::new()
    }
    /// Values a solver entered that are not givens (where `--hint` starts), as clues.
    fn entered(&self) -> &[Clue] {
        &[]
    }
    /// The clues an explanation can name: givens, then cages, in input order.
    fn clues(&self) -> Vec<Clue> {
        Vec::new()
    }
    /// The same puzzle with exactly `clues` as its givens and cages (cages by their index in
    /// [`Puzzle::clues`], with the op and target the clue names; givens may be new); `None`
    /// for a kind without clues. A kind whose
    /// [`Puzzle::clues`] names any must implement it.
    fn with_clues(&self, _clues: &[Clue]) -> Option<Box<dyn Puzzle>> {
        None
    }
}

/// What every puzzle answers from its rules ([`Puzzle::rules`]), written once for all kinds.
pub trait FromRules: Puzzle {
    /// Exact reductions (givens, forced values, probing), once per puzzle: the candidates
    /// left and the rules prepared on them (cage tables), which add the puzzle's rows to a
    /// model built on those candidates; `None` when they prove there is no solution. Past
    /// the deadline they stop early, which loses reductions, never solutions.
    fn reduce(&self, deadline: Deadline) -> Option<Reduced> {
        self.rules().reduce(deadline)
    }
    /// The formulation documents' own model of the puzzle: every `x[r,c,k]`, no reductions,
    /// givens as rows, the documents' rows for areas, cages and lines.
    fn documents_model(&self) -> Model {
        self.rules().documents_model()
    }
    /// The puzzle's rules without its givens on every `x[r,c,k]`, the rows of each clue a
    /// repair may change (a cage's) holding only while its binary (in the result, in rule
    /// order) is 1; `None` for a puzzle without such clues.
    fn model_with_optional_cages(&self) -> Option<(Model, Vec<Var>)> {
        let set = self.rules();
        let (changeable, fixed): (Vec<_>, Vec<_>) =
            set.rules.iter().partition(|rule| rule.repairable());
        if changeable.is_empty() {
            return None;
        }
        let mut model = Model::new(Domains::full(set.rows, set.cols, set.values.clone()));
        for rule in fixed {
            rule.constrain(&mut model, Deadline::none());
        }
        let kept = (changeable.iter())
            .flat_map(|rule| rule.constrain_kept(&mut model))
            .collect();
        Some((model, kept))
    }
    /// Checks a complete grid against every rule in exact integer arithmetic, independently
    /// of the model: the first rule it breaks.
    fn verify(&self, grid: &Grid) -> Result<(), Violation> {
        self.violations(grid).into_iter().next().map_or(Ok(()), Err)
    }
    /// Every rule a complete grid breaks (none for a solution).
    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        self.rules().violations(grid)
    }
}

impl<P: Puzzle + ?Sized> FromRules for P {}

/// A puzzle with one of its rules left out: solved and checked by the rest, printed as the
/// puzzle is.
pub struct Relaxed<'a> {
    puzzle: &'a dyn Puzzle,
    rules: RuleSet,
}

/// The puzzle without the first rule the user can switch off ([`crate::rule::Rule::optional`]),
/// to tell whether that rule alone stands in the way of a solution; `None` when it has none.
pub fn relaxed(puzzle: &dyn Puzzle) -> Option<(Relaxed<'_>, OptionalRule)> {
    let mut rules = puzzle.rules();
    let at = rules
        .rules
        .iter()
        .position(|rule| rule.optional().is_some())?;
    let optional = rules.rules.remove(at).optional()?;
    Some((Relaxed { puzzle, rules }, optional))
}

impl Puzzle for Relaxed<'_> {
    fn shape(&self) -> (usize, usize) {
        self.puzzle.shape()
    }

    fn rules(&self) -> RuleSet {
        self.rules.clone()
    }

    fn render(&self, grid: &Grid) -> String {
        self.puzzle.render(grid)
    }
}

/// The operators a solution shows a hidden-operator cage to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HiddenOperators {
    /// The cage, 1-based.
    pub cage: usize,
    /// The operators among `+ - * /` its values meet the target with.
    pub operators: Vec<&'static str>,
}

/// A puzzle read from a file, or the error that stopped it, with the 1-based line it starts
/// on; a file yields one per puzzle it holds.
#[derive(Debug)]
pub struct Entry<P = Box<dyn Puzzle>> {
    /// The line the puzzle starts on.
    pub line: usize,
    /// The puzzle, or what is wrong with it.
    pub puzzle: Result<P, ParseError>,
}

/// What a kind's parser yields per puzzle.
pub type Parsed = Entry;

/// Refuses a text with a line longer than `max` bytes, before any work that grows with it.
fn check_line_lengths(text: &str, max: usize) -> Result<(), ParseError> {
    match text.lines().enumerate().find(|(_, l)| l.len() > max) {
        Some((i, l)) => Err(ParseError::at(
            i + 1,
            crate::error::Problem::LongLine { len: l.len(), max },
        )),
        None => Ok(()),
    }
}

/// The reading `--grid` (`Some(true)`) or `--line` (`Some(false)`) forces, if any.
fn grid_or_lines(options: &Options) -> Result<Option<bool>, ParseError> {
    match (options.grid, options.line) {
        (true, true) => Err(ParseError::whole(crate::error::Problem::Option {
            name: "grid",
            message: "--grid and --line exclude each other".into(),
        })),
        (grid, line) => Ok((grid || line).then_some(grid)),
    }
}

/// Boxes each parsed puzzle behind the interface.
fn boxed<P: Puzzle + 'static>(entries: Vec<Entry<P>>) -> Vec<Parsed> {
    (entries.into_iter())
        .map(|e| Entry {
            line: e.line,
            puzzle: e.puzzle.map(|p| Box::new(p) as Box<dyn Puzzle>),
        })
        .collect()
}
