//! Explanations a constructor can act on: for a puzzle with no solution, a minimal set of its
//! clues (givens, cages) that already has none; for one with several, a few givens from the
//! first solution that make it unique. Every check is a full solve (reductions, split, HiGHS).

use std::time::Duration;

use crate::error::SolveError;
use crate::grid::{Cell, Grid};
use crate::pipeline::{self, Outcome, Question, SolveOptions};
use crate::puzzle::Puzzle;

/// One clue of a puzzle: a given or a cage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clue {
    /// A cell given in the input.
    Given {
        /// The cell, 0-based.
        cell: Cell,
        /// Its value.
        value: u32,
    },
    /// A cage of the input.
    Cage {
        /// Its position in the input, 0-based.
        index: usize,
        /// Its op symbol (`+`, `?`, ...).
        op: &'static str,
        /// Its target.
        target: u64,
    },
}

/// What `--explain` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Explanation {
    /// These clues alone have no solution, and without any one of them there is one.
    Conflict(Vec<Clue>),
    /// With these givens (from the first solution) added, the puzzle is unique; chosen
    /// greedily, and none of them can be left out.
    Repair(Vec<Clue>),
    /// The time limit ran out before an explanation was complete.
    TimeLimit,
}

/// Explains an infeasible or not-unique `outcome` of `puzzle`; `None` for other outcomes,
/// or when the kind has no clues to name. Each solve has `time_limit`.
pub fn explain(
    puzzle: &dyn Puzzle,
    outcome: &Outcome,
    time_limit: Option<Duration>,
) -> Result<Option<Explanation>, SolveError> {
    let clues = puzzle.clues();
    if clues.is_empty() {
        return Ok(None);
    }
    let check = Check { puzzle, time_limit };
    match outcome {
        Outcome::Infeasible { .. } => check.conflict(clues).map(Some),
        Outcome::Several { first, second } => check.repair(clues, first, second).map(Some),
        Outcome::Counted { solutions, .. } if solutions.len() > 1 => {
            check.repair(clues, &solutions[0], &solutions[1]).map(Some)
        }
        _ => Ok(None),
    }
}

/// Solves variants of one puzzle with other clues.
struct Check<'a> {
    puzzle: &'a dyn Puzzle,
    time_limit: Option<Duration>,
}

/// What a variant of the puzzle turned out to be.
enum Verdict {
    Infeasible,
    Solvable,
    Unique,
    Several(Grid, Grid),
    TimeLimit,
}

impl Check<'_> {
    fn solve(&self, clues: &[Clue], question: Question) -> Result<Verdict, SolveError> {
        let Some(variant) = self.puzzle.with_clues(clues) else {
            return Err(SolveError::Backend(
                "the puzzle cannot change its clues".into(),
            ));
        };
        let options = SolveOptions {
            question,
            time_limit: self.time_limit,
        };
        Ok(match pipeline::run(variant.as_ref(), options)? {
            Outcome::Infeasible { .. } => Verdict::Infeasible,
            Outcome::Timeout { .. } => Verdict::TimeLimit,
            Outcome::Several { first, second } => Verdict::Several(first, second),
            Outcome::Unique(_) => Verdict::Unique,
            Outcome::Solved(_) | Outcome::Counted { .. } => Verdict::Solvable,
        })
    }

    /// The deletion filter: each of `items` in turn is left out for good if, with `fixed`
    /// and the rest, the puzzle still `holds` (asked `question`). What stays is minimal:
    /// without any one of its items it does not hold. `None` when a check ran out of time.
    fn filter(
        &self,
        fixed: &[Clue],
        mut items: Vec<Clue>,
        question: Question,
        holds: fn(&Verdict) -> bool,
    ) -> Result<Option<Vec<Clue>>, SolveError> {
        let mut i = 0;
        while i < items.len() {
            let mut trial = items.clone();
            trial.remove(i);
            match self.solve(&[fixed, &trial].concat(), question)? {
                Verdict::TimeLimit => return Ok(None),
                verdict if holds(&verdict) => items = trial,
                _ => i += 1,
            }
        }
        Ok(Some(items))
    }

    /// A minimal set of clues with no solution.
    fn conflict(&self, clues: Vec<Clue>) -> Result<Explanation, SolveError> {
        let infeasible = |v: &Verdict| matches!(v, Verdict::Infeasible);
        Ok(
            match self.filter(&[], clues, Question::Solve, infeasible)? {
                Some(kept) => Explanation::Conflict(kept),
                None => Explanation::TimeLimit,
            },
        )
    }

    /// Greedy repair: while a second solution exists, give the first solution's value at a
    /// cell where they differ; then leave out every added given the rest does without.
    fn repair(
        &self,
        clues: Vec<Clue>,
        first: &Grid,
        second: &Grid,
    ) -> Result<Explanation, SolveError> {
        let given = |cell: Cell| Clue::Given {
            cell,
            value: first.get(cell.0, cell.1),
        };
        let mut added: Vec<Clue> = Vec::new();
        let mut other = second.clone();
        while let Some(&cell) = first.differences(&other).first() {
            added.push(given(cell));
            let all = [clues.clone(), added.clone()].concat();
            match self.solve(&all, Question::Unique)? {
                Verdict::Unique => break,
                Verdict::Several(a, b) => other = if a == *first { b } else { a },
                Verdict::TimeLimit => return Ok(Explanation::TimeLimit),
                // The first solution keeps every added given: these cannot happen.
                Verdict::Infeasible | Verdict::Solvable => break,
            }
        }
        let unique = |v: &Verdict| matches!(v, Verdict::Unique);
        Ok(
            match self.filter(&clues, added, Question::Unique, unique)? {
                Some(kept) => Explanation::Repair(kept),
                None => Explanation::TimeLimit,
            },
        )
    }
}
