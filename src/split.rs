//! A bounded exhaustive split of the search: the candidates of one cell are tried in turn,
//! each part narrowed by the puzzle's exact reductions, until every part is settled (no
//! solution, or one complete grid that the verifier accepts or rejects) or the budget runs
//! out. The parts cover every case, so a settled split answers exactly; an unsettled one is
//! left to a solver, which then decides the whole question. A split resumes where it
//! stopped: each grid it yields is left behind, so asking again answers "is there another?".
//! The pipeline splits on the cells that keep failing; the generator fills a grid at random
//! or looks for a solution close to a known one ([`Order`]).

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::grid::Grid;
use crate::puzzle::{FromRules, Puzzle};
use crate::rule::Reductions;

/// The pipeline's budget: parts examined per question before it is left to the solver, and
/// time spent. Measured on the hard sets (with HiGHS behind it): 2,000 parts left the 25x25
/// (2.9 s) and an all-hidden-operator 8x8 KenKen (5 s) to HiGHS; 20,000 settle them (1.6 s,
/// 0.24 s), and the time bound keeps a split that will not settle (a 16x16 KenKen with
/// several solutions, a hard 25x25) from adding more than half a second before the solver.
/// With CaDiCaL behind it, 100 ms instead of 500 left the 364 ISS strings of the tests at
/// 101.9 s against 101.5 s in all: most that reach CaDiCaL 0.1-0.6 s sooner, a few that the
/// split settles 4-15x later (0.4 s -> 5.9 s).
pub const PIPELINE_BUDGET: Budget = Budget {
    parts: 20_000,
    time: Some(Duration::from_millis(500)),
};

/// How much a split may examine before it stops unsettled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Parts examined per question.
    pub parts: usize,
    /// Time spent per question, if bounded.
    pub time: Option<Duration>,
}

/// Which open cell a part is split on, and the order its values are tried in.
pub enum Order<'a> {
    /// The cell with the fewest candidates per failure it took part in (dom/wdeg); values
    /// from the smallest.
    Failures,
    /// A cell drawn among those with the fewest candidates; values in a random order.
    Random(&'a mut ChaCha8Rng),
    /// The first cell with the fewest candidates; the value `grid` holds there first, then
    /// the others from the smallest.
    Prefer(&'a Grid),
}

/// What one question to a split ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A verified grid not yielded before.
    Found(Grid),
    /// Every part settled without another: there is none.
    Nothing,
    /// The budget ran out first; the split cannot be asked again.
    Unsettled,
    /// The deadline passed first.
    TimeLimit,
}

/// The parts of the search not yet examined, in depth-first order, and what failed so far.
pub struct Split<'a> {
    parts: Vec<Domains>,
    /// Per cell (row-major), one more than the times a part failed with the cell emptied.
    failures: Vec<u32>,
    order: Order<'a>,
    budget: Budget,
}

impl<'a> Split<'a> {
    /// A split over the completions of `domains` (already narrowed), in `order`, examining
    /// at most `budget` per question.
    pub fn new(domains: &Domains, order: Order<'a>, budget: Budget) -> Self {
        Split {
            parts: vec![domains.clone()],
            failures: vec![1; domains.rows() * domains.cols()],
            order,
            budget,
        }
    }

    /// The next verified grid among the completions not examined yet.
    pub fn next(&mut self, puzzle: &dyn Puzzle, rules: &Reductions, deadline: Deadline) -> Step {
        let mut examined = 0;
        let started = Instant::now();
        while let Some(part) = self.parts.pop() {
            examined += 1;
            let late = |limit| examined % 64 == 0 && started.elapsed() > limit;
            if examined > self.budget.parts || self.budget.time.is_some_and(late) {
                return Step::Unsettled;
            }
            if deadline.passed() {
                return Step::TimeLimit;
            }
            let Some((r, c)) = self.branching_cell(&part) else {
                // Every cell decided: one grid, a solution only if the verifier says so.
                match part.solved_grid() {
                    Some(grid) if puzzle.verify(&grid).is_ok() => return Step::Found(grid),
                    _ => continue,
                }
            };
            // Pushed in reverse, so that the first value is tried first.
            let set = part.get(r, c);
            if let Order::Failures = self.order {
                for k in (0..64).rev().filter(|&k| set >> k & 1 == 1) {
                    self.push_part(&part, (r, c), k, rules);
                }
            } else {
                let (values, count) = self.values(&part, (r, c));
                for &k in values[..count].iter().rev() {
                    self.push_part(&part, (r, c), k, rules);
                }
            }
        }
        Step::Nothing
    }

    /// Pushes `part` with `cell` set to candidate `k`, when it survives narrowing.
    fn push_part(&mut self, part: &Domains, cell: (usize, usize), k: u32, rules: &Reductions) {
        let mut child = part.clone();
        child.set(cell.0, cell.1, 1 << k);
        if rules.narrow(&mut child, Some(cell)) {
            self.parts.push(child);
        } else {
            self.count_failure(&child);
        }
    }

    /// The candidates of `cell` (bit indices) in the order a random or preferring split tries
    /// them, and how many.
    fn values(&mut self, part: &Domains, cell: (usize, usize)) -> ([u32; 64], usize) {
        let set = part.get(cell.0, cell.1);
        let (mut values, mut count) = ([0u32; 64], 0);
        for k in (0..64).filter(|&k| set >> k & 1 == 1) {
            values[count] = k;
            count += 1;
        }
        match &mut self.order {
            Order::Failures => {}
            Order::Random(rng) => values[..count].shuffle(rng),
            Order::Prefer(grid) => {
                let first = part.index_of(i64::from(grid.get(cell.0, cell.1)));
                values[..count].sort_by_key(|&k| Some(k as usize) != first);
            }
        }
        (values, count)
    }

    /// A failed part shows what failed by its emptied cells: each counts one more failure.
    fn count_failure(&mut self, failed: &Domains) {
        if !matches!(self.order, Order::Failures) {
            return;
        }
        for (cell, count) in self.failures.iter_mut().enumerate() {
            if failed.at(cell) == 0 {
                *count += 1;
            }
        }
    }

    /// The open cell to split on, as the order says; `None` when every cell is decided.
    fn branching_cell(&mut self, domains: &Domains) -> Option<(usize, usize)> {
        let cols = domains.cols();
        let at = |i: usize| (i / cols, i % cols);
        match &mut self.order {
            Order::Failures => self.weighted_cell(domains),
            Order::Prefer(_) => fewest(domains).first().map(|&i| at(i)),
            Order::Random(rng) => {
                let tied = fewest(domains);
                (!tied.is_empty()).then(|| at(tied[rng.random_range(0..tied.len())]))
            }
        }
    }

    /// The open cell with the fewest candidates per failure it took part in (dom/wdeg, as in
    /// constraint solvers: cells in rules that keep failing are decided first); among equals,
    /// the one whose row and column hold the most open candidates, where a choice narrows
    /// the most. Failure counts took gecode-19 from no solution in 30 s to 12 s (when
    /// measured, before the later speed-ups of the reductions).
    fn weighted_cell(&self, domains: &Domains) -> Option<(usize, usize)> {
        // Grids have at most 64 rows and columns.
        let (mut row_open, mut col_open) = ([0u32; 64], [0u32; 64]);
        let (row_open, col_open) = (
            &mut row_open[..domains.rows()],
            &mut col_open[..domains.cols()],
        );
        for (r, row) in row_open.iter_mut().enumerate() {
            for (c, col) in col_open.iter_mut().enumerate() {
                let count = domains.get(r, c).count_ones();
                if count > 1 {
                    *row += count;
                    *col += count;
                }
            }
        }
        // (cell, candidates, failures, open candidates in its row and column)
        let mut best: Option<((usize, usize), u64, u64, u32)> = None;
        for (r, &row) in row_open.iter().enumerate() {
            for (c, &col) in col_open.iter().enumerate() {
                let count = u64::from(domains.get(r, c).count_ones());
                let failures = u64::from(self.failures[r * domains.cols() + c]);
                if count < 2 {
                    continue;
                }
                let better = best.is_none_or(|(_, best_count, best_failures, best_open)| {
                    // count / failures below best_count / best_failures, without division.
                    let (this, that) = (count * best_failures, best_count * failures);
                    this < that || this == that && row + col > best_open
                });
                if better {
                    best = Some(((r, c), count, failures, row + col));
                }
            }
        }
        best.map(|(cell, ..)| cell)
    }
}

/// The open cells (row-major indices) with the fewest candidates, in order.
fn fewest(domains: &Domains) -> Vec<usize> {
    let counts = (0..domains.rows() * domains.cols()).map(|i| (i, domains.at(i).count_ones()));
    let open: Vec<(usize, u32)> = counts.filter(|&(_, n)| n > 1).collect();
    let Some(least) = open.iter().map(|&(_, n)| n).min() else {
        return Vec::new();
    };
    (open.into_iter())
        .filter(|&(_, n)| n == least)
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{boxes, columns, rows};
    use crate::puzzle::latin::{Latin, Style};
    use crate::puzzle::symbols::Alphabet;

    /// A 4x4 Sudoku with the given first row (0 blank).
    fn sudoku(first_row: [u32; 4]) -> Latin {
        let mut givens = Grid::filled(4, 4, 0);
        for (c, v) in first_row.into_iter().enumerate() {
            givens.set(0, c, v);
        }
        let areas = [rows(4, 4), columns(4, 4), boxes(4, 2, 2)].concat();
        Latin::new(areas, Vec::new(), givens, Style::Compact(Alphabet::Digits))
    }

    /// Every grid a split of `puzzle` in `order` yields, until it settles.
    fn every_grid(puzzle: &Latin, order: Order) -> Vec<Grid> {
        let reduced = puzzle.reduce(Deadline::none()).unwrap();
        let mut split = Split::new(&reduced.domains, order, PIPELINE_BUDGET);
        let mut found: Vec<Grid> = Vec::new();
        loop {
            match split.next(puzzle, &reduced.reductions, Deadline::none()) {
                Step::Found(grid) => {
                    assert!(puzzle.verify(&grid).is_ok());
                    assert!(!found.contains(&grid), "yielded twice");
                    found.push(grid);
                }
                Step::Nothing => return found,
                other => panic!("a 4x4 settles: {other:?}"),
            }
        }
    }

    #[test]
    fn a_split_yields_each_verified_grid_once_then_settles_when_none_is_left() {
        // A 4x4 with its first row given has 12 completions, in any order.
        let puzzle = sudoku([1, 2, 3, 4]);
        let mut sorted = every_grid(&puzzle, Order::Failures);
        assert_eq!(sorted.len(), 12);
        sorted.sort_by_key(|g| format!("{g:?}"));
        let mut rng = rand::SeedableRng::seed_from_u64(7);
        let mut random = every_grid(&puzzle, Order::Random(&mut rng));
        random.sort_by_key(|g| format!("{g:?}"));
        assert_eq!(random, sorted);
    }

    #[test]
    fn a_preferred_grid_that_is_a_solution_is_found_first() {
        let puzzle = sudoku([1, 2, 3, 4]);
        let rows = [[1, 2, 3, 4], [3, 4, 1, 2], [4, 3, 2, 1], [2, 1, 4, 3]];
        let wanted = Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap();
        assert!(puzzle.verify(&wanted).is_ok(), "the fixture is a solution");
        let first = every_grid(&puzzle, Order::Prefer(&wanted)).remove(0);
        assert_eq!(first, wanted);
        // Not the smallest-first split's first grid, so the preference is what found it.
        assert_ne!(every_grid(&puzzle, Order::Failures)[0], wanted);
    }

    #[test]
    fn a_cell_that_took_part_in_enough_failures_is_split_on_before_one_with_fewer_candidates() {
        let mut domains = Domains::full(1, 3, vec![1, 2, 3]);
        domains.set(0, 0, 0b011);
        let mut split = Split::new(&domains, Order::Failures, PIPELINE_BUDGET);
        assert_eq!(split.weighted_cell(&domains), Some((0, 0)), "fewest first");
        // Three failures emptied r1c3: 3 candidates over 4 beats r1c1's 2 over 1.
        let mut failed = domains.clone();
        failed.set(0, 2, 0);
        for _ in 0..3 {
            split.count_failure(&failed);
        }
        assert_eq!(split.weighted_cell(&domains), Some((0, 2)));
    }

    #[test]
    fn a_split_settles_a_puzzle_with_no_solution() {
        // Rows 1 and 2 of a 4x4 forced to share a box value: every part dies.
        let puzzle = sudoku([1, 2, 0, 0]);
        let reduced = puzzle.reduce(Deadline::none()).unwrap();
        let mut domains = reduced.domains.clone();
        domains.set(1, 0, 0b0001);
        let mut split = Split::new(&domains, Order::Failures, PIPELINE_BUDGET);
        assert_eq!(
            split.next(&puzzle, &reduced.reductions, Deadline::none()),
            Step::Nothing
        );
    }
}
