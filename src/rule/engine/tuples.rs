//! Narrowing by search, for rules over a few cells or one line whose candidates no formula
//! narrows well (lockout lines, lunchboxes, rellik cages, sandwiches, X-sums, skyscrapers): every
//! assignment of the group's cells from their candidates is tried, cut short where the rule
//! refuses a prefix, and each cell keeps the values of the assignments the rule accepts. Past
//! a budget of tries the group is left as it is (a complete assignment is always checked), so
//! narrowing stays exact and cheap.

use super::restrict;
use crate::domains::Domains;
use crate::grid::Cell;

/// The most assignments (and prefixes) tried per group and pass.
const BUDGET: usize = 8192;

/// Groups whose candidates make more assignments than this (their product) are not searched:
/// too wide to narrow yet.
const WIDE: u64 = 100_000;

/// A rule's test of a group's values: `(values, complete)`.
pub type Test<'a> = dyn Fn(&[i64], bool) -> bool + 'a;

/// A group of cells and what its values must keep: `keeps(values, complete)` is `false` when
/// no assignment starting with `values` (all of them, when `complete`) keeps the rule.
pub struct Group<'a> {
    /// The cells, in the order the rule reads them.
    pub cells: Vec<Cell>,
    /// Whether the values differ (a row, a column, a renban line): prefixes repeating one are
    /// not tried.
    pub distinct: bool,
    /// The rule's test.
    pub keeps: Box<Test<'a>>,
}

/// Narrows every group to the rule's fixed point, starting with the groups holding a cell of
/// `changed` (all of them when `None`); `false` when a group has no accepted assignment.
pub fn narrow_groups(
    domains: &mut Domains,
    changed: Option<&[usize]>,
    groups: &[Group],
    shrunk: &mut Vec<usize>,
) -> bool {
    let cols = domains.cols();
    let mut fresh: Option<Vec<usize>> = changed.map(<[usize]>::to_vec);
    loop {
        let before = shrunk.len();
        for group in groups {
            let touched = |cells: &Vec<usize>| {
                (group.cells.iter()).any(|&(r, c)| cells.contains(&(r * cols + c)))
            };
            if fresh.as_ref().is_some_and(|cells| !touched(cells)) {
                continue;
            }
            if !narrow(domains, group, shrunk) {
                return false;
            }
        }
        if shrunk.len() == before {
            return true;
        }
        fresh = Some(shrunk[before..].to_vec());
    }
}

/// Narrows the cells of `group` to the values of accepted assignments; `false` when there is
/// none. A group too wide or over budget is left as it is (a complete one is always checked).
fn narrow(domains: &mut Domains, group: &Group, shrunk: &mut Vec<usize>) -> bool {
    let cols = domains.cols();
    let index: Vec<usize> = group.cells.iter().map(|&(r, c)| r * cols + c).collect();
    let sets: Vec<u64> = index.iter().map(|&i| domains.at(i)).collect();
    let assignments = (sets.iter()).try_fold(1u64, |p, s| p.checked_mul(u64::from(s.count_ones())));
    if assignments.is_none_or(|count| count > WIDE) {
        return true;
    }
    let mut search = Search {
        values: domains.values(),
        sets: &sets,
        group,
        prefix: Vec::with_capacity(sets.len()),
        chosen: Vec::with_capacity(sets.len()),
        seen: vec![0; sets.len()],
        tries: 0,
    };
    let complete = search.visit();
    if search.tries > BUDGET && !complete {
        return true;
    }
    let seen = search.seen;
    for (&cell, keep) in index.iter().zip(seen) {
        if !restrict(domains, cell, keep, shrunk) {
            return false;
        }
    }
    true
}

/// A depth-first walk over a group's assignments.
struct Search<'a> {
    values: &'a [i64],
    sets: &'a [u64],
    group: &'a Group<'a>,
    /// Candidate indexes chosen so far.
    prefix: Vec<usize>,
    /// Their values.
    chosen: Vec<i64>,
    /// Per cell, the candidates of accepted assignments.
    seen: Vec<u64>,
    tries: usize,
}

impl Search<'_> {
    /// Walks on from the prefix; `true` when it finished within the budget.
    fn visit(&mut self) -> bool {
        self.tries += 1;
        if self.tries > BUDGET {
            return false;
        }
        let depth = self.prefix.len();
        let complete = depth == self.sets.len();
        if !(self.group.keeps)(&self.chosen, complete) {
            return true;
        }
        if complete {
            for (cell, &k) in self.prefix.iter().enumerate() {
                self.seen[cell] |= 1 << k;
            }
            return true;
        }
        let mut bits = self.sets[depth];
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.group.distinct && self.prefix.contains(&k) {
                continue;
            }
            self.prefix.push(k);
            self.chosen.push(self.values[k]);
            let finished = self.visit();
            self.prefix.pop();
            self.chosen.pop();
            if !finished {
                return false;
            }
        }
        true
    }
}
