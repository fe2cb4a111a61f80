//! Slow thermometers (`slowthermometer`: `[{"lines": [[bulb, ...]]}]`): values never fall from
//! the bulb along the line (they may repeat).

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{at, items, lines, Board, Found, RuleKind};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "slowthermometer",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Pairs>::new("slowthermometer", "slowthermometer", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("slow thermometer {}", i + 1);
        for line in lines(item, board.n, 2).map_err(|p| at(place(), p))? {
            for pair in line.windows(2) {
                rule.part
                    .pairs
                    .push(Pair::new(pair[0], pair[1], Relation::AtMost, place()));
            }
            rule.under.push(marks::line(&line, 0.3, "#e0e0e0"));
            rule.under.push(marks::ring(line[0], 0.36, false));
        }
    }
    Ok(Found::rule(rule))
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
