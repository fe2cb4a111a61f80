//! Explanations a constructor can act on: for a puzzle with no solution, a minimal set of its
//! clues (givens, cages) that already has none; for one with several, a few givens from the
//! first solution that make it unique; for a unique one, which givens and cage operators it does
//! without (the audit). Every check is a full solve by an exact engine.

use crate::cage::Op;
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::grid::{Cell, Grid};
use crate::pipeline::{self, Outcome, Question, SolveOptions};
use crate::puzzle::Puzzle;

/// What `--explain` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Explanation {
    /// These clues cannot all hold together, and no smaller set of them conflicts.
    Conflict {
        /// The clues, in input order.
        clues: Vec<Clue>,
        /// Those of them whose removal alone gives the whole puzzle a solution; `None` when
        /// the time limit ran out before that was known.
        solvable_without: Option<Vec<Clue>>,
    },
    /// With these givens (from the first solution) added, the puzzle is unique; chosen
    /// greedily, and none of them can be left out.
    Repair(Vec<Clue>),
    /// The time limit ran out before an explanation was complete.
    TimeLimit,
}

/// What `--audit` found for a unique puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audit {
    /// Every given was tried alone.
    Done {
        /// The givens whose removal alone keeps the puzzle unique, then the cages whose
        /// operator alone may be hidden (`?`) and the puzzle stays unique; in input order.
        redundant: Vec<Clue>,
        /// How many givens the puzzle has.
        givens: usize,
        /// How many cages show an operator that could be hidden (two or more cells).
        operators: usize,
    },
    /// The time limit ran out before every given was tried.
    TimeLimit,
}

/// Audits a unique puzzle: each given in turn is left out alone, and each cage's operator
/// hidden alone, and the rest asked whether they are still unique. `None` for other outcomes,
/// or when the kind has no givens or operators to name. Every check is solved as `options`
/// say (their question aside) and ends by `deadline`.
pub fn audit(
    puzzle: &dyn Puzzle,
    outcome: &Outcome,
    options: &SolveOptions,
    deadline: Deadline,
) -> Result<Option<Audit>, SolveError> {
    let clues = puzzle.clues();
    let given = |c: &Clue| matches!(c, Clue::Given { .. });
    // Only KenKen's cages have operators to hide; a Sudoku variant's (Killer's) are sums.
    let operators_shown = puzzle.variant().is_none();
    let hideable = |c: &Clue| {
        operators_shown
            && matches!(c, Clue::Cage { op, cells, .. } if *op != Op::Any && cells.len() > 1)
    };
    let counted = |f: &dyn Fn(&Clue) -> bool| clues.iter().filter(|c| f(c)).count();
    let (givens, operators) = (counted(&given), counted(&hideable));
    if !matches!(outcome, Outcome::Unique(_)) || givens + operators == 0 {
        return Ok(None);
    }
    let check = Check {
        puzzle,
        options: *options,
        deadline,
    };
    let mut redundant = Vec::new();
    for (i, clue) in clues.iter().enumerate() {
        let mut rest = clues.clone();
        match clue {
            Clue::Given { .. } => drop(rest.remove(i)),
            Clue::Cage { .. } if hideable(clue) => {
                if let Clue::Cage { op, .. } = &mut rest[i] {
                    *op = Op::Any;
                }
            }
            Clue::Cage { .. } | Clue::Rule { .. } => continue,
        }
        match check.solve(&rest, Question::Unique)? {
            Answer::Unique => redundant.push(clue.clone()),
            Answer::TimeLimit => return Ok(Some(Audit::TimeLimit)),
            _ => {}
        }
    }
    Ok(Some(Audit::Done {
        redundant,
        givens,
        operators,
    }))
}

/// Explains an infeasible or not-unique `outcome` of `puzzle`; `None` for other outcomes,
/// or when the kind has no clues to name. Every check is solved as `options` say (their
/// question aside) and ends by `deadline`.
pub fn explain(
    puzzle: &dyn Puzzle,
    outcome: &Outcome,
    options: &SolveOptions,
    deadline: Deadline,
) -> Result<Option<Explanation>, SolveError> {
    let clues = puzzle.clues();
    if clues.is_empty() {
        return Ok(None);
    }
    let check = Check {
        puzzle,
        options: *options,
        deadline,
    };
    match outcome {
        Outcome::Infeasible { .. } => check.conflict(clues).map(Some),
        Outcome::Several { first, second } => check.repair(clues, first, second).map(Some),
        Outcome::Counted { solutions, .. } if solutions.len() > 1 => {
            check.repair(clues, &solutions[0], &solutions[1]).map(Some)
        }
        _ => Ok(None),
    }
}

/// `puzzle` with exactly `clues` (see [`Puzzle::with_clues`]), solved as `options` say by
/// `deadline`.
pub fn solve_with(
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    options: &SolveOptions,
    deadline: Deadline,
) -> Result<Outcome, SolveError> {
    let variant = (puzzle.with_clues(clues))
        .ok_or_else(|| SolveError::Backend("the puzzle cannot change its clues".into()))?;
    Ok(pipeline::solve(variant.as_ref(), options, deadline)?.outcome)
}

/// Solves variants of one puzzle with other clues.
struct Check<'a> {
    puzzle: &'a dyn Puzzle,
    options: SolveOptions,
    deadline: Deadline,
}

/// What a variant of the puzzle turned out to be.
enum Answer {
    Infeasible,
    Solvable,
    Unique,
    Several(Grid, Grid),
    TimeLimit,
}

impl Check<'_> {
    /// The puzzle's options, asking `question`.
    fn options(&self, question: Question) -> SolveOptions {
        SolveOptions {
            question,
            ..self.options
        }
    }

    fn solve(&self, clues: &[Clue], question: Question) -> Result<Answer, SolveError> {
        let options = self.options(question);
        Ok(
            match solve_with(self.puzzle, clues, &options, self.deadline)? {
                Outcome::Infeasible { .. } => Answer::Infeasible,
                Outcome::Timeout { .. } => Answer::TimeLimit,
                Outcome::Several { first, second } => Answer::Several(first, second),
                Outcome::Unique(_) => Answer::Unique,
                Outcome::Solved(_) | Outcome::Counted { .. } => Answer::Solvable,
                // Only a proposed grid is rejected, and a search proposes none.
                Outcome::Rejected { .. } => {
                    return Err(SolveError::Backend("a search rejected its own grid".into()))
                }
            },
        )
    }

    /// The deletion filter: each of `items` in turn is left out for good if, with `fixed`
    /// and the rest, the puzzle still `holds` (asked `question`). What stays is minimal:
    /// without any one of its items it does not hold. `None` when a check ran out of time.
    fn filter(
        &self,
        fixed: &[Clue],
        mut items: Vec<Clue>,
        question: Question,
        holds: fn(&Answer) -> bool,
    ) -> Result<Option<Vec<Clue>>, SolveError> {
        let mut i = 0;
        while i < items.len() {
            let mut trial = items.clone();
            trial.remove(i);
            match self.solve(&[fixed, &trial].concat(), question)? {
                Answer::TimeLimit => return Ok(None),
                verdict if holds(&verdict) => items = trial,
                _ => i += 1,
            }
        }
        Ok(Some(items))
    }

    /// A minimal set of clues with no solution, and which of them the whole puzzle can do
    /// without on its own.
    fn conflict(&self, all: Vec<Clue>) -> Result<Explanation, SolveError> {
        let infeasible = |v: &Answer| matches!(v, Answer::Infeasible);
        let Some(clues) = self.filter(&[], all.clone(), Question::Solve, infeasible)? else {
            return Ok(Explanation::TimeLimit);
        };
        let mut solvable_without = Some(Vec::new());
        for clue in &clues {
            let rest: Vec<Clue> = all.iter().filter(|c| *c != clue).cloned().collect();
            match self.solve(&rest, Question::Solve)? {
                Answer::TimeLimit => {
                    solvable_without = None;
                    break;
                }
                Answer::Infeasible => {}
                _ => solvable_without
                    .get_or_insert_with(Vec::new)
                    .push(clue.clone()),
            }
        }
        Ok(Explanation::Conflict {
            clues,
            solvable_without,
        })
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
                Answer::Unique => break,
                Answer::Several(a, b) => other = if a == *first { b } else { a },
                Answer::TimeLimit => return Ok(Explanation::TimeLimit),
                // The first solution keeps every added given: these cannot happen.
                Answer::Infeasible | Answer::Solvable => break,
            }
        }
        let unique = |v: &Answer| matches!(v, Answer::Unique);
        Ok(
            match self.filter(&clues, added, Question::Unique, unique)? {
                Some(kept) => Explanation::Repair(kept),
                None => Explanation::TimeLimit,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle;

    #[test]
    fn an_explanation_ends_with_the_puzzles_deadline_not_a_fresh_limit_per_check() {
        let kenken = puzzle::find("kenken").unwrap();
        let text = std::fs::read_to_string("puzzles/kenken/infeasible-4x4.json").unwrap();
        let parsed = (kenken.parse)(&text, &puzzle::Options::new()).unwrap();
        let puzzle = parsed.into_iter().next().unwrap().puzzle.unwrap();
        let outcome = Outcome::Infeasible { culprit: None };
        let options = SolveOptions::default();
        // With time left, the conflict is found; with the puzzle's time used up, every check
        // reports the limit instead of starting a limit of its own.
        let explained = explain(puzzle.as_ref(), &outcome, &options, Deadline::none());
        assert!(matches!(explained, Ok(Some(Explanation::Conflict { .. }))));
        let spent = Deadline::after(Some(std::time::Duration::ZERO));
        let explained = explain(puzzle.as_ref(), &outcome, &options, spent);
        assert_eq!(explained, Ok(Some(Explanation::TimeLimit)));
    }
}
