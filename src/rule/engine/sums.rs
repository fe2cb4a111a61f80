//! The engine of rules that are sums (arrows, little killers, region-sum lines, zippers): each
//! [`Equation`] says a weighted sum of cells' values is a number. Narrowing keeps a candidate
//! only within what the other cells' bounds leave (to a fixed point); the row is the sum
//! itself, linear in `x[r,c,k]`; the check is exact.

use super::keyed::Part;
use super::Changed;
use super::{restrict, to_fixed_point};
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};

/// `sum of weight * value(cell) = total`, from the clue named `clue`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Equation {
    /// Cells and their weights.
    pub terms: Vec<(Cell, i64)>,
    /// What the sum is.
    pub total: i64,
    /// The clue, e.g. `arrow 2`.
    pub clue: String,
}

/// The sums of a rule.
#[derive(Debug, Clone, Default)]
pub struct Sums {
    /// The equations.
    pub equations: Vec<Equation>,
}

impl Sums {
    /// Adds `sum of weight * value(cell) = total`, as the clue `clue`.
    pub fn add(&mut self, terms: Vec<(Cell, i64)>, total: i64, clue: impl Into<String>) {
        let clue = clue.into();
        self.equations.push(Equation { terms, total, clue });
    }
}

/// The smallest and largest of `weight * v` over the candidates `set` (values `values`).
fn bounds(set: u64, weight: i64, values: &[i64]) -> (i64, i64) {
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for (k, &v) in values
        .iter()
        .enumerate()
        .filter(|&(k, _)| set & (1 << k) != 0)
    {
        let _ = k;
        lo = lo.min(weight * v);
        hi = hi.max(weight * v);
    }
    (lo, hi)
}

impl Part for Sums {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        (self.equations.iter())
            .filter(|e| {
                e.terms
                    .iter()
                    .map(|&(cell, w)| w * i64::from(value(cell)))
                    .sum::<i64>()
                    != e.total
            })
            .map(|e| {
                let cells: Vec<Cell> = e.terms.iter().map(|t| t.0).collect();
                Violation::Broken {
                    how: "is broken",
                    clue: e.clue.clone(),
                    values: cells.iter().map(|&c| value(c)).collect(),
                    cells,
                }
            })
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let values = domains.values().to_vec();
        to_fixed_point(shrunk, |shrunk| {
            self.equations.iter().all(|equation| {
                let each: Vec<(i64, i64)> = (equation.terms.iter())
                    .map(|&(cell, w)| bounds(domains.at(domains.index(cell)), w, &values))
                    .collect();
                let (lo, hi) = (each.iter()).fold((0i64, 0i64), |(l, h), b| (l + b.0, h + b.1));
                (equation.terms.iter().enumerate()).all(|(t, &(cell, w))| {
                    // What this term may be, given the others' bounds.
                    let (min, max) = (
                        equation.total - (hi - each[t].1),
                        equation.total - (lo - each[t].0),
                    );
                    let keep = (values.iter().enumerate())
                        .filter(|&(_, &v)| (min..=max).contains(&(w * v)))
                        .fold(0u64, |m, (k, _)| m | 1 << k);
                    let at = domains.index(cell);
                    restrict(domains, at, keep, shrunk)
                })
            })
        })
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        for (i, equation) in self.equations.iter().enumerate() {
            let mut e = LinExpr::default();
            for &((r, c), w) in &equation.terms {
                e.add_expr(&model.value(r, c), w as f64);
            }
            let total = equation.total as f64;
            model.add(format!("{name}{}_sum", i + 1), e, total, total);
        }
    }

    fn is_empty(&self) -> bool {
        self.equations.is_empty()
    }
}

/// Adds `sum of weight * value(cell) = total` when `chosen` (a 0-1 expression) is 1, as two
/// big-M rows whose M are the sum's bounds over the cells' values.
pub fn sum_when(
    model: &mut Model,
    name: &str,
    chosen: &LinExpr,
    terms: &[(Cell, i64)],
    total: i64,
) {
    let values = model.domains().values();
    let (min, max) = (values[0], values[values.len() - 1]);
    let (mut lo, mut hi) = (0, 0);
    let mut sum = LinExpr::default();
    for &((r, c), w) in terms {
        lo += (w * min).min(w * max);
        hi += (w * min).max(w * max);
        sum.add_expr(&model.value(r, c), w as f64);
    }
    let mut upper = sum.clone();
    upper.add_expr(chosen, (hi - total) as f64);
    model.at_most(format!("{name}_hi"), upper, hi as f64);
    let mut lower = sum;
    lower.add_expr(chosen, (lo - total) as f64);
    model.add(format!("{name}_lo"), lower, lo as f64, f64::INFINITY);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrow_of_two_cells_bounds_its_circle() {
        // circle = a + b, a and b in 1..=9 and the circle in 1..=9: a + b <= 9.
        let mut domains = Domains::full(1, 3, (1..=9).collect());
        domains.restrict_at(1, 1 << 6); // a = 7
        let rule = Sums {
            equations: vec![Equation {
                terms: vec![((0, 0), 1), ((0, 1), -1), ((0, 2), -1)],
                total: 0,
                clue: "arrow 1".into(),
            }],
        };
        let mut shrunk = Vec::new();
        assert!(rule.narrow(&mut domains, None, &mut shrunk));
        assert_eq!(domains.at(0), 0b1_1000_0000, "circle 8 or 9");
        assert_eq!(domains.at(2), 0b11, "b 1 or 2");
        let grid = Grid::from_rows(vec![vec![9, 7, 1]]).unwrap();
        assert_eq!(rule.violations("arrow", &grid).len(), 1);
    }
}
