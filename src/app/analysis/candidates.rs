//! `--candidates`: every value some solution puts in each cell.

use mipsolve::candidates::true_candidates;

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;

/// The true candidates.
pub struct Candidates;

impl Analysis for Candidates {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        if at.config.candidates && at.outcome.solution().is_some() {
            found.candidates = true_candidates(at.puzzle, at.deadline).map_err(|e| at.failed(e))?;
        }
        Ok(())
    }
}
