//! Zipper lines (`zipperline`: `[{"lines": [[cells]]}]`): cells as far from the line's middle
//! on either side add up to the same total; on a line of odd length the middle cell holds it.

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, items, lines, Board, Found, RuleKind};
use crate::rule::engine::sums::{Equation, Sums};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "zipperline",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Sums>::new("zipper", "zipperline", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("zipper line {}", i + 1);
        for line in lines(item, board.n, 2).map_err(|p| at(place(), p))? {
            let len = line.len();
            let pair = |j: usize| [(line[j], 1), (line[len - 1 - j], 1)];
            // Each pair's sum equals the middle cell, or the first pair's.
            let (reference, first) = match len % 2 {
                1 => (vec![(line[len / 2], -1)], 0),
                _ => (pair(0).map(|(c, _)| (c, -1)).to_vec(), 1),
            };
            for j in first..len / 2 {
                let mut terms = pair(j).to_vec();
                terms.extend(reference.iter().copied());
                rule.part.equations.push(Equation {
                    terms,
                    total: 0,
                    clue: place(),
                });
            }
            rule.under.push(marks::line(&line, 0.22, "#e7b0e7"));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn pairs_add_up_to_the_middle() {
        let rule = rule(
            r#"{"zipperline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#,
            9,
        );
        let d = narrowed(
            &*rule,
            candidates(1, 3, 9, &[((0, 0), &[2]), ((0, 2), &[3])]),
        )
        .unwrap();
        assert_eq!(values(&d, (0, 1)), [5]);
        assert_eq!(broken(&*rule, &grid_with(9, &[])).len(), 1);
    }
}
