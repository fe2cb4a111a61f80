//! The generator's questions, each a split ([`crate::split`]) over a frame's own exact
//! reductions, set up once per frame: a random solution (cells and values tried in a random
//! order), or any solution with some givens in which one cell holds another value than a
//! known solution gives it (complete, so finding none proves there is none).

use std::time::Duration;

use crate::puzzle::FromRules;
use rand_chacha::ChaCha8Rng;

use crate::backend::{Cadical, Session, Status};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::SolveError;
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::puzzle::Puzzle;
use crate::rule::{Reduced, RuleSet};
use crate::split::{Budget, Order, Split, Step};
use crate::split9::Split9;

use super::latin_fill::random_latin;

/// Parts a random fill may examine before it gives up (the caller draws again).
const FILL_BUDGET: Budget = Budget {
    parts: 20_000,
    time: None,
};

/// What a search for another solution may examine before CaDiCaL is asked instead: a
/// second solution close to the first is mostly found in a few hundred parts, or not at all.
/// Minimal 16x16s (20, seed 4): 1.12 s with 3,000 parts, 1.17 s with 1,000, 2.16 s with 100;
/// minimal 25x25s: 26 s with 100 parts, 34 s with 1,000 (a part costs about 30 us there), so
/// the time bounds it too.
const OTHER_BUDGET: Budget = Budget {
    parts: 1_000,
    time: Some(Duration::from_millis(5)),
};

/// The rules of a frame without givens, reduced once: the candidates they leave and their
/// exact narrowing, which hold for any givens added.
pub struct Searcher {
    puzzle: Box<dyn Puzzle>,
    frame: Searched,
    /// The side of a blank Latin square (a KenKen's frame), filled without a search.
    latin: Option<usize>,
}

/// How a frame's questions are searched.
enum Searched {
    /// A plain 9x9, on bitboards ([`Split9`]), its grids checked by these rules.
    Plain(RuleSet),
    /// Any other frame, by the split on its reduced rules, then CaDiCaL.
    Reduced(Reduced),
}

impl Searcher {
    /// The searcher of `blank`, a puzzle without givens; `None` when it has no solution (or
    /// `deadline` passed during its reductions, which then lose strength, never solutions).
    pub fn new(blank: Box<dyn Puzzle>, deadline: Deadline) -> Option<Self> {
        let rules = blank.rules();
        let latin = rules.blank_latin_square();
        // A plain 9x9's bitboards need no reductions, and have a solution.
        let frame = match rules.plain_9x9() {
            true => Searched::Plain(rules),
            false => Searched::Reduced(rules.reduce_frame(deadline)?),
        };
        Some(Searcher {
            puzzle: blank,
            frame,
            latin,
        })
    }

    /// A random grid that keeps every rule, checked by the verifier; `None` when the search
    /// runs past its budget.
    pub fn random_solution(&self, rng: &mut ChaCha8Rng) -> Option<Grid> {
        if let Some(n) = self.latin {
            let grid = random_latin(n, rng);
            return self.puzzle.verify(&grid).is_ok().then_some(grid);
        }
        let reduced = match &self.frame {
            Searched::Plain(rules) => {
                return Split9::random(&rules.givens, rules, rng, FILL_BUDGET.parts)
            }
            Searched::Reduced(reduced) => reduced,
        };
        let order = Order::Random(rng);
        match self.split_step(reduced, &reduced.domains, order, FILL_BUDGET) {
            Step::Found(grid) => Some(grid),
            _ => None,
        }
    }

    /// The frame with `givens`: whether the step solver's techniques up to level `cap`
    /// decide every cell, where the kind answers it without the steps
    /// ([`Puzzle::decided_up_to`]).
    pub fn decided_up_to(&self, givens: &[Option<u32>], cap: usize) -> Option<bool> {
        self.puzzle.decided_up_to(givens, cap)
    }

    /// Whether the rules with `givens` (row by row, `None` blank) have a solution whose `cell`
    /// holds another value than `solution` gives it, found and verified; `None` when
    /// `deadline` passes first. A bounded search tries `solution`'s value first in every other
    /// cell (a second solution mostly agrees with the first, so it is found early when there
    /// is one); past its budget CaDiCaL decides.
    pub fn has_other(
        &self,
        givens: &[Option<u32>],
        solution: &Grid,
        cell: Cell,
        deadline: Deadline,
    ) -> Result<Option<bool>, SolveError> {
        let reduced = match &self.frame {
            Searched::Plain(rules) => {
                return Ok(self.plain_other(rules, givens, solution, cell, deadline))
            }
            Searched::Reduced(reduced) => reduced,
        };
        let value = solution.get(cell.0, cell.1);
        let Some(domains) = Self::narrowed(reduced, givens, cell, value) else {
            return Ok(Some(false));
        };
        match self.search_other(reduced, &domains, givens, solution, cell) {
            Some(found) => Ok(Some(found)),
            None => self.sat_other(reduced, domains, givens, solution, cell, deadline),
        }
    }

    /// The frame's candidates with `givens` held and `value` ruled out of `cell`, narrowed by
    /// its reductions; `None` when they leave no solution.
    fn narrowed(
        reduced: &Reduced,
        givens: &[Option<u32>],
        cell: Cell,
        value: u32,
    ) -> Option<Domains> {
        let mut domains = reduced.domains.clone();
        let cols = domains.cols();
        for (i, given) in givens.iter().enumerate() {
            if let Some(v) = given {
                let k = domains.index_of(i64::from(*v))?;
                domains.restrict(i / cols, i % cols, 1 << k);
            }
        }
        if let Some(k) = domains.index_of(i64::from(value)) {
            domains.restrict(cell.0, cell.1, !(1 << k));
        }
        let solvable = !domains.has_empty_cell() && reduced.reductions.narrow(&mut domains, None);
        solvable.then_some(domains)
    }

    /// [`Searcher::has_other`] by the search alone, on `domains` ([`Searcher::narrowed`]):
    /// `Some(true)` with a solution found and verified, `Some(false)` when the whole search
    /// finds none, `None` past its budget.
    fn search_other(
        &self,
        reduced: &Reduced,
        domains: &Domains,
        givens: &[Option<u32>],
        solution: &Grid,
        cell: Cell,
    ) -> Option<bool> {
        let value = solution.get(cell.0, cell.1);
        let order = Order::Prefer(solution);
        let found = match self.split_step(reduced, domains, order, OTHER_BUDGET) {
            Step::Found(grid) => Some(grid),
            Step::Nothing => None,
            Step::Unsettled | Step::TimeLimit => return None,
        };
        Some(found.is_some_and(|grid| self.is_other(&grid, givens, cell, value)))
    }

    /// [`Searcher::has_other`] on a plain 9x9, by its bitboard split, which always settles.
    fn plain_other(
        &self,
        rules: &RuleSet,
        givens: &[Option<u32>],
        solution: &Grid,
        cell: Cell,
        deadline: Deadline,
    ) -> Option<bool> {
        let value = solution.get(cell.0, cell.1);
        let Some(mut split) = Split9::without(givens, cell.0 * 9 + cell.1, value) else {
            return Some(false);
        };
        match split.next(rules, deadline) {
            Step::Found(grid) => Some(self.is_other(&grid, givens, cell, value)),
            Step::Nothing => Some(false),
            Step::Unsettled | Step::TimeLimit => None,
        }
    }

    /// The first answer of a split of `domains` in `order`, narrowed by `reduced`'s rules.
    fn split_step(
        &self,
        reduced: &Reduced,
        domains: &Domains,
        order: Order,
        budget: Budget,
    ) -> Step {
        let mut split = Split::new(domains, order, budget);
        split.next(self.puzzle.as_ref(), &reduced.reductions, Deadline::none())
    }

    /// [`Searcher::has_other`] by CaDiCaL, on the model of `domains` ([`Searcher::narrowed`]),
    /// which looks near `solution` first. A fresh model each question, the givens narrowed
    /// into it, is smaller and quicker than one solver for the frame asked with the givens
    /// as assumptions, whose learnt clauses carry hundreds of them: a minimal 25x25 (seed 1)
    /// took 26 s, against no puzzle in 60 s.
    fn sat_other(
        &self,
        reduced: &Reduced,
        domains: Domains,
        givens: &[Option<u32>],
        solution: &Grid,
        cell: Cell,
        deadline: Deadline,
    ) -> Result<Option<bool>, SolveError> {
        let mut model = Model::new(domains);
        reduced.constrain(&mut model, deadline);
        if deadline.passed() {
            return Ok(None);
        }
        let mut session = Session::new(model, Cadical::default());
        session.prefer(solution)?;
        let value = solution.get(cell.0, cell.1);
        let (status, _) = session.solve(deadline)?;
        Ok(match status {
            Status::Feasible(values) => {
                let grid = session.model().decode(&values);
                match grid.filter(|g| self.is_other(g, givens, cell, value)) {
                    Some(_) => Some(true),
                    // Not a verdict: a grid the verifier rejects proves nothing.
                    None => {
                        return Err(SolveError::Backend(
                            "CaDiCaL answered a grid the verifier rejects".into(),
                        ))
                    }
                }
            }
            Status::Infeasible => Some(false),
            Status::TimeLimit => None,
        })
    }

    /// Whether `grid` keeps the rules and `givens` and holds another value than `value` in
    /// `cell`, checked by the verifier.
    fn is_other(&self, grid: &Grid, givens: &[Option<u32>], cell: Cell, value: u32) -> bool {
        let cols = grid.cols();
        let keeps = |(i, given): (usize, &Option<u32>)| {
            given.is_none_or(|v| grid.get(i / cols, i % cols) == v)
        };
        self.puzzle.verify(grid).is_ok()
            && givens.iter().enumerate().all(keeps)
            && grid.get(cell.0, cell.1) != value
    }
}
