//! A rule clue's number changed: a setter's typo is more often a clue's number (a sandwich
//! sum, a little killer, a cage total read as a rule) than a given. For a puzzle with no
//! solution, each rule clue with a number is left out in turn; when the rest has a solution,
//! the number the clue has in it is found by checking each candidate number against that
//! solution with the exact verifier. One edit is the fewest a puzzle with no solution can
//! take, so a change that leaves the puzzle unique is the repair.

use super::{Edit, Repair};
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::pipeline::{self, Outcome, Question, SolveOptions};
use crate::puzzle::{FromRules, Puzzle};

/// The first rule clue whose number, changed, makes `puzzle` unique; `None` when no single
/// number does (or the puzzle has no such clue).
pub fn one_change(
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    options: &SolveOptions,
    deadline: Deadline,
) -> Result<Option<Repair>, SolveError> {
    let ask = |question| SolveOptions {
        question,
        ..*options
    };
    // No clue's number runs past the sum of a side's cells (n values of at most n each).
    let (rows, _) = puzzle.shape();
    let most = (rows * rows) as i64;
    for (i, clue) in clues.iter().enumerate() {
        let Clue::Rule {
            value: Some(from), ..
        } = clue
        else {
            continue;
        };
        let mut rest = clues.to_vec();
        rest.remove(i);
        let Some(without) = puzzle.with_clues(&rest) else {
            continue;
        };
        let solved = pipeline::solve(without.as_ref(), &ask(Question::Solve), deadline)?;
        let Some(grid) = solved.outcome.solution() else {
            continue;
        };
        for to in (0..=most).filter(|to| to != from) {
            let mut changed = clues.to_vec();
            if let Clue::Rule { value, .. } = &mut changed[i] {
                *value = Some(to);
            }
            let Some(repaired) = puzzle.with_clues(&changed) else {
                continue;
            };
            if repaired.verify(grid).is_err() {
                continue;
            }
            let unique = pipeline::solve(repaired.as_ref(), &ask(Question::Unique), deadline)?;
            if matches!(unique.outcome, Outcome::Unique(_)) {
                let edit = Edit::RuleValue {
                    clue: clue.rule_text().unwrap_or_default(),
                    from: *from,
                    to,
                };
                return Ok(Some(Repair::Edits {
                    edits: vec![edit],
                    clues: changed,
                    optimal: true,
                    unique: true,
                }));
            }
        }
    }
    Ok(None)
}
