//! Palindromes (`palindrome`: `[{"lines": [[cells]]}]`): each line reads the same both ways.

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{at, items, lines, Board, Found, RuleKind};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "palindrome",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("palindrome", "palindrome", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        for line in lines(item, board.n, 2).map_err(|p| at(format!("palindrome {}", i + 1), p))? {
            let clue = format!("palindrome {}", i + 1);
            for j in 0..line.len() / 2 {
                let (a, b) = (line[j], line[line.len() - 1 - j]);
                rule.part
                    .pairs
                    .push(Pair::new(a, b, Relation::Equal, clue.clone()));
            }
            rule.under.push(marks::line(&line, 0.22, "#b0b0b0"));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_palindrome_reads_the_same_both_ways() {
        let rule = rule(
            r#"{"palindrome": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#,
            9,
        );
        let d = narrowed(&*rule, candidates(1, 3, 9, &[((0, 0), &[4])])).unwrap();
        assert_eq!(values(&d, (0, 2)), [4]);
        assert_eq!(broken(&*rule, &grid_with(9, &[])).len(), 1);
    }
}
