//! The solve pipeline, written once for every kind: reduce, model, solve, decode, verify;
//! then, for uniqueness or a count, the re-solves with the solutions found so far cut off.

use crate::puzzle::FromRules;
use std::time::{Duration, Instant};

use crate::deadline::Deadline;

use crate::backend::{Backend, Mip, ModelSize, SolverStats};
use crate::error::{SolveError, Violation};
use crate::export::ModelFormulation;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rule::OptionalRule;

mod solver;

use crate::split9::Split9;

use solver::{infeasible, Search, Solver};

/// How many solver answers that fail the exact check are cut off before giving up.
const MAX_REJECTED: usize = 100;

/// What is asked of a puzzle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Question {
    /// One solution.
    #[default]
    Solve,
    /// One solution, proven the only one, or a second.
    Unique,
    /// Up to this many distinct solutions, and whether they are all.
    Count(usize),
}

/// Options for one puzzle.
#[derive(Debug, Clone, Copy, Default)]
pub struct SolveOptions {
    /// What to find.
    pub question: Question,
    /// Which engine decides what the exact reductions leave open.
    pub engine: Engine,
    /// The model a MIP solver is handed: the reduced one or the documents' own.
    pub formulation: ModelFormulation,
}

/// Which engine decides the questions the exact reductions leave open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Engine {
    /// The bounded exhaustive split first, then [`AUTO_BACKEND`] on what it leaves unsettled.
    #[default]
    Auto,
    /// This solver alone, no split.
    Only(Backend),
}

/// The solver that [`Engine::Auto`] hands a question the split leaves open: behind the same
/// reductions CaDiCaL beats HiGHS on every hard set that needs a solver, 2.6x to 38x in total
/// time, and proves Gecode 25x25s on which HiGHS finds no solution in a minute
/// (`bench/engines.sh`).
pub const AUTO_BACKEND: Backend = Backend::Cadical;

impl Engine {
    /// The solver that answers once the split (if any) stops. The documents' model is a MIP
    /// (its KenKen products are logarithms, which have no exact clauses): `auto` hands it to
    /// HiGHS.
    fn solver(self, formulation: ModelFormulation) -> Backend {
        match (self, formulation) {
            (Engine::Only(solver), _) => solver,
            (Engine::Auto, ModelFormulation::Documents) => Backend::Mip(Mip::Highs),
            (Engine::Auto, ModelFormulation::Reduced) => AUTO_BACKEND,
        }
    }
}

/// What settled each question and where the time went, for `--stats`; a stage that did not
/// run has no time (`None`), and a count the solver does not report is `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// For each question in order (the first solution, then uniqueness or each further
    /// count step), the engine that settled it: `reductions`, `split`, `highs`, `cbc`,
    /// `microlp` or `cadical`.
    pub decided_by: Vec<&'static str>,
    /// Time in the exact reductions before any search.
    pub reductions: Option<Duration>,
    /// Time in the split.
    pub split: Option<Duration>,
    /// Time building the model.
    pub model: Option<Duration>,
    /// Time in the solver (MIP or SAT), over the solves it was asked for.
    pub solver: Option<Duration>,
    /// The size of the model the solver was handed, as first built.
    pub size: Option<ModelSize>,
    /// Branch-and-bound nodes, summed over the MIP solves, where the solver reports them.
    pub nodes: Option<u64>,
    /// LP iterations, summed likewise.
    pub iterations: Option<u64>,
    /// SAT conflicts, summed likewise.
    pub conflicts: Option<u64>,
}

impl Stats {
    /// One solve by the solver, which took `time`.
    fn add(&mut self, solver: SolverStats, time: Duration) {
        let sum = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        };
        self.nodes = sum(self.nodes, solver.nodes);
        self.iterations = sum(self.iterations, solver.iterations);
        self.conflicts = sum(self.conflicts, solver.conflicts);
        add_time(&mut self.solver, time);
    }
}

/// Adds `time` to a stage's time.
fn add_time(stage: &mut Option<Duration>, time: Duration) {
    *stage = Some(stage.unwrap_or_default() + time);
}

/// A puzzle's outcome and how it was reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// How the puzzle ended.
    pub outcome: Outcome,
    /// What settled each question, and the time spent.
    pub stats: Stats,
}

/// How a puzzle ended; every grid in it has passed the exact check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A solution, uniqueness not asked.
    Solved(Grid),
    /// The only solution, proven.
    Unique(Grid),
    /// Two different solutions: not unique.
    Several {
        /// The first solution found.
        first: Grid,
        /// A second one, the witness.
        second: Grid,
    },
    /// Distinct solutions, at least one, found for [`Question::Count`].
    Counted {
        /// The solutions in the order found.
        solutions: Vec<Grid>,
        /// Why the count stopped.
        end: CountEnd,
    },
    /// Proven to have no solution; `culprit` names a rule without which it has one.
    Infeasible {
        /// The optional rule that alone stands in the way, if that was shown.
        culprit: Option<OptionalRule>,
    },
    /// The time limit ran out, after finding a solution or before.
    Timeout {
        /// The solution found before the limit, if any.
        found: Option<Grid>,
    },
    /// A proposed grid ([`check`]) that breaks these rules: it is no solution.
    Rejected {
        /// The grid proposed.
        grid: Grid,
        /// Every rule it breaks.
        broken: Vec<Violation>,
    },
}

/// Why a count stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountEnd {
    /// The last re-solve was proven infeasible: these are all the solutions.
    All,
    /// As many as asked for were found; there may be more.
    Limit,
    /// The time limit ran out; there may be more.
    TimeLimit,
}

impl Outcome {
    /// The first solution, when one was found.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Solved(grid) | Outcome::Unique(grid) => Some(grid),
            Outcome::Several { first, .. } => Some(first),
            Outcome::Counted { solutions, .. } => solutions.first(),
            Outcome::Timeout { found } => found.as_ref(),
            Outcome::Infeasible { .. } | Outcome::Rejected { .. } => None,
        }
    }

    /// Every solution found, in order.
    pub fn solutions(&self) -> Vec<&Grid> {
        match self {
            Outcome::Several { first, second } => vec![first, second],
            Outcome::Counted { solutions, .. } => solutions.iter().collect(),
            _ => self.solution().into_iter().collect(),
        }
    }
}

/// Solves `puzzle`, and for uniqueness or a count forbids each solution found and solves
/// again. Each question goes first to a bounded split settled by exact reductions, then,
/// if the split does not settle it, to [`AUTO_BACKEND`] on the whole reduced model; a named
/// solver or the documents' formulation skips the split. No time limit: [`solve`] takes a
/// deadline.
pub fn run(puzzle: &dyn Puzzle, options: SolveOptions) -> Result<Outcome, SolveError> {
    solve(puzzle, &options, Deadline::none()).map(|report| report.outcome)
}

/// The time kept per cell of each solution found by a count, to render and write it before
/// the deadline (about 40 µs for a 9x9, several times what it takes in JSON).
const RESERVE_NANOS_PER_CELL: u64 = 500;

/// [`run`] with the time left until `deadline`, which the caller may share with further work
/// on the same puzzle; the report says what settled each question.
pub fn solve(
    puzzle: &dyn Puzzle,
    options: &SolveOptions,
    deadline: Deadline,
) -> Result<Report, SolveError> {
    solve_reporting(puzzle, options, deadline, &mut |_| {})
}

/// [`solve`], telling `found` the number of solutions found after each new one (a count's
/// progress).
pub fn solve_reporting(
    puzzle: &dyn Puzzle,
    options: &SolveOptions,
    deadline: Deadline,
    found: &mut dyn FnMut(usize),
) -> Result<Report, SolveError> {
    let started = Instant::now();
    let mut solver = match options.formulation {
        ModelFormulation::Documents => {
            let model = puzzle.documents_model();
            let mut solver = Solver::on_model(
                puzzle,
                model,
                options.engine.solver(ModelFormulation::Documents),
                deadline,
            );
            solver.stats.model = Some(started.elapsed());
            solver
        }
        ModelFormulation::Reduced => {
            // A plain 9x9 is searched on bitboards, with the same exact reductions.
            let rules = puzzle.rules();
            let solver = match options.engine == Engine::Auto && rules.plain_9x9() {
                true => (Split9::new(&rules.givens))
                    .map(|split9| Solver::plain_9x9(puzzle, split9, rules, deadline)),
                false => (rules.reduce(deadline))
                    .map(|reduced| Solver::new(puzzle, reduced, options.engine, deadline)),
            };
            let Some(mut solver) = solver else {
                let stats = Stats {
                    decided_by: vec!["reductions"],
                    reductions: Some(started.elapsed()),
                    ..Stats::default()
                };
                let outcome = infeasible(puzzle, deadline)?;
                return Ok(Report { outcome, stats });
            };
            solver.stats.reductions = Some(started.elapsed());
            solver
        }
    };
    let question = options.question;
    let wanted = match question {
        Question::Solve => 1,
        Question::Unique => 2,
        Question::Count(n) => n.max(1),
    };
    let (rows, cols) = puzzle.shape();
    let end = loop {
        if solver.found.len() >= wanted {
            break CountEnd::Limit;
        }
        // The limit covers printing the solutions too: a count stops while there is time
        // left to render and write those it has.
        let cells = (rows * cols * solver.found.len()) as u64;
        let printing = Duration::from_nanos(RESERVE_NANOS_PER_CELL.saturating_mul(cells));
        if matches!(question, Question::Count(_)) && deadline.passes_within(printing) {
            break CountEnd::TimeLimit;
        }
        match solver.next()? {
            Search::Found(_) => found(solver.found.len()),
            Search::Infeasible => break CountEnd::All,
            Search::TimeLimit => break CountEnd::TimeLimit,
        }
    };
    let stats = std::mem::take(&mut solver.stats);
    let report = |outcome| Ok(Report { outcome, stats });
    if let Question::Count(_) = question {
        if !solver.found.is_empty() {
            let solutions = solver.found;
            return report(Outcome::Counted { solutions, end });
        }
    }
    let mut found = solver.found.into_iter();
    let Some(first) = found.next() else {
        return match end {
            CountEnd::TimeLimit => report(Outcome::Timeout { found: None }),
            _ => report(infeasible(puzzle, deadline)?),
        };
    };
    report(match (found.next(), end) {
        (Some(second), _) => Outcome::Several { first, second },
        (None, _) if question == Question::Solve => Outcome::Solved(first),
        (None, CountEnd::TimeLimit) => Outcome::Timeout { found: Some(first) },
        (None, _) => Outcome::Unique(first),
    })
}

/// Checks a proposed solution `grid` with the exact verifier (every rule it breaks), and
/// with [`Question::Unique`] also whether the puzzle has a solution other than it.
pub fn check(
    puzzle: &dyn Puzzle,
    grid: Grid,
    options: &SolveOptions,
    deadline: Deadline,
) -> Result<Report, SolveError> {
    let broken = puzzle.violations(&grid);
    let alone = |outcome| Report {
        outcome,
        stats: Stats::default(),
    };
    if !broken.is_empty() {
        return Ok(alone(Outcome::Rejected { grid, broken }));
    }
    if options.question != Question::Unique {
        return Ok(alone(Outcome::Solved(grid)));
    }
    let Report { outcome, stats } = solve(puzzle, options, deadline)?;
    let outcome = match outcome {
        Outcome::Unique(only) if only == grid => Outcome::Unique(grid),
        Outcome::Unique(other) | Outcome::Several { first: other, .. } if other != grid => {
            Outcome::Several {
                first: grid,
                second: other,
            }
        }
        Outcome::Several { second, .. } => Outcome::Several {
            first: grid,
            second,
        },
        Outcome::Timeout { .. } => Outcome::Timeout { found: Some(grid) },
        _ => {
            return Err(SolveError::Backend(
                "the search found no solution, yet the verifier accepts the proposed grid".into(),
            ))
        }
    };
    Ok(Report { outcome, stats })
}

#[cfg(test)]
mod tests;
