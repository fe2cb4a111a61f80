//! Thermometers: values strictly increase from the bulb along each thermometer.

use serde_json::{Map, Value};

use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Problem;
use crate::error::Violation;
use crate::grid::{cell_json, cell_name, Cell, Grid};
use crate::json_values::written;
use crate::model::Model;
use crate::picture::{centre, Drawing, Mark};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::reading::{at, cell, items, lines, next, wrong, Board, Found};
use crate::rule::engine::{restrict, Changed, Rule};

/// The registry entry of f-puzzles' `thermometer`: `[{"lines": [[bulb, ...]]}]` (the lines of
/// one item are branches from one bulb).
pub static KIND: RuleKind = RuleKind::new("thermometer", read);

/// The registry entry of mipsolve's `thermometers`: `[[[r, c], ...], ...]`, each from its bulb.
pub static OWN: RuleKind = RuleKind::new("thermometers", read_own);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut found = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("thermometer {}", i + 1);
        for line in lines(item, board.n, 2).map_err(|p| at(place(), p))? {
            found.push(
                checked(line, board.top, |a, b| next(item, a, b)).map_err(|p| at(place(), p))?,
            );
        }
    }
    Ok(found_rule(found))
}

fn read_own(value: &Value, board: &Board) -> Result<Found, Problem> {
    let list = value.as_array().ok_or_else(|| {
        wrong(format!(
            "expected a list of thermometers, found {}",
            written(value)
        ))
    })?;
    let mut found = Vec::new();
    for (i, thermometer) in list.iter().enumerate() {
        let place = || format!("thermometer {}", i + 1);
        let cells = thermometer.as_array().ok_or_else(|| {
            at(
                place(),
                wrong(format!(
                    "expected a list of cells, found {}",
                    written(thermometer)
                )),
            )
        })?;
        let cells = cells
            .iter()
            .map(|v| cell(v, board.n))
            .collect::<Result<Vec<Cell>, _>>()
            .map_err(|p| at(place(), p))?;
        let touching = |a: Cell, b: Cell| next(&Map::new(), a, b);
        found.push(checked(cells, board.top, touching).map_err(|p| at(place(), p))?);
    }
    Ok(found_rule(found))
}

/// The rule of these thermometers, if any.
fn found_rule(found: Vec<Vec<Cell>>) -> Found {
    match found.is_empty() {
        true => Found::none(),
        false => Found::rule(Thermometers(found)),
    }
}

/// A thermometer of 2 to n cells, each one that may follow the one before (`follows`), none
/// twice.
fn checked(
    cells: Vec<Cell>,
    n: usize,
    follows: impl Fn(Cell, Cell) -> bool,
) -> Result<Vec<Cell>, Problem> {
    if cells.len() < 2 {
        return Err(wrong(format!(
            "a thermometer needs at least 2 cells, found {}",
            cells.len()
        )));
    }
    if cells.len() > n {
        // Its values strictly rise from the bulb: 1..=n holds at most n of them.
        return Err(wrong(format!(
            "a thermometer's values rise strictly, so it holds at most {n} cells, found {}",
            cells.len()
        )));
    }
    if let Some(pair) = cells.windows(2).find(|p| !follows(p[0], p[1])) {
        let (first, second) = (pair[0], pair[1]);
        return Err(Problem::NotNext {
            first,
            second,
            how: "neighbours",
        });
    }
    if let Some((_, &cell)) = (cells.iter().enumerate()).find(|&(j, c)| cells[..j].contains(c)) {
        return Err(Problem::CellTwice(cell));
    }
    Ok(cells)
}

/// The thermometers of one puzzle, each from its bulb to its tip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thermometers(pub Vec<Vec<Cell>>);

/// The candidates above the lowest of `set` (none when `set` is empty).
fn above_lowest(set: u64) -> u64 {
    u64::MAX.checked_shl(set.trailing_zeros() + 1).unwrap_or(0)
}

/// The candidates below the highest of `set` (none when `set` is empty).
fn below_highest(set: u64) -> u64 {
    match set {
        0 => 0,
        _ => (1u64 << (63 - set.leading_zeros())) - 1,
    }
}

impl Rule for Thermometers {
    fn name(&self) -> &'static str {
        "thermometer"
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        let mut found = Vec::new();
        for (index, cells) in self.0.iter().enumerate() {
            for pair in cells.windows(2) {
                if value(pair[0]) >= value(pair[1]) {
                    found.push(Violation::Broken {
                        clue: format!("thermometer {}", index + 1),
                        how: "does not rise",
                        cells: pair.to_vec(),
                        values: vec![value(pair[0]), value(pair[1])],
                    });
                }
            }
        }
        found
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let cols = domains.cols();
        let index = |&(r, c): &Cell| r * cols + c;
        let chains: Vec<Vec<usize>> = (self.0.iter())
            .map(|cells| cells.iter().map(index).collect())
            .collect();
        // Bounds along each chain: a pass up from the bulb and one down from the tip, over
        // every thermometer until none removes anything (thermometers may share cells).
        loop {
            let before = shrunk.len();
            for cells in &chains {
                for i in 1..cells.len() {
                    let keep = above_lowest(domains.at(cells[i - 1]));
                    if !restrict(domains, cells[i], keep, shrunk) {
                        return false;
                    }
                }
                for i in (0..cells.len() - 1).rev() {
                    let keep = below_highest(domains.at(cells[i + 1]));
                    if !restrict(domains, cells[i], keep, shrunk) {
                        return false;
                    }
                }
            }
            if shrunk.len() == before {
                break;
            }
        }
        true
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        let thermometers =
            (self.0.iter()).map(|cells| cells.iter().map(cell_json).collect::<Value>());
        object.insert("thermometers".into(), thermometers.collect());
    }

    fn draw(&self, drawing: &mut Drawing) {
        // A grey tube from the bulb through the other cells, and a grey bulb.
        for cells in &self.0 {
            drawing.under.push(Mark::Line {
                points: cells.iter().map(|&cell| centre(cell)).collect(),
                width: 0.3,
                colour: "#d0d0d0",
            });
            drawing.under.push(Mark::Circle {
                centre: centre(cells[0]),
                radius: 0.36,
                fill: "#d0d0d0",
                stroke: None,
            });
        }
    }

    fn constrain(&self, model: &mut Model, _: Deadline) {
        for (index, cells) in self.0.iter().enumerate() {
            for pair in cells.windows(2) {
                let ((r1, c1), (r2, c2)) = (pair[0], pair[1]);
                // v[next] - v[previous] >= 1
                let mut e = model.value(r2, c2);
                e.add_expr(&model.value(r1, c1), -1.0);
                let name = format!(
                    "thermo{}_{}_{}",
                    index + 1,
                    cell_name(pair[0]),
                    cell_name(pair[1])
                );
                model.add(name, e, 1.0, f64::INFINITY);
            }
        }
    }
}

#[cfg(test)]
#[path = "thermometer_tests.rs"]
mod tests;
