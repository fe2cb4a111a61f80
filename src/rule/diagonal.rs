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

/// mipsolve's `diagonals: true`: both (X).
pub static BOTH: RuleKind = RuleKind {
    key: "diagonals",
    read: |value, board| {
        let mut both = read(value, board, AreaName::Diagonal)?;
        both.areas
            .extend(read(value, board, AreaName::AntiDiagonal)?.areas);
        Ok(both)
    },
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

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn each_key_names_its_diagonals() {
        use crate::geometry::AreaName;
        let anti = read(r#"{"diagonal+": true}"#, 4).areas;
        assert_eq!(anti.len(), 1);
        assert_eq!(anti[0].name, AreaName::AntiDiagonal);
        assert!(anti[0].cells.contains(&(3, 0)));
        assert_eq!(
            read(r#"{"diagonal-": true}"#, 4).areas[0].name,
            AreaName::Diagonal
        );
        assert_eq!(read(r#"{"diagonals": true}"#, 4).areas.len(), 2);
        assert!(read(r#"{"diagonals": false}"#, 4).areas.is_empty());
    }
}
