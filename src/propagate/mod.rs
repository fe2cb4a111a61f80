//! Exact candidate reductions, run before the MIP is built.

mod all_different;

pub use all_different::AllDifferent;

use crate::model::Domains;

/// A set of cells whose values must all differ.
pub type Area = Vec<(usize, usize)>;

/// The rows of a `rows` x `cols` grid.
pub fn rows(rows: usize, cols: usize) -> Vec<Area> {
    (0..rows)
        .map(|r| (0..cols).map(|c| (r, c)).collect())
        .collect()
}

/// The columns of a `rows` x `cols` grid.
pub fn columns(rows: usize, cols: usize) -> Vec<Area> {
    (0..cols)
        .map(|c| (0..rows).map(|r| (r, c)).collect())
        .collect()
}

/// Grids with more open candidates than this skip probing: its cost grows faster than its gain.
const PROBE_LIMIT: usize = 8192;

/// Failed-literal probing (as a MIP presolve's probing does): a candidate whose trial
/// assignment makes `propagate` fail is removed, repeated to a fixed point. Returns `false`
/// when the puzzle has no solution.
pub fn probe(domains: &mut Domains, propagate: impl Fn(&mut Domains) -> bool) -> bool {
    if !propagate(domains) {
        return false;
    }
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
                reachable.clear();
                for k in (0..64).filter(|&k| set >> k & 1 == 1) {
                    trial.clone_from(domains);
                    trial.set(r, c, 1 << k);
                    if propagate(&mut trial) {
                        reachable.unite(&trial);
                    }
                }
                // Whatever no trial of this cell kept is ruled out; only a removal can give
                // the reductions anything new.
                if domains.intersect(&reachable) {
                    if domains.has_empty_cell() || !propagate(domains) {
                        return false;
                    }
                    changed = true;
                }
            }
        }
    }
    true
}
