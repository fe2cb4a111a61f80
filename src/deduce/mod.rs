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
mod ladder;
mod rules;
mod step;
pub mod takuzu;
pub mod takuzu_bits;
mod techniques;
mod trial;

use std::sync::Arc;

use crate::cage::Cage;
use crate::deadline::Deadline;
use crate::geometry::Area;
use crate::grid::Grid;
use crate::rule::Rule;

use board::Board;

pub use ladder::{Ladder, Technique};
pub use step::Step;

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
        self.ladder.levels()[self.rank()]
    }

    /// [`Deductions::level`] as an index into the ladder's levels.
    pub fn rank(&self) -> usize {
        (self.steps.iter())
            .map(|s| s.technique.rank(self.ladder))
            .max()
            .unwrap_or(0)
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
/// intermediate); `None` when the givens break an area or `deadline` passes first. It stops
/// after the first step ranked above `cap` (the steps so far then grade above it), and tries
/// no set, fish, chain or trial ranked above it: where only those would go on, the step
/// above the cap is a guess.
pub fn follow(
    puzzle: &LatinRules,
    ladder: Ladder,
    solution: &Grid,
    deadline: Deadline,
    cap: usize,
) -> Option<Deductions> {
    let (areas, cages) = (puzzle.areas, puzzle.cages);
    let mut board = Board::new(areas, puzzle.givens)?;
    let mut steps = Vec::new();
    let mut layouts = cages::Layouts::new(cages.len());
    let mut trials = trial::TRIALS;
    // A variant tries candidates before it guesses; a classic Sudoku keeps Solo's ladder.
    let variant = ladder == Ladder::Solo && !(puzzle.rules.is_empty() && cages.is_empty());
    // The costly techniques above the cap are not tried: the guess that follows grades the
    // steps above it as well.
    let within = |technique: Technique| technique.rank(ladder) <= cap;
    while !board.solved() {
        if deadline.passed() {
            return None;
        }
        let step = match ladder {
            Ladder::Keen => keen_step(&board, areas, cages, &mut layouts, &within),
            _ => solo_step(&board, puzzle, &mut layouts, &within),
        };
        let step = (step.or_else(|| {
            (variant && within(Technique::Trial))
                .then(|| trial::trial_step(&board, puzzle, &layouts, &mut trials))
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
        let above = step.technique.rank(ladder) > cap;
        steps.push(step);
        if above {
            break;
        }
    }
    Some(Deductions {
        ladder,
        steps,
        variant,
    })
}

/// The easiest step on Solo's ladder, `None` when only a guess goes on.
fn solo_step(
    board: &Board,
    puzzle: &LatinRules,
    known: &mut cages::Layouts,
    within: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
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
        .or_else(|| costly_step(board, areas, within))
}

/// The easiest step on Keen's ladder, `None` when only a guess goes on.
fn keen_step(
    board: &Board,
    areas: &[Area],
    cages: &[Cage],
    known: &mut cages::Layouts,
    within: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
    use cages::{cage_step, Use};
    use techniques::*;
    hidden_single(board, areas, false)
        .or_else(|| naked_single(board))
        .or_else(|| cage_step(board, cages, Use::Union, known))
        .or_else(|| cage_step(board, cages, Use::PerCell, known))
        .or_else(|| cage_step(board, cages, Use::Line, known))
        .or_else(|| costly_step(board, areas, within))
}

/// Naked and hidden sets, then fish, then a forcing chain: each only `within` the cap.
fn costly_step(board: &Board, areas: &[Area], within: &dyn Fn(Technique) -> bool) -> Option<Step> {
    use techniques::*;
    let sets = |k| naked_set(board, areas, k).or_else(|| hidden_set(board, areas, k));
    (within(Technique::NakedSet(2)).then(|| (2..=4).find_map(sets)))
        .flatten()
        .or_else(|| {
            (within(Technique::Fish(2)).then(|| (2..=4).find_map(|k| fish(board, k)))).flatten()
        })
        .or_else(|| {
            within(Technique::ForcingChain)
                .then(|| forcing_chain(board))
                .flatten()
        })
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
