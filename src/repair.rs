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

use crate::backend::{Minimize, Minimum};
use crate::cage::Cage;
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::SolveError;
use crate::explain::solve_with;
use crate::export::{self, ModelFormulation};
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model, Var};
use crate::pipeline::{CountEnd, Outcome, Question, SolveOptions};
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
            let counted = SolveOptions {
                question: Question::Count(BATCH),
                ..*options
            };
            let check = |extra: &[Clue]| {
                let all = [clues.clone(), extra.to_vec()].concat();
                solve_with(puzzle, &all, &counted, deadline)
            };
            let known = solutions.into_iter().cloned().collect();
            let Ok(model) = export::model(puzzle, ModelFormulation::Reduced, deadline) else {
                return Ok(Some(Repair::TimeLimit));
            };
            let given = given_cells(puzzle, &clues);
            let master = |only: Option<&Grid>| Master::new(&model, &given, only);
            let found = fewest_additions(master, known, check, solver, deadline)?;
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

/// How many solutions a check of picked givens returns at most: each new one is a row of
/// the master, and a few at a time spare it rounds.
const BATCH: usize = 8;

/// The fewest givens to add so that the puzzle is unique, over every solution, from the
/// solutions `known` (the first of them found first): the fewest with the first solution's
/// values (a master offered only those), then a master offered every candidate, asked for
/// fewer; each pick is checked by `check` (the puzzle with the picked givens; its solutions,
/// up to [`BATCH`]) until one is unique or no pick remains. `master` builds a master offered
/// one solution's values or every candidate. The edits, with no clues (the caller adds them).
fn fewest_additions(
    master: impl Fn(Option<&Grid>) -> Master,
    mut known: Vec<Grid>,
    check: impl Fn(&[Clue]) -> Result<Outcome, SolveError>,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Repair, SolveError> {
    let first = known[0].clone();
    let mut fixed = master(Some(&first));
    let best = match unique_pick(&mut fixed, &mut known, &check, solver, deadline)? {
        Pick::Unique(best) => best,
        Pick::NoneLeft | Pick::TimeLimit => return Ok(Repair::TimeLimit),
    };
    // At least one given is missing: one is the fewest whatever the solution.
    let better = match best.len() {
        1 => Pick::NoneLeft,
        n => {
            let mut free = master(None);
            free.at_most(n - 1);
            unique_pick(&mut free, &mut known, &check, solver, deadline)?
        }
    };
    let (extra, optimal) = match better {
        Pick::Unique(fewer) => (fewer, true),
        Pick::NoneLeft => (best, true),
        Pick::TimeLimit => (best, false),
    };
    let edits = (extra.iter())
        .filter_map(|clue| match *clue {
            Clue::Given { cell, value } => Some(Edit::Added { cell, value }),
            Clue::Cage { .. } => None,
        })
        .collect();
    Ok(Repair::Edits {
        edits,
        clues: Vec::new(),
        optimal,
        unique: true,
    })
}

/// What a search for the fewest additions ends with: givens that make the puzzle unique, no
/// pick left under the master's rows, or the time limit.
enum Pick {
    Unique(Vec<Clue>),
    NoneLeft,
    TimeLimit,
}

/// The master's smallest pick that `check` finds unique: each pick the master proves
/// smallest is checked; the solutions a check finds join `known` and the master, and a pick
/// with no solution is cut off.
fn unique_pick(
    master: &mut Master,
    known: &mut Vec<Grid>,
    check: impl Fn(&[Clue]) -> Result<Outcome, SolveError>,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Pick, SolveError> {
    for grid in known.iter() {
        master.known(grid);
    }
    loop {
        let found = solver.minimize(&master.model(), deadline)?;
        // A pick not proven the fewest is no answer: the caller says the time limit instead.
        let Some((values, true)) = found.point() else {
            return Ok(match found {
                Minimum::Infeasible => Pick::NoneLeft,
                _ => Pick::TimeLimit,
            });
        };
        let picked = master.picked(values);
        let extra: Vec<Clue> = (picked.iter())
            .map(|&i| {
                let (cell, value, _) = master.gives[i];
                Clue::Given { cell, value }
            })
            .collect();
        let solutions = match check(&extra)? {
            Outcome::Counted { solutions, end } if solutions.len() >= 2 || end == CountEnd::All => {
                solutions
            }
            Outcome::Infeasible { .. } => Vec::new(),
            Outcome::Timeout { .. } | Outcome::Counted { .. } => return Ok(Pick::TimeLimit),
            other => return Err(SolveError::Backend(format!("a count gave {other:?}"))),
        };
        match solutions.len() {
            0 => master.cut(&picked),
            1 => return Ok(Pick::Unique(extra)),
            _ => {
                for other in solutions {
                    if !known.contains(&other) {
                        master.known(&other);
                        known.push(other);
                    }
                }
            }
        }
    }
}

/// The master MIP of the fewest additions: a binary per open cell and value offered (`give`:
/// the cell is given that value), their count minimized; offered every candidate, the picks
/// are a solution's values (the puzzle's reduced model, `give <= x[cell, value]`). Per known
/// solution `T` a share `within_T` that is 1 when every pick agrees with `T`
/// (`within_T + sum of the picks T disagrees with >= 1`), and at most one known solution
/// agreeing with the picks (`sum within_T <= 1`). Every set of givens that makes the puzzle
/// unique meets these rows, so the smallest pick is a lower bound on the fewest.
struct Master {
    model: Model,
    /// The binaries, by cell and value offered.
    gives: Vec<(Cell, u32, Var)>,
    /// The sum of the shares, `<= 1`, rebuilt as solutions join.
    shares: LinExpr,
    /// Rows added so far (for their names).
    rows: usize,
}

impl Master {
    /// The master for the cells not `given` of the puzzle whose reduced model is `reduced`,
    /// offered `only` one solution's values or else every candidate.
    fn new(reduced: &Model, given: &[Vec<bool>], only: Option<&Grid>) -> Master {
        let domains = reduced.domains();
        let mut model = match only {
            Some(_) => Model::new(Domains::full(0, 0, vec![1])),
            None => reduced.clone(),
        };
        let mut gives = Vec::new();
        let cells = (0..given.len()).flat_map(|r| (0..given[r].len()).map(move |c| (r, c)));
        for (r, c) in cells.filter(|&(r, c)| !given[r][c]) {
            let mut one = LinExpr::default();
            for (k, &value) in domains.values().iter().enumerate() {
                let value = u32::try_from(value).unwrap_or(u32::MAX);
                let offered = match only {
                    Some(grid) => grid.get(r, c) == value,
                    None => domains.get(r, c) >> k & 1 == 1,
                };
                if offered {
                    let name = format!("{}_{value}", cell_name((r, c)));
                    let var = model.binary(format!("give_{name}"));
                    model.minimize(var, 1.0);
                    one.add_var(var, 1.0);
                    gives.push(((r, c), value, var));
                    if only.is_none() {
                        let mut link = model.x(r, c, k);
                        link.add_var(var, -1.0);
                        model.add(format!("solution_{name}"), link, 0.0, f64::INFINITY);
                    }
                }
            }
            model.add(format!("one_{}", cell_name((r, c))), one, 0.0, 1.0);
        }
        Master {
            model,
            gives,
            shares: LinExpr::default(),
            rows: 0,
        }
    }

    /// Asks for at most `most` picks.
    fn at_most(&mut self, most: usize) {
        let mut row = LinExpr::default();
        self.gives
            .iter()
            .for_each(|&(_, _, var)| row.add_var(var, 1.0));
        self.model.add("fewer".into(), row, 0.0, most as f64);
    }

    /// Adds the known solution `other`: its share and the shares' sum again.
    fn known(&mut self, other: &Grid) {
        self.rows += 1;
        let share = (self.model).continuous(format!("within{}", self.rows), 0.0, 1.0);
        let mut row = LinExpr::default();
        row.add_var(share, 1.0);
        for &((r, c), value, var) in &self.gives {
            if other.get(r, c) != value {
                row.add_var(var, 1.0);
            }
        }
        (self.model).add(format!("agrees{}", self.rows), row, 1.0, f64::INFINITY);
        self.shares.add_var(share, 1.0);
    }

    /// The model to solve: the rows so far and the shares' sum.
    fn model(&self) -> Model {
        let mut model = self.model.clone();
        model.add("one_known".into(), self.shares.clone(), 0.0, 1.0);
        model
    }

    /// Cuts off the picks `picked` (givens with no solution together).
    fn cut(&mut self, picked: &[usize]) {
        self.rows += 1;
        let mut row = LinExpr::default();
        picked
            .iter()
            .for_each(|&i| row.add_var(self.gives[i].2, 1.0));
        let most = picked.len() as f64 - 1.0;
        (self.model).add(format!("cut{}", self.rows), row, 0.0, most);
    }

    /// The picks set in `values` (indices into `gives`).
    fn picked(&self, values: &[f64]) -> Vec<usize> {
        (0..self.gives.len())
            .filter(|&i| values[self.gives[i].2 .0] > 0.5)
            .collect()
    }
}

#[cfg(test)]
#[path = "repair_tests.rs"]
mod tests;
