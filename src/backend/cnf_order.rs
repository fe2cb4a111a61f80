//! Cells' values in the order encoding, for long sums. A row's terms on a cell with
//! candidates `d1 < d2 < ... < dm`, `a1 x[d1] + ... + am x[dm]`, equal
//! `a1 + sum_i (ai - a(i-1)) [value >= di]` (one value each). Over the literals
//! `[value >= di]` a sum of values knows that every cell holds one: a little killer's
//! diagonal or a long arrow propagates its bounds, where over the `x` literals alone it did
//! not (ISS's "Hailstone" little killers: out of 120 s before, 4-8 s with uniqueness).
//! Measured on the ISS index sample, writing short rows (comparisons, short arrows) or rows
//! with weights of both signs this way made some puzzles several times slower, and writing
//! the order form instead of the `x` form made two 3-5x slower: the order form is written
//! beside the `x` form, for rows over five cells or more whose weights rise (or all fall)
//! with the value.

use std::collections::HashMap;

use rustsat::encodings::CollectClauses;
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Clause, Lit};

use super::cnf::Encoder;
use crate::model::Model;

/// A row's terms as literals with signed weights, and a constant beside them.
type Signed = (Vec<(Lit, i64)>, i64);

/// Rows over this many cells or more are also written in the order encoding.
const LONG: usize = 5;

/// The candidates of the cells with three or more, and their order literals once made.
pub struct Orders {
    /// Per model variable: its cell (an index into `cells`) and its place among the cell's
    /// candidates, when it is one.
    of_var: Vec<Option<(u32, u32)>>,
    /// Per cell: its candidates' variables, in value order.
    cells: Vec<Vec<usize>>,
    /// Per cell: the literals `[value >= d(i+1)]` for i in 1..m, once made.
    made: Vec<Option<Vec<Lit>>>,
}

impl Orders {
    /// The cells of `model` with three or more candidates, each an `x` variable of its own.
    pub fn new(model: &Model) -> Self {
        let domains = model.domains();
        let mut of_var = vec![None; model.vars().len()];
        let mut cells = Vec::new();
        for cell in (0..domains.rows()).flat_map(|r| (0..domains.cols()).map(move |c| (r, c))) {
            let lits: Vec<_> = (0..domains.values().len())
                .filter_map(|k| model.literal(cell, k).ok())
                .collect();
            if lits.len() < 3 || lits.iter().any(|&(_, positive)| !positive) {
                continue;
            }
            for (place, &(var, _)) in lits.iter().enumerate() {
                of_var[var.0] = Some((cells.len() as u32, place as u32));
            }
            cells.push(lits.into_iter().map(|(var, _)| var.0).collect());
        }
        Orders {
            of_var,
            made: vec![None; cells.len()],
            cells,
        }
    }

    /// `terms` (model variables and integer coefficients) as literals and signed weights
    /// and a constant, when the row is long and one-signed: every cell whose candidates all
    /// have terms, strictly rising (or, for every cell, falling) with the value, over its
    /// order literals (made, with their clauses, on first use); every other term as it is.
    /// `None` for any other row.
    pub fn rewrite(
        &mut self,
        terms: &[(usize, i64)],
        out: &mut impl CollectClauses,
        vars: &mut BasicVarManager,
    ) -> Result<Option<Signed>, rustsat::OutOfMemory> {
        // LONG cells of three candidates or more have that many terms at least: most rows
        // (a cell's one value, an area's) are done here, before any grouping.
        if terms.len() < 3 * LONG {
            return Ok(None);
        }
        let mut by_cell: HashMap<u32, Vec<(u32, i64)>> = HashMap::new();
        for &(v, a) in terms {
            if let Some(Some((cell, place))) = self.of_var.get(v) {
                by_cell.entry(*cell).or_default().push((*place, a));
            }
        }
        let mut ordered: HashMap<u32, Vec<i64>> = HashMap::new();
        for (cell, mut places) in by_cell {
            places.sort_unstable();
            let whole = places.len() == self.cells[cell as usize].len()
                && places
                    .iter()
                    .enumerate()
                    .all(|(i, &(p, _))| p as usize == i);
            let a: Vec<i64> = places.into_iter().map(|(_, a)| a).collect();
            let steps: Vec<i64> = a.windows(2).map(|w| w[1] - w[0]).collect();
            let monotone = steps.iter().all(|&s| s > 0) || steps.iter().all(|&s| s < 0);
            if whole && monotone {
                ordered.insert(cell, a);
            }
        }
        let rising = ordered.values().all(|a| a[1] > a[0]);
        let falling = ordered.values().all(|a| a[1] < a[0]);
        if ordered.len() < LONG || !(rising || falling) {
            return Ok(None);
        }
        let (mut lits, mut constant) = (Vec::with_capacity(terms.len()), 0);
        for &(v, a) in terms {
            match self.of_var.get(v).copied().flatten() {
                Some((cell, _)) if ordered.contains_key(&cell) => {}
                _ => lits.push((Encoder::lit(v), a)),
            }
        }
        for (cell, a) in ordered {
            constant += a[0];
            let order = self.order(cell as usize, out, vars)?;
            lits.extend(
                order
                    .iter()
                    .zip(a.windows(2))
                    .map(|(&o, w)| (o, w[1] - w[0])),
            );
        }
        Ok(Some((lits, constant)))
    }

    /// The order literals of `cell`, made with their clauses on first use.
    fn order(
        &mut self,
        cell: usize,
        out: &mut impl CollectClauses,
        vars: &mut BasicVarManager,
    ) -> Result<&[Lit], rustsat::OutOfMemory> {
        if self.made[cell].is_none() {
            let x: Vec<Lit> = self.cells[cell].iter().map(|&v| Encoder::lit(v)).collect();
            let m = x.len();
            // o[i] = [value >= d(i+1)], i in 0..m-1 (o[i] stands for candidate i + 1 on).
            let o: Vec<Lit> = (1..m).map(|_| vars.new_var().pos_lit()).collect();
            let mut clauses = Vec::with_capacity(4 * m);
            for i in 0..m - 1 {
                // Candidate i + 1 on holds when candidate i + 1 does, not when candidate i does.
                clauses.push(Clause::from([!x[i + 1], o[i]]));
                clauses.push(Clause::from([!x[i], !o[i]]));
                // A chain: value >= d(i+2) implies value >= d(i+1).
                if i + 1 < m - 1 {
                    clauses.push(Clause::from([!o[i + 1], o[i]]));
                    // value >= d(i+1) but not >= d(i+2): the value is d(i+1).
                    clauses.push(Clause::from([!o[i], o[i + 1], x[i + 1]]));
                }
            }
            clauses.push(Clause::from([o[0], x[0]]));
            clauses.push(Clause::from([!o[m - 2], x[m - 1]]));
            out.extend_clauses(clauses)?;
            self.made[cell] = Some(o);
        }
        Ok(self.made[cell].as_deref().unwrap_or(&[]))
    }
}
