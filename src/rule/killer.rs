//! Killer cages (`killercage`: `[{"cells": [...], "value": "17"}]`): a cage's values differ
//! and, when it has a value, add up to it. Summed cages join the puzzle's cages (checked and
//! drawn with them); a cage without a sum is an area.

use serde_json::Value;

use super::reading::{at, cells, items, number, wrong, Board, Found, RuleKind, Shown};
use crate::error::{CageLabel, Problem};
use crate::geometry::{Area, AreaName};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "killercage",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut found = Found::none();
    let mut unsummed = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("killer cage {}", i + 1);
        let cage = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        if cage.is_empty() {
            return Err(at(place(), wrong("the cage has no cells")));
        }
        let blank = |v: &Value| v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty());
        match item.get("value").filter(|v| !blank(v)) {
            None => {
                unsummed.push(Value::Object(item.clone()));
                found.areas.push(Area {
                    name: AreaName::Extra(place()),
                    cells: cage,
                })
            }
            Some(written) => {
                let sum = number(item, "value", None).map_err(|p| at(place(), p))?;
                let label = CageLabel {
                    number: i + 1,
                    rule: format!("sum {}", crate::puzzle::json::written(written)),
                };
                let sum = u64::try_from(sum)
                    .ok()
                    .filter(|&s| s > 0)
                    .ok_or(at(place(), Problem::Target))?;
                found.cages.push((label, sum, cage));
            }
        }
    }
    if !unsummed.is_empty() {
        // Cages without a sum are written back under the key; summed ones as the puzzle's.
        let shown = Shown {
            name: "killer",
            marks: Vec::new(),
            json: (KIND.key, Value::Array(unsummed)),
        };
        found.rules.push(std::sync::Arc::new(shown));
    }
    if !found.areas.is_empty() || !found.cages.is_empty() {
        found.names.push("killer");
    }
    Ok(found)
}
