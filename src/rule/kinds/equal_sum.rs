//! Equal sums (`equalsum`: `[{"segments": [["R1C1", "R1C2"], ["R3C3"]]}]`): every segment's
//! values add up to the same total (the Interactive Sudoku Solver's `EqualSum`; segments may
//! share cells).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::error::Problem;
use crate::grid::Cell;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, cell, items, wrong, Board, Found};
use crate::rule::engine::sums::Sums;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("equalsum", read);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Sums>::new("equal sums", "equalsum", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("equal sums {}", i + 1);
        let segments = segments(item.get("segments"), board.n).map_err(|p| at(place(), p))?;
        let first = &segments[0];
        for segment in &segments[1..] {
            // The first segment's sum less this one's is 0; a cell in both counts for neither.
            let mut weights: BTreeMap<Cell, i64> = BTreeMap::new();
            first
                .iter()
                .for_each(|&c| *weights.entry(c).or_default() += 1);
            segment
                .iter()
                .for_each(|&c| *weights.entry(c).or_default() -= 1);
            let terms: Vec<_> = weights.into_iter().filter(|&(_, w)| w != 0).collect();
            let total = board.total(&terms, 0);
            rule.part.add(terms, total, place());
        }
        for segment in &segments {
            rule.under.push(marks::line(segment, 0.12, "#b0d0b0"));
        }
    }
    Ok(rule.found())
}

/// Two or more segments, each a list of one or more cells.
fn segments(value: Option<&Value>, n: usize) -> Result<Vec<Vec<Cell>>, Problem> {
    let Some(Value::Array(list)) = value else {
        return Err(wrong("no \"segments\" (a list of lists of cells)"));
    };
    if list.len() < 2 {
        return Err(wrong("equal sums need two segments or more"));
    }
    list.iter()
        .map(|segment| match segment {
            Value::Array(cells) if !cells.is_empty() => cells.iter().map(|c| cell(c, n)).collect(),
            other => Err(wrong(format!(
                "a segment must be a list of cells, found {other}"
            ))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn segments_add_up_alike() {
        let json = r#"{"equalsum": [{"segments": [["R1C1", "R1C2"], ["R2C1"]]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[((0, 0), &[5]), ((0, 1), &[4])]);
        assert_eq!(values(&d, (1, 0)), [9]);
        // The grid's r1c1 + r1c2 = 3 and r2c1 = 4; with r2c1 = 3 they agree.
        keeps_only(json, &sudoku_with(&[((1, 0), 3)]), &sudoku_with(&[]));
        let one = read_error(r#"{"equalsum": [{"segments": [["R1C1"]]}]}"#, 9);
        assert!(one.contains("two segments or more"), "{one}");
    }
}
