//! Sum lines (`sumline`: `[{"lines": [[cells]], "value": "10", "loop": false}]`): the line
//! splits into runs of cells, each adding up to the value (10 when left out); a loop's last
//! cell runs on into its first (the Interactive Sudoku Solver's `SumLine`). Read as an
//! automaton over the partial sum (a loop's also remembers the sum it started from), so the
//! automaton engine narrows, checks and writes the rows.

use serde_json::{Map, Value};

use crate::error::Problem;
use crate::rule::engine::automaton::{Machine, Word, Words, MAX_STATES};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::lines::{Line, Lines};
use crate::rule::engine::reading::{flag, number, wrong, Board};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("sumline", |value, board| LINES.read(value, board));

static LINES: Lines<Words> = Lines::new("sumline", "sum line", lower)
    .min(1)
    .checked(|item, board| total(item, board).map(drop))
    .drawn(0.1, "#64c864");

/// The sum of each run: the item's value, 10 when left out.
fn total(item: &Map<String, Value>, _: &Board) -> Result<i64, Problem> {
    let total = number(item, "value", Some(10))?;
    let looped = item.get("loop").map(flag).transpose()?.unwrap_or(false);
    let states = if looped {
        total.saturating_mul(total)
    } else {
        total
    };
    match total >= 1 && states <= MAX_STATES as i64 {
        true => Ok(total),
        false => Err(wrong(format!("a sum line's \"value\" must be 1 or more (and its states at most {MAX_STATES}), found {total}"))),
    }
}

fn lower(line: &Line, rule: &mut Keyed<Words>) -> Result<(), Problem> {
    let total = total(line.item, line.board)? as usize;
    let looped = line
        .item
        .get("loop")
        .map(flag)
        .transpose()?
        .unwrap_or(false);
    let values: Vec<i64> = (1..=line.board.top as i64).collect();
    let machine = machine(total, looped, &values);
    let steps = line.cells.iter().map(|&c| Some(c)).collect();
    (rule.part.words).push(Word::new(steps, &machine, line.clue.to_string()));
    Ok(())
}

/// The automaton of runs adding up to `total`: a state is the partial sum of the open run
/// (and, on a loop, the partial sum the line started with, which it must end with).
fn machine(total: usize, looped: bool, values: &[i64]) -> Machine {
    let starts: Vec<usize> = match looped {
        true => (0..total).collect(),
        false => vec![0],
    };
    let state = |start: usize, partial: usize| start * total + partial;
    let count = starts.len() * total;
    let mut machine = Machine {
        start: starts.iter().map(|&s| state(s, s)).collect(),
        accept: vec![false; count],
        moves: vec![Vec::new(); count],
    };
    for &start in &starts {
        machine.accept[state(start, start)] = true;
        for partial in 0..total {
            for (k, &v) in values.iter().enumerate() {
                let next = partial + v as usize;
                if next <= total {
                    let to = state(start, next % total);
                    machine.moves[state(start, partial)].push((k, to));
                }
            }
        }
    }
    machine
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_line_splits_into_runs_of_the_sum() {
        let json = r#"{"sumline": [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "5"}]}"#;
        // 1 2 3 makes no runs of 5; 1 4 5 does (1+4, 5), by check and by rows.
        keeps_only(
            json,
            &sudoku_with(&[((0, 1), 4), ((0, 2), 5)]),
            &sudoku_with(&[]),
        );
        // r1c1 = 4: r1c2 is 1 (4 + 1), then r1c3 is 5.
        let left = narrows_to(json, (1, 3), &[((0, 0), &[4])], (0, 2));
        assert_eq!(left, Some(vec![5]));
        // A loop may run on from its last cell into its first: 4 5 1 (1 + 4, 5).
        let looped =
            r#"{"sumline": [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "5", "loop": true}]}"#;
        let wrap = sudoku_with(&[((0, 0), 4), ((0, 1), 5), ((0, 2), 1)]);
        keeps_only(looped, &wrap, &sudoku_with(&[]));
        let open = rule(json, 9);
        assert_eq!(broken(&*open, &wrap).len(), 1, "an open line does not wrap");
    }
}
