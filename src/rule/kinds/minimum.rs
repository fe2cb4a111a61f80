//! Minimum and maximum cells (`minimum`, `maximum`: `[{"cell": "R1C1"}]`): the cell is smaller
//! (larger) than each side-by-side neighbour that is not itself such a cell.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{at, items, one_cell, Board, Found};

/// The minimum's entry.
pub static MINIMUM: RuleKind =
    RuleKind::new("minimum", |value, board| read(value, board, "minimum"));

/// The maximum's entry.
pub static MAXIMUM: RuleKind =
    RuleKind::new("maximum", |value, board| read(value, board, "maximum"));

fn read(value: &Value, board: &Board, key: &'static str) -> Result<Found, Problem> {
    let n = board.n;
    let mut marked = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        marked.push(one_cell(item, "cell", n).map_err(|p| at(format!("{key} {}", i + 1), p))?);
    }
    let mut rule = Keyed::<Pairs>::new(key, key, value);
    for &(r, c) in &marked {
        let near = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ];
        for other in near
            .into_iter()
            .filter(|&(a, b)| a < n && b < n && !marked.contains(&(a, b)))
        {
            let clue = format!("{key} {}", cell_name((r, c)));
            let (a, b) = match key {
                "minimum" => ((r, c), other),
                _ => (other, (r, c)),
            };
            rule.part.add(a, b, Relation::Less, clue);
        }
        rule.under.push(marks::shade((r, c), "#e4e4e4"));
        rule.over.push(crate::picture::Mark::Text {
            at: (r as f64 + 0.18, c as f64 + 0.5),
            text: if key == "minimum" { "min" } else { "max" }.into(),
            size: 0.2,
        });
    }
    match marked.is_empty() {
        true => Ok(Found::none()),
        false => Ok(Found::rule(rule)),
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_minimum_is_below_its_neighbours_and_a_maximum_above() {
        let min = rule(r#"{"minimum": [{"cell": "R2C2"}]}"#, 9);
        let d = narrowed(&*min, candidates(3, 3, 9, &[((0, 1), &[3])])).unwrap();
        assert_eq!(values(&d, (1, 1)), [1, 2]);
        let max = rule(r#"{"maximum": [{"cell": "R2C2"}]}"#, 9);
        let d = narrowed(&*max, candidates(3, 3, 9, &[((0, 1), &[7])])).unwrap();
        assert_eq!(values(&d, (1, 1)), [8, 9]);
    }
}
