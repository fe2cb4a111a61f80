//! CBC's place in a build without it (the `cbc` feature off, as in the Python wheel, which
//! must not need the system's libCbcSolver): asked for, it says so.

use super::{Minimize, Minimum, Solve, SolverStats, Status};
use crate::deadline::Deadline;
use crate::error::SolveError;
use crate::model::Model;

/// CBC, absent from this build.
#[derive(Debug, Clone, Copy)]
pub struct Cbc;

fn absent() -> SolveError {
    SolveError::Backend(
        "this build of mipsolve has no CBC (built without its `cbc` feature)".into(),
    )
}

impl Solve for Cbc {
    fn solve(&mut self, _: &Model, _: Deadline) -> Result<(Status, SolverStats), SolveError> {
        Err(absent())
    }
}

impl Minimize for Cbc {
    fn minimize(&self, _: &Model, _: Deadline) -> Result<Minimum, SolveError> {
        Err(absent())
    }
}
