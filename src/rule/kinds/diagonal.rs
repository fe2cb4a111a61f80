//! Diagonals (`diagonal-`: the main diagonal r1c1..rNcN; `diagonal+`: the anti-diagonal
//! rNc1..r1cN; mipsolve's `diagonals`: both, X): the values on each differ. Drawn as thin grey
//! lines corner to corner.

use serde_json::Value;

use crate::error::Problem;
use crate::geometry::{diagonals, AreaName};
use crate::picture::Mark;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::reading::{flag, Board, Found, Placement, RuleKind};

/// The main diagonal's entry.
pub static MAIN: RuleKind = RuleKind {
    key: "diagonal-",
    read: |value, board| read(value, board, "diagonal-"),
};

/// The anti-diagonal's entry.
pub static ANTI: RuleKind = RuleKind {
    key: "diagonal+",
    read: |value, board| read(value, board, "diagonal+"),
};

/// mipsolve's `diagonals: true`: both (X).
pub static BOTH: RuleKind = RuleKind {
    key: "diagonals",
    read: |value, board| read(value, board, "diagonals"),
};

/// `generate --variant x`: both diagonals, which the values obey from the start.
pub static PLACED: Placement = Placement {
    name: "x",
    about: "both diagonals",
    fixed: Some(|rules| {
        rules.insert(BOTH.key.into(), true.into());
    }),
    drawn: None,
};

/// The diagonals `key` names, as areas, with their lines.
fn read(value: &Value, board: &Board, key: &'static str) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    let side = board.n as f64;
    let line = |points: Vec<(f64, f64)>| Mark::Line {
        points,
        width: 0.025,
        colour: "#b8b8b8",
    };
    let main = (key != "diagonal+").then(|| line(vec![(0.0, 0.0), (side, side)]));
    let anti = (key != "diagonal-").then(|| line(vec![(0.0, side), (side, 0.0)]));
    let wanted = |name: &AreaName| match name {
        AreaName::Diagonal => main.is_some(),
        _ => anti.is_some(),
    };
    let areas = diagonals(board.n)
        .into_iter()
        .filter(|a| wanted(&a.name))
        .collect();
    let mut found = Found::rule(Keyed::shown(
        "x",
        main.clone().into_iter().chain(anti.clone()).collect(),
        (key, Value::Bool(true)),
    ));
    found.areas = areas;
    Ok(found)
}
