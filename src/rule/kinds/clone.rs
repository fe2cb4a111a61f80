//! Clones (`clone`: `[{"cells": [...], "cloneCells": [...]}]`): each cell holds what its clone
//! (the cell at the same place in the other list) holds.

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{at, cells, items, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "clone", read };

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("clone", "clone", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("clone {}", i + 1);
        let first = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        let second = cells(item, "cloneCells", board.n).map_err(|p| at(place(), p))?;
        if first.len() != second.len() {
            let problem = wrong(format!(
                "{} cells but {} clone cells",
                first.len(),
                second.len()
            ));
            return Err(at(place(), problem));
        }
        for (&a, &b) in first.iter().zip(&second) {
            rule.part.add(a, b, Relation::Equal, place());
            rule.under.push(marks::shade(a, "#dde6f4"));
            rule.under.push(marks::shade(b, "#dde6f4"));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_cell_holds_what_its_clone_holds() {
        let json = r#"{"clone": [{"cells": ["R1C1"], "cloneCells": ["R3C3"]}]}"#;
        assert_eq!(
            narrows_to(json, (3, 3), &[((0, 0), &[4])], (2, 2)),
            Some(vec![4])
        );
        keeps_only(json, &sudoku_with(&[((2, 2), 1)]), &sudoku_with(&[]));
    }
}
