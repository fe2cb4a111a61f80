//! Extra regions (`extraregion`: `[{"cells": [...]}]`): the values in each differ. Drawn
//! shaded.

use serde_json::Value;

use crate::error::Problem;
use crate::geometry::{Area, AreaName};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, cells, items, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("extraregion", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut areas = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = format!("extra region {}", i + 1);
        let region = cells(item, "cells", board.n).map_err(|p| at(place.clone(), p))?;
        areas.push(Area {
            name: AreaName::Extra(place),
            cells: region,
        });
    }
    if areas.is_empty() {
        return Ok(Found::none());
    }
    let marks = (areas.iter().flat_map(|a| a.cells.iter()))
        .map(|&cell| marks::shade(cell, "#e8e8e8"))
        .collect();
    let mut found = Found::rule(Keyed::shown(
        "extraregion",
        marks,
        (KIND.key, value.clone()),
    ));
    found.areas = areas;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn an_extra_region_is_an_area() {
        let found = read(r#"{"extraregion": [{"cells": ["R1C1", "R2C2"]}]}"#, 9);
        assert_eq!(found.areas.len(), 1);
        assert_eq!(found.areas[0].cells, [(0, 0), (1, 1)]);
        assert_eq!(found.rules.len(), 1, "it draws and writes itself");
    }
}
