//! Trials, for Sudoku variants: a candidate placed for a moment and followed by singles, the
//! cages' layouts and the rules' own narrowing; one that runs into a contradiction (a cell or a value with no
//! place left, a rule that cannot hold) is removed. Variant solvers reason this way where the
//! classic ladder has no name for it, and how many trials a solve needs is what separates an
//! easy variant from a hard one.

use super::board::{values, Board};
use super::cages::{cage_step, Layouts, Use};
use super::rules::rule_step;
use super::techniques::{hidden_single, naked_single};
use super::{LatinRules, Step, Technique};
use crate::domains::Domains;

/// The trials one solve may make in all: past them, a guess goes on (a bound on the work,
/// the same on every machine).
pub const TRIALS: usize = 2_000;

/// The first candidate (cells with the fewest candidates first) whose trial fails, removed;
/// each candidate tried counts against `left`. `known` holds the cages' layouts on `board`,
/// where each trial starts.
pub fn trial_step(
    board: &Board,
    puzzle: &LatinRules,
    known: &Layouts,
    left: &mut usize,
) -> Option<Step> {
    let n = board.n();
    let mut open: Vec<usize> = (0..n * n).filter(|&i| board.placed(i) == 0).collect();
    open.sort_by_key(|&i| board.candidates(i).count_ones());
    for i in open {
        for v in values(board.candidates(i)) {
            if *left == 0 {
                return None;
            }
            *left -= 1;
            if fails(board, puzzle, known, i, v) {
                let cell = board.cell(i);
                return Some(Step {
                    technique: Technique::Trial,
                    removed: vec![(cell, v)],
                    because: vec![cell],
                    ..Step::default()
                });
            }
        }
    }
    None
}

/// Whether `v` placed in cell `i` leads, by singles and the rules' narrowing, to a
/// contradiction.
fn fails(board: &Board, puzzle: &LatinRules, known: &Layouts, i: usize, v: u32) -> bool {
    let mut trial = board.clone();
    if !trial.place(i, v) {
        return true;
    }
    let n = board.n();
    let mut layouts = known.clone();
    for _ in 0..n * n {
        if broken(&trial, puzzle) {
            return true;
        }
        let step = hidden_single(&trial, puzzle.areas, false)
            .or_else(|| naked_single(&trial))
            .or_else(|| cage_step(&trial, puzzle.cages, Use::PerCell, &mut layouts))
            .or_else(|| rule_step(&trial, puzzle.rules));
        let Some(step) = step else {
            return false;
        };
        for &((r, c), v) in &step.removed {
            trial.remove(r * n + c, v);
        }
        for &((r, c), v) in &step.placed {
            if !trial.place(r * n + c, v) {
                return true;
            }
        }
    }
    false
}

/// Whether the board has an open cell without candidates, a value with no place in a full
/// area, or a rule that cannot hold.
fn broken(board: &Board, puzzle: &LatinRules) -> bool {
    let n = board.n();
    let empty = (0..n * n).any(|i| board.placed(i) == 0 && board.candidates(i) == 0);
    let every = u64::MAX >> (64 - n);
    let homeless = (0..board.areas.len())
        .filter(|&a| board.areas[a].len() == n)
        .any(|a| {
            let (once, _, held) = board.tally(a);
            (once | held) & every != every
        });
    if empty || homeless {
        return true;
    }
    let mut domains = Domains::full(n, n, (1..=n as i64).collect());
    for i in 0..n * n {
        domains.set(i / n, i % n, board.candidates(i));
    }
    (puzzle.rules.iter()).any(|rule| !rule.narrow(&mut domains.clone(), None, &mut Vec::new()))
}
