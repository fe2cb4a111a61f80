//! The solvers behind small capability traits: a [`Model`] (plain data) goes in, and a feasible
//! point, a proof of infeasibility or a time limit comes out, with the solver's statistics.
//!
//! Every solver can [`Solve`]; the MIP solvers (HiGHS, CBC, microlp, all handed the model
//! through good_lp by one translation, `mip.rs`) can also [`Minimize`] an objective; CaDiCaL
//! can also [`SolveAssuming`] some literals while keeping what it learnt. A feature that needs
//! a capability asks for the trait, so a solver without it cannot be handed in. Each solve
//! runs on the caller's thread and stops at the deadline it is given: nothing keeps running
//! once its answer (or its time limit) is returned. A [`Session`] keeps one puzzle's model
//! and solver across its re-solves.

mod cadical;
#[cfg(feature = "cbc")]
mod cbc;
#[cfg(not(feature = "cbc"))]
#[path = "no_cbc.rs"]
mod cbc;
#[cfg(feature = "cbc")]
mod cbc_ffi;
mod cnf;
mod cnf_order;
mod highs;
mod highs_ffi;
mod microlp;
mod mip;

pub use self::cadical::Cadical;
pub use self::cbc::Cbc;
pub use self::highs::Highs;
pub use self::microlp::Microlp;
pub use self::mip::ModelSize;

use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::grid::{Cell, Grid};
use crate::model::Model;

/// What one solve ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// A feasible point, as variable values by index.
    Feasible(Vec<f64>),
    /// Proven infeasible.
    Infeasible,
    /// Stopped by the time limit before finding a feasible point.
    TimeLimit,
}

/// What minimizing an objective ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum Minimum {
    /// A point proven optimal, as variable values by index.
    Optimal(Vec<f64>),
    /// The best point found when the time limit stopped the search.
    Best(Vec<f64>),
    /// Proven infeasible.
    Infeasible,
    /// Stopped by the time limit before finding a feasible point.
    TimeLimit,
}

impl Minimum {
    /// The point found, and whether it is proven optimal.
    pub fn point(&self) -> Option<(&[f64], bool)> {
        match self {
            Minimum::Optimal(values) => Some((values, true)),
            Minimum::Best(values) => Some((values, false)),
            Minimum::Infeasible | Minimum::TimeLimit => None,
        }
    }
}

/// What a solver reports of its work, where it reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Branch-and-bound nodes.
    pub nodes: Option<u64>,
    /// LP (simplex) iterations.
    pub iterations: Option<u64>,
    /// Conflicts (each one a learnt clause).
    pub conflicts: Option<u64>,
}

/// A solver that decides a model: any feasible point (the objective, if any, is not asked
/// about), a proof that there is none, or the time limit at `deadline`.
pub trait Solve {
    /// Decides `model` as it stands by `deadline`.
    fn solve(
        &mut self,
        model: &Model,
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError>;
}

/// A solver that minimizes a model's objective, starting afresh on each model.
pub trait Minimize {
    /// The optimum of `model`'s objective when proven by `deadline`, else the best point found.
    fn minimize(&self, model: &Model, deadline: Deadline) -> Result<Minimum, SolveError>;
}

/// A solver that solves under assumptions held for one solve only, keeping its clauses and
/// what it learnt for the next question; it is handed the same model each time, with rows
/// only added since.
pub trait SolveAssuming: Solve {
    /// Decides `model` with each `(variable index, value)` of `assumed` held.
    fn solve_assuming(
        &mut self,
        model: &Model,
        assumed: &[(usize, bool)],
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError>;

    /// The variables of the assumptions the last solve, found infeasible, needed (a subset
    /// that is infeasible by itself, not always the smallest).
    fn core(&mut self) -> Result<Vec<usize>, SolveError>;
}

impl<S: Solve + ?Sized> Solve for Box<S> {
    fn solve(
        &mut self,
        model: &Model,
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        (**self).solve(model, deadline)
    }
}

/// A MIP solver, handed the model through good_lp: each solves and minimizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mip {
    /// HiGHS, compiled from source with good_lp's `highs` feature.
    Highs,
    /// COIN-OR CBC, the system's libCbcSolver, through good_lp's `coin_cbc` feature.
    Cbc,
    /// microlp, good_lp's pure-Rust solver.
    Microlp,
}

impl Mip {
    /// The solver's name, as `--solver` and `--stats` write it.
    pub fn name(self) -> &'static str {
        match self {
            Mip::Highs => "highs",
            Mip::Cbc => "cbc",
            Mip::Microlp => "microlp",
        }
    }
}

impl Solve for Mip {
    fn solve(
        &mut self,
        model: &Model,
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        match self {
            Mip::Highs => Highs.solve(model, deadline),
            Mip::Cbc => Cbc.solve(model, deadline),
            Mip::Microlp => Microlp.solve(model, deadline),
        }
    }
}

impl Minimize for Mip {
    fn minimize(&self, model: &Model, deadline: Deadline) -> Result<Minimum, SolveError> {
        match self {
            Mip::Highs => Highs.minimize(model, deadline),
            Mip::Cbc => Cbc.minimize(model, deadline),
            Mip::Microlp => Microlp.minimize(model, deadline),
        }
    }
}

/// A solver that decides a model exactly, as `--solver` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A MIP solver.
    Mip(Mip),
    /// CaDiCaL, the learning SAT solver, on the model's rows written as clauses.
    Cadical,
}

impl Backend {
    /// The solver's name, as `--solver` and `--stats` write it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Mip(mip) => mip.name(),
            Backend::Cadical => "cadical",
        }
    }

    /// A fresh solver of this kind, for one puzzle's [`Session`].
    pub fn start(self) -> Box<dyn Solve> {
        match self {
            Backend::Mip(mip) => Box::new(mip),
            Backend::Cadical => Box::new(Cadical::default()),
        }
    }
}

/// A session's answer: the status, and the solver's statistics when the solver was asked.
pub type Answer = (Status, Option<SolverStats>);

/// One puzzle's model and the solver deciding it, across the re-solves of uniqueness and
/// counts: a MIP solver starts afresh on each solve; CaDiCaL keeps its clauses and what it
/// learnt, and takes only the rows added since (the no-goods).
pub struct Session<S> {
    model: Model,
    solver: S,
}

impl<S: Solve> Session<S> {
    /// `model`, to be decided by `solver`.
    pub fn new(model: Model, solver: S) -> Self {
        Session { model, solver }
    }

    /// The model as it stands.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Cuts `grid` off the model (and the solver).
    pub fn forbid(&mut self, grid: &Grid) {
        self.model.forbid(grid);
    }

    /// Cuts off every grid with all of these `(cell, value index)` (a partial no-good).
    pub fn exclude(&mut self, values: &[(Cell, usize)]) {
        let mut row = crate::model::LinExpr::default();
        for &((r, c), k) in values {
            row.add_expr(&self.model.x(r, c, k), 1.0);
        }
        let name = format!("exclude{}", self.model.constraints().len());
        let most = values.len() as f64 - 1.0;
        self.model.add(name, row, f64::NEG_INFINITY, most);
    }

    /// Decides the model as it stands by `deadline`, with the solver's statistics when it
    /// was asked (not for a model without variables or with a row that is false as written,
    /// nor once the deadline has passed).
    pub fn solve(&mut self, deadline: Deadline) -> Result<Answer, SolveError> {
        if self.model.is_contradictory() {
            return Ok((Status::Infeasible, None));
        }
        if self.model.vars().is_empty() {
            return Ok((Status::Feasible(Vec::new()), None));
        }
        if deadline.passed() {
            return Ok((Status::TimeLimit, None));
        }
        let (status, stats) = self.solver.solve(&self.model, deadline)?;
        Ok((status, Some(stats)))
    }
}

impl Session<Cadical> {
    /// Asks CaDiCaL to look near `grid` first (its values tried before the others): a
    /// second solution that mostly agrees with a first one is then found sooner. It changes
    /// which solution is found, never an answer.
    pub fn prefer(&mut self, grid: &Grid) -> Result<(), SolveError> {
        let domains = self.model.domains();
        let mut phases = Vec::new();
        for r in 0..domains.rows() {
            for c in 0..domains.cols() {
                let held = domains.index_of(i64::from(grid.get(r, c)));
                for k in 0..domains.values().len() {
                    if let Ok((var, positive)) = self.model.literal((r, c), k) {
                        phases.push((var.0, positive == (held == Some(k))));
                    }
                }
            }
        }
        self.solver.prefer(&self.model, &phases)
    }
}

impl<S: SolveAssuming> Session<S> {
    /// Which of `facts`, held in the last solve that found the model infeasible, that answer
    /// needed (their indices): a subset infeasible by itself.
    pub fn core(&mut self, facts: &[(Cell, usize, bool)]) -> Result<Vec<usize>, SolveError> {
        let failed = self.solver.core()?;
        let needed = |&(cell, k, _): &(Cell, usize, bool)| match self.model.literal(cell, k) {
            Ok((var, _)) => failed.contains(&var.0),
            Err(_) => false,
        };
        Ok((0..facts.len()).filter(|&i| needed(&facts[i])).collect())
    }

    /// Decides the model with some candidates held (`true`) or ruled out (`false`) for this
    /// solve only, `(cell, value index, holds)`, as [`Session::solve`] decides it: the solver
    /// keeps what it learnt for the next question.
    pub fn solve_assuming(
        &mut self,
        facts: &[(Cell, usize, bool)],
        deadline: Deadline,
    ) -> Result<Answer, SolveError> {
        if self.model.is_contradictory() {
            return Ok((Status::Infeasible, None));
        }
        let mut assumed = Vec::with_capacity(facts.len());
        for &(cell, k, holds) in facts {
            match self.model.literal(cell, k) {
                Ok((var, positive)) => assumed.push((var.0, positive == holds)),
                Err(value) if value != holds => return Ok((Status::Infeasible, None)),
                Err(_) => {}
            }
        }
        if deadline.passed() {
            return Ok((Status::TimeLimit, None));
        }
        let (status, stats) = self
            .solver
            .solve_assuming(&self.model, &assumed, deadline)?;
        Ok((status, Some(stats)))
    }
}
