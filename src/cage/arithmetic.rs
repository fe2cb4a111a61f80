//! A cage as arithmetic on the cell values, as in the formulation documents: sums and
//! differences of `v[r,c] = sum_k k x[r,c,k]`, products and quotients by logarithms or by
//! integer prime exponents.

use super::{Cage, Op};
use crate::model::{LinExpr, Model, Var};

/// How `*` and `/` cages become linear constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Products {
    /// The documents' formulation: sums of `ln(k) x[r,c,k]`; exact only up to the solver's
    /// tolerance, so the verifier may have to cut off a wrong answer.
    Log,
    /// Integer exponents of each prime p <= size: `sum e_p(k) x[r,c,k] = e_p(target)`.
    Exact,
}

impl Cage {
    /// Adds cage `index`'s (0-based) arithmetic rows on the model, named `cage4_sum`,
    /// `cage4_diff`, `cage4_prod`, `cage4_quot` (`_p2`, `_p3`, ... per prime with exact
    /// products). A hidden operator (`?`) gets one binary `o_cage4_plus`, ... per operator
    /// it may be (they sum to 1), and each operator's rows hold when its binary is 1 (big-M
    /// rows from the expressions' bounds: integer, so exact with exact products).
    pub fn constrain_arithmetic(&self, index: usize, model: &mut Model, products: Products) {
        self.arithmetic_rows(index, model, products, None);
    }

    /// Cage `index`'s rows with exact products, holding only while binary `kept` is 1 (a
    /// repair may change the target): big-M rows as for a hidden operator.
    pub fn constrain_kept(&self, index: usize, model: &mut Model, kept: Var) {
        self.arithmetic_rows(index, model, Products::Exact, Some(kept));
    }

    /// What any target of the cage's op needs, on cage `index`: a `/` cage's values divide,
    /// a `-` cage's differ (rows `cage4_not_v2_v3`).
    pub fn constrain_some_target(&self, index: usize, model: &mut Model) {
        let cage = format!("cage{}", index + 1);
        let [a, b] = self.cells[..] else { return };
        let values = model.domains().values().to_vec();
        for (i, &u) in values.iter().enumerate() {
            for (j, &v) in values.iter().enumerate() {
                let apart = match self.op {
                    Op::Div => u % v != 0 && v % u != 0,
                    Op::Sub => u == v,
                    _ => false,
                };
                if apart {
                    let mut pair = model.x(a.0, a.1, i);
                    pair.add_expr(&model.x(b.0, b.1, j), 1.0);
                    let name = format!("{cage}_not_v{u}_v{v}");
                    model.add(name, pair, f64::NEG_INFINITY, 1.0);
                }
            }
        }
    }

    /// The rows of [`Cage::constrain_arithmetic`]; with `kept`, each holds only while it is 1.
    fn arithmetic_rows(
        &self,
        index: usize,
        model: &mut Model,
        products: Products,
        kept: Option<Var>,
    ) {
        let cage = format!("cage{}", index + 1);
        if self.op != Op::Any || self.cells.len() == 1 {
            let op = if self.op == Op::Any {
                Op::Given
            } else {
                self.op
            };
            match (self.equalities(&cage, op, model, products), kept) {
                (Some(rows), None) => rows.into_iter().for_each(|(n, e, v)| model.add(n, e, v, v)),
                (Some(rows), Some(kept)) => {
                    (rows.into_iter()).for_each(|(n, e, v)| model.add_when(&n, kept, e, v))
                }
                // A prime factor larger than every value: no cells can make the target.
                (None, None) => model.add(format!("{cage}_never"), LinExpr::default(), 1.0, 1.0),
                (None, Some(kept)) => {
                    let mut never = LinExpr::default();
                    never.add_var(kept, 1.0);
                    model.add(format!("{cage}_never"), never, 0.0, 0.0);
                }
            }
            return;
        }
        let ops: &[Op] = match self.cells.len() {
            2 => &[Op::Add, Op::Sub, Op::Mul, Op::Div],
            _ => &[Op::Add, Op::Mul],
        };
        let mut one = LinExpr::default();
        for &op in ops {
            let named = format!("{cage}_{}", op_word(op));
            let chosen = model.binary(format!("o_{named}"));
            one.add_var(chosen, 1.0);
            match self.equalities(&named, op, model, products) {
                Some(rows) => rows
                    .into_iter()
                    .for_each(|(n, e, v)| model.add_when(&n, chosen, e, v)),
                None => {
                    let mut never = LinExpr::default();
                    never.add_var(chosen, 1.0);
                    model.add(format!("{named}_never"), never, 0.0, 0.0);
                }
            }
        }
        // One operator, or none while the cage is not kept.
        let all = match kept {
            Some(kept) => {
                one.add_var(kept, -1.0);
                0.0
            }
            None => 1.0,
        };
        model.add(format!("{cage}_op"), one, all, all);
    }

    /// The rows `name: expr = value` that make the cage meet its target with `op` (creating
    /// the sign binary `d_...` of `-` and `/`); `None` when no values can (a prime factor
    /// too large). Row and variable names start with `prefix`.
    fn equalities(
        &self,
        prefix: &str,
        op: Op,
        model: &mut Model,
        products: Products,
    ) -> Option<Vec<(String, LinExpr, f64)>> {
        let t = self.target as f64;
        let sum = |model: &Model, f: &dyn Fn(&Model, usize, usize) -> LinExpr| {
            let mut e = LinExpr::default();
            for &(r, c) in &self.cells {
                e.add_expr(&f(model, r, c), 1.0);
            }
            e
        };
        let primes = || exponents(self.target, model.domains().values());
        let row = |what: &str| format!("{prefix}_{what}");
        Some(match op {
            Op::Given | Op::Add | Op::Any => {
                vec![(row("sum"), sum(model, &|m, r, c| m.value(r, c)), t)]
            }
            Op::Sub => {
                // v1 - v2 = t (2 delta - 1)
                let delta = model.binary(format!("d_{prefix}"));
                let mut e = self.difference(model, |m, r, c| m.value(r, c));
                e.add_var(delta, -2.0 * t);
                vec![(row("diff"), e, -t)]
            }
            Op::Mul if products == Products::Log => {
                vec![(
                    row("prod"),
                    sum(model, &|m, r, c| m.log_value(r, c)),
                    t.ln(),
                )]
            }
            Op::Div if products == Products::Log => {
                // ln v1 - ln v2 = ln(t) (2 delta - 1)
                let delta = model.binary(format!("d_{prefix}"));
                let mut e = self.difference(model, |m, r, c| m.log_value(r, c));
                e.add_var(delta, -2.0 * t.ln());
                vec![(row("quot"), e, -t.ln())]
            }
            Op::Mul => (primes()?.into_iter())
                .map(|(p, e_t)| {
                    let e = sum(model, &|m, r, c| m.value_expr(r, c, |k| exponent(k, p)));
                    (row(&format!("prod_p{p}")), e, e_t)
                })
                .collect(),
            Op::Div => {
                // e_p(v1) - e_p(v2) = e_p(t) (2 delta - 1) for every prime p, one delta
                let primes = primes()?;
                let delta = model.binary(format!("d_{prefix}"));
                (primes.into_iter())
                    .map(|(p, e_t)| {
                        let mut e = self
                            .difference(model, |m, r, c| m.value_expr(r, c, |k| exponent(k, p)));
                        e.add_var(delta, -2.0 * e_t);
                        (row(&format!("quot_p{p}")), e, -e_t)
                    })
                    .collect()
            }
        })
    }

    /// `f(first cell) - f(second cell)` for a two-cell cage.
    fn difference(&self, model: &Model, f: impl Fn(&Model, usize, usize) -> LinExpr) -> LinExpr {
        let mut e = LinExpr::default();
        if let [(r1, c1), (r2, c2)] = self.cells[..] {
            e.add_expr(&f(model, r1, c1), 1.0);
            e.add_expr(&f(model, r2, c2), -1.0);
        }
        e
    }
}

/// An operator's name in model names.
fn op_word(op: Op) -> &'static str {
    match op {
        Op::Add => "plus",
        Op::Sub => "minus",
        Op::Mul => "times",
        Op::Div => "div",
        Op::Given | Op::Any => "is",
    }
}

/// The exponent of prime `p` in `k`.
fn exponent(mut k: i64, p: i64) -> f64 {
    let mut e = 0.0;
    while k > 0 && k % p == 0 {
        k /= p;
        e += 1.0;
    }
    e
}

/// `(p, e_p(target))` for every prime p up to the largest value; `None` when the target has
/// a larger prime factor.
fn exponents(target: u64, values: &[i64]) -> Option<Vec<(i64, f64)>> {
    let max = values.iter().copied().max().unwrap_or(1);
    let primes: Vec<i64> = (2..=max).filter(|&p| (2..p).all(|d| p % d != 0)).collect();
    let mut rest = target;
    let mut out = Vec::new();
    for &p in &primes {
        let mut e = 0.0;
        while rest.is_multiple_of(p as u64) {
            rest /= p as u64;
            e += 1.0;
        }
        out.push((p, e));
    }
    (rest == 1).then_some(out)
}
