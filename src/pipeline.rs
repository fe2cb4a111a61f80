//! The solve pipeline, written once for every kind: reduce, model, solve, decode, verify;
//! then, for uniqueness or a count, the re-solves with the solutions found so far cut off.

use std::time::{Duration, Instant};

use crate::deadline::Deadline;

use crate::backend::{Backend, Session, SolverStats, Status};
use crate::error::{SolveError, Violation};
use crate::export::ModelFormulation;
use crate::grid::Grid;
use crate::model::Model;
use crate::puzzle::Puzzle;
use crate::rule::{OptionalRule, Reduced};
use crate::split::{Split, Step};

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
    /// Wall-clock budget for all solves of the puzzle.
    pub time_limit: Option<Duration>,
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
            (Engine::Auto, ModelFormulation::Documents) => Backend::Highs,
            (Engine::Auto, ModelFormulation::Reduced) => AUTO_BACKEND,
        }
    }
}

/// What settled each question and where the time went, for `--stats`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// For each question in order (the first solution, then uniqueness or each further
    /// count step), the engine that settled it: `reductions`, `split`, `highs`, `cbc` or
    /// `cadical`.
    pub decided_by: Vec<&'static str>,
    /// Time in the exact reductions before any search.
    pub reductions: Duration,
    /// Time in the split.
    pub split: Duration,
    /// Time building the model.
    pub model: Duration,
    /// Time in the solver (MIP or SAT).
    pub solver: Duration,
    /// Branch-and-bound nodes, summed over the MIP solves, where the solver reports them.
    pub nodes: Option<u64>,
    /// LP iterations, summed likewise.
    pub iterations: Option<u64>,
    /// SAT conflicts, summed likewise.
    pub conflicts: Option<u64>,
}

impl Stats {
    fn add(&mut self, solver: SolverStats) {
        let sum = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        };
        self.nodes = sum(self.nodes, solver.nodes);
        self.iterations = sum(self.iterations, solver.iterations);
        self.conflicts = sum(self.conflicts, solver.conflicts);
    }
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

/// What one search for a verified grid ended with.
enum Search {
    Found(Grid),
    Infeasible,
    TimeLimit,
}

/// Solves `puzzle`, and for uniqueness or a count forbids each solution found and solves
/// again. Each question goes first to a bounded split settled by exact reductions, then,
/// if the split does not settle it, to [`AUTO_BACKEND`] on the whole reduced model; a named
/// solver or the documents' formulation skips the split.
pub fn run(puzzle: &dyn Puzzle, options: SolveOptions) -> Result<Outcome, SolveError> {
    let deadline = Deadline::after(options.time_limit);
    solve(puzzle, &options, deadline).map(|report| report.outcome)
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
            solver.stats.model = started.elapsed();
            solver
        }
        ModelFormulation::Reduced => {
            let Some(reduced) = puzzle.reduce(deadline) else {
                let stats = Stats {
                    decided_by: vec!["reductions"],
                    reductions: started.elapsed(),
                    ..Stats::default()
                };
                let outcome = infeasible(puzzle, deadline)?;
                return Ok(Report { outcome, stats });
            };
            let mut solver = Solver::new(puzzle, reduced, options.engine, deadline);
            solver.stats.reductions = started.elapsed();
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
            Search::Found(_) => {}
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

/// One puzzle's reduced candidates, the split while it settles each question, and the
/// model and its solver once the split leaves a question open.
struct Solver<'a> {
    puzzle: &'a dyn Puzzle,
    /// `None` for the documents' formulation, which has no reductions.
    reduced: Option<Reduced>,
    deadline: Deadline,
    /// `None` once the split left a question unsettled (or with a named solver): the
    /// solver answers from then on.
    split: Option<Split>,
    /// Whether the reductions alone decided every cell.
    decided: bool,
    backend: Backend,
    session: Option<Session>,
    /// The solutions found, in order.
    found: Vec<Grid>,
    /// How many of them the model already cuts off.
    forbidden: usize,
    stats: Stats,
}

impl<'a> Solver<'a> {
    /// On the reduced candidates: the split first under [`Engine::Auto`].
    fn new(puzzle: &'a dyn Puzzle, reduced: Reduced, engine: Engine, deadline: Deadline) -> Self {
        let d = &reduced.domains;
        let decided = (0..d.rows()).all(|r| (0..d.cols()).all(|c| d.get(r, c).count_ones() == 1));
        Solver {
            puzzle,
            split: (engine == Engine::Auto).then(|| Split::new(&reduced.domains)),
            reduced: Some(reduced),
            deadline,
            decided,
            backend: engine.solver(ModelFormulation::Reduced),
            session: None,
            found: Vec::new(),
            forbidden: 0,
            stats: Stats::default(),
        }
    }

    /// On a model given whole (the documents'), which `backend` alone decides.
    fn on_model(
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
            decided: false,
            backend,
            session: Some(Session::new(model, backend)),
            found: Vec::new(),
            forbidden: 0,
            stats: Stats::default(),
        }
    }

    /// A verified grid other than those found: by the split while it settles the question,
    /// else by the solver on the whole model with the found ones cut off.
    fn next(&mut self) -> Result<Search, SolveError> {
        let settled_by = if self.decided { "reductions" } else { "split" };
        if let (Some(split), Some(reduced)) = (&mut self.split, &self.reduced) {
            let started = Instant::now();
            let step = split.next(self.puzzle, &reduced.reductions, self.deadline);
            self.stats.split += started.elapsed();
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
                    self.stats.decided_by.push(settled_by);
                    return Ok(found);
                }
                None => self.split = None,
            }
        }
        let started = Instant::now();
        let session = match (&mut self.session, &self.reduced) {
            (Some(session), _) => session,
            (session, Some(reduced)) => session.insert({
                let mut model = Model::new(reduced.domains.clone());
                reduced.constrain(&mut model, self.deadline);
                Session::new(model, self.backend)
            }),
            // A solver without reductions starts with its model: this cannot happen.
            (None, None) => return Err(SolveError::Backend("no model to solve".into())),
        };
        self.stats.model += started.elapsed();
        if self.deadline.passed() {
            return Ok(Search::TimeLimit);
        }
        for grid in &self.found[self.forbidden..] {
            session.forbid(grid);
        }
        self.forbidden = self.found.len();
        let started = Instant::now();
        let found = search(self.puzzle, session, self.deadline, &mut self.stats)?;
        self.stats.solver += started.elapsed();
        let decider = match session.model().vars().is_empty() && self.decided {
            true => "reductions",
            false => self.backend.name(),
        };
        self.stats.decided_by.push(decider);
        if let Search::Found(grid) = &found {
            self.found.push(grid.clone());
        }
        Ok(found)
    }
}

/// No solution; with the puzzle's optional rule dropped, is there one?
fn infeasible(puzzle: &dyn Puzzle, deadline: Deadline) -> Result<Outcome, SolveError> {
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
fn search(
    puzzle: &dyn Puzzle,
    session: &mut Session,
    deadline: Deadline,
    stats: &mut Stats,
) -> Result<Search, SolveError> {
    let mut last: Option<Violation> = None;
    for _ in 0..MAX_REJECTED {
        let (status, solver_stats) = session.solve(deadline.remaining())?;
        stats.add(solver_stats);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;
    use crate::geometry::{columns, rows};
    use crate::rule::{Areas, Rule, RuleSet};
    use std::sync::Arc;

    /// A 1..2 grid of `rows` x `cols` with `rules`, no givens.
    fn one_or_two(rows: usize, cols: usize, rules: Vec<Arc<dyn Rule>>) -> RuleSet {
        RuleSet {
            rows,
            cols,
            values: vec![1, 2],
            givens: vec![None; rows * cols],
            rules,
        }
    }

    /// Latin 2x2 squares (two solutions) whose verifier rejects the one starting with 1, as
    /// a product cage within the solver's tolerance would be rejected.
    struct Picky;

    /// The top left cell holds 2: a rule only the verifier knows (no reductions, no rows).
    #[derive(Debug)]
    struct StartsWithTwo;

    impl Rule for StartsWithTwo {
        fn name(&self) -> &'static str {
            "starts with 2"
        }
        fn violations(&self, grid: &Grid) -> Vec<Violation> {
            match grid.get(0, 0) {
                2 => Vec::new(),
                value => vec![Violation::Given {
                    cell: (0, 0),
                    value,
                    given: 2,
                }],
            }
        }
        fn narrow(&self, _: &mut Domains, _: Option<&[usize]>, _: &mut Vec<usize>) -> bool {
            true
        }
        fn constrain(&self, _: &mut Model, _: Deadline) {}
    }

    impl Puzzle for Picky {
        fn shape(&self) -> (usize, usize) {
            (2, 2)
        }
        fn rules(&self) -> RuleSet {
            let lines = [rows(2, 2), columns(2, 2)].concat();
            let areas = Arc::new(Areas::new(lines.into(), 2));
            one_or_two(2, 2, vec![areas, Arc::new(StartsWithTwo)])
        }
        fn render(&self, _: &Grid) -> String {
            String::new()
        }
    }

    #[test]
    fn answers_failing_the_check_are_cut_off_and_never_returned() {
        // Each solver on the model alone: Latin 2x2 squares, of which the verifier takes one.
        for backend in [Backend::Highs, Backend::Cbc, Backend::Cadical] {
            let Some(reduced) = Picky.reduce(Deadline::none()) else {
                panic!("reduces");
            };
            let mut model = Model::new(reduced.domains.clone());
            reduced.constrain(&mut model, Deadline::none());
            let mut session = Session::new(model, backend);
            let expected = Grid::from_rows(vec![vec![2, 1], vec![1, 2]]).unwrap();
            let mut stats = Stats::default();
            let found = search(&Picky, &mut session, Deadline::none(), &mut stats);
            assert!(
                matches!(found, Ok(Search::Found(ref g)) if *g == expected),
                "{backend:?}"
            );
            session.forbid(&expected);
            let again = search(&Picky, &mut session, Deadline::none(), &mut stats);
            assert!(
                matches!(again, Ok(Search::Infeasible)),
                "{backend:?}: the other square was cut off"
            );
        }
    }

    /// A row of 16 cells, each 1 or 2, exactly one of them 2: 16 solutions, and no
    /// reductions, so the split runs out of budget on the later ones and the solver finishes.
    struct OneTwo;

    /// Exactly one cell of the row holds 2; it narrows nothing.
    #[derive(Debug)]
    struct OneTwoInTheRow;

    impl Rule for OneTwoInTheRow {
        fn name(&self) -> &'static str {
            "one 2"
        }
        fn violations(&self, grid: &Grid) -> Vec<Violation> {
            let twos = (0..16).filter(|&c| grid.get(0, c) == 2).count();
            match twos {
                1 => Vec::new(),
                _ => vec![Violation::Shape { rows: 1, cols: 16 }],
            }
        }
        fn narrow(&self, _: &mut Domains, _: Option<&[usize]>, _: &mut Vec<usize>) -> bool {
            true
        }
        fn constrain(&self, model: &mut Model, _: Deadline) {
            let mut twos = crate::model::LinExpr::default();
            for c in 0..16 {
                twos.add_expr(&model.x(0, c, 1), 1.0);
            }
            model.add("one_two".into(), twos, 1.0, 1.0);
        }
    }

    impl Puzzle for OneTwo {
        fn shape(&self) -> (usize, usize) {
            (1, 16)
        }
        fn rules(&self) -> RuleSet {
            one_or_two(1, 16, vec![Arc::new(OneTwoInTheRow)])
        }
        fn render(&self, _: &Grid) -> String {
            String::new()
        }
    }

    #[test]
    fn a_count_the_split_cannot_finish_is_finished_by_highs_with_every_solution_cut_off() {
        let options = SolveOptions {
            question: Question::Count(100),
            ..SolveOptions::default()
        };
        let Ok(Outcome::Counted { solutions, end }) = run(&OneTwo, options) else {
            panic!("counted");
        };
        assert_eq!(end, CountEnd::All);
        let mut twos: Vec<usize> = (solutions.iter())
            .map(|g| (0..16).find(|&c| g.get(0, c) == 2).unwrap())
            .collect();
        twos.sort_unstable();
        assert_eq!(twos, (0..16).collect::<Vec<_>>(), "each solution once");
    }
}
