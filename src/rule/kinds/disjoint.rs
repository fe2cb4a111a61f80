//! Disjoint groups (`disjointgroups: true`): the cells at the same place of every region
//! (box) hold different values.

use serde_json::Value;

use crate::error::Problem;
use crate::geometry::{Area, AreaName};
use crate::rule::engine::entry::{set_flag, Global, RuleKind};
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::reading::{flag, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("disjointgroups", read);

/// SudokuPad's global rule.
pub static GLOBAL: Global = Global::new(&["disjoint", "disjointgroups"], |keys| {
    set_flag(keys, KIND.key)
});

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    if board.regions.len() != board.n || board.regions.iter().any(|r| r.len() != board.n) {
        return Err(wrong("disjoint groups need n regions of n cells"));
    }
    let areas = (0..board.n)
        .map(|k| Area {
            name: AreaName::Extra(format!("disjoint group {}", k + 1)),
            cells: board.regions.iter().map(|region| region[k]).collect(),
        })
        .collect();
    let mut found = Found::rule(Keyed::shown(
        "disjointgroups",
        Vec::new(),
        (KIND.key, Value::Bool(true)),
    ));
    found.areas = areas;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_same_place_of_every_box_is_a_group() {
        let found = read(r#"{"disjointgroups": true}"#, 4);
        assert_eq!(found.areas.len(), 4);
        assert_eq!(found.areas[0].cells, [(0, 0), (0, 2), (2, 0), (2, 2)]);
    }
}
