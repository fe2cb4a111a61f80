//! Arrows (`arrow`: `[{"cells": [circle], "lines": [[circle, shaft...]]}]`): the values along
//! each shaft add up to the circle's value; a circle of two or more cells (a pill) reads its
//! digits as one number, in the order listed.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, cells, items, lines, wrong, Board, Found};
use crate::rule::engine::sums::Sums;

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "arrow", read };

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Sums>::new("arrow", "arrow", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("arrow {}", i + 1);
        let circle = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        if circle.is_empty() {
            return Err(at(place(), wrong("the circle has no cells")));
        }
        // Digits are 1..n; a pill reads them in base 10 as f-puzzles does.
        let weights: Vec<i64> = (0..circle.len() as u32)
            .rev()
            .map(|e| 10i64.pow(e.min(17)))
            .collect();
        for line in lines(item, board.n, 2).map_err(|p| at(place(), p))? {
            if !circle.contains(&line[0]) {
                let problem = wrong(format!(
                    "the line starts at {}, not in the circle",
                    cell_name(line[0])
                ));
                return Err(at(place(), problem));
            }
            let mut terms: Vec<_> = circle
                .iter()
                .copied()
                .zip(weights.iter().copied())
                .collect();
            terms.extend(line[1..].iter().map(|&cell| (cell, -1)));
            let total = board.total(&terms, 0);
            rule.part.add(terms, total, place());
            rule.under.push(marks::line(&line, 0.06, "#909090"));
            let [.., from, to] = line[..] else {
                unreachable!("a line of two cells at least")
            };
            rule.under.push(marks::arrowhead(from, to, 0.06, "#909090"));
        }
        for &cell in &circle {
            rule.under.push(marks::ring(cell, 0.42, false));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_circle_is_the_sum_of_its_shaft() {
        let json = r#"{"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        let rule = rule(json, 9);
        let d = narrowed(&*rule, candidates(1, 9, 9, &[((0, 1), &[4])])).unwrap();
        assert_eq!(values(&d, (0, 0)), [5, 6, 7, 8, 9]);
        assert_eq!(values(&d, (0, 2)), [1, 2, 3, 4, 5]);
        let grid = grid_with(9, &[]);
        assert_eq!(
            broken(&*rule, &grid),
            ["arrow 1 is broken: r1c1=1, r1c2=2, r1c3=3"]
        );
    }

    #[test]
    fn a_pill_reads_its_digits_as_one_number() {
        let json =
            r#"{"arrow": [{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R1C3", "R1C4"]]}]}"#;
        let rule = rule(json, 9);
        let grid = grid_with(9, &[((0, 0), 1), ((0, 1), 2), ((0, 2), 5), ((0, 3), 7)]);
        assert!(broken(&*rule, &grid).is_empty());
    }

    #[test]
    fn a_line_must_leave_from_the_circle() {
        let json = r#"{"arrow": [{"cells": ["R1C1"], "lines": [["R5C5", "R5C6"]]}]}"#;
        assert_eq!(
            read_error(json, 9),
            "arrow 1: the line starts at r5c5, not in the circle"
        );
    }

    #[test]
    fn an_arrow_holds_by_check_and_rows_alike() {
        let json = r#"{"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        keeps_only(json, &sudoku_with(&[((0, 0), 5)]), &sudoku_with(&[]));
    }
}
