//! KenKen cages: their arithmetic in exact integers (for the verifier and the reductions) and
//! their linearizations on the shared cell model.

use std::fmt;

use crate::model::{LinExpr, Model};

/// A cage's operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Given,
}

impl Op {
    /// The op from its JSON spelling (`x`, `×`, `÷` accepted as aliases).
    pub fn from_symbol(symbol: &str) -> Option<Op> {
        Some(match symbol {
            "+" => Op::Add,
            "-" | "−" => Op::Sub,
            "*" | "x" | "X" | "×" => Op::Mul,
            "/" | "÷" => Op::Div,
            "=" => Op::Given,
            _ => return None,
        })
    }

    /// The canonical symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Given => "=",
        }
    }
}

/// How `*` and `/` cages become linear constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Products {
    /// The documents' formulation: sums of `ln(k) x[r,c,k]`; exact only up to the solver's
    /// tolerance, so the verifier may have to cut off a wrong answer.
    Log,
    /// Integer exponents of each prime p <= size: `sum e_p(k) x[r,c,k] = e_p(target)`.
    Exact,
}

/// A cage: cells (0-based) whose values combine by `op` to `target`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    pub op: Op,
    pub target: u64,
    pub cells: Vec<(usize, usize)>,
}

impl fmt::Display for Cage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "op \"{}\", target {}", self.op.symbol(), self.target)
    }
}

impl Cage {
    /// Whether `values` (one per cell, in order) meet the cage, in exact integers.
    pub fn holds(&self, values: &[u64]) -> bool {
        let t = u128::from(self.target);
        match (self.op, values) {
            (Op::Given, [v]) => *v == self.target,
            (Op::Sub, [a, b]) => a.abs_diff(*b) == self.target,
            (Op::Div, [a, b]) => {
                let (hi, lo) = ((*a).max(*b), (*a).min(*b));
                lo != 0 && hi % lo == 0 && hi / lo == self.target
            }
            (Op::Add, _) => values.iter().map(|&v| u128::from(v)).sum::<u128>() == t,
            (Op::Mul, _) => {
                values
                    .iter()
                    .try_fold(1u128, |acc, &v| acc.checked_mul(u128::from(v)))
                    == Some(t)
            }
            _ => false,
        }
    }

    /// Adds the cage's constraints on the model.
    pub fn constrain(&self, model: &mut Model, products: Products) {
        let t = self.target as f64;
        match self.op {
            Op::Given | Op::Add => {
                let mut sum = LinExpr::default();
                for &(r, c) in &self.cells {
                    sum.add_expr(&model.value(r, c), 1.0);
                }
                model.add(sum, t, t);
            }
            Op::Sub => {
                // v1 - v2 = t (2 delta - 1)
                let delta = model.binary();
                let mut e = self.difference(model, |m, r, c| m.value(r, c));
                e.add_var(delta, -2.0 * t);
                model.add(e, -t, -t);
            }
            Op::Mul if products == Products::Log => {
                let mut sum = LinExpr::default();
                for &(r, c) in &self.cells {
                    sum.add_expr(&model.log_value(r, c), 1.0);
                }
                model.add(sum, t.ln(), t.ln());
            }
            Op::Div if products == Products::Log => {
                // ln v1 - ln v2 = ln(t) (2 delta - 1)
                let delta = model.binary();
                let mut e = self.difference(model, |m, r, c| m.log_value(r, c));
                e.add_var(delta, -2.0 * t.ln());
                model.add(e, -t.ln(), -t.ln());
            }
            Op::Mul | Op::Div if exponents(self.target, model.domains().values()).is_none() => {
                // A prime factor larger than every value: no cells can make the target.
                model.add(LinExpr::default(), 1.0, 1.0);
            }
            Op::Mul => {
                let primes = exponents(self.target, model.domains().values()).unwrap_or_default();
                for (p, e_t) in primes {
                    let mut sum = LinExpr::default();
                    for &(r, c) in &self.cells {
                        sum.add_expr(&model.value_expr(r, c, |k| exponent(k, p)), 1.0);
                    }
                    model.add(sum, e_t, e_t);
                }
            }
            Op::Div => {
                // e_p(v1) - e_p(v2) = e_p(t) (2 delta - 1) for every prime p, one delta
                let delta = model.binary();
                let primes = exponents(self.target, model.domains().values()).unwrap_or_default();
                for (p, e_t) in primes {
                    let mut e =
                        self.difference(model, |m, r, c| m.value_expr(r, c, |k| exponent(k, p)));
                    e.add_var(delta, -2.0 * e_t);
                    model.add(e, -e_t, -e_t);
                }
            }
        }
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
