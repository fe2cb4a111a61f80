//! Choices (`or`: `[{"options": [{"thermometer": [...]}, {"killercage": [...], "arrow": [...]}]}]`):
//! at least one option holds, each option a puzzle's rule keys that hold together (the
//! Interactive Sudoku Solver's `Or` of items or `And` groups). An option's keys are read as
//! a puzzle's are, with its candidate marks under `"grid"` and its cages' values differing.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::any_of::AnyOf;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::reading::{at, items, position, wrong, Board, Found};
use crate::rule::{Areas, CageFormulation, Cages, Rule};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("or", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut found = Found::default();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("or {}", i + 1);
        if let Some(key) = item.keys().find(|k| k.as_str() != "options") {
            return Err(at(place(), wrong(format!("unknown key \"{key}\""))));
        }
        let Some(Value::Array(list)) = item.get("options") else {
            return Err(at(
                place(),
                wrong("no \"options\" (a list of objects of rule keys)"),
            ));
        };
        if list.is_empty() {
            return Err(at(place(), wrong("no options: one at least must hold")));
        }
        let mut options = Vec::with_capacity(list.len());
        let mut never = None;
        for (k, option) in list.iter().enumerate() {
            let place = || format!("or {} option {}", i + 1, k + 1);
            let object = option.as_object().ok_or_else(|| {
                at(
                    place(),
                    wrong(format!("expected an object of rule keys, found {option}")),
                )
            })?;
            // An option with a clue no grid keeps (a cage's sum out of reach) never holds.
            match (board.read)(object, board) {
                Ok(read) => options.push(rules_of(read, board.n, board.top)),
                Err(problem) if never_holds(&problem) => {
                    never.get_or_insert(at(place(), problem));
                }
                Err(problem) => return Err(at(place(), problem)),
            }
        }
        if let (true, Some(problem)) = (options.is_empty(), never) {
            return Err(problem);
        }
        found.rules.push(Arc::new(AnyOf {
            clue: place(),
            options,
            scope: scope(list, board.n),
            json: ("or", value.clone()),
        }));
    }
    if !found.rules.is_empty() {
        found.names.push("or");
    }
    Ok(found)
}

/// The cells (row-major) the options name, where every one is named: an option that turns
/// a rule on for the whole grid, or names a clue outside it, may look anywhere (`None`).
fn scope(options: &[Value], n: usize) -> Option<Vec<usize>> {
    let mut cells = BTreeSet::new();
    for option in options {
        for (key, value) in option.as_object()? {
            if value.as_bool() == Some(true) {
                return None;
            }
            match (key.as_str(), value) {
                ("grid", Value::Array(rows)) => marked(rows, n, &mut cells),
                _ => named(value, n, &mut cells)?,
            }
        }
    }
    Some(cells.into_iter().collect())
}

/// Adds the cells a `"grid"` marks (any key in the cell's object).
fn marked(rows: &[Value], n: usize, cells: &mut BTreeSet<usize>) {
    for (r, row) in rows.iter().enumerate().take(n) {
        let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
        for (c, cell) in row.iter().enumerate().take(n) {
            if cell.as_object().is_some_and(|o| !o.is_empty()) {
                cells.insert(r * n + c);
            }
        }
    }
}

/// Adds the cells `value` names, written `"R1C2"` or `[1, 2]`, anywhere in it; `None` for a
/// cell outside the grid.
fn named(value: &Value, n: usize, cells: &mut BTreeSet<usize>) -> Option<()> {
    let n = n as i64;
    let mut add = |(r, c): (i64, i64)| match (1..=n).contains(&r) && (1..=n).contains(&c) {
        true => Some(cells.insert(((r - 1) * n + c - 1) as usize)).map(|_| ()),
        false => None,
    };
    match value {
        Value::String(_) => match position(value) {
            Ok(at) => add(at),
            Err(_) => Some(()),
        },
        Value::Array(list) => {
            let pair = list.iter().map(Value::as_i64).collect::<Option<Vec<i64>>>();
            match pair.as_deref() {
                // A pair of numbers may be a cell; past the grid's edge by more than one it
                // is no cell at all (an allowed pair of values).
                Some(&[r, c]) if (0..=n + 1).contains(&r) && (0..=n + 1).contains(&c) => {
                    add((r, c))
                }
                _ => list.iter().try_for_each(|v| named(v, n as usize, cells)),
            }
        }
        Value::Object(map) => map.values().try_for_each(|v| named(v, n as usize, cells)),
        _ => Some(()),
    }
}

/// Whether `problem` (in its places) is a clue no grid keeps.
fn never_holds(problem: &Problem) -> bool {
    match problem {
        Problem::NeverHolds(_) => true,
        Problem::In { problem, .. } => never_holds(problem),
        _ => false,
    }
}

/// An option's rules: its rules, its areas (whose values differ) and its cages.
fn rules_of(found: Found, n: usize, top: usize) -> Vec<Arc<dyn Rule>> {
    let mut rules = found.rules;
    let mut areas = found.areas;
    let cages: Vec<crate::cage::Cage> = (found.cages.into_iter())
        .map(|(_, target, cells)| crate::cage::Cage {
            op: crate::cage::Op::Add,
            target,
            cells,
        })
        .collect();
    for (k, cage) in cages.iter().enumerate() {
        areas.push(crate::geometry::Area {
            name: crate::geometry::AreaName::Cage(k),
            cells: cage.cells.clone(),
        });
    }
    if !areas.is_empty() {
        rules.push(Arc::new(Areas::new(areas.clone().into(), n, top)));
    }
    if !cages.is_empty() {
        let formulation = CageFormulation::default();
        rules.push(Arc::new(Cages::new(
            cages.into(),
            areas.into(),
            formulation,
        )));
    }
    rules
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn one_option_at_least_holds() {
        let json = r#"{"or": [{"options": [
            {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]},
            {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "17"}], "thermometer": [{"lines": [["R1C3", "R1C4"]]}]},
            {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]}]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[]);
        assert_eq!(values(&d, (0, 0)), [1, 2, 8, 9]);
        // The grid's r1c1 + r1c2 = 1 + 2 = 3; with r1c2 = 3 no option holds.
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 1), 3)]));
        let never = r#"{"or": [{"options": [{"killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]}]}]}"#;
        let error = read_error(never, 9);
        assert!(
            error.contains("or 1 option 1: killer cage 1: the cage r1c1 r1c2 sums to 30"),
            "{error}"
        );
        // What the options name: cells, pairs of numbers that may be cells, marked cells of a
        // grid; a flag or a clue outside the grid may look anywhere.
        let options: serde_json::Value = serde_json::from_str(
            r#"[{"killercage": [{"cells": ["R1C2", [2, 1]], "value": "3"}]},
                {"relation": [{"cells": ["R3C3", "R3C4"], "allowed": [[1, 12]]}]},
                {"grid": [[{}, {}], [{}, {"givenPencilMarks": [1, 2]}]]}]"#,
        )
        .unwrap();
        let list = options.as_array().unwrap();
        assert_eq!(super::scope(list, 9), Some(vec![1, 9, 10, 20, 21]));
        let flag = serde_json::json!([{"antiknight": true}]);
        assert_eq!(super::scope(flag.as_array().unwrap(), 9), None);
        let outside = serde_json::json!([{"sandwichsum": [{"cell": "R0C3", "value": "5"}]}]);
        assert_eq!(super::scope(outside.as_array().unwrap(), 9), None);
        let typo = read_error(r#"{"or": [{"options": [{"thermometre": []}]}]}"#, 9);
        assert!(
            typo.contains("or 1 option 1") && typo.contains("thermometre"),
            "{typo}"
        );
    }
}
