//! Greater-than chains (`greaterthan`: `[{"cells": ["R1C1", "R1C2"]}]`): each cell is greater
//! than every later cell of the list that is side by side with it; with two cells, the first
//! is the greater (the Interactive Sudoku Solver's `GreaterThan`).

use serde_json::Value;

use crate::error::Problem;
use crate::grid::{cell_name, Cell};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{at, cells, items, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("greaterthan", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("greater than", "greaterthan", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("greater than {}", i + 1);
        let list = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        let side_by_side = |a: Cell, b: Cell| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
        let mut found = false;
        for (j, &greater) in list.iter().enumerate() {
            for &smaller in list[j + 1..].iter().filter(|&&b| side_by_side(greater, b)) {
                let clue = format!("{} > {}", cell_name(greater), cell_name(smaller));
                rule.part.add(smaller, greater, Relation::Less, clue);
                let sign = match (smaller.0 > greater.0, smaller.1 > greater.1) {
                    (true, _) => "v",
                    (_, true) => ">",
                    _ if smaller.0 < greater.0 => "^",
                    _ => "<",
                };
                rule.over.push(marks::side_text(greater, smaller, sign));
                found = true;
            }
        }
        if !found {
            return Err(at(place(), wrong("no two of its cells are side by side")));
        }
    }
    Ok(rule.found())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn each_cell_is_greater_than_its_later_neighbours() {
        let json = r#"{"greaterthan": [{"cells": ["R1C2", "R1C1", "R2C2"]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[((0, 1), &[3])]);
        assert_eq!(values(&d, (0, 0)), [1, 2]);
        assert_eq!(values(&d, (1, 1)), [1, 2]);
        // The grid's r1c2 = 2 is greater than r1c1 = 1, not than r2c2 = 5.
        let pair = r#"{"greaterthan": [{"cells": ["R1C2", "R1C1"]}]}"#;
        keeps_only(pair, &sudoku_with(&[]), &sudoku_with(&[((0, 0), 3)]));
        let apart = read_error(r#"{"greaterthan": [{"cells": ["R1C1", "R3C3"]}]}"#, 9);
        assert!(
            apart.contains("no two of its cells are side by side"),
            "{apart}"
        );
    }
}
