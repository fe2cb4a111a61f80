//! Slow thermometers (`slowthermometer`: `[{"lines": [[bulb, ...]]}]`): values never fall from
//! the bulb along the line (they may repeat).

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};

/// The registry entry.
pub static KIND: RuleKind =
    RuleKind::new("slowthermometer", |value, board| LINES.read(value, board));

static LINES: Lines<Pairs> =
    Lines::new("slowthermometer", "slow thermometer", lower).drawn(0.3, "#e0e0e0");

/// Each cell is at least the one before it.
fn lower(line: &Line, rule: &mut Keyed<Pairs>) -> Result<(), Problem> {
    for pair in line.cells.windows(2) {
        rule.part.add(pair[0], pair[1], Relation::AtMost, line.clue);
    }
    rule.under.push(marks::ring(line.cells[0], 0.36, false));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn values_never_fall_from_the_bulb() {
        let json = r#"{"slowthermometer": [{"lines": [["R1C1", "R1C2"]]}]}"#;
        let left = narrows_to(json, (1, 2), &[((0, 0), &[5])], (0, 1));
        assert_eq!(left, Some(vec![5, 6, 7, 8, 9]));
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 0), 5)]));
        let twice = r#"{"slowthermometer": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]}"#;
        assert!(read_error(twice, 9).ends_with("cell [1,1] is listed twice"));
    }
}
