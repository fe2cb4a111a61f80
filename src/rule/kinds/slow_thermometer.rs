//! Slow thermometers (`slowthermometer`: `[{"lines": [[bulb, ...]]}]`): values never fall from
//! the bulb along the line (they may repeat).

use crate::error::Problem;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::RuleKind;

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
        let rule = rule(r#"{"slowthermometer": [{"lines": [["R1C1", "R1C2"]]}]}"#, 9);
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [5, 6, 7, 8, 9]);
        assert!(broken(&*rule, &grid_with(9, &[((0, 1), 1)])).is_empty());
        let twice = r#"{"slowthermometer": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]}"#;
        assert!(read_error(twice, 9).ends_with("cell [1,1] is listed twice"));
    }
}
