//! The f-puzzles object (`https://www.f-puzzles.com/?load=...` decoded, or written as JSON):
//! the size, a grid of cells (givens, regions, pencil marks, entered values) and one key per
//! rule, which the rule registry reads. Every cell key is checked.

use serde_json::{Map, Value};

use super::variant::{default_style, Layout, Spec};
use super::MAX_SIZE;
use crate::clue::Clue;
use crate::error::{ParseError, Problem};
use crate::grid::{Cell, Grid};
use crate::json_values::written;
use crate::puzzle::latin::Latin;

/// The box shape f-puzzles gives a side by default: the tallest of at most the square root
/// (a prime side: one row per region).
pub(crate) fn default_box(n: usize) -> (usize, usize) {
    let h = (1..=n)
        .take_while(|h| h * h <= n)
        .filter(|h| n.is_multiple_of(*h))
        .max()
        .unwrap_or(1);
    (h, n / h)
}

/// The keys f-puzzles and SudokuPad write in a cell: its digit and whether it is given, the
/// solver's and the setter's pencil marks, a parity mark, its region and its colours.
const CELL_KEYS: [&str; 10] = [
    "value",
    "given",
    "centerPencilMarks",
    "cornerPencilMarks",
    "givenPencilMarks",
    "parity",
    "region",
    "highlight",
    "c",
    "cArray",
];

/// A cell's region as written: the default box, none (`region: null`) or another.
enum Region {
    Default,
    Nothing,
    Index(usize),
}

/// What one cell says of the puzzle: its given digit and its region (its pencil marks and
/// parity are the pencil-mark rule's; an entered digit that is not given is the solver's).
struct ReadCell {
    given: Option<u32>,
    entered: Option<u32>,
    region: Region,
}

/// What is wrong with one cell object of an f-puzzles grid.
#[derive(Debug, thiserror::Error)]
enum CellError {
    #[error("expected a cell object such as {{\"value\": 5, \"given\": true}}, found {0}")]
    NotAnObject(String),
    #[error("unknown cell key \"{0}\": a cell holds {keys}", keys = CELL_KEYS.join(", "))]
    UnknownKey(String),
    #[error("\"{key}\" must be a list of values {range}, found {found}")]
    NotValues {
        key: &'static str,
        range: String,
        found: String,
    },
    #[error("\"{key}\" must be a colour, found {found}")]
    NotAColour { key: &'static str, found: String },
    #[error("\"given\" must be true or false, found {0}")]
    GivenNotTrueOrFalse(String),
    #[error("a value must be {range}, found {found}")]
    ValueOutside { range: String, found: String },
    #[error("a given cell has no \"value\"")]
    GivenWithoutValue,
    #[error("a region must be 0..{last}, found {found}")]
    RegionOutside { last: usize, found: String },
}

/// One cell object of an f-puzzles grid on a side of `n` with `top` values written from
/// `first`, every key checked; its values are mipsolve's, 1..=`top`.
fn read_cell(cell: &Value, (n, top, first): (usize, usize, u32)) -> Result<ReadCell, CellError> {
    let range = || format!("{first}..{}", top as u32 - 1 + first);
    let object = (cell.as_object()).ok_or_else(|| CellError::NotAnObject(written(cell)))?;
    if let Some(key) = object.keys().find(|k| !CELL_KEYS.contains(&k.as_str())) {
        return Err(CellError::UnknownKey(key.clone()));
    }
    for key in ["centerPencilMarks", "cornerPencilMarks"] {
        let Some(list) = object.get(key).filter(|v| !v.is_null()) else {
            continue;
        };
        if !(list.as_array()).is_some_and(|l| l.iter().all(|v| digit(v, top, first).is_some())) {
            let found = written(list);
            let range = range();
            return Err(CellError::NotValues { key, range, found });
        }
    }
    for key in ["highlight", "c"] {
        if let Some(v) = object.get(key).filter(|v| !v.is_null() && !v.is_string()) {
            let found = written(v);
            return Err(CellError::NotAColour { key, found });
        }
    }
    let given = match object.get("given") {
        None | Some(Value::Bool(false)) => false,
        Some(Value::Bool(true)) => true,
        Some(other) => return Err(CellError::GivenNotTrueOrFalse(written(other))),
    };
    let value = match object.get("value").filter(|v| !v.is_null()) {
        None => None,
        Some(v) => {
            let outside = || CellError::ValueOutside {
                range: range(),
                found: written(v),
            };
            Some(digit(v, top, first).ok_or_else(outside)?)
        }
    };
    if given && value.is_none() {
        return Err(CellError::GivenWithoutValue);
    }
    let region = match object.get("region") {
        None => Region::Default,
        Some(Value::Null) => Region::Nothing,
        Some(v) => {
            let outside = || CellError::RegionOutside {
                last: n - 1,
                found: written(v),
            };
            let index = (v.as_u64().filter(|&i| (i as usize) < n)).ok_or_else(outside)?;
            Region::Index(index as usize)
        }
    };
    Ok(ReadCell {
        given: value.filter(|_| given),
        entered: value.filter(|_| !given),
        region,
    })
}

/// mipsolve's value (1..=`top`) of one written from `first` as a JSON integer.
fn digit(value: &Value, top: usize, first: u32) -> Option<u32> {
    let v = (value.as_u64()? + 1).checked_sub(u64::from(first))?;
    (1..=top as u64).contains(&v).then_some(v as u32)
}

/// A puzzle from an f-puzzles object.
pub fn from_object(object: &Map<String, Value>) -> Result<Latin, ParseError> {
    let (n, rows) = grid_rows(object)?;
    let (h, w) = default_box(n);
    let (top, first) = super::variant::values(object, n)?;
    let cells = read_cells(rows, (n, top, first), (h, w))?;
    let layout = layout(&cells.region, n, (h, w))?;
    let mut rules = object.clone();
    rules.remove("size");
    let spec = Spec {
        givens: cells.givens,
        layout,
        rules,
        style: default_style(n),
    };
    Ok(spec.build()?.with_entered(cells.entered))
}

/// The grid's cells as read.
struct ReadGrid {
    /// The givens (0: none).
    givens: Grid,
    /// The values entered, not given.
    entered: Vec<Clue>,
    /// Each cell's region (row-major): its default box, another, or none.
    region: Vec<Option<usize>>,
}

/// The side (`size`, or the number of rows) and the grid's rows, `n` rows of `n` cells.
fn grid_rows(object: &Map<String, Value>) -> Result<(usize, &Vec<Value>), ParseError> {
    let whole = ParseError::whole;
    let rows = match object.get("grid") {
        Some(Value::Array(rows)) => rows,
        Some(other) => {
            return Err(whole(Problem::Link(format!(
                "\"grid\" must be a list of rows of cell objects, found {}",
                written(other)
            ))))
        }
        None => return Err(whole(Problem::Link("the puzzle has no \"grid\"".into()))),
    };
    let n = match object.get("size") {
        Some(size) => size.as_u64().map(|s| s as usize).ok_or_else(|| {
            whole(Problem::NotANumber {
                what: "size",
                found: size.to_string(),
            })
        })?,
        None => rows.len(),
    };
    if !(4..=MAX_SIZE).contains(&n) {
        return Err(whole(Problem::Size {
            size: n,
            min: 4,
            max: MAX_SIZE,
        }));
    }
    if rows.len() != n
        || rows
            .iter()
            .any(|row| row.as_array().is_none_or(|r| r.len() != n))
    {
        return Err(whole(Problem::Link(format!(
            "the grid is not {n} rows of {n} cells"
        ))));
    }
    Ok((n, rows))
}

/// The cells read: the givens, the values entered, and each cell's region (its default box
/// of `h` x `w`, another, or none).
fn read_cells(
    rows: &[Value],
    (n, top, first): (usize, usize, u32),
    (h, w): (usize, usize),
) -> Result<ReadGrid, ParseError> {
    let whole = ParseError::whole;
    let mut givens = Grid::filled(n, n, 0);
    let mut entered = Vec::new();
    // Each cell's region: its default box, another (`region: 2`) or none (`region: null`).
    let mut region: Vec<Option<usize>> = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let place = || format!("grid r{}c{}", r + 1, c + 1);
            let fail = |error: CellError| {
                whole(Problem::In {
                    place: place(),
                    problem: Box::new(Problem::Link(error.to_string())),
                })
            };
            let cell = read_cell(cell, (n, top, first)).map_err(fail)?;
            if let Some(v) = cell.given {
                givens.set(r, c, v);
            }
            if let Some(value) = cell.entered {
                entered.push(Clue::Given {
                    cell: (r, c),
                    value,
                });
            }
            region.push(match cell.region {
                Region::Default => Some((r / h) * h + c / w),
                Region::Nothing => None,
                Region::Index(i) => Some(i),
            });
        }
    }
    Ok(ReadGrid {
        givens,
        entered,
        region,
    })
}

/// The layout the cells' regions make: the default boxes of `h` x `w` (none for a Latin
/// square), regions of `n` cells each, or regions of any size; one of more than `n` cells is
/// refused.
fn layout(
    region: &[Option<usize>],
    n: usize,
    (h, w): (usize, usize),
) -> Result<Layout, ParseError> {
    let mut regions: Vec<Vec<Cell>> = vec![Vec::new(); n];
    for (i, k) in region.iter().enumerate() {
        if let Some(k) = k {
            regions[*k].push((i / n, i % n));
        }
    }
    if let Some(cells) = regions.iter().find(|cells| cells.len() > n) {
        let names: Vec<String> = cells.iter().map(|&c| crate::grid::cell_name(c)).collect();
        return Err(ParseError::whole(Problem::Link(format!(
            "a region holds {} cells ({}): a region holds at most {n}, its values all different",
            cells.len(),
            names.join(" ")
        ))));
    }
    regions.retain(|cells| !cells.is_empty());
    let default = region
        .iter()
        .enumerate()
        .all(|(i, k)| *k == Some((i / n / h) * h + (i % n) / w));
    let layout = match (default, h) {
        (true, 1) => Layout::Latin,
        (true, _) => Layout::Boxes(Some((h, w))),
        (false, _)
            if region.iter().all(Option::is_some) && regions.iter().all(|r| r.len() == n) =>
        {
            let label = |k: Option<usize>| k.map_or(String::new(), |k| (k + 1).to_string());
            Layout::Regions(
                (0..n)
                    .map(|r| (0..n).map(|c| label(region[r * n + c])).collect())
                    .collect(),
            )
        }
        // Cells in no region, or regions of other sizes: each region's values still differ.
        (false, _) => Layout::Partial(regions),
    };
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(object: serde_json::Value) -> String {
        let object = object.as_object().expect("an object").clone();
        from_object(&object).expect_err("refused").to_string()
    }

    fn grid(cell: serde_json::Value) -> serde_json::Value {
        let mut rows = vec![vec![serde_json::json!({}); 4]; 4];
        rows[0][0] = cell;
        serde_json::json!({"size": 4, "grid": rows})
    }

    #[test]
    fn every_cell_key_is_read_or_refused() {
        use serde_json::json;
        let expected =
            "grid r1c1: expected a cell object such as {\"value\": 5, \"given\": true}, found 5";
        assert_eq!(error(grid(json!(5))), expected);
        assert!(error(grid(json!(null))).ends_with("found null"));
        let yes = error(grid(json!({"value": 1, "given": "yes"})));
        assert_eq!(yes, "grid r1c1: \"given\" must be true or false, found yes");
        let big = error(grid(json!({"value": 7, "given": true})));
        assert_eq!(big, "grid r1c1: a value must be 1..4, found 7");
        let unknown = error(grid(json!({"value": 1, "colour": "red"})));
        assert!(unknown.starts_with("grid r1c1: unknown cell key \"colour\""));
        let empty = error(grid(json!({"given": true})));
        assert_eq!(empty, "grid r1c1: a given cell has no \"value\"");
        let text = error(json!({"size": 4, "grid": "abc"}));
        assert_eq!(
            text,
            "\"grid\" must be a list of rows of cell objects, found abc"
        );
        // An entered digit that is not given is the solver's, not a clue.
        let entered = grid(json!({"value": 3, "centerPencilMarks": [1, 2], "highlight": "#fff"}));
        let puzzle = from_object(entered.as_object().unwrap()).expect("read");
        assert_eq!(puzzle.givens().get(0, 0), 0);
    }

    #[test]
    fn a_region_of_more_than_n_cells_is_refused() {
        let mut object = grid(serde_json::json!({}));
        for c in 0..4 {
            object["grid"][2][c] = serde_json::json!({"region": 0});
        }
        let message = error(object);
        assert!(
            message.starts_with("a region holds 8 cells (r1c1 r1c2 r2c1 r2c2 r3c1"),
            "{message}"
        );
    }
}
