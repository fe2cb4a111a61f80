//! Listing a cage's assignments: a depth-first search over the cells' candidates, pruned by
//! the areas the cells share and by the bounds of sums and products, within a budget.

use super::{Cage, Op};
use crate::domains::Domains;
use crate::geometry::Area;
use crate::grid::Cell;

/// Upper bound on search nodes spent listing one cage's assignments.
const SEARCH_BUDGET: usize = 100_000;

/// Upper bound on the assignments kept for one cage.
const MAX_ASSIGNMENTS: usize = 20_000;

/// Areas hold a value at most once: per cage cell, the bit set of the (at most 64) areas it
/// shares with another cell of the same cage.
pub fn shared_areas(cells: &[Cell], areas: &[Area]) -> Vec<u64> {
    let mut groups = vec![0u64; cells.len()];
    let shared = areas
        .iter()
        .filter(|a| cells.iter().filter(|cell| a.cells.contains(cell)).count() >= 2);
    for (bit, area) in shared.take(64).enumerate() {
        for (group, cell) in groups.iter_mut().zip(cells) {
            if area.cells.contains(cell) {
                *group |= 1 << bit;
            }
        }
    }
    groups
}

/// The assignments of `cage` over the candidates in `domains` (value indices, one per cell,
/// assignment after assignment), where `groups` are the cells' [`shared_areas`]; `None` when
/// there are too many to list or the search for them runs over its budget.
pub fn assignments(cage: &Cage, groups: &[u64], domains: &Domains) -> Option<Vec<u8>> {
    let n = cage.cells.len();
    if cage.op == Op::Any && n > 2 {
        // A hidden operator on more cells is `+` or `*`: the union of the two listings, each
        // pruned by its own bounds.
        let as_op = |op| Cage { op, ..cage.clone() };
        let sums = assignments(&as_op(Op::Add), groups, domains)?;
        let products = assignments(&as_op(Op::Mul), groups, domains)?;
        let mut all: Vec<&[u8]> = sums
            .chunks_exact(n)
            .chain(products.chunks_exact(n))
            .collect();
        all.sort_unstable();
        all.dedup();
        return (all.len() <= MAX_ASSIGNMENTS).then(|| all.concat());
    }
    let sets = cage.cells.iter().map(|&(r, c)| domains.get(r, c)).collect();
    let mut search = Search::new(cage, groups, domains.values(), sets);
    search.extend(0, 1).then_some(search.assignments)
}

/// Depth-first listing of a cage's assignments.
struct Search<'a> {
    cage: &'a Cage,
    groups: &'a [u64],
    values: &'a [i64],
    sets: Vec<u64>,
    /// Per depth, the least and greatest sum the cells from there can add ...
    sum_low: Vec<u64>,
    sum_high: Vec<u64>,
    /// ... and the least and greatest product they can multiply by.
    product_low: Vec<u64>,
    product_high: Vec<u64>,
    chosen: Vec<usize>,
    /// Values already chosen in each shared area, as bit sets.
    used: [u64; 64],
    /// The chosen values at a leaf, kept to avoid allocating there.
    leaf: Vec<u64>,
    assignments: Vec<u8>,
    nodes: usize,
}

impl<'a> Search<'a> {
    fn new(cage: &'a Cage, groups: &'a [u64], values: &'a [i64], sets: Vec<u64>) -> Self {
        let n = sets.len();
        let (mut sum_low, mut sum_high) = (vec![0u64; n + 1], vec![0u64; n + 1]);
        let (mut product_low, mut product_high) = (vec![1u64; n + 1], vec![1u64; n + 1]);
        for d in (0..n).rev() {
            let set = sets[d].max(1);
            let low = values[set.trailing_zeros() as usize].max(0) as u64;
            let high = values[63 - set.leading_zeros() as usize].max(0) as u64;
            sum_low[d] = sum_low[d + 1].saturating_add(low);
            sum_high[d] = sum_high[d + 1].saturating_add(high);
            product_low[d] = product_low[d + 1].saturating_mul(low);
            product_high[d] = product_high[d + 1].saturating_mul(high);
        }
        Search {
            cage,
            groups,
            values,
            sets,
            sum_low,
            sum_high,
            product_low,
            product_high,
            chosen: Vec::with_capacity(n),
            used: [0; 64],
            leaf: Vec::with_capacity(n),
            assignments: Vec::new(),
            nodes: 0,
        }
    }

    /// Extends the partial assignment whose values add up to `sum` and multiply to
    /// `product`; `false` when a budget ran out.
    fn extend(&mut self, sum: u64, product: u64) -> bool {
        self.nodes += 1;
        if self.nodes > SEARCH_BUDGET {
            return false;
        }
        let depth = self.chosen.len();
        if depth == self.sets.len() {
            self.leaf.clear();
            (self.leaf).extend(self.chosen.iter().map(|&k| self.values[k] as u64));
            if self.cage.holds(&self.leaf) {
                (self.assignments).extend(self.chosen.iter().map(|&k| k as u8));
            }
            return self.assignments.len() <= MAX_ASSIGNMENTS * depth;
        }
        let group = self.groups[depth];
        let taken = bits(group).fold(0, |acc, a| acc | self.used[a]);
        let open = self.sets[depth] & !taken;
        for k in (0..self.values.len()).filter(|&k| open >> k & 1 == 1) {
            let v = self.values[k].max(0) as u64;
            let (sum, product) = (sum.saturating_add(v), product.saturating_mul(v));
            if self.hopeless(depth + 1, sum, product) {
                continue;
            }
            self.chosen.push(k);
            bits(group).for_each(|a| self.used[a] |= 1 << k);
            let within_budget = self.extend(sum, product);
            bits(group).for_each(|a| self.used[a] &= !(1 << k));
            self.chosen.pop();
            if !within_budget {
                return false;
            }
        }
        true
    }

    /// Whether cells from `depth` on can no longer bring the chosen values to the target:
    /// by their sum for `+`, their product for `*` (`-`, `/` and hidden operators on two
    /// cells are never pruned).
    fn hopeless(&self, depth: usize, sum: u64, product: u64) -> bool {
        let t = self.cage.target;
        let by_sum = || {
            sum.saturating_add(self.sum_low[depth]) > t
                || sum.saturating_add(self.sum_high[depth]) < t
        };
        let by_product = || {
            product == 0
                || !t.is_multiple_of(product)
                || product.saturating_mul(self.product_low[depth]) > t
                || product.saturating_mul(self.product_high[depth]) < t
        };
        match self.cage.op {
            Op::Add => by_sum(),
            Op::Mul => by_product(),
            _ => false,
        }
    }
}

/// The indices of the set bits of `set`.
pub(super) fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            bit
        })
    })
}
