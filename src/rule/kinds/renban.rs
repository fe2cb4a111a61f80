//! Renban lines (`renban`: `[{"lines": [[cells]]}]`): a line's values differ and form a run of
//! consecutive numbers, in any order. The line is an all-different area; this rule keeps its
//! values within one window of the line's length (rows: one chosen window, each value outside
//! it 0).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::geometry::{Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, items, lines, Board, Found};
use crate::rule::engine::{broken_groups, marks, tuples, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("renban", read);

#[derive(Debug, Default)]
struct Renban {
    lines: Vec<Vec<Cell>>,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut found_lines = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("renban {}", i + 1);
        for line in lines(item, board.n, 1).map_err(|p| at(place(), p))? {
            if line.len() > board.n {
                let problem = crate::rule::engine::reading::wrong(format!(
                    "a renban of {} cells cannot hold different values 1..{}",
                    line.len(),
                    board.n
                ));
                return Err(at(place(), problem));
            }
            found_lines.push(line);
        }
    }
    let mut rule = Keyed::of("renban", Renban::default(), (KIND.key, value.clone()));
    rule.under = (found_lines.iter())
        .map(|l| marks::line(l, 0.22, "#d7a8e6"))
        .collect();
    let areas = (found_lines.iter().enumerate())
        .map(|(i, line)| Area {
            name: AreaName::Extra(format!("renban {}", i + 1)),
            cells: line.clone(),
        })
        .collect();
    rule.part.lines = found_lines;
    let mut found = Found::rule(rule);
    found.areas = areas;
    Ok(found)
}

/// Whether values differ and span no more than their count.
fn is_run(values: &[i64]) -> bool {
    let (min, max) = (values.iter().min(), values.iter().max());
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == values.len()
        && min
            .zip(max)
            .is_none_or(|(a, b)| b - a < values.len() as i64)
}

impl Part for Renban {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let lines = self.lines.iter().map(Vec::as_slice);
        broken_groups("renban", lines, grid, |_, v| is_run(v))
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let groups: Vec<tuples::Group> = (self.lines.iter())
            .map(|line| {
                let len = line.len() as i64;
                tuples::Group {
                    cells: line.clone(),
                    distinct: true,
                    keeps: Box::new(move |values: &[i64], _: bool| {
                        let (min, max) = (values.iter().min(), values.iter().max());
                        min.zip(max).is_none_or(|(a, b)| b - a < len)
                    }),
                }
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, _: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (i, line) in self.lines.iter().enumerate() {
            let len = line.len();
            // One window of `len` values is chosen; a value outside it is on no cell.
            let windows: Vec<_> = (0..=values.len() - len)
                .map(|s| model.binary(format!("renban{}_from{}", i + 1, values[s])))
                .collect();
            let mut one = LinExpr::default();
            windows.iter().for_each(|&w| one.add_var(w, 1.0));
            model.add(format!("renban{}_window", i + 1), one, 1.0, 1.0);
            for (k, v) in values.iter().enumerate() {
                for &(r, c) in line {
                    let mut e = model.x(r, c, k);
                    for (s, &w) in windows
                        .iter()
                        .enumerate()
                        .filter(|&(s, _)| s <= k && k < s + len)
                    {
                        let _ = s;
                        e.add_var(w, -1.0);
                    }
                    model.at_most(format!("renban{}_r{}c{}_v{v}", i + 1, r + 1, c + 1), e, 0.0);
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_renban_s_values_are_a_run() {
        let found = read(r#"{"renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#, 9);
        assert_eq!(found.areas.len(), 1, "its values differ: an area");
        let rule = &found.rules[0];
        let d = narrowed(&**rule, candidates(1, 3, 9, &[((0, 0), &[5])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [3, 4, 6, 7]);
        let gap = grid_with(9, &[((0, 0), 1), ((0, 1), 2), ((0, 2), 4)]);
        assert_eq!(broken(&**rule, &gap).len(), 1);
        let run = grid_with(9, &[((0, 0), 3), ((0, 1), 1), ((0, 2), 2)]);
        assert!(broken(&**rule, &run).is_empty());
    }

    #[test]
    fn a_renban_holds_by_check_and_rows_alike() {
        let json = r#"{"renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}"#;
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 5)]));
    }
}
