//! Nabner lines (`nabner`: `[{"lines": [[cells]]}]`): values on a line differ and no two are
//! consecutive, so any two differ by 2 or more.

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{at, items, lines, Board, Found, RuleKind};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "nabner",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("nabner", "nabner", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("nabner {}", i + 1);
        for line in lines(item, board.n, 1).map_err(|p| at(place(), p))? {
            for a in 0..line.len() {
                for b in a + 1..line.len() {
                    rule.part
                        .pairs
                        .push(Pair::new(line[a], line[b], Relation::Apart(2), place()));
                }
            }
            rule.under.push(marks::line(&line, 0.22, "#f0e08a"));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn no_two_values_on_the_line_are_consecutive_or_equal() {
        let rule = rule(r#"{"nabner": [{"lines": [["R1C1", "R1C2"]]}]}"#, 9);
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [1, 2, 3, 7, 8, 9]);
    }
}
