//! White Kropki dots (`difference`): the two cells differ by the dot's value (1 when it has
//! none). Their negative form is `nonconsecutive`.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::dots::dot_cells;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{at, items, number, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("difference", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("kropki", "difference", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("difference dot {}", i + 1);
        let [a, b] = dot_cells(item, board.n).map_err(|p| at(place(), p))?;
        let d = number(item, "value", Some(1)).map_err(|p| at(place(), p))?;
        let clue = format!("white dot {}-{}", cell_name(a), cell_name(b));
        rule.part.add(a, b, Relation::Difference(d), clue);
        rule.over.push(marks::dot(a, b, false));
        if d != 1 {
            rule.over.push(marks::side_text(a, b, &d.to_string()));
        }
    }
    Ok(rule.found())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_white_dot_differs_by_its_value() {
        let rule = rule(r#"{"difference": [{"cells": ["R1C1", "R1C2"]}]}"#, 9);
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [4, 6]);
        let three = rule_of(r#"{"difference": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}"#);
        let d = narrowed(&*three, candidates(1, 2, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [2, 8]);
        let grid = grid_with(9, &[((0, 1), 3)]);
        assert_eq!(
            broken(&*rule, &grid),
            ["white dot r1c1-r1c2 is broken: r1c1=1, r1c2=3"]
        );
    }

    fn rule_of(json: &str) -> std::sync::Arc<dyn crate::rule::Rule> {
        rule(json, 9)
    }

    #[test]
    fn a_dot_joins_side_by_side_cells() {
        let json = r#"{"difference": [{"cells": ["R1C1", "R2C2"]}]}"#;
        assert_eq!(
            read_error(json, 9),
            "difference dot 1: cells [1,1] and [2,2] are not side by side"
        );
    }

    #[test]
    fn a_white_dot_holds_by_check_and_rows_alike() {
        keeps_only(
            r#"{"difference": [{"cells": ["R1C1", "R1C2"]}]}"#,
            &sudoku_with(&[]),
            &sudoku_with(&[((0, 1), 5)]),
        );
    }
}
