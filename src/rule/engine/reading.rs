//! What a rule's reader is given and hands back: the f-puzzles key it reads (mipsolve's
//! variant JSON takes the same key and form), the board it reads onto, and the readers'
//! shared helpers for cells (`"R1C1"` or `[1, 1]`), lines and clue values.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};

use super::Rule;
use crate::error::{CageLabel, Problem};
use crate::geometry::Area;
use crate::grid::{Cell, Grid};
use crate::json_values::{self as json, whole_number, written};

/// A rule as the readers know it: the key it is written under and how it is read.
pub struct RuleKind {
    /// The key in f-puzzles JSON and in mipsolve's variant JSON, e.g. `arrow`.
    pub key: &'static str,
    /// Reads the key's value onto the board.
    pub read: fn(&Value, &Board) -> Result<Found, Problem>,
}

impl RuleKind {
    /// The entry of `key`, read by `read`.
    pub const fn new(
        key: &'static str,
        read: fn(&Value, &Board) -> Result<Found, Problem>,
    ) -> Self {
        RuleKind { key, read }
    }
}

/// How `generate --variant NAME` puts a rule on the puzzles it makes: as keys of the
/// puzzle's rules, added before the values are drawn (a rule the values must obey) or read off
/// the drawn solution (clues such as cages and marks).
pub struct Placement {
    /// The variant's name on the command line, e.g. `killer`.
    pub name: &'static str,
    /// What the name means, for `--help`.
    pub about: &'static str,
    /// Adds the keys the values must obey, before they are drawn.
    pub fixed: Option<fn(&mut Keys)>,
    /// Adds the clues read off the drawn solution.
    pub drawn: Option<fn(&Grid, &mut ChaCha8Rng, &mut Keys)>,
}

/// A puzzle's rules as keyed data (the variant JSON's keys beside its layout).
pub type Keys = Map<String, Value>;

/// A rule SudokuPad names in a puzzle's `global` list (SudokuPad draws every other rule),
/// and the keys of ours it stands for.
pub struct Global {
    /// SudokuPad's names for the rule, e.g. `antiknight`.
    pub names: &'static [&'static str],
    /// Adds the rule's keys.
    pub keys: fn(&mut Keys),
}

/// Adds `key: true`: a rule that is on or off.
pub fn set_flag(keys: &mut Keys, key: &str) {
    keys.insert(key.into(), Value::Bool(true));
}

/// Adds the negative form of the dot rule `key` (`negative: ["ratio"]`), with `key` present
/// for its reader.
pub fn set_negative(keys: &mut Keys, key: &str) {
    keys.entry(key).or_insert_with(|| Value::Array(Vec::new()));
    let list = keys
        .entry("negative")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(names) = list {
        names.push(Value::from(key));
    }
}

/// How the arguments of an Interactive Sudoku Solver type become a rule's keys (the ISS
/// reader writes them; the registry says which rule each type is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssForm {
    /// `Type~cell~cell...`: a line.
    Line,
    /// A line, on a 9x9 only (ISS's classes are those of 1-9).
    LineOnNine,
    /// `Type~m~cells`: a line, when `m` is this modulus.
    LineModulo(&'static str),
    /// `Type~[difference]~cells`: a line with its difference, this one when left out.
    LineApart(i64),
    /// `Type~cells`: the first cell a circle, the line from it.
    Arrow,
    /// `Type~size~cells`: the first `size` cells a pill, read in reading order.
    Pill,
    /// `Type~sum~cells`: a cage (no sum when empty or 0).
    Cage,
    /// `Type~cell~cell`: a mark between two cells, with this `value` (X, V) if any.
    Mark(Option<&'static str>),
    /// `Type`: the rule on.
    Flag,
    /// `Type~direction`: the rule on, for this direction.
    FlagFor(&'static str),
    /// `Type`: the rule on, which ISS applies beside marks too (f-puzzles spares them).
    FlagUnspared,
    /// `Type`: the rule's negative form.
    Negative,
    /// `Type` (9x9): the four windows as regions.
    Windows,
    /// `Type~top-left cell~values`: a 2x2 square's values.
    Quad,
    /// `Type~sum~first cell`: the sum along a diagonal.
    Diagonal,
    /// `Type~sum~R1|C1`: a clue before a row or column.
    Before,
    /// `Type~R1|C1~front~back`: clues before and after a row or column.
    BothEnds,
}

/// An Interactive Sudoku Solver type and the rule it is.
pub struct IssType {
    /// ISS's name, e.g. `Thermo`.
    pub name: &'static str,
    /// The rule.
    pub kind: &'static RuleKind,
    /// How its arguments read.
    pub form: IssForm,
}

/// What a reader reads onto: the grid's side, its regions (boxes or Jigsaw regions) and the
/// whole puzzle object (for a rule whose meaning another key changes, such as `negative`).
pub struct Board<'a> {
    /// The grid's side.
    pub n: usize,
    /// Each region's cells in reading order.
    pub regions: &'a [Vec<Cell>],
    /// The puzzle object.
    pub object: &'a Map<String, Value>,
}

impl Board<'_> {
    /// The region of each cell (row-major), if any.
    pub fn region_of(&self) -> Vec<Option<usize>> {
        let mut found = vec![None; self.n * self.n];
        for (i, region) in self.regions.iter().enumerate() {
            region
                .iter()
                .for_each(|&(r, c)| found[r * self.n + c] = Some(i));
        }
        found
    }
}

/// What a key adds to a puzzle: rules, all-different areas, sum cages (Killer's, checked with
/// the others), and the variant's names.
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// Rules.
    pub rules: Vec<Arc<dyn Rule>>,
    /// Areas whose values differ.
    pub areas: Vec<Area>,
    /// Sum cages: label, sum and cells.
    pub cages: Vec<(CageLabel, u64, Vec<Cell>)>,
    /// The variant's names, e.g. `arrow`.
    pub names: Vec<&'static str>,
}

impl Found {
    /// One rule, named by itself.
    pub fn rule(rule: impl Rule + 'static) -> Found {
        Found {
            names: vec![rule.name()],
            rules: vec![Arc::new(rule)],
            ..Found::default()
        }
    }

    /// Nothing (a key set to `false`, an empty list).
    pub fn none() -> Found {
        Found::default()
    }
}

/// `problem` placed at `place`, e.g. `arrow 2`.
pub fn at(place: impl Into<String>, problem: Problem) -> Problem {
    Problem::In {
        place: place.into(),
        problem: Box::new(problem),
    }
}

/// A rule's problem as text.
pub fn wrong(message: impl Into<String>) -> Problem {
    Problem::Rule(message.into())
}

/// A flag: `true` or `false`.
pub fn flag(value: &Value) -> Result<bool, Problem> {
    value
        .as_bool()
        .ok_or_else(|| wrong(format!("expected true or false, found {}", written(value))))
}

/// The items of a list key, each an object (`[]` and `null` are none).
pub fn items(value: &Value) -> Result<Vec<&Map<String, Value>>, Problem> {
    let list = match value {
        Value::Null => return Ok(Vec::new()),
        Value::Array(list) => list,
        other => return Err(wrong(format!("expected a list, found {}", written(other)))),
    };
    (list.iter().enumerate())
        .map(|(i, item)| {
            item.as_object().ok_or_else(|| {
                at(
                    format!("item {}", i + 1),
                    wrong(format!("expected an object, found {}", written(item))),
                )
            })
        })
        .collect()
}

/// A cell written `"R1C1"` (f-puzzles) or `[1, 1]`, inside an `n` x `n` grid; 0-based.
pub fn cell(value: &Value, n: usize) -> Result<Cell, Problem> {
    let (r, c) = position(value)?;
    if !(1..=n as i64).contains(&r) || !(1..=n as i64).contains(&c) {
        return Err(Problem::CellOutside {
            row: r,
            col: c,
            size: n,
        });
    }
    Ok((r as usize - 1, c as usize - 1))
}

/// A cell's 1-based row and column as written, which may lie outside the grid (a clue's
/// place: `R0C3`, `R10C3`).
pub fn position(value: &Value) -> Result<(i64, i64), Problem> {
    if let Some(text) = value.as_str() {
        let upper = text.trim().to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((r.parse().ok()?, c.parse().ok()?))
        });
        return parsed.ok_or_else(|| Problem::NotACell(written(value)));
    }
    json::cell(value, usize::MAX >> 1).map(|(r, c)| (r as i64 + 1, c as i64 + 1))
}

/// The cells under `field` of an item, each once.
pub fn cells(item: &Map<String, Value>, field: &str, n: usize) -> Result<Vec<Cell>, Problem> {
    match item.get(field) {
        Some(Value::Array(list)) => {
            let cells = list
                .iter()
                .map(|v| cell(v, n))
                .collect::<Result<Vec<_>, _>>()?;
            once_each(&cells).map(|()| cells)
        }
        Some(other) => Err(wrong(format!(
            "\"{field}\" must be a list of cells, found {}",
            written(other)
        ))),
        None => Err(wrong(format!("no \"{field}\""))),
    }
}

/// An error naming the first cell listed twice, if any: a clue counts each cell once.
fn once_each(cells: &[Cell]) -> Result<(), Problem> {
    let twice = (cells.iter().enumerate()).find(|(i, c)| cells[..*i].contains(c));
    match twice {
        Some((_, &cell)) => Err(Problem::CellTwice(cell)),
        None => Ok(()),
    }
}

/// The one cell under `field` (`"cell": "R1C1"`, or a one-cell list).
pub fn one_cell(item: &Map<String, Value>, field: &str, n: usize) -> Result<Cell, Problem> {
    match item.get(field) {
        Some(Value::Array(list)) if list.len() == 1 => cell(&list[0], n),
        Some(value) if !value.is_array() => cell(value, n),
        Some(other) => Err(wrong(format!(
            "\"{field}\" must be one cell, found {}",
            written(other)
        ))),
        None => Err(wrong(format!("no \"{field}\""))),
    }
}

/// The lines of an item (`"lines": [["R1C1", "R1C2"], ...]`), each of at least `min` cells,
/// each cell a neighbour of the one before (diagonals too) and on the line once.
pub fn lines(item: &Map<String, Value>, n: usize, min: usize) -> Result<Vec<Vec<Cell>>, Problem> {
    let found = paths(item, n, min)?;
    found.iter().try_for_each(|line| once_each(line))?;
    Ok(found)
}

/// The lines of an item as [`lines`] reads them, but a line may pass a cell again (a loop):
/// for rules on each two neighbours along the line (whispers), which a revisit leaves whole.
pub fn paths(item: &Map<String, Value>, n: usize, min: usize) -> Result<Vec<Vec<Cell>>, Problem> {
    let Some(Value::Array(list)) = item.get("lines") else {
        return Err(wrong("no \"lines\" (a list of lines of cells)"));
    };
    let mut found = Vec::with_capacity(list.len());
    for value in list {
        let Value::Array(points) = value else {
            return Err(wrong(format!(
                "a line must be a list of cells, found {}",
                written(value)
            )));
        };
        let line = points
            .iter()
            .map(|v| cell(v, n))
            .collect::<Result<Vec<Cell>, _>>()?;
        if line.len() < min {
            let cells = if min == 1 { "cell" } else { "cells" };
            return Err(wrong(format!(
                "a line needs at least {min} {cells}, found {}",
                line.len()
            )));
        }
        let touching =
            |a: Cell, b: Cell| a != b && a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1;
        if let Some(pair) = line.windows(2).find(|p| !touching(p[0], p[1])) {
            let (first, second) = (pair[0], pair[1]);
            return Err(Problem::NotNext {
                first,
                second,
                how: "neighbours",
            });
        }
        found.push(line);
    }
    Ok(found)
}

/// The whole number under `field` (a number or a numeric string), or `default` when the
/// item has none (`None`: it must have one).
pub fn number(
    item: &Map<String, Value>,
    field: &str,
    default: Option<i64>,
) -> Result<i64, Problem> {
    let value = match item.get(field) {
        None | Some(Value::Null) => {
            return default.ok_or_else(|| wrong(format!("no \"{field}\"")));
        }
        Some(Value::String(text)) if text.trim().is_empty() => {
            return default.ok_or_else(|| wrong(format!("\"{field}\" is empty")));
        }
        Some(value) => value,
    };
    let parsed = match value {
        Value::String(text) => text.trim().parse::<i64>().ok(),
        other => whole_number(other).and_then(|v| i64::try_from(v).ok()),
    };
    parsed.ok_or_else(|| {
        wrong(format!(
            "\"{field}\" must be a whole number, found {}",
            written(value)
        ))
    })
}

/// Every pair of side-by-side cells of an `n` x `n` grid, each once.
pub fn side_by_side_pairs(n: usize) -> impl Iterator<Item = (Cell, Cell)> {
    let right = (0..n).flat_map(move |r| (1..n).map(move |c| ((r, c - 1), (r, c))));
    let down = (1..n).flat_map(move |r| (0..n).map(move |c| ((r - 1, c), (r, c))));
    right.chain(down)
}

/// Whether `negative` (a list of rule names) names `rule`.
pub fn negative(board: &Board, rule: &str) -> bool {
    let names = board.object.get("negative").and_then(Value::as_array);
    names.is_some_and(|list| list.iter().any(|v| v.as_str() == Some(rule)))
}

/// The row or column a clue outside the grid looks along (1-based `R0C3` above column 3,
/// `R10C3` below it on a 9x9, `R3C0` left of row 3, `R3C10` right of it), read from the clue's
/// side.
pub fn outside_line((r, c): (i64, i64), n: usize) -> Result<Vec<Cell>, Problem> {
    let side = n as i64;
    let within = |x: i64| (1..=side).contains(&x);
    let line: Vec<Cell> = match (r, c) {
        (0, c) if within(c) => (0..n).map(|x| (x, c as usize - 1)).collect(),
        (r, c) if r == side + 1 && within(c) => (0..n).rev().map(|x| (x, c as usize - 1)).collect(),
        (r, 0) if within(r) => (0..n).map(|x| (r as usize - 1, x)).collect(),
        (r, c) if c == side + 1 && within(r) => (0..n).rev().map(|x| (r as usize - 1, x)).collect(),
        _ => {
            return Err(wrong(format!(
                "R{r}C{c} is not outside the grid beside a row or column"
            )))
        }
    };
    Ok(line)
}

/// A clue outside the grid: its place (1-based), the line it looks along, its number.
pub type OutsideClue = ((i64, i64), Vec<Cell>, i64);

/// The outside clues of an item list (`[{"cell": "R0C3", "value": "12"}]`): each clue's place,
/// the line it looks along and its number. A clue with no number (`""`) says nothing.
pub fn outside_clues(value: &Value, n: usize, what: &str) -> Result<Vec<OutsideClue>, Problem> {
    let mut found = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("{what} {}", i + 1);
        let written = item
            .get("cell")
            .ok_or_else(|| at(place(), wrong("no \"cell\"")))?;
        let clue = position(written).map_err(|p| at(place(), p))?;
        let line = outside_line(clue, n).map_err(|p| at(place(), p))?;
        let blank = item
            .get("value")
            .is_none_or(|v| v.as_str().is_some_and(|s| s.trim().is_empty()));
        if !blank {
            found.push((
                clue,
                line,
                number(item, "value", None).map_err(|p| at(place(), p))?,
            ));
        }
    }
    Ok(found)
}
