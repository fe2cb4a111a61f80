//! The one translation of a [`Model`] into good_lp, which hands it to every MIP solver
//! (HiGHS, CBC, microlp): the variables with their kinds and bounds in the model's order, each
//! row with two finite bounds as two rows (as `--write-model` writes it), and the objective to
//! minimize.

use good_lp::{variable, Expression, ProblemVariables, Solver, SolverModel, Variable};

use crate::model::{Model, Readers, Row, VarKind};

/// `model` as `solver`'s problem; its columns are the model's variables, in order.
pub fn problem<S: Solver>(model: &Model, solver: S) -> S::Model {
    let mut vars = ProblemVariables::new();
    let columns: Vec<Variable> = (model.vars().iter())
        .map(|kind| match *kind {
            VarKind::Binary => vars.add(variable().binary()),
            VarKind::Continuous { lo, hi } => vars.add(variable().min(lo).max(hi)),
        })
        .collect();
    let mut objective = Expression::with_capacity(model.objective().len());
    for &(var, cost) in model.objective() {
        objective.add_mul(cost, columns[var.0]);
    }
    let mut problem = vars.minimise(objective).using(solver);
    for row in (model.constraints().iter()).filter(|row| row.readers != Readers::Clauses) {
        let sum = || {
            let mut sum = Expression::with_capacity(row.terms.len());
            for &(var, a) in &row.terms {
                sum.add_mul(a, columns[var.0]);
            }
            sum
        };
        if row.lo == row.hi {
            problem.add_constraint(sum().eq(row.lo));
            continue;
        }
        if row.lo.is_finite() {
            problem.add_constraint(sum().geq(row.lo));
        }
        if row.hi.is_finite() {
            problem.add_constraint(sum().leq(row.hi));
        }
    }
    problem
}

/// The size of the problem a MIP solver is handed, for `--stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelSize {
    /// Rows (a row with two finite bounds counts twice).
    pub rows: usize,
    /// Columns: the model's variables.
    pub columns: usize,
    /// Nonzero coefficients over all rows.
    pub nonzeros: usize,
}

impl ModelSize {
    /// The size of `model` as the translation hands it to a MIP solver.
    pub fn of(model: &Model) -> ModelSize {
        let sides = |row: &Row| match row.lo == row.hi {
            true => 1,
            false => usize::from(row.lo.is_finite()) + usize::from(row.hi.is_finite()),
        };
        let (rows, nonzeros) = (model.constraints().iter()).fold((0, 0), |(rows, nz), row| {
            (rows + sides(row), nz + sides(row) * row.terms.len())
        });
        ModelSize {
            rows,
            columns: model.vars().len(),
            nonzeros,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;
    use crate::model::LinExpr;

    #[test]
    fn a_row_with_two_finite_bounds_counts_as_two_rows() {
        let mut model = Model::new(Domains::full(0, 0, vec![1]));
        let (a, b) = (model.binary("a".into()), model.binary("b".into()));
        let mut sum = LinExpr::default();
        sum.add_var(a, 1.0);
        sum.add_var(b, 1.0);
        model.add("range".into(), sum.clone(), 1.0, 2.0);
        model.add("equal".into(), sum.clone(), 1.0, 1.0);
        model.add("below".into(), sum, f64::NEG_INFINITY, 1.0);
        let size = ModelSize::of(&model);
        assert_eq!((size.rows, size.columns, size.nonzeros), (4, 2, 8));
    }
}
