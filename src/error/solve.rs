//! Why solving a puzzle failed: the solver itself, never the puzzle.

use thiserror::Error;

use super::Violation;

/// Why solving a puzzle failed: the solver itself, never the puzzle.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SolveError {
    /// A solver reported an error.
    #[error("the solver failed: {0}")]
    Backend(String),
    /// A row of the model that has no exact clauses, so a SAT solver cannot take the model.
    #[error("CaDiCaL cannot take row {row} exactly: {why}")]
    NotEncodable {
        /// The row's name.
        row: String,
        /// What stands in the way.
        why: String,
    },
    /// The solver's answer left a cell without exactly one value.
    #[error("internal error: the solver left a cell without exactly one value")]
    Undecodable,
    /// Too many solver answers failed the exact check.
    #[error("internal error: {count} solver answers failed the exact check (last: {last}); no grid is printed")]
    Rejected {
        /// How many answers were cut off.
        count: usize,
        /// The rule the last one broke.
        last: Violation,
    },
}
