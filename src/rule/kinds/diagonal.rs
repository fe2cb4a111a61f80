//! Diagonals (`diagonal-`: the main diagonal r1c1..rNcN; `diagonal+`: the anti-diagonal
//! rNc1..r1cN; mipsolve's `diagonals`: both, X): the values on each differ. Drawn as thin grey
//! lines corner to corner.

use serde_json::Value;

use crate::error::Problem;
use crate::geometry::{diagonals, AreaName};
use crate::picture::Mark;
use crate::rule::engine::entry::{Placement, RuleKind};
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::reading::{flag, Board, Found};

/// The main diagonal's entry.
pub static MAIN: RuleKind =
    RuleKind::new("diagonal-", |value, board| read(value, board, "diagonal-"));

/// The anti-diagonal's entry.
pub static ANTI: RuleKind =
    RuleKind::new("diagonal+", |value, board| read(value, board, "diagonal+"));

/// mipsolve's `diagonals: true`: both (X).
pub static BOTH: RuleKind =
    RuleKind::new("diagonals", |value, board| read(value, board, "diagonals"));

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

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn each_diagonal_s_values_differ() {
        // The diagonals are areas: the reading gives them, the areas do the work.
        let found = read(r#"{"diagonal-": true}"#, 4);
        let cells: Vec<_> = found.areas.iter().map(|a| a.cells.clone()).collect();
        assert_eq!(cells, [vec![(0, 0), (1, 1), (2, 2), (3, 3)]]);
        let found = read(r#"{"diagonal+": true}"#, 4);
        let cells: Vec<_> = found.areas.iter().map(|a| a.cells.clone()).collect();
        assert_eq!(cells, [vec![(0, 3), (1, 2), (2, 1), (3, 0)]]);
        assert_eq!(read(r#"{"diagonals": true}"#, 4).areas.len(), 2);
        assert_eq!(read(r#"{"diagonals": false}"#, 4).areas.len(), 0);
        assert_eq!(
            read_error(r#"{"diagonal-": 3}"#, 4),
            "\"diagonal-\": expected true or false, found 3"
        );
    }
}
