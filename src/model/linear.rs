//! The model's linear pieces: variables, the literal a cell's value is, expressions and rows.

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
pub(super) enum Lit {
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

    pub(super) fn add_lit(&mut self, lit: Lit, coef: f64) {
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
    pub(super) fn normalize(&mut self) {
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
    /// What the row says, e.g. `row3_v5` (value 5 once in row 3).
    pub name: String,
    /// Variables with their coefficients.
    pub terms: Vec<(Var, f64)>,
    /// Lower bound (may be minus infinity).
    pub lo: f64,
    /// Upper bound (may be infinity).
    pub hi: f64,
    /// The engines that take it.
    pub readers: Readers,
}

/// The engines that take a row: every one, or only those that read the model as clauses
/// (CaDiCaL) or as linear rows (the MIP solvers and the model's text), where each kind does
/// better with a formulation of its own of the same constraint.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Readers {
    /// Every engine.
    #[default]
    All,
    /// The SAT solver only.
    Clauses,
    /// The MIP solvers (and the model's text) only.
    Linear,
}
