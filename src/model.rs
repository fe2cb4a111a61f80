//! The shared cell model: binary `x[r,c,k]` (cell (r,c) holds value k) plus auxiliary
//! variables and linear constraints, kept as plain data so that any backend can solve it.
//!
//! Variables exist only for candidate values. A cell with one candidate is a constant; a
//! cell with two candidates uses a single binary `y` (`x[a] = y`, `x[b] = 1 - y`). Terms on
//! constants are folded into the bounds, so a constraint with no variables left is checked
//! at once and a violated one marks the model infeasible.

use crate::domains::Domains;
use crate::grid::Grid;

/// Index of a variable in the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Var(pub usize);

/// How a variable may vary.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum VarKind {
    /// A 0/1 integer variable.
    Binary,
    /// A real variable within bounds.
    Continuous {
        /// Lower bound.
        lo: f64,
        /// Upper bound.
        hi: f64,
    },
}

/// What `x[r,c,k]` is after candidate reduction.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Lit {
    False,
    True,
    Pos(Var),
    Neg(Var),
}

/// A linear expression `constant + sum coef * var`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinExpr {
    /// Variables with their coefficients.
    pub terms: Vec<(Var, f64)>,
    /// The constant term.
    pub constant: f64,
}

impl LinExpr {
    /// Adds `coef * var`.
    pub fn add_var(&mut self, var: Var, coef: f64) {
        self.terms.push((var, coef));
    }

    /// Adds `coef * other`.
    pub fn add_expr(&mut self, other: &LinExpr, coef: f64) {
        self.constant += coef * other.constant;
        self.terms
            .extend(other.terms.iter().map(|&(v, a)| (v, a * coef)));
    }

    fn add_lit(&mut self, lit: Lit, coef: f64) {
        match lit {
            Lit::False => {}
            Lit::True => self.constant += coef,
            Lit::Pos(v) => self.terms.push((v, coef)),
            Lit::Neg(v) => {
                self.constant += coef;
                self.terms.push((v, -coef));
            }
        }
    }

    /// Merges repeated variables and drops zero coefficients.
    fn normalize(&mut self) {
        self.terms.sort_by_key(|&(v, _)| v.0);
        let mut merged: Vec<(Var, f64)> = Vec::with_capacity(self.terms.len());
        for &(v, a) in &self.terms {
            match merged.last_mut() {
                Some((last, acc)) if *last == v => *acc += a,
                _ => merged.push((v, a)),
            }
        }
        merged.retain(|&(_, a)| a != 0.0);
        self.terms = merged;
    }
}

/// One linear constraint `lo <= sum coef * var <= hi`.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Variables with their coefficients.
    pub terms: Vec<(Var, f64)>,
    /// Lower bound (may be minus infinity).
    pub lo: f64,
    /// Upper bound (may be infinity).
    pub hi: f64,
}

/// The model: variables, cell literals and constraints.
#[derive(Debug, Clone)]
pub struct Model {
    domains: Domains,
    lits: Vec<Lit>,
    vars: Vec<VarKind>,
    constraints: Vec<Row>,
    contradiction: bool,
}

impl Model {
    /// Creates `x[r,c,k]` for every candidate, with one value per cell.
    pub fn new(domains: Domains) -> Self {
        let nv = domains.values().len();
        let cells = domains.rows() * domains.cols();
        let mut model = Model {
            lits: vec![Lit::False; cells * nv],
            domains,
            vars: Vec::new(),
            constraints: Vec::new(),
            contradiction: false,
        };
        for cell in 0..cells {
            let set = model
                .domains
                .get(cell / model.domains.cols(), cell % model.domains.cols());
            let base = cell * nv;
            match set.count_ones() {
                0 => model.contradiction = true,
                1 => model.lits[base + set.trailing_zeros() as usize] = Lit::True,
                2 => {
                    let y = model.binary();
                    let a = set.trailing_zeros() as usize;
                    let b = 63 - set.leading_zeros() as usize;
                    model.lits[base + a] = Lit::Neg(y);
                    model.lits[base + b] = Lit::Pos(y);
                }
                _ => {
                    let mut one = LinExpr::default();
                    for k in (0..nv).filter(|&k| set >> k & 1 == 1) {
                        let x = model.binary();
                        model.lits[base + k] = Lit::Pos(x);
                        one.add_var(x, 1.0);
                    }
                    model.add(one, 1.0, 1.0);
                }
            }
        }
        model
    }

    /// The candidate sets the model was built from.
    pub fn domains(&self) -> &Domains {
        &self.domains
    }

    /// A new binary variable.
    pub fn binary(&mut self) -> Var {
        self.vars.push(VarKind::Binary);
        Var(self.vars.len() - 1)
    }

    /// A new continuous variable in `[lo, hi]`.
    pub fn continuous(&mut self, lo: f64, hi: f64) -> Var {
        self.vars.push(VarKind::Continuous { lo, hi });
        Var(self.vars.len() - 1)
    }

    /// `x[r,c,k]` as an expression (a constant when k is not or is the only candidate).
    pub fn x(&self, r: usize, c: usize, k: usize) -> LinExpr {
        let mut e = LinExpr::default();
        e.add_lit(self.lit(r, c, k), 1.0);
        e
    }

    fn lit(&self, r: usize, c: usize, k: usize) -> Lit {
        let nv = self.domains.values().len();
        self.lits[(r * self.domains.cols() + c) * nv + k]
    }

    /// `sum_k f(value_k) * x[r,c,k]`, e.g. the value `v[r,c]` or its logarithm.
    pub fn value_expr(&self, r: usize, c: usize, f: impl Fn(i64) -> f64) -> LinExpr {
        let mut e = LinExpr::default();
        for (k, &value) in self.domains.values().iter().enumerate() {
            e.add_lit(self.lit(r, c, k), f(value));
        }
        e
    }

    /// The value expression `v[r,c] = sum_k k * x[r,c,k]`.
    pub fn value(&self, r: usize, c: usize) -> LinExpr {
        self.value_expr(r, c, |k| k as f64)
    }

    /// The log-value expression `sum_k ln(k) * x[r,c,k]` (values must be positive).
    pub fn log_value(&self, r: usize, c: usize) -> LinExpr {
        self.value_expr(r, c, |k| (k as f64).ln())
    }

    /// Adds `lo <= expr <= hi`, folding constants; a violated constant row marks infeasibility.
    pub fn add(&mut self, mut expr: LinExpr, lo: f64, hi: f64) {
        expr.normalize();
        let (lo, hi) = (lo - expr.constant, hi - expr.constant);
        if expr.terms.is_empty() {
            if lo > 1e-9 || hi < -1e-9 {
                self.contradiction = true;
            }
            return;
        }
        self.constraints.push(Row {
            terms: expr.terms,
            lo,
            hi,
        });
    }

    /// Adds `expr = value` when binary `chosen` is 1, as two big-M rows whose big M are the
    /// bounds of `expr` over its variables' ranges: `expr + (hi - value) chosen <= hi` and
    /// `expr + (lo - value) chosen >= lo`.
    pub fn add_when(&mut self, chosen: Var, mut expr: LinExpr, value: f64) {
        expr.normalize();
        let (mut lo, mut hi) = (expr.constant, expr.constant);
        for &(v, a) in &expr.terms {
            let (vlo, vhi) = match self.vars[v.0] {
                VarKind::Binary => (0.0, 1.0),
                VarKind::Continuous { lo, hi } => (lo, hi),
            };
            lo += (a * vlo).min(a * vhi);
            hi += (a * vlo).max(a * vhi);
        }
        let mut upper = expr.clone();
        upper.add_var(chosen, hi - value);
        self.add(upper, f64::NEG_INFINITY, hi);
        let mut lower = expr;
        lower.add_var(chosen, lo - value);
        self.add(lower, lo, f64::INFINITY);
    }

    /// Each value at most once in `area`, exactly once when the area has a cell per value.
    pub fn all_different(&mut self, area: &[(usize, usize)]) {
        let nv = self.domains.values().len();
        let exact = area.len() == nv;
        for k in 0..nv {
            let mut e = LinExpr::default();
            for &(r, c) in area {
                e.add_lit(self.lit(r, c, k), 1.0);
            }
            self.add(e, if exact { 1.0 } else { f64::NEG_INFINITY }, 1.0);
        }
    }

    /// Forbids `grid`: fewer than all of its cells may keep their values.
    pub fn forbid(&mut self, grid: &Grid) {
        let mut e = LinExpr::default();
        let mut cells = 0.0;
        for r in 0..self.domains.rows() {
            for c in 0..self.domains.cols() {
                let value = i64::from(grid.get(r, c));
                if let Some(k) = self.domains.index_of(value) {
                    e.add_lit(self.lit(r, c, k), 1.0);
                }
                cells += 1.0;
            }
        }
        self.add(e, f64::NEG_INFINITY, cells - 1.0);
    }

    /// Whether constant folding already proved the model infeasible.
    pub fn is_contradictory(&self) -> bool {
        self.contradiction
    }

    /// The variables, by index.
    pub fn vars(&self) -> &[VarKind] {
        &self.vars
    }

    /// The constraints.
    pub fn constraints(&self) -> &[Row] {
        &self.constraints
    }

    /// Reads the grid from variable values (`> 0.5` is one); `None` if a cell is not decided.
    pub fn decode(&self, values: &[f64]) -> Option<Grid> {
        let d = &self.domains;
        let mut grid = Grid::filled(d.rows(), d.cols(), 0);
        for r in 0..d.rows() {
            for c in 0..d.cols() {
                let mut chosen = None;
                for k in 0..d.values().len() {
                    let on = match self.lit(r, c, k) {
                        Lit::False => false,
                        Lit::True => true,
                        Lit::Pos(v) => *values.get(v.0)? > 0.5,
                        Lit::Neg(v) => *values.get(v.0)? <= 0.5,
                    };
                    if on {
                        if chosen.is_some() {
                            return None;
                        }
                        chosen = Some(k);
                    }
                }
                let value = d.values()[chosen?];
                grid.set(r, c, u32::try_from(value).ok()?);
            }
        }
        Some(grid)
    }
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
