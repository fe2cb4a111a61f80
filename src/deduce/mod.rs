//! Solving as a person would: the easiest technique that makes progress, one step at a time,
//! each step saying what it placed or removed and why. The steps give `--steps` and `--hint`,
//! and the hardest technique needed gives `--grade` on Simon Tatham's ladder for the kind.
//! Sudoku (Solo): trivial, hidden singles in blocks; basic, also in rows and columns, and
//! naked singles; intermediate, intersections; advanced, naked and hidden sets; extreme, fish
//! and forcing chains; a sum cage's layouts and the variants' other rules count as
//! intermediate. KenKen (Keen): easy, singles and the digits a cage's layouts use; normal,
//! the digits they put in each cell; hard, a cage's digits in one line, and sets; extreme,
//! fish and forcing chains. Takuzu (Unruly): trivial, no three in a row and a line's last cell;
//! easy, a line with half of one digit, and distinct lines; normal, a line one short of half.
//! Above all, unreasonable: a guess is needed. Guesses take the known solution's value, so the
//! steps always end at it.

mod board;
mod cages;
mod rules;
pub mod takuzu;
mod techniques;
mod trial;

use std::fmt;
use std::sync::Arc;

use crate::cage::Cage;
use crate::deadline::Deadline;
use crate::geometry::{Area, AreaName};
use crate::grid::{cell_name, Cell, Grid};
use crate::rule::Rule;

use board::Board;

/// A technique, as the steps name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Technique {
    /// A value with one place left in an area (`block`: a box or region).
    HiddenSingle {
        /// Whether the area is a box or region, not a line.
        block: bool,
    },
    /// A cell with one candidate left.
    NakedSingle,
    /// A value confined to where two areas meet.
    Intersection,
    /// Cells of an area holding as many values between them.
    NakedSet(usize),
    /// Values of an area with as many places between them.
    HiddenSet(usize),
    /// A value confined in as many rows as columns.
    Fish(usize),
    /// A chain of two-candidate cells whose ends cannot both lack a value.
    ForcingChain,
    /// A variant's other rule (marks, lines), by its name.
    Rule(&'static str),
    /// Sudoku variants: a candidate that, placed, runs by singles and the rules into a
    /// contradiction.
    Trial,
    /// KenKen: a cell keeps only digits some layout of its cage uses.
    CageDigits,
    /// KenKen: a cell keeps only digits some layout of its cage puts there.
    CageCells,
    /// KenKen: a digit every layout of a cage puts in one line leaves the line's other cells.
    CageLine,
    /// Takuzu: two equal digits side by side or one apart; the cells beside or between take
    /// the other.
    NoThree,
    /// Takuzu: a line with one open cell left; it takes the digit the line lacks.
    LastCell,
    /// Takuzu: a line with half its cells of one digit; the rest take the other.
    Balance,
    /// Takuzu: a line one digit short of half; where that digit would force three of the
    /// other in a row, the other goes.
    NearBalance,
    /// Takuzu: a line one digit short of half, whose digits all sit where a line with half
    /// has them, takes the other digit where the other line has its last one.
    DistinctLines,
    /// No technique applies: the solution's value, guessed.
    #[default]
    Guess,
}

/// A kind's difficulty levels, as Simon Tatham's game for it names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ladder {
    /// Solo (Sudoku).
    Solo,
    /// Unruly (Takuzu).
    Unruly,
    /// Keen (KenKen).
    Keen,
}

impl Ladder {
    /// The level names, easiest first.
    pub fn levels(self) -> &'static [&'static str] {
        match self {
            Ladder::Solo => &[
                "trivial",
                "basic",
                "intermediate",
                "advanced",
                "extreme",
                "unreasonable",
            ],
            Ladder::Unruly => &["trivial", "easy", "normal", "unreasonable"],
            Ladder::Keen => &["easy", "normal", "hard", "extreme", "unreasonable"],
        }
    }
}

impl Technique {
    /// The lowest level that allows the technique, as an index into its ladder's levels.
    pub fn rank(self, ladder: Ladder) -> usize {
        if ladder == Ladder::Keen {
            return match self {
                Technique::CageCells => 1,
                Technique::CageLine | Technique::NakedSet(_) | Technique::HiddenSet(_) => 2,
                Technique::Fish(_) | Technique::ForcingChain | Technique::Trial => 3,
                Technique::Guess => 4,
                _ => 0,
            };
        }
        match self {
            Technique::HiddenSingle { block: true } | Technique::NoThree => 0,
            Technique::LastCell => 0,
            Technique::HiddenSingle { block: false } | Technique::NakedSingle => 1,
            Technique::Balance | Technique::DistinctLines => 1,
            Technique::Intersection | Technique::NearBalance => 2,
            Technique::CageDigits | Technique::CageCells | Technique::CageLine => 2,
            Technique::Rule(_) => 2,
            Technique::NakedSet(_) | Technique::HiddenSet(_) => 3,
            Technique::Fish(_) | Technique::ForcingChain | Technique::Trial => 4,
            Technique::Guess => ladder.levels().len() - 1,
        }
    }

    /// Its weight in the score: easy steps count little, hard ones much.
    pub fn score(self) -> u32 {
        match self {
            Technique::HiddenSingle { block: true } => 10,
            Technique::HiddenSingle { block: false } => 15,
            Technique::NakedSingle => 20,
            Technique::Intersection => 50,
            Technique::NakedSet(k) => 40 + 20 * k as u32,
            Technique::HiddenSet(k) => 50 + 25 * k as u32,
            Technique::Fish(k) => 100 + 40 * k as u32,
            Technique::ForcingChain => 300,
            Technique::Rule(_) => 50,
            Technique::CageDigits => 20,
            Technique::CageCells => 40,
            Technique::CageLine => 80,
            Technique::NoThree => 10,
            Technique::LastCell => 10,
            Technique::Balance => 20,
            Technique::NearBalance => 60,
            Technique::DistinctLines => 80,
            Technique::Trial => 200,
            Technique::Guess => 1000,
        }
    }

    /// Its name in steps and JSON: `hidden single`, `naked pair`, `x-wing`, ...
    pub fn name(self) -> String {
        let size = |k: usize| match k {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            k => format!("set of {k}"),
        };
        match self {
            Technique::HiddenSingle { .. } => "hidden single".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::Intersection => "intersection".into(),
            Technique::NakedSet(k) => format!("naked {}", size(k)),
            Technique::HiddenSet(k) => format!("hidden {}", size(k)),
            Technique::Fish(2) => "x-wing".into(),
            Technique::Fish(3) => "swordfish".into(),
            Technique::Fish(k) => format!("fish of {k}"),
            Technique::ForcingChain => "forcing chain".into(),
            Technique::Rule(name) => name.into(),
            Technique::CageDigits => "cage digits".into(),
            Technique::CageCells => "cage layouts".into(),
            Technique::CageLine => "cage in a line".into(),
            Technique::NoThree => "no three in a row".into(),
            Technique::LastCell => "last cell".into(),
            Technique::Balance => "half of a digit".into(),
            Technique::NearBalance => "one short of half".into(),
            Technique::DistinctLines => "distinct lines".into(),
            Technique::Trial => "trial".into(),
            Technique::Guess => "guess".into(),
        }
    }
}

/// One deduction: what it placed or removed, and why.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Step {
    /// How it was found.
    pub technique: Technique,
    /// Cells given a value (0-based), with the value.
    pub placed: Vec<(Cell, u32)>,
    /// Candidates removed (0-based cells), with the value.
    pub removed: Vec<(Cell, u32)>,
    /// The cells that justify it (the set, the fish's corners, the chain's start).
    pub because: Vec<Cell>,
    /// The area it works in, when one.
    pub area: Option<AreaName>,
    /// The second area (an intersection's, a fish's last line).
    pub other_area: Option<AreaName>,
    /// The values it is about (a set's, a fish's).
    pub values: Vec<u32>,
}

impl fmt::Display for Step {
    /// `r3c4 = 7: hidden single in box 2`, `r5c1 <> 3, 8: naked pair r5c2 r5c7 in row 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let cells = |c: &[Cell]| {
            c.iter()
                .map(|&c| cell_name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut what: Vec<String> = (self.placed.iter())
            .map(|&(cell, v)| format!("{} = {v}", cell_name(cell)))
            .collect();
        let mut removed = self.removed.clone();
        removed.sort_unstable();
        for chunk in removed.chunk_by(|a, b| a.0 == b.0) {
            let values: Vec<u32> = chunk.iter().map(|p| p.1).collect();
            what.push(format!("{} <> {}", cell_name(chunk[0].0), list(&values)));
        }
        let area = |a: &Option<AreaName>| a.as_ref().map_or(String::new(), ToString::to_string);
        let name = self.technique.name();
        let why = match self.technique {
            Technique::HiddenSingle { .. }
            | Technique::LastCell
            | Technique::Balance
            | Technique::NearBalance => {
                format!("{name} in {}", area(&self.area))
            }
            Technique::NoThree => format!("{name}: {}", cells(&self.because)),
            Technique::CageDigits | Technique::CageCells | Technique::CageLine => {
                format!("{name} of {}", area(&self.area))
            }
            Technique::DistinctLines => format!(
                "{name}: {} would equal {}",
                area(&self.area),
                area(&self.other_area)
            ),
            Technique::NakedSingle | Technique::Guess | Technique::Rule(_) => name,
            Technique::Trial => {
                format!("{name}: placed, it leaves a cell, a value or a rule with no way")
            }
            Technique::Intersection => format!(
                "{name}: {} in {} only where it meets {}",
                list(&self.values),
                area(&self.area),
                area(&self.other_area)
            ),
            Technique::NakedSet(_) => {
                format!("{name} {} in {}", cells(&self.because), area(&self.area))
            }
            Technique::HiddenSet(_) => format!(
                "{name} {} in {} in {}",
                list(&self.values),
                cells(&self.because),
                area(&self.area)
            ),
            Technique::Fish(_) => format!(
                "{name} on {} in {} to {}",
                list(&self.values),
                area(&self.area),
                area(&self.other_area)
            ),
            Technique::ForcingChain => {
                let ends = [self.because.first(), self.because.last()];
                let ends: Vec<String> = ends.into_iter().flatten().map(|&c| cell_name(c)).collect();
                format!(
                    "{name} {}: {} holds {}",
                    cells(&self.because),
                    ends.join(" or "),
                    list(&self.values)
                )
            }
        };
        write!(f, "{}: {why}", what.join(", "))
    }
}

/// The steps from the givens to the solution, and the grade they earn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deductions {
    /// The kind's ladder.
    pub ladder: Ladder,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// A Sudoku variant (rules or cages beyond the areas): graded on the variant scale too.
    pub variant: bool,
}

/// The variant scale, easiest first: no trial and the hardest technique intermediate or below;
/// no trial; 1-9 trials; 10-29; 30 or more; a guess needed.
pub const VARIANT_LEVELS: [&str; 6] = [
    "gentle",
    "moderate",
    "tricky",
    "hard",
    "fiendish",
    "unreasonable",
];

impl Deductions {
    /// The hardest level any step needed (the easiest when the givens say everything).
    pub fn level(&self) -> &'static str {
        let rank = (self.steps.iter())
            .map(|s| s.technique.rank(self.ladder))
            .max()
            .unwrap_or(0);
        self.ladder.levels()[rank]
    }

    /// A variant's level on the variant scale ([`VARIANT_LEVELS`]), which counts the trials
    /// its solve needs; `None` for a classic puzzle.
    pub fn variant_level(&self) -> Option<&'static str> {
        let rank = (self.steps.iter())
            .filter(|s| !matches!(s.technique, Technique::Trial | Technique::Guess))
            .map(|s| s.technique.rank(self.ladder))
            .max()
            .unwrap_or(0);
        let level = match (self.guesses(), self.trials()) {
            (1.., _) => 5,
            (0, 0) if rank <= 2 => 0,
            (0, 0) => 1,
            (0, 1..=9) => 2,
            (0, 10..=29) => 3,
            _ => 4,
        };
        self.variant.then_some(VARIANT_LEVELS[level])
    }

    /// The sum of the steps' weights.
    pub fn score(&self) -> u32 {
        self.steps.iter().map(|s| s.technique.score()).sum()
    }

    /// How many trials were needed (Sudoku variants).
    pub fn trials(&self) -> usize {
        (self.steps.iter())
            .filter(|s| s.technique == Technique::Trial)
            .count()
    }

    /// How many guesses were needed.
    pub fn guesses(&self) -> usize {
        (self.steps.iter())
            .filter(|s| s.technique == Technique::Guess)
            .count()
    }
}

/// A Latin-grid puzzle as the steps see it: all-different areas (each value once in every
/// area of n cells), cages, other rules and givens.
pub struct LatinRules<'a> {
    /// The areas.
    pub areas: &'a [Area],
    /// The cages (KenKen's, and sum cages).
    pub cages: &'a [Cage],
    /// Rules beyond areas and cages.
    pub rules: &'a [Arc<dyn Rule>],
    /// The givens, 0 for a blank.
    pub givens: &'a Grid,
}

/// Solves `puzzle` step by step towards `solution` (its only one) on `ladder` (Keen's for
/// KenKen; Solo's for Sudoku and its variants, whose sum cages and other rules count as
/// intermediate); `None` when the givens break an area or `deadline` passes first.
pub fn follow(
    puzzle: &LatinRules,
    ladder: Ladder,
    solution: &Grid,
    deadline: Deadline,
) -> Option<Deductions> {
    let (areas, cages) = (puzzle.areas, puzzle.cages);
    let mut board = Board::new(areas, puzzle.givens)?;
    let mut steps = Vec::new();
    let mut layouts = cages::Layouts::new(cages.len());
    let mut trials = trial::TRIALS;
    // A variant tries candidates before it guesses; a classic Sudoku keeps Solo's ladder.
    let variant = ladder == Ladder::Solo && !(puzzle.rules.is_empty() && cages.is_empty());
    while !board.solved() {
        if deadline.passed() {
            return None;
        }
        let step = match ladder {
            Ladder::Keen => keen_step(&board, areas, cages, &mut layouts),
            _ => solo_step(&board, puzzle, &mut layouts),
        };
        let step = (step.or_else(|| {
            variant
                .then(|| trial::trial_step(&board, puzzle, &mut trials))
                .flatten()
        }))
        .unwrap_or_else(|| guess(&board, solution));
        for &((r, c), v) in &step.removed {
            board.remove(r * board.n() + c, v);
        }
        for &((r, c), v) in &step.placed {
            if !board.place(r * board.n() + c, v) {
                return None;
            }
        }
        steps.push(step);
    }
    Some(Deductions {
        ladder,
        steps,
        variant,
    })
}

/// The easiest step on Solo's ladder, `None` when only a guess goes on.
fn solo_step(board: &Board, puzzle: &LatinRules, known: &mut cages::Layouts) -> Option<Step> {
    use cages::{cage_step, Use};
    use techniques::*;
    let (areas, cages) = (puzzle.areas, puzzle.cages);
    hidden_single(board, areas, true)
        .or_else(|| hidden_single(board, areas, false))
        .or_else(|| naked_single(board))
        .or_else(|| intersection(board, areas))
        .or_else(|| cage_step(board, cages, Use::PerCell, known))
        .or_else(|| cage_step(board, cages, Use::Line, known))
        .or_else(|| rules::rule_step(board, puzzle.rules))
        .or_else(|| {
            (2..=4).find_map(|k| naked_set(board, areas, k).or_else(|| hidden_set(board, areas, k)))
        })
        .or_else(|| (2..=4).find_map(|k| fish(board, k)))
        .or_else(|| forcing_chain(board))
}

/// The easiest step on Keen's ladder, `None` when only a guess goes on.
fn keen_step(
    board: &Board,
    areas: &[Area],
    cages: &[Cage],
    known: &mut cages::Layouts,
) -> Option<Step> {
    use cages::{cage_step, Use};
    use techniques::*;
    hidden_single(board, areas, false)
        .or_else(|| naked_single(board))
        .or_else(|| cage_step(board, cages, Use::Union, known))
        .or_else(|| cage_step(board, cages, Use::PerCell, known))
        .or_else(|| cage_step(board, cages, Use::Line, known))
        .or_else(|| {
            (2..=4).find_map(|k| naked_set(board, areas, k).or_else(|| hidden_set(board, areas, k)))
        })
        .or_else(|| (2..=4).find_map(|k| fish(board, k)))
        .or_else(|| forcing_chain(board))
}

/// The solution's value in the open cell with the fewest candidates.
fn guess(board: &Board, solution: &Grid) -> Step {
    let n = board.n();
    let open = (0..n * n).filter(|&i| board.placed(i) == 0);
    let i = open
        .min_by_key(|&i| board.candidates(i).count_ones())
        .unwrap_or(0);
    let cell = board.cell(i);
    Step {
        technique: Technique::Guess,
        placed: vec![(cell, solution.get(cell.0, cell.1))],
        because: vec![cell],
        ..Step::default()
    }
}

#[cfg(test)]
#[path = "deduce_tests.rs"]
mod tests;
