//! Region-sum lines (`regionsumline`: `[{"lines": [[cells]]}]`): where a line passes through
//! regions (boxes), the values of each run of it within one region add up to the same total.

use crate::error::Problem;
use crate::grid::Cell;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::sums::Sums;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("regionsumline", |value, board| LINES.read(value, board));

static LINES: Lines<Sums> = Lines::new("regionsumline", "region-sum line", lower)
    .named("regionsum")
    .drawn(0.22, "#8fb8e8");

/// Each run of the line within one region adds up to the first run's total.
fn lower(line: &Line, rule: &mut Keyed<Sums>) -> Result<(), Problem> {
    let region_of = line.board.region_of();
    // Runs of consecutive cells in one region; cells in no region belong to none.
    let mut runs: Vec<Vec<Cell>> = Vec::new();
    let mut last = None;
    for &(r, c) in line.cells {
        let region = region_of[r * line.board.n + c];
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
        let total = line.board.total(&terms, 0);
        rule.part.add(terms, total, line.clue);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn each_box_s_run_adds_up_to_the_same() {
        let json = r#"{"regionsumline": [{"lines": [["R3C3", "R3C4"]]}]}"#;
        assert_eq!(
            narrows_to(json, (9, 9), &[((2, 2), &[4])], (2, 3)),
            Some(vec![4])
        );
        keeps_only(json, &sudoku_with(&[((2, 3), 9)]), &sudoku_with(&[]));
    }
}
