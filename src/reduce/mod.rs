//! Exact candidate reductions (deductions without guessing), run before the MIP is built.

mod all_different;
mod matching;

pub use all_different::AllDifferent;

use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::grid::Cell;

/// Grids with more open candidates than this skip probing: its cost grows faster than its gain.
const PROBE_LIMIT: usize = 8192;

/// Probing (as a MIP presolve's probing does) on `domains` at `propagate`'s fixed point:
/// each candidate of an undecided cell is tried with `propagate`; a candidate whose trial
/// fails is removed, and so is any candidate, in any cell, that no surviving trial of that
/// cell keeps. Repeated to a fixed point, or until the deadline passes (stopping early loses
/// reductions, never solutions). Returns `false` when the puzzle has no solution.
pub fn probe(
    domains: &mut Domains,
    deadline: Deadline,
    propagate: impl Fn(&mut Domains, Option<Cell>) -> bool,
) -> bool {
    let (rows, cols) = (domains.rows(), domains.cols());
    if domains.open_candidates() > PROBE_LIMIT {
        return true;
    }
    let mut trial = domains.clone();
    let mut reachable = domains.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for r in 0..rows {
            for c in 0..cols {
                let set = domains.get(r, c);
                if set.count_ones() < 2 {
                    continue;
                }
                if deadline.passed() {
                    return true;
                }
                reachable.clear();
                for k in (0..64).filter(|&k| set >> k & 1 == 1) {
                    trial.clone_from(domains);
                    trial.set(r, c, 1 << k);
                    if propagate(&mut trial, Some((r, c))) {
                        reachable.unite(&trial);
                    }
                }
                // Whatever no trial of this cell kept is ruled out; only a removal can give
                // the reductions anything new.
                if domains.intersect(&reachable) {
                    if domains.has_empty_cell() || !propagate(domains, None) {
                        return false;
                    }
                    changed = true;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two cells that must differ, each 1 or 2, and a third cell equal to the first.
    fn pair_rules(d: &mut Domains, _: Option<Cell>) -> bool {
        let (a, b) = (d.get(0, 0), d.get(0, 1));
        if a.count_ones() == 1 {
            d.restrict(0, 1, !a);
            d.restrict(0, 2, a);
        }
        if b.count_ones() == 1 {
            d.restrict(0, 0, !b);
        }
        !d.has_empty_cell()
    }

    #[test]
    fn a_candidate_no_trial_keeps_is_removed() {
        let mut domains = Domains::full(1, 3, vec![1, 2, 3]);
        domains.set(0, 0, 0b011);
        domains.set(0, 1, 0b011);
        // Whichever value the first cell takes, the third cell copies it: 3 is never kept.
        assert!(probe(&mut domains, Deadline::none(), pair_rules));
        assert_eq!(domains.get(0, 2), 0b011);
    }

    #[test]
    fn a_candidate_whose_trial_fails_is_removed() {
        let mut domains = Domains::full(1, 3, vec![1, 2, 3]);
        domains.set(0, 0, 0b011);
        domains.set(0, 1, 0b011);
        domains.set(0, 2, 0b010);
        // The rules alone decide nothing; trying r1c1 = 1 empties the third cell.
        let mut reduced = domains.clone();
        assert!(pair_rules(&mut reduced, None) && reduced == domains);
        assert!(probe(&mut domains, Deadline::none(), pair_rules));
        assert_eq!((domains.get(0, 0), domains.get(0, 1)), (0b010, 0b001));
    }
}
