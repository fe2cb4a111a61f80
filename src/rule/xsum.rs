//! X-sums (`xsum`: `[{"cell": "R0C3", "value": "16"}]`): reading the row or column from the
//! clue's side, the first value X says how many cells, from the first, add up to the clue.
//! Rows: for each value X of the first cell, the sum of the first X cells when it holds X.

use serde_json::{Map, Value};

use super::reading::{outside_clues, Board, Found, RuleKind};
use super::sums::sum_when;
use super::{marks, tuples, Rule};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::picture::{Drawing, Mark};

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "xsum", read };

#[derive(Debug)]
struct XSums {
    clues: Vec<(Vec<Cell>, i64)>,
    marks: Vec<Mark>,
    json: Value,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let found = outside_clues(value, board.n, "x-sum")?;
    let marks = found
        .iter()
        .map(|(place, _, sum)| marks::outside(*place, &sum.to_string()))
        .collect();
    let clues = found
        .into_iter()
        .map(|(_, line, sum)| (line, sum))
        .collect();
    Ok(Found::rule(XSums {
        clues,
        marks,
        json: value.clone(),
    }))
}

/// Whether a line's values (a prefix of them, unless `complete`) may keep the X-sum.
fn keeps(values: &[i64], complete: bool, sum: i64) -> bool {
    let Some(&x) = values.first() else {
        return true;
    };
    let counted = (x as usize).min(values.len());
    let so_far: i64 = values[..counted].iter().sum();
    match counted == x as usize || complete {
        true => so_far == sum,
        false => so_far < sum,
    }
}

impl Rule for XSums {
    fn name(&self) -> &'static str {
        "xsum"
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let mut found = Vec::new();
        for (i, (line, sum)) in self.clues.iter().enumerate() {
            let values: Vec<u32> = line.iter().map(|&(r, c)| grid.get(r, c)).collect();
            let wide: Vec<i64> = values.iter().map(|&v| v.into()).collect();
            if !keeps(&wide, true, *sum) {
                found.push(Violation::Broken {
                    how: "is broken",
                    clue: format!("x-sum {} ({sum})", i + 1),
                    cells: line.clone(),
                    values,
                });
            }
        }
        found
    }

    fn narrow(
        &self,
        domains: &mut Domains,
        changed: Option<&[usize]>,
        shrunk: &mut Vec<usize>,
    ) -> bool {
        let groups: Vec<tuples::Group> = (self.clues.iter())
            .map(|(line, sum)| tuples::Group {
                cells: line.clone(),
                distinct: true,
                keeps: Box::new(|values: &[i64], complete: bool| keeps(values, complete, *sum)),
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, model: &mut Model, _: Deadline) {
        let values = model.domains().values().to_vec();
        for (i, (line, sum)) in self.clues.iter().enumerate() {
            let (r, c) = line[0];
            for (k, &x) in values.iter().enumerate() {
                let when = model.x(r, c, k);
                let terms: Vec<(Cell, i64)> = line[..(x as usize).min(line.len())]
                    .iter()
                    .map(|&cell| (cell, 1))
                    .collect();
                sum_when(
                    model,
                    &format!("xsum{}_first{x}", i + 1),
                    &when,
                    &terms,
                    *sum,
                );
            }
        }
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        object.insert(KIND.key.into(), self.json.clone());
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.over.extend(self.marks.iter().cloned());
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn the_first_value_counts_the_cells_that_add_up() {
        let rule = rule(r#"{"xsum": [{"cell": "R0C1", "value": "6"}]}"#, 4);
        let d = narrowed(&*rule, candidates(4, 4, 4, &[])).unwrap();
        assert_eq!(values(&d, (0, 0)), [2, 3]);
        let good = grid_with(4, &[((0, 0), 2), ((1, 0), 4), ((2, 0), 1), ((3, 0), 3)]);
        assert!(broken(&*rule, &good).is_empty());
    }
}
