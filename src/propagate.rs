//! Exact candidate reductions on all-different areas, run before the MIP is built.

use crate::model::Domains;

/// A set of cells whose values must all differ.
pub type Area = Vec<(usize, usize)>;

/// Removes candidates ruled out by `areas`, repeated to a fixed point: a decided cell's value
/// leaves the other cells of its areas, and in an area with a cell per value, a value with one
/// place left is put there. Returns `false` when some cell or value runs out of places.
pub fn all_different(domains: &mut Domains, areas: &[Area]) -> bool {
    let nv = domains.values().len();
    let mut changed = true;
    while changed {
        changed = false;
        for area in areas {
            let mut decided = 0u64;
            for &(r, c) in area {
                let set = domains.get(r, c);
                if set.count_ones() == 1 {
                    if decided & set != 0 {
                        return false;
                    }
                    decided |= set;
                }
            }
            for &(r, c) in area {
                let set = domains.get(r, c);
                if set.count_ones() > 1 {
                    changed |= domains.restrict(r, c, !decided);
                }
            }
            if area.len() == nv {
                for k in 0..nv {
                    let bit = 1u64 << k;
                    let mut places = area.iter().filter(|&&(r, c)| domains.get(r, c) & bit != 0);
                    match (places.next(), places.next()) {
                        (None, _) => return false,
                        (Some(&(r, c)), None) => changed |= domains.restrict(r, c, bit),
                        _ => {}
                    }
                }
            }
            if area.iter().any(|&(r, c)| domains.get(r, c) == 0) {
                return false;
            }
        }
    }
    true
}

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

/// Grids with more candidates than this skip probing: its cost grows faster than its gain.
const PROBE_LIMIT: usize = 8192;

/// Failed-literal probing (as a MIP presolve's probing does): a candidate whose trial
/// assignment makes `propagate` fail is removed, repeated to a fixed point. Returns `false`
/// when the puzzle has no solution.
pub fn probe(domains: &mut Domains, propagate: impl Fn(&mut Domains) -> bool) -> bool {
    if !propagate(domains) {
        return false;
    }
    let (rows, cols) = (domains.rows(), domains.cols());
    if rows * cols * domains.values().len() > PROBE_LIMIT {
        return true;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for r in 0..rows {
            for c in 0..cols {
                let set = domains.get(r, c);
                if set.count_ones() < 2 {
                    continue;
                }
                let mut removed = false;
                for k in (0..64).filter(|&k| set >> k & 1 == 1) {
                    let mut trial = domains.clone();
                    trial.set(r, c, 1 << k);
                    if !propagate(&mut trial) {
                        removed |= domains.restrict(r, c, !(1u64 << k));
                    }
                }
                // Only a removal at this cell can give the reductions anything new.
                if removed && (domains.get(r, c) == 0 || !propagate(domains)) {
                    return false;
                }
                changed |= removed;
            }
        }
    }
    true
}
