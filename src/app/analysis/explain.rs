//! `--explain`: the clues that stand in the way of a solution, or of one solution only; also
//! what `--hint` says of entered values that leave no solution.

use mipsolve::explain;
use mipsolve::pipeline::Outcome;

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;

/// The explanation.
pub struct Explain;

impl Analysis for Explain {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        let config = at.config;
        // --repair's answer for several solutions replaces --explain's greedy one; --hint on
        // filled-in values that leave no solution names the ones that conflict.
        let several = matches!(at.outcome, Outcome::Several { .. });
        let conflict = config.deduce.hint && matches!(at.outcome, Outcome::Infeasible { .. });
        if (config.explain && !(config.repair.is_some() && several)) || conflict {
            found.explanation = explain::explain(at.puzzle, at.outcome, &config.solve, at.deadline)
                .map_err(|e| at.failed(e))?;
        }
        Ok(())
    }
}
