//! CaDiCaL, the learning SAT solver, through `rustsat-cadical`: one solver per puzzle that
//! keeps its clauses and what it learnt across the re-solves, and takes only the rows added
//! to the model since its last solve (the no-goods of uniqueness and counts); it solves under
//! assumptions, and its terminate callback stops it at the deadline.

use rustsat::solvers::{
    ControlSignal, PhaseLit as _, Solve as _, SolveIncremental, SolverResult, Terminate,
};
use rustsat::types::{Lit, TernaryVal};
use rustsat_cadical::{CaDiCaL, Config, Statistic};

use super::cnf::Encoder;
use super::{Solve, SolveAssuming, SolverStats, Status};
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::model::Model;

/// CaDiCaL for one model: made at the first solve, which hands it the model's rows.
#[derive(Default)]
pub struct Cadical {
    holding: Option<Holding>,
}

impl Solve for Cadical {
    fn solve(
        &mut self,
        model: &Model,
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        self.solve_assuming(model, &[], deadline)
    }
}

impl SolveAssuming for Cadical {
    fn solve_assuming(
        &mut self,
        model: &Model,
        assumed: &[(usize, bool)],
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        let holding = match &mut self.holding {
            Some(holding) => holding,
            empty => empty.insert(Holding::new(model)?),
        };
        holding.solve(model, assumed, deadline)
    }

    fn core(&mut self) -> Result<Vec<usize>, SolveError> {
        let holding = (self.holding.as_mut()).ok_or_else(|| fail(&anyhow::anyhow!("no solve")))?;
        let core = holding.solver.core().map_err(|e| fail(&e))?;
        Ok(core.iter().map(|lit| lit.var().idx()).collect())
    }
}

impl Cadical {
    /// Asks later solves of `model` to try each `(variable index, value)` of `phases` first
    /// whenever they decide that variable: where a solution is expected to lie. It changes
    /// which solution is found first, never an answer.
    pub fn prefer(&mut self, model: &Model, phases: &[(usize, bool)]) -> Result<(), SolveError> {
        let holding = match &mut self.holding {
            Some(holding) => holding,
            empty => empty.insert(Holding::new(model)?),
        };
        // Its "lucky" assignments (all false, all true, ...), tried before the search, do
        // not follow the phases.
        (holding.solver.set_option("lucky", 0)).map_err(|e| fail(&e))?;
        for &(var, value) in phases {
            let lit = match value {
                true => Encoder::lit(var),
                false => !Encoder::lit(var),
            };
            holding.solver.phase_lit(lit).map_err(|e| fail(&e))?;
        }
        Ok(())
    }
}

/// Rows taken between two looks at the deadline.
const ROWS_BETWEEN_LOOKS: usize = 64;

/// A CaDiCaL solver holding the clauses of a model's first `rows` rows.
struct Holding {
    solver: CaDiCaL<'static, 'static>,
    encoder: Encoder,
    rows: usize,
}

impl Holding {
    /// A solver for `model`, which it takes row by row at each solve.
    fn new(model: &Model) -> Result<Self, SolveError> {
        let mut solver = CaDiCaL::default();
        // CaDiCaL's configuration for satisfiable instances (longer stable phases, less
        // elimination): every question here but the last has a solution. The six hardest
        // Gecode 25x25s with uniqueness: 112 s in all by default, 83 s with it.
        (solver.set_configuration(Config::Sat)).map_err(|e| fail(&e))?;
        Ok(Holding {
            solver,
            encoder: Encoder::new(model),
            rows: 0,
        })
    }

    /// Adds the rows of `model` it has not seen (`model` must be the one it was made for,
    /// with rows only added since), then solves until a verdict or `deadline`, with the
    /// model's variables `assumed` (index and value) for this solve only.
    fn solve(
        &mut self,
        model: &Model,
        assumed: &[(usize, bool)],
        deadline: Deadline,
    ) -> Result<(Status, SolverStats), SolveError> {
        // Taking a large model's rows is much of CaDiCaL's time before it first looks at the
        // deadline: the deadline is looked at here too.
        for (i, row) in model.constraints()[self.rows..].iter().enumerate() {
            if i % ROWS_BETWEEN_LOOKS == 0 && deadline.passed() {
                return Ok((Status::TimeLimit, SolverStats::default()));
            }
            self.encoder.encode(model, row, &mut self.solver)?;
        }
        if self.rows == 0 {
            self.encoder.seal(model);
        }
        self.rows = model.constraints().len();
        if deadline.bounded() {
            self.solver
                .attach_terminator(move || match deadline.passed() {
                    true => ControlSignal::Terminate,
                    false => ControlSignal::Continue,
                });
        }
        let conflicts = self.solver.get_statistic(Statistic::Conflicts);
        let assumptions: Vec<Lit> = (assumed.iter())
            .map(|&(var, value)| match value {
                true => Encoder::lit(var),
                false => !Encoder::lit(var),
            })
            .collect();
        let result = match assumptions.is_empty() {
            true => self.solver.solve(),
            false => self.solver.solve_assumps(&assumptions),
        };
        let result = result.map_err(|e| fail(&e))?;
        let stats = SolverStats {
            conflicts: Some(self.solver.get_statistic(Statistic::Conflicts) - conflicts),
            ..SolverStats::default()
        };
        let status = match result {
            SolverResult::Sat => {
                let values = (0..model.vars().len())
                    .map(|v| match self.solver.lit_val(Encoder::lit(v)) {
                        Ok(TernaryVal::True) => Ok(1.0),
                        Ok(_) => Ok(0.0),
                        Err(e) => Err(fail(&e)),
                    })
                    .collect::<Result<_, _>>()?;
                Status::Feasible(values)
            }
            SolverResult::Unsat => Status::Infeasible,
            SolverResult::Interrupted => Status::TimeLimit,
        };
        Ok((status, stats))
    }
}

/// A CaDiCaL error as the pipeline's.
fn fail(error: &anyhow::Error) -> SolveError {
    SolveError::Backend(format!("CaDiCaL: {error}"))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::backend::Session;
    use crate::geometry::{columns, rows};
    use crate::grid::Grid;
    use crate::rule::{Areas, RuleSet};

    /// The model of 3x3 Latin squares (twelve of them), no givens.
    fn latin_3x3() -> Model {
        let lines = [rows(3, 3), columns(3, 3)].concat();
        let rules = RuleSet {
            rows: 3,
            cols: 3,
            values: vec![1, 2, 3],
            givens: vec![None; 9],
            rules: vec![Arc::new(Areas::new(lines.into(), 3, 3))],
        };
        let reduced = rules.reduce(Deadline::none()).expect("has solutions");
        let mut model = Model::new(reduced.domains.clone());
        reduced.constrain(&mut model, Deadline::none());
        model
    }

    #[test]
    fn a_preferred_grid_that_is_a_solution_is_the_one_found() {
        let squares = [
            [[1, 2, 3], [2, 3, 1], [3, 1, 2]],
            [[3, 1, 2], [1, 2, 3], [2, 3, 1]],
            [[2, 1, 3], [3, 2, 1], [1, 3, 2]],
        ];
        for square in squares {
            let grid = Grid::from_rows(square.map(Vec::from).to_vec()).expect("a grid");
            let mut session = Session::new(latin_3x3(), Cadical::default());
            session.prefer(&grid).expect("phases set");
            let (status, _) = session.solve(Deadline::none()).expect("solves");
            let Status::Feasible(values) = status else {
                panic!("Latin squares exist");
            };
            assert_eq!(session.model().decode(&values), Some(grid));
        }
    }
}
