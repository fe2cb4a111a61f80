//! Zipper lines (`zipperline`: `[{"lines": [[cells]]}]`): cells as far from the line's middle
//! on either side add up to the same total; on a line of odd length the middle cell holds it.

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::sums::Sums;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("zipperline", |value, board| LINES.read(value, board));

static LINES: Lines<Sums> = Lines::new("zipperline", "zipper line", lower)
    .named("zipper")
    .drawn(0.22, "#e7b0e7");

/// Each pair's sum equals the middle cell, or the first pair's.
fn lower(line: &Line, rule: &mut Keyed<Sums>) -> Result<(), Problem> {
    let len = line.cells.len();
    let pair = |j: usize| [(line.cells[j], 1), (line.cells[len - 1 - j], 1)];
    let (reference, first) = match len % 2 {
        1 => (vec![(line.cells[len / 2], -1)], 0),
        _ => (pair(0).map(|(c, _)| (c, -1)).to_vec(), 1),
    };
    for j in first..len / 2 {
        let mut terms = pair(j).to_vec();
        terms.extend(reference.iter().copied());
        let total = line.board.total(&terms, 0);
        rule.part.add(terms, total, line.clue);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn pairs_add_up_to_the_middle() {
        let json = r#"{"zipperline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        let left = narrows_to(json, (1, 3), &[((0, 0), &[2]), ((0, 2), &[3])], (0, 1));
        assert_eq!(left, Some(vec![5]));
        keeps_only(json, &sudoku_with(&[((0, 1), 4)]), &sudoku_with(&[]));
    }
}
