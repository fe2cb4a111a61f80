//! Little killers (`littlekillersum`: `[{"cell": "R0C4", "direction": "DL", "value": "17"}]`):
//! the values on the diagonal walked from the clue outside the grid, in its direction, add up
//! to the value (they may repeat). f-puzzles also lists the cells; they are worked out here.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::Cell;
use crate::picture::Mark;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, items, number, position, wrong, Board, Found};
use crate::rule::engine::sums::{Equation, Sums};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("littlekillersum", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let n = board.n as i64;
    let mut rule = Keyed::<Sums>::new("littlekiller", "littlekillersum", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("little killer {}", i + 1);
        let clue = item
            .get("cell")
            .ok_or_else(|| at(place(), wrong("no \"cell\"")))?;
        let (r, c) = position(clue).map_err(|p| at(place(), p))?;
        let direction = item.get("direction").and_then(Value::as_str).unwrap_or("");
        let (dr, dc) = match direction {
            "UL" => (-1, -1),
            "UR" => (-1, 1),
            "DL" => (1, -1),
            "DR" => (1, 1),
            other => {
                return Err(at(
                    place(),
                    wrong(format!(
                        "direction must be UL, UR, DL or DR, found \"{other}\""
                    )),
                ))
            }
        };
        let sum = number(item, "value", None).map_err(|p| at(place(), p))?;
        let inside = |(r, c): (i64, i64)| (1..=n).contains(&r) && (1..=n).contains(&c);
        if inside((r, c)) {
            let problem = wrong(format!("its clue R{r}C{c} is inside the grid; a little killer's clue stands outside, where its diagonal starts"));
            return Err(at(place(), problem));
        }
        let mut at_cell = (r + dr, c + dc);
        let mut cells: Vec<Cell> = Vec::new();
        while inside(at_cell) {
            cells.push((at_cell.0 as usize - 1, at_cell.1 as usize - 1));
            at_cell = (at_cell.0 + dr, at_cell.1 + dc);
        }
        if cells.is_empty() {
            return Err(at(place(), wrong("its diagonal holds no cell of the grid")));
        }
        // f-puzzles lists the diagonal's cells too: they must be the ones walked.
        if item.contains_key("cells") {
            let mut listed = crate::rule::engine::reading::cells(item, "cells", board.n)
                .map_err(|p| at(place(), p))?;
            let mut walked = cells.clone();
            listed.sort_unstable();
            walked.sort_unstable();
            if listed != walked {
                let problem =
                    wrong("its \"cells\" are not the diagonal its clue and direction give");
                return Err(at(place(), problem));
            }
        }
        // The sum is of written values.
        let (len, written) = (cells.len() as i64, board.written());
        let (least, most) = (len * written.first, len * written.last());
        if !(least..=most).contains(&sum) {
            let range = board.written_range();
            let problem = wrong(format!(
                "its sum is {sum}, but {len} cells of {range} add up to {least} to {most}"
            ));
            return Err(at(place(), problem));
        }
        let terms: Vec<(Cell, i64)> = cells.iter().map(|&cell| (cell, 1)).collect();
        rule.part.equations.push(Equation {
            total: board.total(&terms, sum),
            terms,
            clue: place(),
        });
        rule.over.push(marks::outside((r, c), &sum.to_string()));
        // A short stroke from the clue's corner along its diagonal.
        let corner = (
            r as f64 - 0.5 + 0.35 * dr as f64,
            c as f64 - 0.5 + 0.35 * dc as f64,
        );
        let tip = (corner.0 + 0.25 * dr as f64, corner.1 + 0.25 * dc as f64);
        rule.over.push(Mark::Line {
            points: vec![corner, tip],
            width: 0.04,
            colour: "black",
        });
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_diagonal_from_the_clue_adds_up_to_it() {
        let json = r#"{"littlekillersum": [{"cell": "R0C0", "direction": "DR", "value": "5"}]}"#;
        let rule = rule(json, 4);
        let d = narrowed(&*rule, candidates(4, 4, 4, &[])).unwrap();
        assert_eq!(values(&d, (0, 0)), [1, 2]);
        assert_eq!(broken(&*rule, &grid_with(4, &[])).len(), 1);
        let bad = r#"{"littlekillersum": [{"cell": "R0C1", "direction": "D", "value": "5"}]}"#;
        assert_eq!(
            read_error(bad, 4),
            "little killer 1: direction must be UL, UR, DL or DR, found \"D\""
        );
    }

    #[test]
    fn a_clue_inside_the_grid_or_out_of_reach_is_refused() {
        let inside = r#"{"littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "5"}]}"#;
        assert_eq!(
            read_error(inside, 4),
            "little killer 1: its clue R2C2 is inside the grid; a little killer's clue stands outside, where its diagonal starts"
        );
        let high = r#"{"littlekillersum": [{"cell": "R0C0", "direction": "DR", "value": "17"}]}"#;
        assert_eq!(
            read_error(high, 4),
            "little killer 1: its sum is 17, but 4 cells of 1..4 add up to 4 to 16"
        );
        let listed = r#"{"littlekillersum": [{"cell": "R0C0", "direction": "DR", "value": "9", "cells": ["R1C1", "R2C2"]}]}"#;
        assert_eq!(
            read_error(listed, 4),
            "little killer 1: its \"cells\" are not the diagonal its clue and direction give"
        );
    }
}
