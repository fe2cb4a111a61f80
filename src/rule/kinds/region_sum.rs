//! Region-sum lines (`regionsumline`: `[{"lines": [[cells]]}]`): where a line passes through
//! regions (boxes), the values of each run of it within one region add up to the same total.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::Cell;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, items, lines, Board, Found, RuleKind};
use crate::rule::engine::sums::{Equation, Sums};

/// The registry entry.
pub static KIND: RuleKind = RuleKind {
    key: "regionsumline",
    read,
};

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let region_of = board.region_of();
    let mut rule = Keyed::<Sums>::new("regionsum", "regionsumline", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("region-sum line {}", i + 1);
        for line in lines(item, board.n, 2).map_err(|p| at(place(), p))? {
            // Runs of consecutive cells in one region; cells in no region belong to none.
            let mut runs: Vec<Vec<Cell>> = Vec::new();
            let mut last = None;
            for &(r, c) in &line {
                let region = region_of[r * board.n + c];
                match (region, runs.last_mut()) {
                    (None, _) => {}
                    (Some(k), Some(run)) if last == Some(k) => run.push((r, c)),
                    (Some(_), _) => runs.push(vec![(r, c)]),
                }
                last = region;
            }
            for run in runs.iter().skip(1) {
                let mut terms: Vec<(Cell, i64)> = run.iter().map(|&cell| (cell, 1)).collect();
                terms.extend(runs[0].iter().map(|&cell| (cell, -1)));
                rule.part.equations.push(Equation {
                    terms,
                    total: 0,
                    clue: place(),
                });
            }
            rule.under.push(marks::line(&line, 0.22, "#8fb8e8"));
        }
    }
    Ok(Found::rule(rule))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn each_box_s_run_adds_up_to_the_same() {
        let rule = rule(r#"{"regionsumline": [{"lines": [["R3C3", "R3C4"]]}]}"#, 9);
        let d = narrowed(&*rule, candidates(9, 9, 9, &[((2, 2), &[4])])).unwrap();
        assert_eq!(values(&d, (2, 3)), [4]);
    }
}
