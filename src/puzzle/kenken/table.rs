//! A cage's assignments listed once, so that the reductions only filter them (a table
//! constraint): a candidate stays only if some assignment still possible uses it.

use crate::model::{Domains, LinExpr, Model, Var};

use super::cage::{Cage, Op};

/// Upper bound on search nodes spent listing one cage's assignments.
const SEARCH_BUDGET: usize = 100_000;

/// Upper bound on the assignments kept for one cage.
const MAX_ASSIGNMENTS: usize = 20_000;

/// The assignments meeting one cage (cells of one row or column differ).
#[derive(Debug, Clone)]
pub struct Table {
    cells: Vec<(usize, usize)>,
    /// Value indices, `cells.len()` per assignment.
    assignments: Vec<u8>,
}

impl Table {
    /// Lists the assignments of `cage` over the candidates in `domains`; `None` when there
    /// are too many to list or the search for them runs over its budget.
    pub fn new(cage: &Cage, domains: &Domains) -> Option<Table> {
        let sets = cage.cells.iter().map(|&(r, c)| domains.get(r, c)).collect();
        let mut search = Search::new(cage, domains.values(), sets);
        let start = if cage.op == Op::Mul { 1 } else { 0 };
        search.extend(start).then(|| Table {
            cells: cage.cells.clone(),
            assignments: search.assignments,
        })
    }

    /// Number of assignments listed.
    pub fn len(&self) -> usize {
        self.assignments.len() / self.cells.len()
    }

    /// The cage as a choice of one assignment: binary `z_t` per assignment, `sum z_t = 1`,
    /// and `x[cell, k] = sum of z_t over the assignments giving the cell value k`.
    pub fn constrain(&self, model: &mut Model) {
        let n = self.cells.len();
        let z: Vec<Var> = (0..self.len()).map(|_| model.binary()).collect();
        let mut one = LinExpr::default();
        for &v in &z {
            one.add_var(v, 1.0);
        }
        model.add(one, 1.0, 1.0);
        let values = model.domains().values().len();
        for (i, &(r, c)) in self.cells.iter().enumerate() {
            for k in 0..values {
                let mut link = model.x(r, c, k);
                for (t, assignment) in self.assignments.chunks_exact(n).enumerate() {
                    if assignment[i] as usize == k {
                        link.add_var(z[t], -1.0);
                    }
                }
                model.add(link, 0.0, 0.0);
            }
        }
    }

    /// Keeps in each cell only the candidates used by some assignment whose values are all
    /// still candidates; returns whether anything was removed.
    pub fn restrict(&self, domains: &mut Domains) -> bool {
        let sets: Vec<u64> = self.cells.iter().map(|&(r, c)| domains.get(r, c)).collect();
        let mut used = vec![0u64; sets.len()];
        for assignment in self.assignments.chunks_exact(sets.len()) {
            if assignment.iter().zip(&sets).all(|(&k, &s)| s >> k & 1 == 1) {
                for (u, &k) in used.iter_mut().zip(assignment) {
                    *u |= 1 << k;
                }
            }
        }
        let mut changed = false;
        for (&(r, c), keep) in self.cells.iter().zip(used) {
            changed |= domains.restrict(r, c, keep);
        }
        changed
    }
}

/// Depth-first listing of a cage's assignments.
struct Search<'a> {
    cage: &'a Cage,
    values: &'a [i64],
    sets: Vec<u64>,
    /// Per depth, the least and the greatest sum (or product) the cells from there can add.
    rest_low: Vec<u64>,
    rest_high: Vec<u64>,
    chosen: Vec<usize>,
    /// Values already chosen in each row and each column of the grid, as bit sets.
    row_used: Vec<u64>,
    col_used: Vec<u64>,
    /// The chosen values at a leaf, kept to avoid allocating there.
    leaf: Vec<u64>,
    assignments: Vec<u8>,
    nodes: usize,
}

impl<'a> Search<'a> {
    fn new(cage: &'a Cage, values: &'a [i64], sets: Vec<u64>) -> Self {
        let n = sets.len();
        let grid_side = 1 + cage.cells.iter().map(|&(r, c)| r.max(c)).max().unwrap_or(0);
        let combine = |a: u64, b: u64| match cage.op {
            Op::Mul => a.saturating_mul(b),
            _ => a.saturating_add(b),
        };
        let unit = if cage.op == Op::Mul { 1 } else { 0 };
        let (mut rest_low, mut rest_high) = (vec![unit; n + 1], vec![unit; n + 1]);
        for d in (0..n).rev() {
            let set = sets[d].max(1);
            let low = values[set.trailing_zeros() as usize].max(0) as u64;
            let high = values[63 - set.leading_zeros() as usize].max(0) as u64;
            rest_low[d] = combine(rest_low[d + 1], low);
            rest_high[d] = combine(rest_high[d + 1], high);
        }
        Search {
            cage,
            values,
            sets,
            rest_low,
            rest_high,
            chosen: Vec::with_capacity(n),
            row_used: vec![0; grid_side],
            col_used: vec![0; grid_side],
            leaf: Vec::with_capacity(n),
            assignments: Vec::new(),
            nodes: 0,
        }
    }

    /// Extends the partial assignment whose values sum (or multiply) to `acc`; `false` when
    /// a budget ran out.
    fn extend(&mut self, acc: u64) -> bool {
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
        let (r, c) = self.cage.cells[depth];
        let open = self.sets[depth] & !(self.row_used[r] | self.col_used[c]);
        for k in (0..self.values.len()).filter(|&k| open >> k & 1 == 1) {
            let v = self.values[k].max(0) as u64;
            let next = match self.cage.op {
                Op::Mul => acc.saturating_mul(v),
                _ => acc.saturating_add(v),
            };
            if self.hopeless(depth + 1, next) {
                continue;
            }
            self.chosen.push(k);
            self.row_used[r] |= 1 << k;
            self.col_used[c] |= 1 << k;
            let within_budget = self.extend(next);
            self.row_used[r] &= !(1 << k);
            self.col_used[c] &= !(1 << k);
            self.chosen.pop();
            if !within_budget {
                return false;
            }
        }
        true
    }

    /// Whether cells from `depth` on can no longer bring the sum or product `acc` of the
    /// chosen values to the target.
    fn hopeless(&self, depth: usize, acc: u64) -> bool {
        let t = self.cage.target;
        match self.cage.op {
            Op::Add => {
                acc.saturating_add(self.rest_low[depth]) > t
                    || acc.saturating_add(self.rest_high[depth]) < t
            }
            Op::Mul => {
                acc == 0
                    || !t.is_multiple_of(acc)
                    || acc.saturating_mul(self.rest_low[depth]) > t
                    || acc.saturating_mul(self.rest_high[depth]) < t
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(op: Op, target: u64, cells: &[(usize, usize)]) -> Cage {
        Cage {
            op,
            target,
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn only_values_of_some_assignment_stay() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        // Cells of one row: 3 = 1 + 2 only.
        let table = Table::new(&cage(Op::Add, 3, &[(0, 0), (0, 1)]), &domains).unwrap();
        assert!(table.restrict(&mut domains));
        assert_eq!((domains.get(0, 0), domains.get(0, 1)), (0b11, 0b11));
        domains.set(0, 0, 0b01);
        assert!(table.restrict(&mut domains));
        assert_eq!(domains.get(0, 1), 0b10);
    }

    #[test]
    fn cells_in_different_lines_may_repeat_a_value() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        // An L-shaped product cage, corner (0,1): 4 = 2*1*2 (the 2s on a diagonal) or 1*4*1.
        let table = Table::new(&cage(Op::Mul, 4, &[(0, 0), (0, 1), (1, 1)]), &domains).unwrap();
        table.restrict(&mut domains);
        assert_eq!(domains.get(0, 1), 0b1001, "the corner is 1 or 4");
        assert_eq!(domains.get(0, 0), 0b0011, "4 would need 1*1 in one column");
    }

    #[test]
    fn a_cage_with_too_many_assignments_is_not_listed() {
        let domains = Domains::full(32, 32, (1..=32).collect());
        let cells: Vec<_> = (0..8).map(|c| (0, c)).collect();
        assert!(Table::new(&cage(Op::Add, 132, &cells), &domains).is_none());
    }
}
