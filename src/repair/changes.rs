//! The fewest givens (and cage targets) to change so that a puzzle with no solution has one.
//!
//! Givens alone: implicit hitting sets. CaDiCaL decides the puzzle without givens under the
//! assumption of each given kept; an infeasible answer names a core (givens that cannot all
//! hold), and every repair changes a given of every core. The MIP solver picks the fewest
//! givens that meet every core found; if the puzzle with the others kept has a solution, those
//! are the fewest changes (no fewer meet the cores), else their core joins the others.
//! With cage targets too: one MIP over the puzzle's rules, each given and cage free at a cost.

use super::{cannot_change, changes, Edit, Repair};
use crate::backend::{Cadical, Minimize, Minimum, Session, Status};
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::SolveError;
use crate::explain::solve_with;
use crate::export::{self, ModelFormulation};
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model, Var};
use crate::pipeline::{Outcome, Question, SolveOptions};
use crate::puzzle::FromRules;
use crate::puzzle::Puzzle;

/// Rounds spent looking, among the fewest changes, for one that leaves the puzzle unique.
/// A 17-clue puzzle with one typo needs between 10 and 20 to find the typo's own change; on
/// tdoku's no-solution puzzles (no single change makes them unique) 20 rounds took 22 s at
/// the median against 1.35 s for one under the one MIP, and take 0.09 s by cores.
const UNIQUE_TRIES: usize = 20;

/// The fewest givens and cage targets to change so that `puzzle` (its `clues`) has a
/// solution; among the fewest, one that leaves it unique is looked for.
pub(super) fn fewest(
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    options: &SolveOptions,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Repair, SolveError> {
    match puzzle.model_with_optional_cages() {
        Some(found) => by_mip(found, puzzle, clues, options, solver, deadline),
        None => by_cores(puzzle, clues, options, solver, deadline),
    }
}

/// The fewest givens to change, by cores (see the module): the MIP's pick of givens meeting
/// every core is tried under CaDiCaL. A repair that leaves several solutions has its new
/// values excluded while the fewest stay as few (up to [`UNIQUE_TRIES`] times): the next try
/// changes the same givens to other values, or (none left) other givens.
fn by_cores(
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    options: &SolveOptions,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Repair, SolveError> {
    let others: Vec<Clue> = (clues.iter())
        .filter(|c| !matches!(c, Clue::Given { .. }))
        .cloned()
        .collect();
    let free = puzzle.with_clues(&others).ok_or_else(cannot_change)?;
    let model = match export::model(free.as_ref(), ModelFormulation::Reduced, deadline) {
        Ok(model) if model.is_contradictory() => return Ok(Repair::NotByGivens),
        Ok(model) => model,
        Err(_) => return Ok(Repair::TimeLimit),
    };
    let (facts, mut cores) = assumptions(&model, clues);
    let mut session = Session::new(model, Cadical::default());
    let mut fallback: Option<Repair> = None;
    for _ in 0..UNIQUE_TRIES {
        let grid = loop {
            let Some(pick) = hitting_set(facts.len(), &cores, solver, deadline)? else {
                return Ok(fallback.unwrap_or(Repair::TimeLimit));
            };
            if pick.len() > edits_of(fallback.as_ref()).map_or(usize::MAX, <[Edit]>::len) {
                return Ok(fallback.unwrap_or(Repair::TimeLimit));
            }
            let (held_by, held): (Vec<usize>, Vec<Fact>) = (0..facts.len())
                .filter(|i| !pick.contains(i))
                .filter_map(|i| facts[i].map(|fact| (i, fact)))
                .unzip();
            match session.solve_assuming(&held, deadline)?.0 {
                Status::Feasible(values) => {
                    break (session.model().decode(&values)).ok_or(SolveError::Undecodable)?;
                }
                Status::Infeasible => {
                    let core: Vec<usize> =
                        session.core(&held)?.iter().map(|&j| held_by[j]).collect();
                    // No core at all: the exclusions alone leave nothing (after a repair).
                    if core.is_empty() {
                        return Ok(fallback.unwrap_or(Repair::NotByGivens));
                    }
                    cores.push(core);
                }
                Status::TimeLimit => return Ok(fallback.unwrap_or(Repair::TimeLimit)),
            }
        };
        let (repair, several) = checked(puzzle, clues, &grid, options, deadline)?;
        if !several {
            return Ok(match &repair {
                Repair::Edits { unique: true, .. } => repair,
                _ => fallback.unwrap_or(repair),
            });
        }
        // Not these new values again. The row makes later cores no true cores, but the
        // fewest count is proven already and a pick beyond it ends the search.
        let changed: Vec<(Cell, usize)> = (edits_of(Some(&repair)).unwrap_or(&[]).iter())
            .filter_map(|edit| match *edit {
                Edit::Changed { cell, to, .. } => {
                    let k = session.model().domains().index_of(i64::from(to))?;
                    Some((cell, k))
                }
                _ => None,
            })
            .collect();
        session.exclude(&changed);
        fallback.get_or_insert(repair);
    }
    Ok(fallback.unwrap_or(Repair::TimeLimit))
}

/// An assumption: a cell holds the value of this index (`true`).
type Fact = (Cell, usize, bool);

/// Per given of `clues` (in order), the assumption that it holds in `model` (the puzzle
/// without givens), and the first cores: a given whose value `model` rules out is one alone.
fn assumptions(model: &Model, clues: &[Clue]) -> (Vec<Option<Fact>>, Vec<Vec<usize>>) {
    let givens = clues.iter().filter_map(|clue| match *clue {
        Clue::Given { cell, value } => Some((cell, value)),
        _ => None,
    });
    let (mut facts, mut cores) = (Vec::new(), Vec::new());
    for (i, (cell, value)) in givens.enumerate() {
        let k = model.domains().index_of(i64::from(value));
        let held = k.filter(|&k| model.literal(cell, k) != Err(false));
        if held.is_none() {
            cores.push(vec![i]);
        }
        facts.push(held.map(|k| (cell, k, true)));
    }
    (facts, cores)
}

/// The repair that gives `clues` the values of `grid`, verified, with whether the repaired
/// puzzle has several solutions (asked as `options` say, for uniqueness).
fn checked(
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    grid: &Grid,
    options: &SolveOptions,
    deadline: Deadline,
) -> Result<(Repair, bool), SolveError> {
    let (edits, repaired) = changes(clues, grid, &[])?;
    let checked = puzzle.with_clues(&repaired).ok_or_else(cannot_change)?;
    (checked.verify(grid)).map_err(|v| SolveError::Rejected { count: 1, last: v })?;
    let unique = SolveOptions {
        question: Question::Unique,
        ..*options
    };
    let outcome = solve_with(puzzle, &repaired, &unique, deadline)?;
    let repair = Repair::Edits {
        edits,
        clues: repaired,
        optimal: true,
        unique: matches!(outcome, Outcome::Unique(_)),
    };
    Ok((repair, matches!(outcome, Outcome::Several { .. })))
}

/// The fewest givens and cage targets to change, by one MIP (`model`: the puzzle's rules with
/// each cage held while its binary in `kept` is 1), solved again with each change found that
/// leaves several solutions cut off, while the fewest stay as few (up to [`UNIQUE_TRIES`]
/// times). A cage let go costs one; its target becomes what the solution's values make.
fn by_mip(
    (mut model, kept): (Model, Vec<Var>),
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    options: &SolveOptions,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Repair, SolveError> {
    let changed_at = costs(&mut model, &kept, clues);
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
        cut_off(&mut model, &edits, (&changed_at, &kept), round)?;
    }
    Ok(fallback.unwrap_or(Repair::TimeLimit))
}

/// The costs the MIP minimizes: each cage let go (its binary in `kept` 0) costs one, and so
/// does each given changed (`x[cell, value] + changed >= 1`). Returns each given's cell with
/// its `changed` binary.
fn costs(model: &mut Model, kept: &[Var], clues: &[Clue]) -> Vec<(Cell, Var)> {
    for &var in kept {
        model.minimize(var, -1.0);
    }
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
    changed_at
}

/// Not these changes again (round `round`): not every changed given (`changed_at`) to the
/// same value with every changed cage (`kept`) let go.
fn cut_off(
    model: &mut Model,
    edits: &[Edit],
    (changed_at, kept): (&[(Cell, Var)], &[Var]),
    round: usize,
) -> Result<(), SolveError> {
    let mut cut = LinExpr::default();
    let mut most = -1.0;
    for edit in edits {
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
            Edit::Added { .. } | Edit::RuleValue { .. } => {}
        }
    }
    model.add(format!("not_repair{round}"), cut, f64::NEG_INFINITY, most);
    Ok(())
}

/// The edits of a repair, if it has them.
fn edits_of(repair: Option<&Repair>) -> Option<&[Edit]> {
    match repair {
        Some(Repair::Edits { edits, .. }) => Some(edits),
        _ => None,
    }
}

/// The fewest of `n` givens that meet every one of `cores`, by the MIP `solver`; `None` when
/// it proves none by `deadline`.
fn hitting_set(
    n: usize,
    cores: &[Vec<usize>],
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Option<Vec<usize>>, SolveError> {
    let mut model = Model::new(Domains::full(0, 0, vec![1]));
    let changed: Vec<_> = (0..n)
        .map(|i| model.binary(format!("changed{i}")))
        .collect();
    for &var in &changed {
        model.minimize(var, 1.0);
    }
    for (j, core) in cores.iter().enumerate() {
        let mut row = LinExpr::default();
        core.iter().for_each(|&i| row.add_var(changed[i], 1.0));
        model.add(format!("core{}", j + 1), row, 1.0, f64::INFINITY);
    }
    // A pick not proven the fewest is no answer: the caller says the time limit instead.
    match solver.minimize(&model, deadline)? {
        Minimum::Optimal(values) => Ok(Some(
            (0..n).filter(|&i| values[changed[i].0] > 0.5).collect(),
        )),
        _ => Ok(None),
    }
}
