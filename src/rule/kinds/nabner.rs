//! Nabner lines (`nabner`: `[{"lines": [[cells]]}]`): values on a line differ and no two are
//! consecutive, so any two differ by 2 or more.

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::pairs::{Pairs, Relation};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("nabner", |value, board| LINES.read(value, board));

static LINES: Lines<Pairs> = Lines::new("nabner", "nabner", lower)
    .min(1)
    .drawn(0.22, "#f0e08a");

/// Any two cells on the line differ by 2 or more.
fn lower(line: &Line, rule: &mut Keyed<Pairs>) -> Result<(), Problem> {
    for a in 0..line.cells.len() {
        for b in a + 1..line.cells.len() {
            rule.part
                .add(line.cells[a], line.cells[b], Relation::Apart(2), line.clue);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn no_two_values_on_the_line_are_consecutive_or_equal() {
        let json = r#"{"nabner": [{"lines": [["R1C1", "R1C2"]]}]}"#;
        let left = narrows_to(json, (1, 2), &[((0, 0), &[5])], (0, 1));
        assert_eq!(left, Some(vec![1, 2, 3, 7, 8, 9]));
        keeps_only(json, &sudoku_with(&[((0, 1), 4)]), &sudoku_with(&[]));
    }
}
