//! Diagonals (`diagonal-`: the main diagonal r1c1..rNcN; `diagonal+`: the anti-diagonal
//! rNc1..r1cN): the values on each differ.

use serde_json::Value;

use super::reading::{flag, Board, Found, RuleKind};
use crate::error::Problem;
use crate::geometry::{diagonals, AreaName};

/// The main diagonal's entry.
pub static MAIN: RuleKind = RuleKind {
    key: "diagonal-",
    read: |value, board| read(value, board, AreaName::Diagonal),
};

/// The anti-diagonal's entry.
pub static ANTI: RuleKind = RuleKind {
    key: "diagonal+",
    read: |value, board| read(value, board, AreaName::AntiDiagonal),
};

fn read(value: &Value, board: &Board, which: AreaName) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    Ok(Found {
        areas: diagonals(board.n)
            .into_iter()
            .filter(|a| a.name == which)
            .collect(),
        names: vec!["x"],
        ..Found::default()
    })
}
