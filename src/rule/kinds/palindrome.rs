//! Palindromes (`palindrome`: `[{"lines": [[cells]]}]`): each line reads the same both ways.

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::pairs::{Pairs, Relation};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("palindrome", |value, board| LINES.read(value, board));

static LINES: Lines<Pairs> = Lines::new("palindrome", "palindrome", lower).drawn(0.22, "#b0b0b0");

/// Cells as far from either end hold the same value.
fn lower(line: &Line, rule: &mut Keyed<Pairs>) -> Result<(), Problem> {
    for j in 0..line.cells.len() / 2 {
        let (a, b) = (line.cells[j], line.cells[line.cells.len() - 1 - j]);
        rule.part.add(a, b, Relation::Equal, line.clue);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_palindrome_reads_the_same_both_ways() {
        let json = r#"{"palindrome": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        assert_eq!(
            narrows_to(json, (1, 3), &[((0, 0), &[4])], (0, 2)),
            Some(vec![4])
        );
        keeps_only(json, &sudoku_with(&[((0, 2), 1)]), &sudoku_with(&[]));
    }
}
