//! The value sets a sum cage of pairwise different cells may hold, for a cage too large to
//! list its assignments (a Killer cage of eight cells): the sets of distinct candidates that
//! add up to the target and meet every cell. Each cell keeps the values of some set; a value
//! in every set must sit in one of the cells that may hold it.

use super::{Cage, Op};
use crate::domains::Domains;
use crate::rule::engine::restrict;

/// Value sets tried at most per call (larger cages on larger grids are left to their rows).
const BUDGET: usize = 20_000;

/// Narrows a sum `cage` whose cells all differ to its value sets; `None` when it is no sum or
/// the sets run past the budget (nothing narrowed), `Some(false)` when a cell runs out.
pub fn narrow(cage: &Cage, domains: &mut Domains, shrunk: &mut Vec<usize>) -> Option<bool> {
    if cage.op != Op::Add {
        return None;
    }
    let cols = domains.cols();
    let cells: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * cols + c).collect();
    let sets: Vec<u64> = cells.iter().map(|&cell| domains.at(cell)).collect();
    let values = domains.values().to_vec();
    let union = sets.iter().fold(0, |u, &s| u | s);
    let pool: Vec<usize> = (0..values.len()).filter(|&k| union >> k & 1 == 1).collect();
    let mut walk = Walk {
        values: &values,
        pool: &pool,
        sets: &sets,
        allowed: 0,
        required: u64::MAX,
        tries: 0,
    };
    let target = i64::try_from(cage.target).ok()?;
    if !walk.visit(0, cells.len(), target, 0) {
        return None;
    }
    let (allowed, required) = (walk.allowed, walk.required);
    if allowed == 0 {
        return Some(false);
    }
    for &cell in &cells {
        if !restrict(domains, cell, allowed, shrunk) {
            return Some(false);
        }
    }
    for k in (0..values.len()).filter(|&k| required >> k & 1 == 1) {
        let mut holders = cells.iter().filter(|&&cell| domains.at(cell) >> k & 1 == 1);
        match (holders.next(), holders.next()) {
            (None, _) => return Some(false),
            (Some(&only), None) if !restrict(domains, only, 1 << k, shrunk) => return Some(false),
            _ => {}
        }
    }
    Some(true)
}

/// A walk over the value sets of a cage, from the smallest values up.
struct Walk<'a> {
    values: &'a [i64],
    /// The candidate value indices of the cage's cells, ascending.
    pool: &'a [usize],
    /// Per cell, its candidates.
    sets: &'a [u64],
    /// The values of the sets found, and the values in all of them.
    allowed: u64,
    required: u64,
    tries: usize,
}

impl Walk<'_> {
    /// Picks `left` more values from `pool[from..]` adding up to `rest` onto `chosen`;
    /// `false` past the budget.
    fn visit(&mut self, from: usize, left: usize, rest: i64, chosen: u64) -> bool {
        self.tries += 1;
        if self.tries > BUDGET {
            return false;
        }
        if left == 0 {
            // A set every cell may take a value of.
            if rest == 0 && self.sets.iter().all(|&s| s & chosen != 0) {
                self.allowed |= chosen;
                self.required &= chosen;
            }
            return true;
        }
        let remaining = &self.pool[from..];
        if remaining.len() < left {
            return true;
        }
        let sum = |ks: &[usize]| ks.iter().map(|&k| self.values[k]).sum::<i64>();
        if sum(&remaining[..left]) > rest || sum(&remaining[remaining.len() - left..]) < rest {
            return true;
        }
        for i in from..self.pool.len() {
            let k = self.pool[i];
            if !self.visit(i + 1, left - 1, rest - self.values[k], chosen | 1 << k) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cage_of_eight_holds_every_value_but_one_and_places_a_value_only_one_cell_may_hold() {
        // Eight cells summing to 39 hold 1..9 but 6; with 9 a candidate of r1c1 alone, r1c1 is 9.
        let cage = Cage {
            op: Op::Add,
            target: 39,
            cells: (0..8).map(|c| (0, c)).collect(),
        };
        let mut domains = Domains::full(1, 9, (1..=9).collect());
        for c in 1..8 {
            domains.set(0, c, 0b0_1111_1111);
        }
        assert_eq!(narrow(&cage, &mut domains, &mut Vec::new()), Some(true));
        assert_eq!(domains.get(0, 0), 1 << 8, "the only 9");
        assert!(
            (1..8).all(|c| domains.get(0, c) == 0b0_1101_1111),
            "no 6, no 9"
        );
        // 40 over eight cells that may not hold 9 cannot be made (1 + ... + 8 is 36).
        let cage = Cage { target: 40, ..cage };
        let mut domains = Domains::full(1, 9, (1..=8).collect());
        assert_eq!(narrow(&cage, &mut domains, &mut Vec::new()), Some(false));
    }
}
