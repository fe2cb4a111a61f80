//! Even cells (`even`: `[{"cell": "R1C1"}]`): the cell holds an even value. Drawn as a grey
//! square.

use super::odd::parity;
use crate::rule::engine::reading::RuleKind;

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "even",
    read: |value, board| parity(value, board, "even", 0),
};
