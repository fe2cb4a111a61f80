//! Repair by optimization: the fewest edits to a puzzle's givens that make it right, found by
//! a MIP solver that minimizes (HiGHS unless the user names CBC or microlp) and proven
//! smallest where it says `optimal`.
//!
//! - No solution: each given may be changed at a cost of one; the MIP over the puzzle's other
//!   rules (its reduced model without givens) minimizes the givens changed. A changed given
//!   takes the value of the solution found, so the puzzle keeps as many clues.
//! - Several solutions: a master MIP picks the fewest cells to give (values of the first
//!   solution) such that every known other solution differs from the first in a picked cell;
//!   the exact uniqueness check then proves the pick unique or returns another solution, whose
//!   differences become one more row. The first unique pick is the smallest for the first
//!   solution's values (another solution's values may need fewer).

use crate::backend::{Minimize, Minimum};
use crate::cage::Cage;
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::SolveError;
use crate::explain::solve_with;
use crate::export::{self, ModelFormulation};
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::pipeline::{Outcome, Question, SolveOptions};
use crate::puzzle::Puzzle;

/// One edit of a given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
            fewest_changes(puzzle, &clues, options, solver, deadline).map(Some)
        }
        _ if solutions.len() >= 2 => {
            let unique = SolveOptions {
                question: Question::Unique,
                ..*options
            };
            let check = |extra: &[Clue]| {
                let all = [clues.clone(), extra.to_vec()].concat();
                solve_with(puzzle, &all, &unique, deadline)
            };
            let given = given_cells(puzzle, &clues);
            let others = &solutions[1..];
            let found = fewest_additions(&given, solutions[0], others, check, solver, deadline)?;
            Ok(Some(match found {
                Repair::Edits {
                    edits,
                    optimal,
                    unique,
                    ..
                } => {
                    let added = edits.iter().filter_map(|e| match *e {
                        Edit::Added { cell, value } => Some(Clue::Given { cell, value }),
                        _ => None,
                    });
                    let clues = clues.iter().cloned().chain(added).collect();
                    Repair::Edits {
                        edits,
                        clues,
                        optimal,
                        unique,
                    }
                }
                other => other,
            }))
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

/// Rounds spent looking, among the fewest changes, for one that leaves the puzzle unique.
/// A 17-clue puzzle with one typo needs between 10 and 20 to find the typo's own change; on
/// tdoku's no-solution puzzles (no single change makes them unique) 20 rounds take 22 s at
/// the median against 1.35 s for one.
const UNIQUE_TRIES: usize = 20;

/// The fewest givens and cage targets to change so that the puzzle has a solution: one
/// MIP, solved again with each change found that leaves several solutions cut off, while
/// the fewest stay as few (up to [`UNIQUE_TRIES`] times), to prefer a repair that leaves the
/// puzzle unique. Without cages the MIP is the reduced model of the puzzle without givens;
/// with cages, every cage may be let go at a cost of one (its target then becomes what the
/// solution's values make).
fn fewest_changes(
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    options: &SolveOptions,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Repair, SolveError> {
    let (mut model, kept) = match puzzle.model_with_optional_cages() {
        Some(found) => found,
        None => {
            let others: Vec<Clue> = (clues.iter())
                .filter(|c| !matches!(c, Clue::Given { .. }))
                .cloned()
                .collect();
            let free = puzzle.with_clues(&others).ok_or_else(cannot_change)?;
            match export::model(free.as_ref(), ModelFormulation::Reduced, deadline) {
                Ok(model) if model.is_contradictory() => return Ok(Repair::NotByGivens),
                Ok(model) => (model, Vec::new()),
                Err(_) => return Ok(Repair::TimeLimit),
            }
        }
    };
    for &var in &kept {
        model.minimize(var, -1.0);
    }
    // Per given: x[cell, value] + changed >= 1, and the changes are minimized.
    let mut changed_at = Vec::new();
    for clue in clues {
        let Clue::Given { cell, value } = *clue else {
            continue;
        };
        let changed = model.binary(format!("changed_{}", cell_name(cell)));
        let mut keep = LinExpr::default();
        if let Some(k) = model.domains().index_of(i64::from(value)) {
            keep = model.x(cell.0, cell.1, k);
        }
        keep.add_var(changed, 1.0);
        let name = format!("given_{}", cell_name(cell));
        model.add(name, keep, 1.0, f64::INFINITY);
        model.minimize(changed, 1.0);
        changed_at.push((cell, changed));
    }
    let unique_options = SolveOptions {
        question: Question::Unique,
        ..*options
    };
    let mut fallback: Option<Repair> = None;
    for round in 1..=UNIQUE_TRIES {
        let found = solver.minimize(&model, deadline)?;
        // A point not proven the fewest is no answer: the time limit is said instead.
        let Some((values, optimal @ true)) = found.point() else {
            return Ok(fallback.unwrap_or(match found {
                Minimum::Infeasible => Repair::NotByGivens,
                _ => Repair::TimeLimit,
            }));
        };
        let grid = model.decode(values).ok_or(SolveError::Undecodable)?;
        let let_go: Vec<bool> = kept.iter().map(|k| values[k.0] < 0.5).collect();
        let (edits, repaired) = changes(clues, &grid, &let_go)?;
        let checked = puzzle.with_clues(&repaired).ok_or_else(cannot_change)?;
        (checked.verify(&grid)).map_err(|v| SolveError::Rejected { count: 1, last: v })?;
        if let Some(Repair::Edits { edits: fewest, .. }) = &fallback {
            if edits.len() > fewest.len() {
                break;
            }
        }
        let outcome = solve_with(puzzle, &repaired, &unique_options, deadline)?;
        let unique = matches!(outcome, Outcome::Unique(_));
        let repair = Repair::Edits {
            edits: edits.clone(),
            clues: repaired,
            optimal,
            unique,
        };
        if unique || !matches!(outcome, Outcome::Several { .. }) {
            return Ok(fallback.filter(|_| !unique).unwrap_or(repair));
        }
        fallback.get_or_insert(repair);
        // Not these changes again: not every changed given to the same value with every
        // changed cage let go.
        let mut cut = LinExpr::default();
        let mut most = -1.0;
        for edit in &edits {
            match *edit {
                Edit::Changed { cell, to, .. } => {
                    let var = changed_at.iter().find(|(c, _)| *c == cell).map(|&(_, v)| v);
                    let Some(k) = model.domains().index_of(i64::from(to)) else {
                        continue;
                    };
                    cut.add_expr(&model.x(cell.0, cell.1, k), 1.0);
                    cut.add_var(var.ok_or(SolveError::Undecodable)?, 1.0);
                    most += 2.0;
                }
                Edit::CageTarget { index, .. } => cut.add_var(kept[index], -1.0),
                Edit::Added { .. } => {}
            }
        }
        model.add(format!("not_repair{round}"), cut, f64::NEG_INFINITY, most);
    }
    Ok(fallback.unwrap_or(Repair::TimeLimit))
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

/// The fewest givens to add (values of `first`) to the cells not `given` so that the puzzle
/// is unique, by the master MIP and `check` (the puzzle with extra givens asked for
/// uniqueness) in turn; the edits, with no clues (the caller adds them).
fn fewest_additions(
    given: &[Vec<bool>],
    first: &Grid,
    others: &[&Grid],
    check: impl Fn(&[Clue]) -> Result<Outcome, SolveError>,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Repair, SolveError> {
    let open: Vec<Cell> = (0..given.len())
        .flat_map(|r| (0..given[r].len()).map(move |c| (r, c)))
        .filter(|&(r, c)| !given[r][c])
        .collect();
    let mut differences: Vec<Vec<usize>> = Vec::new();
    let add = |differences: &mut Vec<Vec<usize>>, other: &Grid| {
        let cells = (0..open.len()).filter(|&i| {
            let (r, c) = open[i];
            first.get(r, c) != other.get(r, c)
        });
        differences.push(cells.collect());
    };
    for other in others {
        add(&mut differences, other);
    }
    loop {
        let (picked, optimal) = match pick(open.len(), &differences, solver, deadline)? {
            Some(found) => found,
            None => return Ok(Repair::TimeLimit),
        };
        let extra: Vec<Clue> = (picked.iter())
            .map(|&i| {
                let cell = open[i];
                Clue::Given {
                    cell,
                    value: first.get(cell.0, cell.1),
                }
            })
            .collect();
        match check(&extra)? {
            Outcome::Unique(_) => {
                let edits = (extra.iter())
                    .filter_map(|clue| match *clue {
                        Clue::Given { cell, value } => Some(Edit::Added { cell, value }),
                        Clue::Cage { .. } => None,
                    })
                    .collect();
                return Ok(Repair::Edits {
                    edits,
                    clues: Vec::new(),
                    optimal,
                    unique: true,
                });
            }
            Outcome::Several {
                first: a,
                second: b,
            } => {
                let other = if a == *first { b } else { a };
                add(&mut differences, &other);
            }
            Outcome::Timeout { .. } => return Ok(Repair::TimeLimit),
            // The first solution keeps every added given: it stays a solution.
            _ => {
                return Err(SolveError::Backend(
                    "a repair lost the first solution".into(),
                ))
            }
        }
    }
}

/// The master MIP: the fewest of `cells` cells such that each list of `differences` holds
/// one; with whether `solver` proved the pick smallest. `None` on the time limit.
fn pick(
    cells: usize,
    differences: &[Vec<usize>],
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Option<(Vec<usize>, bool)>, SolveError> {
    let mut model = Model::new(Domains::full(0, 0, vec![1]));
    let picks: Vec<_> = (0..cells)
        .map(|i| model.binary(format!("pick{i}")))
        .collect();
    for &var in &picks {
        model.minimize(var, 1.0);
    }
    for (j, cells) in differences.iter().enumerate() {
        let mut row = LinExpr::default();
        for &i in cells {
            row.add_var(picks[i], 1.0);
        }
        model.add(format!("differs{}", j + 1), row, 1.0, f64::INFINITY);
    }
    let found = solver.minimize(&model, deadline)?;
    // A pick not proven the fewest is no answer: the caller says the time limit instead.
    let Some((values, optimal @ true)) = found.point() else {
        return match found {
            Minimum::Infeasible => Err(SolveError::Backend("two equal solutions".into())),
            _ => Ok(None),
        };
    };
    let picked = (0..cells).filter(|&i| values[picks[i].0] > 0.5).collect();
    Ok(Some((picked, optimal)))
}

#[cfg(test)]
#[path = "repair_tests.rs"]
mod tests;
