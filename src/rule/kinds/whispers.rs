//! Whispers (`whispers`: `[{"lines": [[cells]], "value": "5"}]`): neighbours on a line differ
//! by at least the value (German whispers: 5 on a 9x9, the default, half the side rounded up;
//! Dutch whispers: 4).

use serde_json::{Map, Value};

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::pairs::{Pairs, Relation};
use crate::rule::engine::reading::{number, Board};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("whispers", |value, board| LINES.read(value, board));

static LINES: Lines<Pairs> = Lines::new("whispers", "whispers", lower)
    .looping()
    .checked(|item, board| gap(item, board).map(drop))
    .drawn(0.22, "#7fd17f");

/// The least difference of neighbours: the item's value, or half the greatest value (the
/// side) rounded up.
fn gap(item: &Map<String, Value>, board: &Board) -> Result<i64, Problem> {
    number(item, "value", Some(board.top.div_ceil(2) as i64))
}

/// Neighbours on the line differ by at least the item's value.
fn lower(line: &Line, rule: &mut Keyed<Pairs>) -> Result<(), Problem> {
    let gap = gap(line.item, line.board)?;
    for pair in line.cells.windows(2) {
        rule.part
            .add(pair[0], pair[1], Relation::Apart(gap), line.clue);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn neighbours_differ_by_at_least_the_value() {
        let rule = rule(r#"{"whispers": [{"lines": [["R1C1", "R1C2"]]}]}"#, 9);
        assert!(narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[5])])).is_none());
        let d = narrowed(&*rule, candidates(1, 2, 9, &[((0, 0), &[4])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [9]);
        let dutch = super::tests::rule(
            r#"{"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "4"}]}"#,
            9,
        );
        let d = narrowed(&*dutch, candidates(1, 2, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [1, 9]);
    }

    #[test]
    fn a_bad_value_is_named_even_without_lines() {
        let json = r#"{"whispers": [{"lines": [], "value": "x"}]}"#;
        assert!(
            read_error(json, 9).starts_with("whispers 1: "),
            "{}",
            read_error(json, 9)
        );
    }

    #[test]
    fn a_loop_may_pass_its_first_cell_again() {
        let json = r#"{"whispers": [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]]}]}"#;
        let rule = rule(json, 9);
        // The closing step r2c1-r1c1 holds too: beside a 1, only 6 and up.
        let d = narrowed(&*rule, candidates(2, 2, 9, &[((0, 0), &[1])])).unwrap();
        assert_eq!(values(&d, (1, 0)), [6, 7, 8, 9]);
    }
}
