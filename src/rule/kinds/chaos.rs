//! Chaos construction (`chaos`: `true`, or the regions' size when not the number of values):
//! the grid is also cut into regions it does not draw, each of that many orthogonally
//! connected cells with different values. Its clues speak of the regions: a run
//! (`chaosarrow`: `[{"cell": "R1C1", "offset": 0, "arms": [["R1C1", "R1C2", ...], ...]}]`,
//! the value is how many cells from the arms' shared first cell run on in its region along
//! each arm, that cell counted once) and a count (`chaoscount`: `[{"cell": "R1C1",
//! "offset": 0, "cells": [...]}]`, the value is how many of the cells share the first one's
//! region); with `"offset": 1` the first cell is not counted. The Interactive Sudoku Solver's
//! `ChaosConstruction`, `ChaosArrow` and `ChaosCount`.

use serde_json::{Map, Value};

use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::picture::Drawing;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, cell, cells, items, number, one_cell, wrong, Board, Found};
use crate::rule::engine::unknown_regions::{Measure, RegionClue, UnknownRegions};
use crate::rule::engine::{marks, Changed, Rule};

/// The registry entry of the regions.
pub static KIND: RuleKind = RuleKind::new("chaos", read);

/// The registry entry of the runs, read with the regions.
pub static ARROWS: RuleKind = RuleKind::new("chaosarrow", read_with_regions);

/// The registry entry of the counts, read with the regions.
pub static COUNTS: RuleKind = RuleKind::new("chaoscount", read_with_regions);

/// The regions and their clues, written back under all three keys.
#[derive(Debug)]
struct Chaos {
    rule: Keyed<UnknownRegions>,
    clues: [(&'static str, Value); 2],
}

fn read_with_regions(_: &Value, board: &Board) -> Result<Found, Problem> {
    match board.object.get(KIND.key) {
        Some(Value::Bool(true) | Value::Number(_)) => Ok(Found::none()),
        _ => Err(wrong(
            "chaos clues need chaos construction (\"chaos\": true)",
        )),
    }
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let cells_in_grid = board.n * board.n;
    let size = match value {
        Value::Bool(false) => return Ok(Found::none()),
        Value::Bool(true) => board.top,
        other => (other.as_u64().and_then(|size| usize::try_from(size).ok()))
            .ok_or_else(|| wrong("\"chaos\" is true or the regions' size"))?,
    };
    // The verifier's exact search for a cut grows with the regions' size; past 9 it may
    // not end in a time a user waits.
    if board.n > 9 {
        return Err(wrong(format!(
            "mipsolve reads chaos construction on grids up to 9x9, not {0}x{0}",
            board.n
        )));
    }
    if size < 2 || size > board.top || !cells_in_grid.is_multiple_of(size) {
        return Err(wrong(format!(
            "regions of {size} cells: a region holds 2 to {} cells, a whole number of them filling the {cells_in_grid} cells",
            board.top
        )));
    }
    let mut rule = Keyed::<UnknownRegions>::new("chaos", KIND.key, value);
    rule.part.size = size;
    let empty = Value::Null;
    let listed = |key: &str| board.object.get(key).unwrap_or(&empty).clone();
    let shift = |item: &Map<String, Value>| -> Result<i64, Problem> {
        match number(item, "offset", Some(0))? {
            offset @ (0 | 1) => Ok(i64::from(board.first) - 1 + offset),
            _ => Err(wrong("\"offset\" is 0 (the first cell counted) or 1 (not)")),
        }
    };
    let arrows = listed(ARROWS.key);
    for (i, item) in items(&arrows)?.into_iter().enumerate() {
        let place = || format!("chaos arrow {}", i + 1);
        let arms = arms(item, board.n).map_err(|p| at(place(), p))?;
        let clue = RegionClue {
            cell: one_cell(item, "cell", board.n).map_err(|p| at(place(), p))?,
            shift: shift(item).map_err(|p| at(place(), p))?,
            measure: Measure::Run(arms.clone()),
        };
        rule.under.push(marks::ring(clue.cell, 0.4, false));
        for arm in arms.iter().filter(|arm| arm.len() > 1) {
            rule.under.push(marks::line(arm, 0.08, "#c0c0c0"));
            rule.over.push(marks::arrowhead(
                arm[arm.len() - 2],
                arm[arm.len() - 1],
                0.08,
                "#c0c0c0",
            ));
        }
        rule.part.clues.push(clue);
    }
    let counts = listed(COUNTS.key);
    for (i, item) in items(&counts)?.into_iter().enumerate() {
        let place = || format!("chaos count {}", i + 1);
        let counted = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        if counted.is_empty() {
            return Err(at(place(), wrong("no cells to count")));
        }
        let clue = RegionClue {
            cell: one_cell(item, "cell", board.n).map_err(|p| at(place(), p))?,
            shift: shift(item).map_err(|p| at(place(), p))?,
            measure: Measure::Count(counted.clone()),
        };
        rule.under.push(marks::ring(clue.cell, 0.4, false));
        rule.under
            .extend(counted.iter().map(|&c| marks::shade(c, "#e8e4f4")));
        rule.part.clues.push(clue);
    }
    Ok(Found::rule(Chaos {
        rule,
        clues: [(ARROWS.key, arrows), (COUNTS.key, counts)],
    }))
}

/// An arrow's arms, each a list of cells from the one they all start at.
fn arms(item: &Map<String, Value>, n: usize) -> Result<Vec<Vec<Cell>>, Problem> {
    let Some(Value::Array(list)) = item.get("arms") else {
        return Err(wrong("no \"arms\" (a list of lists of cells)"));
    };
    let arms: Vec<Vec<Cell>> = (list.iter())
        .map(|arm| match arm {
            Value::Array(arm) if !arm.is_empty() => arm.iter().map(|c| cell(c, n)).collect(),
            _ => Err(wrong("an arm is a list of cells")),
        })
        .collect::<Result<_, _>>()?;
    match arms.first() {
        None => Err(wrong("no arms")),
        Some(first) if arms.iter().any(|arm| arm[0] != first[0]) => {
            Err(wrong("the arms start at one cell"))
        }
        Some(_) => Ok(arms),
    }
}

impl Rule for Chaos {
    fn name(&self) -> &'static str {
        self.rule.name()
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        self.rule.violations(grid)
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        self.rule.part.narrow(domains, changed, shrunk)
    }

    fn constrain(&self, model: &mut Model, deadline: Deadline) {
        self.rule.constrain(model, deadline)
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        self.rule.write_json(object);
        for (key, value) in &self.clues {
            if !value.is_null() {
                object.insert(key.to_string(), value.clone());
            }
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        self.rule.draw(drawing)
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;
    use crate::rule::harness::*;

    /// 1 2 3 4 / 2 1 4 3 / 3 4 1 2 / 4 3 2 1: its top-left 2x2 repeats 1 and 2.
    fn square() -> Grid {
        let rows = [[1, 2, 3, 4], [2, 1, 4, 3], [3, 4, 1, 2], [4, 3, 2, 1]];
        Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    /// Whether the rule of `clues` (keys beside `"chaos": true`) keeps the square, by its
    /// check and by its rows.
    fn keeps(clues: &str) -> (bool, bool) {
        let rule = rule(&format!(r#"{{"chaos": true, {clues}}}"#), 4);
        (
            broken(&*rule, &square()).is_empty(),
            rows_allow(&*rule, &square()),
        )
    }

    #[test]
    fn a_count_holds_when_some_cut_gives_it() {
        let block = r#"["R1C1", "R1C2", "R2C1", "R2C2"]"#;
        let count = |cell: &str, offset: u32| {
            format!(r#""chaoscount": [{{"cell": "{cell}", "offset": {offset}, "cells": {block}}}]"#)
        };
        // R1C1's region takes R1C2 or R2C1, its only neighbours (a row or a column cut), never
        // both (two 2s) nor R2C2 (a second 1): a count of 2 only.
        assert_eq!(keeps(&count("R4C4", 0)), (false, false), "1");
        assert_eq!(keeps(&count("R1C2", 0)), (true, true), "2");
        assert_eq!(keeps(&count("R2C4", 0)), (false, false), "3");
        assert_eq!(keeps(&count("R1C4", 0)), (false, false), "4");
        // With offset 1 the first cell is not counted: 1 says 2, 2 says 3.
        assert_eq!(keeps(&count("R1C1", 1)), (true, true));
        assert_eq!(keeps(&count("R1C2", 1)), (false, false));
    }

    #[test]
    fn a_run_holds_when_some_cut_gives_it() {
        let row = r#"["R1C1", "R1C2", "R1C3", "R1C4"]"#;
        let run = |cell: &str, arms: &str| {
            format!(r#""chaosarrow": [{{"cell": "{cell}", "arms": {arms}}}]"#)
        };
        // Row 1 whole (4), or R1C1-R1C3 with R2C3 (3).
        assert_eq!(keeps(&run("R1C4", &format!("[{row}]"))), (true, true));
        assert_eq!(keeps(&run("R2C4", &format!("[{row}]"))), (true, true));
        // Two arms: R1C1 alone (1) leaves it no neighbour; R1C2 along the row (2) is row 1.
        let two = r#"[["R1C1", "R1C2"], ["R1C1", "R2C1", "R3C1"]]"#;
        assert_eq!(keeps(&run("R4C4", two)), (false, false));
        assert_eq!(keeps(&run("R2C1", two)), (true, true));
    }

    #[test]
    fn a_clue_cell_keeps_the_measures_a_region_can_have() {
        let json =
            r#"{"chaos": true, "chaoscount": [{"cell": "R4C4", "cells": ["R1C1", "R1C2"]}]}"#;
        let d = narrowed_square(&*rule(json, 4), 4, &[]);
        assert_eq!(values(&d, (3, 3)), [1, 2]);
    }

    #[test]
    fn clues_without_regions_and_odd_arms_are_refused() {
        let count = r#"[{"cell": "R1C1", "cells": ["R1C1"]}]"#;
        let lone = format!(r#"{{"chaoscount": {count}}}"#);
        assert!(read_error(&lone, 4).contains("chaos clues need chaos construction"));
        let apart = r#"{"chaos": true, "chaosarrow": [{"cell": "R1C1", "arms": [["R1C1", "R1C2"], ["R2C1", "R3C1"]]}]}"#;
        assert!(read_error(apart, 4).contains("the arms start at one cell"));
        assert!(read_error(r#"{"chaos": 3}"#, 4).contains("regions of 3 cells"));
        assert!(read_error(r#"{"chaos": true}"#, 12).contains("grids up to 9x9, not 12x12"));
        let offset =
            r#"{"chaos": true, "chaoscount": [{"cell": "R1C1", "offset": 2, "cells": ["R1C1"]}]}"#;
        assert!(read_error(offset, 4).contains("\"offset\" is 0"));
    }
}
