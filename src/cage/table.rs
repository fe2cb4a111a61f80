//! A cage's assignments, listed once per puzzle ([`listing`]), filtered by the reductions (a
//! table constraint) and chosen among by the model (the cage's convex hull).

use super::listing::{self, bits};
use super::Cage;
use crate::domains::Domains;
use crate::grid::{cell_name, Cell};
use crate::model::{LinExpr, Model, Var};

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

    /// The table of `cage` over the candidates in `domains`, where `groups` are the cells'
    /// [`shared_areas`](listing::shared_areas); `None` when there are too many assignments to
    /// list or the search for
    /// them runs over its budget.
    pub fn new(cage: &Cage, groups: &[u64], domains: &Domains) -> Option<Table> {
        let assignments = listing::assignments(cage, groups, domains)?;
        let values = domains.values().len();
        Some(Table::with_supports(
            cage.cells.clone(),
            assignments,
            values,
        ))
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
        self.rows(index, model, None);
    }

    /// The rows of [`Table::constrain`] holding only while binary `kept` is 1:
    /// `sum z_t = kept` and `x[cell, k] >= sum of z_t giving the cell k`.
    pub fn constrain_kept(&self, index: usize, model: &mut Model, kept: Var) {
        self.rows(index, model, Some(kept));
    }

    fn rows(&self, index: usize, model: &mut Model, kept: Option<Var>) {
        let n = self.cells.len();
        let cage = format!("cage{}", index + 1);
        let z: Vec<Var> = (0..self.len())
            .map(|t| model.binary(format!("z_{cage}_t{}", t + 1)))
            .collect();
        let mut one = LinExpr::default();
        for &v in &z {
            one.add_var(v, 1.0);
        }
        if let Some(kept) = kept {
            one.add_var(kept, -1.0);
        }
        let chosen = if kept.is_some() { 0.0 } else { 1.0 };
        model.add(format!("{cage}_choice"), one, chosen, chosen);
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
                let most = if kept.is_some() { f64::INFINITY } else { 0.0 };
                model.add(name, link, 0.0, most);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cage::listing::shared_areas;
    use crate::cage::Op;
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
