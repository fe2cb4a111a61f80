//! Double arrows (`doublearrow`: `[{"lines": [[end, ..., end]]}]`): the two ends (circles) add
//! up to the values between them.

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::marks;
use crate::rule::engine::sums::Sums;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("doublearrow", |value, board| LINES.read(value, board));

static LINES: Lines<Sums> = Lines::new("doublearrow", "double arrow", lower)
    .min(3)
    .drawn(0.06, "#909090");

/// The ends add up to the cells between them.
fn lower(line: &Line, rule: &mut Keyed<Sums>) -> Result<(), Problem> {
    let last = line.cells.len() - 1;
    let mut terms = vec![(line.cells[0], 1), (line.cells[last], 1)];
    terms.extend(line.cells[1..last].iter().map(|&cell| (cell, -1)));
    let total = line.board.total(&terms, 0);
    rule.part.add(terms, total, line.clue);
    rule.under.push(marks::ring(line.cells[0], 0.42, false));
    rule.under.push(marks::ring(line.cells[last], 0.42, false));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_ends_add_up_to_the_cells_between() {
        let json = r#"{"doublearrow": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        let left = narrows_to(json, (1, 3), &[((0, 0), &[1]), ((0, 2), &[3])], (0, 1));
        assert_eq!(left, Some(vec![4]));
        keeps_only(json, &sudoku_with(&[((0, 1), 4)]), &sudoku_with(&[]));
    }
}
