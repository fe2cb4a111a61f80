//! A cage's assignments listed once per puzzle, so that the reductions only filter them (a
//! table constraint) and the model can choose among them (the cage's convex hull).

use crate::domains::Domains;
use crate::geometry::Area;
use crate::grid::{cell_name, Cell};
use crate::model::{LinExpr, Model, Var};

use super::{Cage, Op};

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

/// The assignments meeting one cage, cells of one area holding different values.
#[derive(Debug, Clone)]
pub struct Table {
    cells: Vec<Cell>,
    /// Value indices, `cells.len()` per assignment.
    assignments: Vec<u8>,
    /// Per cell position and value index, the assignments that put the value there, as a
    /// bit set of `words` words: `restrict` works on whole words at a time.
    supports: Vec<u64>,
    /// Per cell position, the values some assignment puts there.
    present: Vec<u64>,
    values: usize,
    words: usize,
}

impl Table {
    /// A table of `assignments` over `values` value indices, with its support bit sets.
    fn with_supports(cells: Vec<Cell>, assignments: Vec<u8>, values: usize) -> Table {
        let n = cells.len();
        let words = (assignments.len() / n.max(1)).div_ceil(64);
        let mut supports = vec![0u64; n * values * words];
        let mut present = vec![0u64; n];
        for (t, assignment) in assignments.chunks_exact(n.max(1)).enumerate() {
            for (i, &k) in assignment.iter().enumerate() {
                supports[(i * values + k as usize) * words + t / 64] |= 1 << (t % 64);
                present[i] |= 1 << k;
            }
        }
        Table {
            cells,
            assignments,
            supports,
            present,
            values,
            words,
        }
    }

    /// The assignments putting value index `k` in cell position `i`.
    fn support(&self, i: usize, k: usize) -> &[u64] {
        let at = (i * self.values + k) * self.words;
        &self.supports[at..at + self.words]
    }

    /// Lists the assignments of `cage` over the candidates in `domains`, where `groups` are
    /// the cells' [`shared_areas`]; `None` when there are too many to list or the search for
    /// them runs over its budget.
    pub fn new(cage: &Cage, groups: &[u64], domains: &Domains) -> Option<Table> {
        if cage.op == Op::Any && cage.cells.len() > 2 {
            // A hidden operator on more cells is `+` or `*`: the union of the two listings,
            // each pruned by its own bounds.
            let as_op = |op| Cage { op, ..cage.clone() };
            let sums = Table::new(&as_op(Op::Add), groups, domains)?;
            let products = Table::new(&as_op(Op::Mul), groups, domains)?;
            let n = cage.cells.len();
            let mut all: Vec<&[u8]> = (sums.assignments.chunks_exact(n))
                .chain(products.assignments.chunks_exact(n))
                .collect();
            all.sort_unstable();
            all.dedup();
            let assignments = all.concat();
            return (assignments.len() <= MAX_ASSIGNMENTS * n).then(|| {
                Table::with_supports(cage.cells.clone(), assignments, domains.values().len())
            });
        }
        let sets = cage.cells.iter().map(|&(r, c)| domains.get(r, c)).collect();
        let mut search = Search::new(cage, groups, domains.values(), sets);
        let values = domains.values().len();
        search
            .extend(0, 1)
            .then(|| Table::with_supports(cage.cells.clone(), search.assignments, values))
    }

    /// Whether no assignment meets the cage.
    pub fn is_empty(&self) -> bool {
        self.assignments.is_empty()
    }

    /// The assignments whose values are all still candidates in `domains`.
    pub fn filtered(&self, domains: &Domains) -> Table {
        let sets: Vec<u64> = self.cells.iter().map(|&(r, c)| domains.get(r, c)).collect();
        let assignments = self
            .assignments
            .chunks_exact(sets.len())
            .filter(|a| a.iter().zip(&sets).all(|(&k, &s)| s >> k & 1 == 1))
            .flatten()
            .copied()
            .collect();
        Table::with_supports(self.cells.clone(), assignments, self.values)
    }

    /// Number of assignments listed.
    pub fn len(&self) -> usize {
        self.assignments.len() / self.cells.len()
    }

    /// Cage `index` (0-based) as a choice of one assignment: binary `z_t` per assignment,
    /// `sum z_t = 1`, and `x[cell, k] = sum of z_t over the assignments giving the cell k`.
    pub fn constrain(&self, index: usize, model: &mut Model) {
        let n = self.cells.len();
        let cage = format!("cage{}", index + 1);
        let z: Vec<Var> = (0..self.len())
            .map(|t| model.binary(format!("z_{cage}_t{}", t + 1)))
            .collect();
        let mut one = LinExpr::default();
        for &v in &z {
            one.add_var(v, 1.0);
        }
        model.add(format!("{cage}_choice"), one, 1.0, 1.0);
        let values = model.domains().values().len();
        for (i, &(r, c)) in self.cells.iter().enumerate() {
            for k in 0..values {
                let mut link = model.x(r, c, k);
                for (t, assignment) in self.assignments.chunks_exact(n).enumerate() {
                    if assignment[i] as usize == k {
                        link.add_var(z[t], -1.0);
                    }
                }
                let value = model.domains().values()[k];
                let name = format!("{cage}_{}_v{value}", cell_name((r, c)));
                model.add(name, link, 0.0, 0.0);
            }
        }
    }

    /// Keeps in each cell only the candidates used by some assignment whose values are all
    /// still candidates; the cells that lost some (row-major) are added to `shrunk`.
    /// `scratch` is working memory.
    pub fn restrict(&self, domains: &mut Domains, scratch: &mut Vec<u64>, shrunk: &mut Vec<usize>) {
        let words = self.words;
        scratch.resize(2 * words, 0);
        let (live, cell) = scratch.split_at_mut(words);
        // The live assignments: in every cell, one of its candidates.
        live.fill(u64::MAX);
        for (i, &(r, c)) in self.cells.iter().enumerate() {
            let set = domains.get(r, c);
            if set & self.present[i] == self.present[i] {
                // Every value the table puts here is still a candidate: no assignment dies.
                continue;
            }
            cell.fill(0);
            for k in bits(set) {
                for (w, s) in cell.iter_mut().zip(self.support(i, k)) {
                    *w |= s;
                }
            }
            for (l, w) in live.iter_mut().zip(cell.iter()) {
                *l &= w;
            }
        }
        // Each cell keeps the candidates some live assignment uses.
        for (i, &(r, c)) in self.cells.iter().enumerate() {
            let set = domains.get(r, c);
            let keep = bits(set)
                .filter(|&k| {
                    self.support(i, k)
                        .iter()
                        .zip(live.iter())
                        .any(|(s, l)| s & l != 0)
                })
                .fold(0u64, |acc, k| acc | 1 << k);
            if domains.restrict(r, c, keep) {
                shrunk.push(r * domains.cols() + c);
            }
        }
    }
}

/// The tables of a puzzle's cages, by cage index, listed once by the reductions and handed
/// on to the model.
#[derive(Debug, Clone, Default)]
pub struct Tables {
    tables: Vec<Option<Table>>,
}

impl Tables {
    /// Tables by cage index; `None` for a cage that was not listed.
    pub fn new(tables: Vec<Option<Table>>) -> Self {
        Tables { tables }
    }

    /// The table of cage `index`, if it was listed.
    pub fn get(&self, index: usize) -> Option<&Table> {
        self.tables.get(index)?.as_ref()
    }
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
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{columns, rows};

    fn cage(op: Op, target: u64, cells: &[Cell]) -> Cage {
        Cage {
            op,
            target,
            cells: cells.to_vec(),
        }
    }

    /// A cage's table over the rows and columns of an `n` x `n` grid.
    fn table(cage: &Cage, domains: &Domains) -> Option<Table> {
        let n = domains.rows();
        let lines = [rows(n, n), columns(n, n)].concat();
        Table::new(cage, &shared_areas(&cage.cells, &lines), domains)
    }

    #[test]
    fn only_values_of_some_assignment_stay() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        // Cells of one row: 3 = 1 + 2 only.
        let table = table(&cage(Op::Add, 3, &[(0, 0), (0, 1)]), &domains).unwrap();
        let mut shrunk = Vec::new();
        table.restrict(&mut domains, &mut Vec::new(), &mut shrunk);
        assert_eq!((domains.get(0, 0), domains.get(0, 1)), (0b11, 0b11));
        assert_eq!(shrunk, [0, 1], "both cells lost 3 and 4");
        domains.set(0, 0, 0b01);
        shrunk.clear();
        table.restrict(&mut domains, &mut Vec::new(), &mut shrunk);
        assert_eq!(domains.get(0, 1), 0b10);
        assert_eq!(shrunk, [1]);
    }

    #[test]
    fn cells_in_different_lines_may_repeat_a_value() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        // An L-shaped product cage, corner (0,1): 4 = 2*1*2 (the 2s on a diagonal) or 1*4*1.
        let table = table(&cage(Op::Mul, 4, &[(0, 0), (0, 1), (1, 1)]), &domains).unwrap();
        table.restrict(&mut domains, &mut Vec::new(), &mut Vec::new());
        assert_eq!(domains.get(0, 1), 0b1001, "the corner is 1 or 4");
        assert_eq!(domains.get(0, 0), 0b0011, "4 would need 1*1 in one column");
    }

    #[test]
    fn a_cage_with_too_many_assignments_is_not_listed() {
        let domains = Domains::full(32, 32, (1..=32).collect());
        let cells: Vec<_> = (0..8).map(|c| (0, c)).collect();
        assert!(table(&cage(Op::Add, 132, &cells), &domains).is_none());
    }

    #[test]
    fn cells_sharing_a_box_differ_too() {
        let domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        let sum_two = cage(Op::Add, 2, &[(0, 0), (1, 1)]);
        let lines = [rows(4, 4), columns(4, 4)].concat();
        let by_lines = Table::new(&sum_two, &shared_areas(&sum_two.cells, &lines), &domains);
        assert_eq!(by_lines.map(|t| t.len()), Some(1), "1 + 1 on a diagonal");
        let with_boxes = [lines, crate::geometry::boxes(4, 2, 2)].concat();
        let groups = shared_areas(&sum_two.cells, &with_boxes);
        assert_eq!(
            Table::new(&sum_two, &groups, &domains).map(|t| t.len()),
            Some(0)
        );
    }
}
