//! The puzzle as an Interactive Sudoku Solver constraint string, for `--format iss`.

use super::{Analysis, Findings, Solving};
use crate::app::config::Format;
use crate::app::failure::{Failure, Unwritten};

/// The ISS string.
pub struct IssForm;

impl Analysis for IssForm {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        if at.config.format != Format::Iss {
            return Ok(());
        }
        let written = (at.puzzle.iss_string()).ok_or_else(|| at.unwritten(Unwritten::NoIss))?;
        found.iss = Some(written.map_err(|e| at.unwritten(Unwritten::Iss(e)))?);
        Ok(())
    }
}
