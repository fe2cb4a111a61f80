//! Repair by optimization: the fewest edits to a puzzle's givens that make it right, found by
//! a MIP solver that minimizes (HiGHS unless the user names CBC or microlp) and proven
//! smallest where it says `optimal`.
//!
//! - No solution: each given may be changed at a cost of one; the MIP over the puzzle's other
//!   rules (its reduced model without givens) minimizes the givens changed. A changed given
//!   takes the value of the solution found, so the puzzle keeps as many clues.
//! - Several solutions: a master MIP chooses a solution (the puzzle's reduced model) and the
//!   fewest cells to give its values, such that every other solution known so far differs
//!   from the chosen one on a chosen cell; the exact uniqueness check then proves the pick
//!   unique or returns another solution, which joins the known ones. The master is a
//!   relaxation of the whole problem, so its first unique pick, proven smallest, is the fewest
//!   additions over every solution.

mod additions;
mod changes;
mod rule_value;

use crate::backend::Minimize;
use crate::cage::Cage;
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::grid::{cell_name, Cell, Grid};
use crate::pipeline::{Outcome, SolveOptions};
use crate::puzzle::Puzzle;

/// One edit of a given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// A given changed to another value.
    Changed {
        /// The cell, 0-based.
        cell: Cell,
        /// Its given.
        from: u32,
        /// Its new value.
        to: u32,
    },
    /// A cage's target changed (its op kept; a hidden operator stays hidden).
    CageTarget {
        /// The cage's index in the input, 0-based.
        index: usize,
        /// Its target.
        from: u64,
        /// Its new target.
        to: u64,
    },
    /// A variant rule clue's number changed (a sandwich sum, a little killer).
    RuleValue {
        /// The clue, as named (`sandwichsum 2 at R0C2 (27)`).
        clue: String,
        /// Its number.
        from: i64,
        /// Its new number.
        to: i64,
    },
    /// A new given.
    Added {
        /// The cell, 0-based.
        cell: Cell,
        /// Its value.
        value: u32,
    },
}

impl std::fmt::Display for Edit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Edit::RuleValue { ref clue, to, .. } => write!(f, "changed {clue} -> {to}"),
            Edit::Changed { cell, from, to } => {
                write!(f, "changed {}={from} -> {to}", cell_name(cell))
            }
            Edit::CageTarget { index, from, to } => {
                write!(f, "changed cage {} target {from} -> {to}", index + 1)
            }
            Edit::Added { cell, value } => write!(f, "added {}={value}", cell_name(cell)),
        }
    }
}

/// What `--repair` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Repair {
    /// The puzzle is unique already: nothing changes.
    Unique,
    /// These edits make it right; `optimal` when no fewer can.
    Edits {
        /// The edits, in reading order.
        edits: Vec<Edit>,
        /// The repaired puzzle's clues: its givens edited, its other clues as they were.
        clues: Vec<Clue>,
        /// Whether the edits are proven the fewest.
        optimal: bool,
        /// Whether the repaired puzzle is unique (a repair of a puzzle with no solution
        /// gives it one; among the fewest changes, one that leaves it unique is looked for).
        unique: bool,
    },
    /// No edit of the givens helps: the other rules (cages) have no solution by themselves.
    NotByGivens,
    /// The time limit came before any repair was found.
    TimeLimit,
}

/// Repairs `puzzle` whose solve gave `outcome`; `None` for a kind whose clues cannot change.
/// `solver` minimizes the edits; every check is solved as `options` say (their question
/// aside) and ends by `deadline`.
pub fn repair(
    puzzle: &dyn Puzzle,
    outcome: &Outcome,
    options: &SolveOptions,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Option<Repair>, SolveError> {
    let clues = puzzle.clues();
    if clues.is_empty() && puzzle.with_clues(&[]).is_none() {
        return Ok(None);
    }
    let solutions = outcome.solutions();
    match outcome {
        Outcome::Unique(_) => Ok(Some(Repair::Unique)),
        Outcome::Infeasible { .. } => {
            // A clue's number first: one edit that leaves the puzzle unique is the fewest.
            if let Some(repair) = rule_value::one_change(puzzle, &clues, options, deadline)? {
                return Ok(Some(repair));
            }
            changes::fewest(puzzle, &clues, options, solver, deadline).map(Some)
        }
        _ if solutions.len() >= 2 => {
            additions::fewest(puzzle, &clues, &solutions, options, solver, deadline).map(Some)
        }
        _ => Ok(None),
    }
}

fn cannot_change() -> SolveError {
    SolveError::Backend("the puzzle cannot change its clues".into())
}

/// Per cell (row by row), whether `clues` give it.
fn given_cells(puzzle: &dyn Puzzle, clues: &[Clue]) -> Vec<Vec<bool>> {
    let (rows, cols) = puzzle.shape();
    let mut given = vec![vec![false; cols]; rows];
    for clue in clues {
        if let Clue::Given { cell, .. } = *clue {
            given[cell.0][cell.1] = true;
        }
    }
    given
}

/// The givens of `clues` that `grid` changes and the cages `let_go` (by index) whose target
/// it changes, and the clues with those changed.
fn changes(
    clues: &[Clue],
    grid: &Grid,
    let_go: &[bool],
) -> Result<(Vec<Edit>, Vec<Clue>), SolveError> {
    let mut edits = Vec::new();
    let mut repaired = Vec::with_capacity(clues.len());
    for clue in clues {
        match clue {
            &Clue::Given { cell, value } if grid.get(cell.0, cell.1) != value => {
                let to = grid.get(cell.0, cell.1);
                edits.push(Edit::Changed {
                    cell,
                    from: value,
                    to,
                });
                repaired.push(Clue::Given { cell, value: to });
            }
            Clue::Cage {
                index,
                op,
                target,
                cells,
            } if let_go.get(*index) == Some(&true) => {
                let values: Vec<u64> = (cells.iter())
                    .map(|&(r, c)| u64::from(grid.get(r, c)))
                    .collect();
                let cage = Cage {
                    op: *op,
                    target: *target,
                    cells: cells.clone(),
                };
                let to = cage.target_of(&values).ok_or(SolveError::Undecodable)?;
                if to != *target {
                    let (index, from) = (*index, *target);
                    edits.push(Edit::CageTarget { index, from, to });
                }
                repaired.push(Clue::Cage {
                    index: *index,
                    op: *op,
                    target: to,
                    cells: cells.clone(),
                });
            }
            _ => repaired.push(clue.clone()),
        }
    }
    Ok((edits, repaired))
}

#[cfg(test)]
mod tests;
