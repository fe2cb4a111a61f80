//! Anti-king (`antiking: true`): cells that touch diagonally differ (orthogonal neighbours
//! already do, in a row or column).

use serde_json::Value;

use super::antiknight::apart;
use super::reading::{flag, Board, Found, RuleKind};
use crate::error::Problem;

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "antiking",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    Ok(Found::rule(apart(
        board.n,
        "antiking",
        &[(1, 1)],
        "anti-king",
    )))
}
