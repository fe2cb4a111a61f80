//! The solver of one puzzle: its reduced candidates, the bounded split while it settles each
//! question, and then the model and its solver, with the solutions found so far cut off.

use std::time::Instant;

use super::{add_time, Engine, Outcome, Stats, AUTO_BACKEND, MAX_REJECTED};
use crate::backend::{Backend, ModelSize, Session, Solve, Status};
use crate::deadline::Deadline;
use crate::error::{SolveError, Violation};
use crate::export::ModelFormulation;
use crate::grid::Grid;
use crate::model::Model;
use crate::puzzle::{FromRules, Puzzle};
use crate::rule::{Reduced, RuleSet};
use crate::split::{Order, Split, Step, PIPELINE_BUDGET};
use crate::split9::Split9;

/// What one search for a verified grid ended with.
pub(super) enum Search {
    Found(Grid),
    Infeasible,
    TimeLimit,
}

/// One puzzle's reduced candidates, the split while it settles each question, and the
/// model and its solver once the split leaves a question open.
pub(super) struct Solver<'a> {
    pub(super) puzzle: &'a dyn Puzzle,
    /// `None` for the documents' formulation, which has no reductions.
    pub(super) reduced: Option<Reduced>,
    pub(super) deadline: Deadline,
    /// `None` once the split left a question unsettled (or with a named solver): the
    /// solver answers from then on.
    pub(super) split: Option<Split<'static>>,
    /// The split of a plain 9x9, on bitboards, which settles every question itself.
    pub(super) split9: Option<(Split9, RuleSet)>,
    /// The grid the reductions alone left, when they decided every cell.
    pub(super) decided: Option<Grid>,
    pub(super) backend: Backend,
    pub(super) session: Option<Session<Box<dyn Solve>>>,
    /// The solutions found, in order.
    pub(super) found: Vec<Grid>,
    /// How many of them the model already cuts off.
    pub(super) forbidden: usize,
    pub(super) stats: Stats,
}

impl<'a> Solver<'a> {
    /// On the reduced candidates: the split first under [`Engine::Auto`].
    pub(super) fn new(
        puzzle: &'a dyn Puzzle,
        reduced: Reduced,
        engine: Engine,
        deadline: Deadline,
    ) -> Self {
        Solver {
            puzzle,
            split: (engine == Engine::Auto)
                .then(|| Split::new(&reduced.domains, Order::Failures, PIPELINE_BUDGET)),
            split9: None,
            decided: reduced.domains.solved_grid(),
            reduced: Some(reduced),
            deadline,
            backend: engine.solver(ModelFormulation::Reduced),
            session: None,
            found: Vec::new(),
            forbidden: 0,
            stats: Stats::default(),
        }
    }

    /// On a model given whole (the documents'), which `backend` alone decides.
    pub(super) fn on_model(
        puzzle: &'a dyn Puzzle,
        model: Model,
        backend: Backend,
        deadline: Deadline,
    ) -> Self {
        Solver {
            puzzle,
            reduced: None,
            deadline,
            split: None,
            split9: None,
            decided: None,
            backend,
            stats: Stats {
                size: Some(ModelSize::of(&model)),
                ..Stats::default()
            },
            session: Some(Session::new(model, backend.start())),
            found: Vec::new(),
            forbidden: 0,
        }
    }

    /// On a plain 9x9 of `rules`, which its bitboard split alone decides.
    pub(super) fn plain_9x9(
        puzzle: &'a dyn Puzzle,
        split9: Split9,
        rules: RuleSet,
        deadline: Deadline,
    ) -> Self {
        Solver {
            puzzle,
            reduced: None,
            deadline,
            split: None,
            decided: split9.decided(),
            split9: Some((split9, rules)),
            backend: AUTO_BACKEND,
            session: None,
            found: Vec::new(),
            forbidden: 0,
            stats: Stats::default(),
        }
    }

    /// A verified grid other than those found: the reductions' own grid when they decided
    /// every cell, else by the split while it settles the question, else by the solver on the
    /// whole model with the found ones cut off.
    pub(super) fn next(&mut self) -> Result<Search, SolveError> {
        if let Some(grid) = &self.decided {
            // Exact reductions that leave one candidate per cell leave no other grid.
            self.stats.decided_by.push("reductions");
            let fresh = self.found.is_empty() && self.puzzle.verify(grid).is_ok();
            if !fresh {
                return Ok(Search::Infeasible);
            }
            self.found.push(grid.clone());
            return Ok(Search::Found(grid.clone()));
        }
        if let Some((split9, rules)) = &mut self.split9 {
            let started = Instant::now();
            let step = split9.next(rules, self.deadline);
            add_time(&mut self.stats.split, started.elapsed());
            self.stats.decided_by.push("split");
            return Ok(match step {
                Step::Found(grid) => {
                    self.found.push(grid.clone());
                    Search::Found(grid)
                }
                Step::Nothing => Search::Infeasible,
                // split9 has no budget: only the deadline leaves it unsettled.
                Step::TimeLimit | Step::Unsettled => Search::TimeLimit,
            });
        }
        if let (Some(split), Some(reduced)) = (&mut self.split, &self.reduced) {
            let started = Instant::now();
            let step = split.next(self.puzzle, &reduced.reductions, self.deadline);
            add_time(&mut self.stats.split, started.elapsed());
            let found = match step {
                Step::Found(grid) => {
                    self.found.push(grid.clone());
                    Some(Search::Found(grid))
                }
                Step::Nothing => Some(Search::Infeasible),
                Step::TimeLimit => Some(Search::TimeLimit),
                Step::Unsettled => None,
            };
            match found {
                Some(found) => {
                    self.stats.decided_by.push("split");
                    return Ok(found);
                }
                None => self.split = None,
            }
        }
        let session = match (&mut self.session, &self.reduced) {
            (Some(session), _) => session,
            (session, Some(reduced)) => session.insert({
                let started = Instant::now();
                let mut model = Model::new(reduced.domains.clone());
                reduced.constrain(&mut model, self.deadline);
                self.stats.model = Some(started.elapsed());
                self.stats.size = Some(ModelSize::of(&model));
                Session::new(model, self.backend.start())
            }),
            // A solver without reductions starts with its model: this cannot happen.
            (None, None) => return Err(SolveError::Backend("no model to solve".into())),
        };
        if self.deadline.passed() {
            return Ok(Search::TimeLimit);
        }
        for grid in &self.found[self.forbidden..] {
            session.forbid(grid);
        }
        self.forbidden = self.found.len();
        let found = search(self.puzzle, session, self.deadline, &mut self.stats)?;
        self.stats.decided_by.push(self.backend.name());
        if let Search::Found(grid) = &found {
            self.found.push(grid.clone());
        }
        Ok(found)
    }
}

/// No solution; with the puzzle's optional rule dropped, is there one?
pub(super) fn infeasible(puzzle: &dyn Puzzle, deadline: Deadline) -> Result<Outcome, SolveError> {
    let mut culprit = None;
    if let Some((relaxed, rule)) = crate::puzzle::relaxed(puzzle) {
        if let Some(reduced) = relaxed.reduce(deadline) {
            let mut solver = Solver::new(&relaxed, reduced, Engine::Auto, deadline);
            if let Search::Found(_) = solver.next()? {
                culprit = Some(rule);
            }
        }
    }
    Ok(Outcome::Infeasible { culprit })
}

/// Finds a grid that passes the exact check, cutting off solver answers that do not.
pub(super) fn search(
    puzzle: &dyn Puzzle,
    session: &mut Session<impl Solve>,
    deadline: Deadline,
    stats: &mut Stats,
) -> Result<Search, SolveError> {
    let mut last: Option<Violation> = None;
    for _ in 0..MAX_REJECTED {
        let started = Instant::now();
        let (status, solver_stats) = session.solve(deadline)?;
        if let Some(solver_stats) = solver_stats {
            stats.add(solver_stats, started.elapsed());
        }
        let values = match status {
            Status::Feasible(values) => values,
            Status::Infeasible => return Ok(Search::Infeasible),
            Status::TimeLimit => return Ok(Search::TimeLimit),
        };
        let grid = (session.model().decode(&values)).ok_or(SolveError::Undecodable)?;
        match puzzle.verify(&grid) {
            Ok(()) => return Ok(Search::Found(grid)),
            Err(violation) => {
                last = Some(violation);
                session.forbid(&grid);
            }
        }
    }
    Err(match last {
        Some(last) => SolveError::Rejected {
            count: MAX_REJECTED,
            last,
        },
        None => SolveError::Undecodable,
    })
}
