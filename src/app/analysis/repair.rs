//! `--repair SOLVER`: the fewest edits that give a puzzle with no solution or several exactly one.

use mipsolve::repair;

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;
use crate::app::record::Repaired;

/// The repair.
pub struct Repair;

impl Analysis for Repair {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        let Some(solver) = &at.config.repair else {
            return Ok(());
        };
        let repair = repair::repair(at.puzzle, at.outcome, &at.config.solve, solver, at.deadline)
            .map_err(|e| at.failed(e))?;
        found.repaired = repair.map(|r| Repaired::of(r, at.puzzle));
        Ok(())
    }
}
