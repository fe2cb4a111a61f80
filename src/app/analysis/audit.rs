//! `--audit`: the givens (and cage operators) a unique puzzle does without, one at a time.

use mipsolve::explain;

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;

/// The audit.
pub struct Audit;

impl Analysis for Audit {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        if at.config.audit {
            found.audit = explain::audit(at.puzzle, at.outcome, &at.config.solve, at.deadline)
                .map_err(|e| at.failed(e))?;
        }
        Ok(())
    }
}
