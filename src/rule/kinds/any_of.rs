//! Choices (`or`: `[{"options": [{"thermometer": [...]}, {"killercage": [...], "arrow": [...]}]}]`):
//! at least one option holds, each option a puzzle's rule keys that hold together (the
//! Interactive Sudoku Solver's `Or` of items or `And` groups). An option's keys are read as
//! a puzzle's are, with its candidate marks under `"grid"` and its cages' values differing.

use std::sync::Arc;

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::any_of::AnyOf;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::reading::{at, items, wrong, Board, Found};
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
                Ok(read) => options.push(rules_of(read, board.n)),
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
            json: ("or", value.clone()),
        }));
    }
    if !found.rules.is_empty() {
        found.names.push("or");
    }
    Ok(found)
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
fn rules_of(found: Found, n: usize) -> Vec<Arc<dyn Rule>> {
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
        rules.push(Arc::new(Areas::new(areas.clone().into(), n)));
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
        let typo = read_error(r#"{"or": [{"options": [{"thermometre": []}]}]}"#, 9);
        assert!(
            typo.contains("or 1 option 1") && typo.contains("thermometre"),
            "{typo}"
        );
    }
}
