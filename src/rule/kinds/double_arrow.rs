//! Double arrows (`doublearrow`: `[{"lines": [[end, ..., end]]}]`): the two ends (circles) add
//! up to the values between them.

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, items, lines, Board, Found, RuleKind};
use crate::rule::engine::sums::{Equation, Sums};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "doublearrow",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Sums>::new("doublearrow", "doublearrow", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("double arrow {}", i + 1);
        for line in lines(item, board.n, 3).map_err(|p| at(place(), p))? {
            let last = line.len() - 1;
            let mut terms = vec![(line[0], 1), (line[last], 1)];
            terms.extend(line[1..last].iter().map(|&cell| (cell, -1)));
            rule.part.equations.push(Equation {
                terms,
                total: 0,
                clue: place(),
            });
            rule.under.push(marks::line(&line, 0.06, "#909090"));
            rule.under.push(marks::ring(line[0], 0.42, false));
            rule.under.push(marks::ring(line[last], 0.42, false));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_ends_add_up_to_the_cells_between() {
        let json = r#"{"doublearrow": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        let rule = rule(json, 9);
        let d = narrowed(
            &*rule,
            candidates(1, 3, 9, &[((0, 0), &[1]), ((0, 2), &[3])]),
        )
        .unwrap();
        assert_eq!(values(&d, (0, 1)), [4]);
        assert_eq!(broken(&*rule, &grid_with(9, &[])).len(), 1);
    }
}
