//! A puzzle as data, [`RuleSet`]: its shape, values, givens and rules; and the machinery
//! written once over rules: exact reductions to a fixed point (with probing), the model's
//! rows, the formulation documents' model and the exact verifier.

use std::sync::Arc;

use super::distinct::Distinct;
use super::Rule;
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::geometry::{columns, rows, Area};
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::reduce;
use crate::split9;

/// A puzzle's shape, values, givens and rules.
#[derive(Debug, Clone)]
pub struct RuleSet {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The values a cell may take, in candidate order.
    pub values: Vec<i64>,
    /// Per cell (row-major), its given value, if any.
    pub givens: Vec<Option<u32>>,
    /// The rules, narrowed in this order.
    pub rules: Vec<Arc<dyn Rule>>,
}

impl RuleSet {
    /// The candidates before any reduction: a given cell holds its value only (none, for a
    /// value the puzzle does not have).
    fn candidates(&self) -> Domains {
        let mut domains = Domains::full(self.rows, self.cols, self.values.clone());
        for (cell, given) in self.givens.iter().enumerate() {
            if let Some(v) = given {
                let k = domains.index_of(i64::from(*v));
                domains.restrict_at(cell, k.map_or(0, |k| 1 << k));
            }
        }
        domains
    }

    /// Exact reductions (the rules to a fixed point, then probing), once per puzzle: the
    /// candidates left and the rules prepared on them; `None` when they prove there is no
    /// solution. Past the deadline they stop early, which loses reductions, never solutions.
    pub fn reduce(&self, deadline: Deadline) -> Option<Reduced> {
        self.reduce_probing(deadline, true)
    }

    /// [`RuleSet::reduce`] for a generator's frame, reduced once per attempt: a frame the
    /// rules leave wholly open (a blank grid) is not probed. There each trial is one value in
    /// an empty grid: hundreds of propagations (35% of an advanced 9x9's generation) for
    /// what the split finds anyway.
    pub fn reduce_frame(&self, deadline: Deadline) -> Option<Reduced> {
        self.reduce_probing(deadline, false)
    }

    fn reduce_probing(&self, deadline: Deadline, probe_open_grid: bool) -> Option<Reduced> {
        let mut domains = self.candidates();
        if domains.has_empty_cell() {
            return None;
        }
        let distinct = Distinct::of(&self.rules, self.rows, self.cols);
        let rules = (self.rules.iter())
            .map(|rule| rule.knowing(&distinct).unwrap_or_else(|| Arc::clone(rule)))
            .collect();
        let mut reductions = Reductions { rules };
        reductions.prepare(&domains);
        if !reductions.narrow(&mut domains, None) {
            return None;
        }
        // What a rule prepares anew (cage tables filtered, or listed once small enough) may
        // narrow further: probing and the split start from a fixed point. Filtering after
        // the first fixed point keeps each of probing's many passes cheap.
        if reductions.prepare(&domains) && !reductions.narrow(&mut domains, None) {
            return None;
        }
        let open = domains.open_candidates() == self.rows * self.cols * self.values.len();
        let probe = |domains: &mut Domains| {
            reduce::probe(domains, deadline, |d, cell| reductions.narrow(d, cell))
        };
        if (probe_open_grid || !open) && !probe(&mut domains) {
            return None;
        }
        if reductions.prepare(&domains) && !reductions.narrow(&mut domains, None) {
            return None;
        }
        Some(Reduced {
            domains,
            reductions,
        })
    }

    /// Whether the puzzle is a plain 9x9 Sudoku: values 1..9, and its one rule the rows,
    /// columns and 3x3 boxes ([`crate::split9`] searches it).
    pub fn plain_9x9(&self) -> bool {
        let areas = match self.rules.as_slice() {
            [rule] => rule.all_different_areas(),
            _ => None,
        };
        (self.rows, self.cols) == (9, 9)
            && self.values.iter().copied().eq(1..=9)
            && areas.is_some_and(split9::plain)
    }

    /// The side of a Latin square without givens (rows and columns all different, values
    /// 1..=n, nothing else), whose random fills need no search.
    pub fn blank_latin_square(&self) -> Option<usize> {
        let n = self.rows;
        let areas = match self.rules.as_slice() {
            [rule] => rule.all_different_areas()?,
            _ => return None,
        };
        let lines = [rows(n, n), columns(n, n)].concat();
        let same = |a: &Area| lines.iter().any(|l| l.cells == a.cells);
        let latin = self.cols == n
            && self.values.iter().copied().eq(1..=n as i64)
            && self.givens.iter().all(Option::is_none)
            && areas.len() == 2 * n
            && areas.iter().all(same)
            && lines
                .iter()
                .all(|l| areas.iter().any(|a| a.cells == l.cells));
        latin.then_some(n)
    }

    /// The formulation documents' model: every `x[r,c,k]`, no reductions, givens as rows,
    /// each rule's documents' rows.
    pub fn documents_model(&self) -> Model {
        let all = Domains::full(self.rows, self.cols, self.values.clone());
        let mut model = Model::explicit(all);
        for (cell, given) in self.givens.iter().enumerate() {
            let index = given.and_then(|v| self.values.iter().position(|&w| w == i64::from(v)));
            if let Some(k) = index {
                model.fix(cell / self.cols, cell % self.cols, k);
            }
        }
        for rule in &self.rules {
            rule.documents(&mut model);
        }
        model
    }

    /// Every rule a complete grid breaks, checked in exact integers independently of the
    /// model: the shape, the range of values and the givens first, then each rule.
    pub fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let (rows, cols) = (self.rows, self.cols);
        if grid.rows() != rows || grid.cols() != cols {
            return vec![Violation::Shape { rows, cols }];
        }
        let (min, max) = (self.values[0], self.values[self.values.len() - 1]);
        // Values 1..n (most puzzles) are checked as a range, not looked up.
        let counting = self.values.iter().copied().eq(min..=max);
        let valid = |v: i64| match counting {
            true => (min..=max).contains(&v),
            false => self.values.contains(&v),
        };
        let mut found = Vec::new();
        for (i, &value) in grid.values().iter().enumerate() {
            let cell = || (i / cols, i % cols);
            let given = self.givens.get(i).copied().flatten();
            if !valid(i64::from(value)) {
                let cell = cell();
                let (min, max) = (min as u32, max as u32);
                found.push(Violation::OutOfRange {
                    cell,
                    value,
                    min,
                    max,
                });
            } else if let Some(given) = given.filter(|&g| g != value) {
                let cell = cell();
                found.push(Violation::Given { cell, value, given });
            }
        }
        // The rules speak of the puzzle's values only.
        if found
            .iter()
            .any(|v| matches!(v, Violation::OutOfRange { .. }))
        {
            return found;
        }
        found.extend(self.rules.iter().flat_map(|rule| rule.violations(grid)));
        found
    }
}

/// The rules prepared for reductions, narrowed together to a fixed point.
pub struct Reductions {
    rules: Vec<Arc<dyn Rule>>,
}

impl Reductions {
    /// `rules`, prepared already, to narrow together.
    pub fn new(rules: Vec<Arc<dyn Rule>>) -> Self {
        Reductions { rules }
    }

    /// Lets each rule work out again what it keeps from the candidates; `true` when one
    /// did.
    fn prepare(&mut self, domains: &Domains) -> bool {
        let mut any = false;
        for rule in &mut self.rules {
            if let Some(prepared) = rule.prepared(domains) {
                *rule = prepared;
                any = true;
            }
        }
        any
    }

    /// Every rule's reductions to a common fixed point; `false` when a cell runs out of
    /// candidates. With `changed`, only that cell changed since the last fixed point, so each
    /// rule starts from it. Each rule is handed the cells narrowed since it last ran (a log
    /// of changes, one read position per rule) until no rule has anything new.
    pub fn narrow(&self, domains: &mut Domains, changed: Option<Cell>) -> bool {
        let (mut log, mut shrunk) = LOGS.take();
        log.clear();
        log.extend(changed.map(|(r, c)| r * domains.cols() + c));
        let ok = self.narrow_logged(domains, changed.is_none(), &mut log, &mut shrunk);
        LOGS.set((log, shrunk));
        ok
    }

    /// [`Reductions::narrow`] with the log of cells changed so far (`everything`: look at
    /// every cell first) and a buffer for one rule's changes.
    fn narrow_logged(
        &self,
        domains: &mut Domains,
        mut everything: bool,
        log: &mut Vec<usize>,
        shrunk: &mut Vec<usize>,
    ) -> bool {
        let (mut few, mut many);
        let read: &mut [usize] = match self.rules.len() {
            n if n <= FEW_RULES => {
                few = [0; FEW_RULES];
                &mut few[..n]
            }
            n => {
                many = vec![0; n];
                &mut many
            }
        };
        loop {
            let mut quiet = true;
            for (rule, read) in self.rules.iter().zip(read.iter_mut()) {
                let since = (!everything).then(|| &log[*read..]);
                if since.is_some_and(|cells| cells.is_empty()) {
                    continue;
                }
                quiet = false;
                shrunk.clear();
                if !rule.narrow(domains, since, shrunk) {
                    return false;
                }
                log.extend_from_slice(shrunk);
                // The rule is at its own fixed point: its own changes are nothing new to it.
                *read = log.len();
            }
            everything = false;
            if quiet {
                return true;
            }
        }
    }
}

thread_local! {
    /// [`Reductions::narrow`]'s log and buffer, kept per thread between calls, so that the
    /// split's and probing's many calls allocate nothing.
    static LOGS: std::cell::Cell<(Vec<usize>, Vec<usize>)> = Default::default();
}

/// Rule lists up to this long keep their read positions on the stack.
const FEW_RULES: usize = 8;

/// What the reductions leave for the split and the model.
pub struct Reduced {
    /// Candidate values per cell.
    pub domains: Domains,
    /// The same exact reductions, to run again on a part of the search (some cells fixed).
    pub reductions: Reductions,
}

impl Reduced {
    /// Asserts that narrowing from one decided cell reaches the same fixed point (or the
    /// same failure) as narrowing everything, for every open candidate of every cell: the
    /// change log loses nothing. Returns the trials made.
    #[cfg(test)]
    pub fn assert_narrowing_from_each_cell_is_complete(&self) -> usize {
        let (rows, cols) = (self.domains.rows(), self.domains.cols());
        let mut trials = 0;
        for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
            let set = self.domains.get(r, c);
            for k in (0..64).filter(|&k| set >> k & 1 == 1 && set.count_ones() > 1) {
                let mut from_cell = self.domains.clone();
                from_cell.set(r, c, 1 << k);
                let mut everything = from_cell.clone();
                let (a, b) = (
                    self.reductions.narrow(&mut from_cell, Some((r, c))),
                    self.reductions.narrow(&mut everything, None),
                );
                assert_eq!(a, b, "r{r}c{c} = candidate {k}");
                if a {
                    assert_eq!(from_cell, everything, "r{r}c{c} = candidate {k}");
                }
                trials += 1;
            }
        }
        trials
    }

    /// Adds every rule's rows to a model built on the reduced candidates, using what the
    /// rules prepared (cage tables). It may stop early once the deadline has passed: the
    /// caller then never solves the model.
    pub fn constrain(&self, model: &mut Model, deadline: Deadline) {
        for rule in &self.reductions.rules {
            if deadline.passed() {
                return;
            }
            rule.constrain(model, deadline);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{columns, rows};
    use crate::rule::Areas;

    /// A 2x2 Latin square of 1 and 2 with `givens`.
    fn square(givens: Vec<Option<u32>>) -> RuleSet {
        let lines = [rows(2, 2), columns(2, 2)].concat();
        RuleSet {
            rows: 2,
            cols: 2,
            values: vec![1, 2],
            givens,
            rules: vec![Arc::new(Areas::new(lines.into(), 2, 2))],
        }
    }

    #[test]
    fn every_cell_is_checked_whatever_the_givens_list_holds() {
        let grid = Grid::from_rows(vec![vec![1, 2], vec![2, 3]]).unwrap();
        let found = square(Vec::new()).violations(&grid);
        assert!(
            matches!(
                found[..],
                [Violation::OutOfRange {
                    cell: (1, 1),
                    value: 3,
                    ..
                }]
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_given_the_puzzle_has_no_value_for_leaves_no_solution() {
        let givens = vec![Some(7), None, None, None];
        assert!(square(givens).reduce(Deadline::none()).is_none());
        assert!(square(vec![Some(2), None, None, None])
            .reduce(Deadline::none())
            .is_some());
    }

    #[test]
    fn a_puzzle_without_givens_is_probed_and_only_a_generators_frame_is_not() {
        // No givens, and rules (anti-knight, nonconsecutive, palindrome, dots) that narrow
        // nothing alone: the grid is wholly open when probing starts, and probing narrows it.
        let path = "puzzles/sudoku/fpuzzles-bird-in-a-storm-palindrome-kropki-9x9.txt";
        let text = std::fs::read_to_string(path).unwrap();
        let kind = crate::puzzle::find("sudoku").unwrap();
        let parsed = (kind.parse)(&text, &crate::puzzle::Options::new()).unwrap();
        let set = parsed[0].puzzle.as_ref().unwrap().rules();
        assert!(set.givens.iter().all(Option::is_none));
        let open = |reduced: Option<Reduced>| reduced.unwrap().domains.open_candidates();
        let frame = open(set.reduce_frame(Deadline::none()));
        assert_eq!(frame, 81 * 9, "the rules alone narrow nothing");
        assert!(open(set.reduce(Deadline::none())) < frame);
    }
}
