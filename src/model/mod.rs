//! The shared cell model: binary `x[r,c,k]` (cell (r,c) holds value k) plus auxiliary
//! variables and linear constraints, kept as plain data so that any backend can solve it.
//!
//! Variables exist only for candidate values. A cell with one candidate is a constant; a
//! cell with two candidates uses a single binary `y` (`x[a] = y`, `x[b] = 1 - y`). Terms on
//! constants are folded into the bounds, so a constraint with no variables left is checked
//! at once and a violated one marks the model infeasible.
//!
//! Variables and constraints carry readable names (`x_r1c2_5`, `row3_v5`, `cage4_sum`), so
//! that the model can be written out as it is solved ([`crate::model_text`]).

mod conditional;
mod linear;

pub use linear::{LinExpr, Readers, Row, Var, VarKind};

use crate::domains::Domains;
use crate::grid::{cell_name, Cell, Grid};
use linear::Lit;

/// The model: variables, cell literals and constraints.
#[derive(Debug, Clone)]
pub struct Model {
    domains: Domains,
    lits: Vec<Lit>,
    vars: Vec<VarKind>,
    names: Vec<String>,
    constraints: Vec<Row>,
    /// Costs to minimize, by variable (empty: a feasibility model, any point will do).
    objective: Vec<(Var, f64)>,
    /// The first row that folded to a false constant, if any.
    contradiction: Option<String>,
    nogoods: usize,
}

impl Model {
    /// Creates `x[r,c,k]` for every candidate, with one value per cell.
    pub fn new(domains: Domains) -> Self {
        let mut model = Model::empty(domains);
        for cell in model.cells() {
            let set = model.domains.get(cell.0, cell.1);
            match set.count_ones() {
                0 => model.contradiction = Some(format!("cell_{}", cell_name(cell))),
                1 => model.set_lit(cell, set.trailing_zeros() as usize, Lit::True),
                2 => {
                    let (a, b) = (set.trailing_zeros(), 63 - set.leading_zeros());
                    let values = model.domains.values();
                    let name = format!(
                        "y_{}_{}_{}",
                        cell_name(cell),
                        values[a as usize],
                        values[b as usize]
                    );
                    let y = model.binary(name);
                    model.set_lit(cell, a as usize, Lit::Neg(y));
                    model.set_lit(cell, b as usize, Lit::Pos(y));
                }
                _ => model.one_value_each(cell, set),
            }
        }
        model
    }

    /// The formulation documents' model: a binary `x[r,c,k]` for every candidate of every
    /// cell, even a decided one, and one value per cell; on values {0, 1}, one binary
    /// `x[r,c]` per cell (1 when the cell holds 1).
    pub fn explicit(domains: Domains) -> Self {
        let mut model = Model::empty(domains);
        let binary = model.domains.values() == [0, 1];
        for cell in model.cells() {
            let set = model.domains.get(cell.0, cell.1);
            if binary {
                let x = model.binary(format!("x_{}", cell_name(cell)));
                model.set_lit(cell, 0, Lit::Neg(x));
                model.set_lit(cell, 1, Lit::Pos(x));
            } else {
                model.one_value_each(cell, set);
            }
        }
        model
    }

    /// A model with no variables that states it is infeasible, for `reason` (a row name).
    pub fn infeasible(rows: usize, cols: usize, reason: &str) -> Self {
        let mut domains = Domains::full(rows, cols, vec![1]);
        domains.clear();
        let mut model = Model::empty(domains);
        model.contradiction = Some(reason.to_string());
        model
    }

    fn empty(domains: Domains) -> Self {
        let cells = domains.rows() * domains.cols();
        Model {
            lits: vec![Lit::False; cells * domains.values().len()],
            domains,
            vars: Vec::new(),
            names: Vec::new(),
            constraints: Vec::new(),
            objective: Vec::new(),
            contradiction: None,
            nogoods: 0,
        }
    }

    fn cells(&self) -> impl Iterator<Item = Cell> {
        let (rows, cols) = (self.domains.rows(), self.domains.cols());
        (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)))
    }

    fn set_lit(&mut self, cell: Cell, k: usize, lit: Lit) {
        let at = self.lit_index(cell, k);
        self.lits[at] = lit;
    }

    /// A binary `x_r1c2_5` per candidate in `set`, and the row `cell_r1c2`: one of them is 1.
    fn one_value_each(&mut self, cell: Cell, set: u64) {
        let mut one = LinExpr::default();
        for k in (0..self.domains.values().len()).filter(|&k| set >> k & 1 == 1) {
            let value = self.domains.values()[k];
            let x = self.binary(format!("x_{}_{value}", cell_name(cell)));
            self.set_lit(cell, k, Lit::Pos(x));
            one.add_var(x, 1.0);
        }
        self.add(format!("cell_{}", cell_name(cell)), one, 1.0, 1.0);
    }

    /// The candidate sets the model was built from.
    pub fn domains(&self) -> &Domains {
        &self.domains
    }

    /// A new binary variable, named for the model's text.
    pub fn binary(&mut self, name: String) -> Var {
        self.vars.push(VarKind::Binary);
        self.names.push(name);
        Var(self.vars.len() - 1)
    }

    /// A new continuous variable in `[lo, hi]`, named for the model's text.
    pub fn continuous(&mut self, name: String, lo: f64, hi: f64) -> Var {
        self.vars.push(VarKind::Continuous { lo, hi });
        self.names.push(name);
        Var(self.vars.len() - 1)
    }

    /// `x[r,c,k]` as an expression (a constant when k is not or is the only candidate).
    pub fn x(&self, r: usize, c: usize, k: usize) -> LinExpr {
        let mut e = LinExpr::default();
        e.add_lit(self.lit(r, c, k), 1.0);
        e
    }

    /// `x[r,c,k]` as a variable that is 1 exactly when it holds (`true`) or when it does not
    /// (`false`); `Err(value)` when the reductions decided it.
    pub fn literal(&self, (r, c): Cell, k: usize) -> Result<(Var, bool), bool> {
        match self.lit(r, c, k) {
            Lit::Pos(var) => Ok((var, true)),
            Lit::Neg(var) => Ok((var, false)),
            Lit::True => Err(true),
            Lit::False => Err(false),
        }
    }

    fn lit(&self, r: usize, c: usize, k: usize) -> Lit {
        self.lits[self.lit_index((r, c), k)]
    }

    /// Where `x[r,c,k]` is kept in `lits`.
    fn lit_index(&self, (r, c): Cell, k: usize) -> usize {
        (r * self.domains.cols() + c) * self.domains.values().len() + k
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

    /// Adds `expr <= hi`, named `name`.
    pub fn at_most(&mut self, name: String, expr: LinExpr, hi: f64) {
        self.add(name, expr, f64::NEG_INFINITY, hi);
    }

    /// Adds the row `name`: `lo <= expr <= hi`, folding constants; a violated constant row
    /// marks infeasibility.
    pub fn add(&mut self, name: String, expr: LinExpr, lo: f64, hi: f64) {
        self.add_for(Readers::All, name, expr, lo, hi);
    }

    /// [`Model::add`] for the engines `readers` only.
    pub fn add_for(&mut self, readers: Readers, name: String, mut expr: LinExpr, lo: f64, hi: f64) {
        expr.normalize();
        let (lo, hi) = (lo - expr.constant, hi - expr.constant);
        if expr.terms.is_empty() {
            if (lo > 1e-9 || hi < -1e-9) && self.contradiction.is_none() {
                self.contradiction = Some(name);
            }
            return;
        }
        self.constraints.push(Row {
            name,
            terms: expr.terms,
            lo,
            hi,
            readers,
        });
    }

    /// Fixes cell `(r, c)` to the value of index `k` with the row `given_r1c2`.
    /// A cell that is one binary (Takuzu's `x_r1c2`, 1 when it holds 1) is fixed as the
    /// documents write it: `x_r1c2 = 0` or `x_r1c2 = 1`.
    pub fn fix(&mut self, r: usize, c: usize, k: usize) {
        let name = format!("given_{}", cell_name((r, c)));
        match self.lit(r, c, k) {
            Lit::Neg(var) => {
                let mut x = LinExpr::default();
                x.add_var(var, 1.0);
                self.add(name, x, 0.0, 0.0);
            }
            _ => self.add(name, self.x(r, c, k), 1.0, 1.0),
        }
    }

    /// Adds `expr = value` when binary `chosen` is 1, as two big-M rows (`name_hi`,
    /// `name_lo`) whose big M are the bounds of `expr` over its variables' ranges:
    /// `expr + (hi - value) chosen <= hi` and `expr + (lo - value) chosen >= lo`.
    pub fn add_when(&mut self, name: &str, chosen: Var, mut expr: LinExpr, value: f64) {
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
        self.add(format!("{name}_hi"), upper, f64::NEG_INFINITY, hi);
        let mut lower = expr;
        lower.add_var(chosen, lo - value);
        self.add(format!("{name}_lo"), lower, lo, f64::INFINITY);
    }

    /// Each value at most once in `area` (rows `name_v5`), exactly once when the area has a
    /// cell per value.
    pub fn all_different(&mut self, name: &str, area: &[(usize, usize)]) {
        let nv = self.domains.values().len();
        let exact = area.len() == nv;
        for k in 0..nv {
            let mut e = LinExpr::default();
            for &(r, c) in area {
                e.add_lit(self.lit(r, c, k), 1.0);
            }
            let row = format!("{name}_v{}", self.domains.values()[k]);
            self.add(row, e, if exact { 1.0 } else { f64::NEG_INFINITY }, 1.0);
        }
    }

    /// Forbids `grid` (rows `nogood1`, `nogood2`, ...): fewer than all of its cells may keep
    /// their values.
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
        self.nogoods += 1;
        let name = format!("nogood{}", self.nogoods);
        self.add(name, e, f64::NEG_INFINITY, cells - 1.0);
    }

    /// Adds `cost * var` to the objective to minimize.
    pub fn minimize(&mut self, var: Var, cost: f64) {
        self.objective.push((var, cost));
    }

    /// The objective's terms (empty for a feasibility model).
    pub fn objective(&self) -> &[(Var, f64)] {
        &self.objective
    }

    /// Whether constant folding already proved the model infeasible.
    pub fn is_contradictory(&self) -> bool {
        self.contradiction.is_some()
    }

    /// The row that folded to a false constant, proving the model infeasible, if any.
    pub fn contradiction(&self) -> Option<&str> {
        self.contradiction.as_deref()
    }

    /// The variables, by index.
    pub fn vars(&self) -> &[VarKind] {
        &self.vars
    }

    /// The cells whose value is a constant of the model (decided before it), with the value.
    pub fn constant_cells(&self) -> Vec<(Cell, i64)> {
        let values = self.domains.values();
        (self.cells())
            .filter_map(|(r, c)| {
                let k = (0..values.len()).find(|&k| self.lit(r, c, k) == Lit::True)?;
                Some(((r, c), values[k]))
            })
            .collect()
    }

    /// The variables' names, by index.
    pub fn var_names(&self) -> &[String] {
        &self.names
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
