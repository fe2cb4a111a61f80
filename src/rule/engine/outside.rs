//! The engine of clues outside the grid that read a whole row or column from their side
//! (sandwiches, X-sums, skyscrapers): each rule gives its test of a line's values (which the
//! check and the bounded search share) and its rows; the clue is written beside the line.

use serde_json::{Map, Value};

use super::distinct::union_bounds;
use super::reading::{at, items, number, position, wrong, Board, Found, Written};
use super::{marks, tuples, Changed, Rule};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model, Var};
use crate::picture::{Drawing, Mark};

/// Whether a line's written values (a prefix of them, unless `complete`) may keep a clue:
/// `(values, complete, clue, the grid's values)`.
pub type Keeps = fn(&[i64], bool, i64, Written) -> bool;

/// A line and its clue.
pub type Clue = (Vec<Cell>, i64);

/// Writes the rows of a rule's clues into a model whose values are written as the last
/// argument says.
pub type Rows = fn(&[Clue], &mut Model, Written);

/// A rule's own narrowing of one clue's line (its cells from the clue's side, the clue, the
/// grid's values as written), run before the bounded search, which leaves a line of many
/// assignments as it is; `false` when a cell runs out.
pub type Narrow = fn(&[Cell], i64, Written, &mut Domains, &mut Vec<usize>) -> bool;

/// A rule of outside clues: its name, key, clues, test, rows and marks.
#[derive(Debug)]
pub struct Outside {
    name: &'static str,
    key: &'static str,
    clues: Vec<Clue>,
    keeps: Keeps,
    rows: Rows,
    /// The rule's own narrowing, if it has one.
    narrow_first: Option<Narrow>,
    marks: Vec<Mark>,
    json: Value,
    /// The grid's values as the clues and the test see them.
    written: Written,
}

/// The least and greatest clue a line of `n` cells can have, on the grid's written values:
/// `(n, written)`.
pub type Bounds = fn(usize, Written) -> (i64, i64);

/// Reads the clues of `key` (`[{"cell": "R0C3", "value": "12"}]`), named `what` in messages;
/// a clue out of `bounds` is an error, never a puzzle without solution.
pub fn read(
    value: &Value,
    board: &Board,
    names: (&'static str, &'static str, &str),
    parts: (Keeps, Rows, Bounds, marks::Frame),
) -> Result<Found, Problem> {
    read_with(value, board, names, parts, None)
}

/// [`read`], for a rule that also narrows each line its own way first.
pub fn read_with(
    value: &Value,
    board: &Board,
    (name, key, what): (&'static str, &'static str, &str),
    (keeps, rows, bounds, frame): (Keeps, Rows, Bounds, marks::Frame),
    narrow_first: Option<Narrow>,
) -> Result<Found, Problem> {
    let found = outside_clues(value, board.n, what)?;
    let (least, most) = bounds(board.n, board.written());
    if let Some(i) = found
        .iter()
        .position(|(_, _, clue)| !(least..=most).contains(clue))
    {
        let ((r, c), _, clue) = found[i];
        let n = board.n;
        let message = format!(
            "the clue at R{r}C{c} is {clue}, but a {what} on a {n}x{n} is {least} to {most}"
        );
        // No grid keeps it: an input error, or, inside an `or`, an option that never holds.
        return Err(at(
            format!("{what} {}", i + 1),
            Problem::NeverHolds(message),
        ));
    }
    let marks = (found.iter())
        .flat_map(|(place, _, clue)| marks::framed(*place, &clue.to_string(), frame))
        .collect();
    let clues = (found.into_iter())
        .map(|(_, line, clue)| (line, clue))
        .collect();
    Ok(Found::rule(Outside {
        name,
        key,
        clues,
        keeps,
        rows,
        narrow_first,
        marks,
        json: value.clone(),
        written: board.written(),
    }))
}

impl Rule for Outside {
    fn name(&self) -> &'static str {
        self.name
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let written = self.written;
        let mut found = Vec::new();
        for (i, (line, clue)) in self.clues.iter().enumerate() {
            let values: Vec<u32> = line.iter().map(|&(r, c)| grid.get(r, c)).collect();
            let wide: Vec<i64> = values
                .iter()
                .map(|&v| i64::from(v) + written.offset())
                .collect();
            if !(self.keeps)(&wide, true, *clue, written) {
                found.push(Violation::Broken {
                    clue: format!("{} {} ({clue})", self.name, i + 1),
                    how: "is broken",
                    cells: line.clone(),
                    values,
                });
            }
        }
        found
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let written = self.written;
        if let Some(narrow) = self.narrow_first {
            let narrowed = (self.clues.iter())
                .all(|(line, clue)| narrow(line, *clue, written, domains, shrunk));
            if !narrowed {
                return false;
            }
        }
        let groups: Vec<tuples::Group> = (self.clues.iter())
            .map(|(line, clue)| tuples::Group {
                cells: line.clone(),
                distinct: true,
                keeps: Box::new(move |values: &[i64], complete: bool| match written.first {
                    1 => (self.keeps)(values, complete, *clue, written),
                    _ => (self.keeps)(&written.of(values), complete, *clue, written),
                }),
            })
            .collect();
        tuples::narrow_groups(domains, changed, &groups, shrunk)
    }

    fn constrain(&self, model: &mut Model, _: Deadline) {
        (self.rows)(&self.clues, model, self.written);
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        object.insert(self.key.into(), self.json.clone());
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.over.extend(self.marks.iter().cloned());
    }
}

/// The least and greatest sum of distinct values, one from each of `sets` (candidate bits
/// over `values`) and none from `taken`: each set's own bounds, tightened by their union's
/// ([`union_bounds`]); `None` when a set or the union runs short.
pub fn distinct_bounds(values: &[i64], sets: &[u64], taken: u64) -> Option<(i64, i64)> {
    let (mut lo, mut hi) = (0, 0);
    for &set in sets {
        let set = set & !taken;
        if set == 0 {
            return None;
        }
        lo += values[set.trailing_zeros() as usize];
        hi += values[63 - set.leading_zeros() as usize];
    }
    let (small, large) = union_bounds(values, sets.iter().copied(), taken)?;
    Some((lo.max(small), hi.min(large)))
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

/// 0-1 `seen[j]` for each cell of `line`: cell j holds a larger value than every cell before
/// it. Built along the line from `high[j][k]` (some value among the first j+1 cells is the
/// k-th or more); variables and rows are named by `name`.
pub fn seen(model: &mut Model, line: &[Cell], name: &dyn Fn(String) -> String) -> Vec<Var> {
    let nv = model.domains().values().len();
    // at_least(j, k): x[j, k..] summed, 1 when cell j holds the k-th value or more.
    let at_least = |m: &Model, j: usize, k: usize| {
        let mut e = LinExpr::default();
        (k..nv).for_each(|l| e.add_expr(&m.x(line[j].0, line[j].1, l), 1.0));
        e
    };
    let mut high: Vec<Vec<Var>> = Vec::new();
    let mut seen = Vec::new();
    for (j, &(r, c)) in line.iter().enumerate() {
        let row: Vec<Var> = (0..nv)
            .map(|k| model.binary(name(format!("high{}_{}", j + 1, k + 1))))
            .collect();
        for (k, &h) in row.iter().enumerate() {
            // high[j][k] = high[j-1][k] or at_least(j, k).
            let mut lower = at_least(model, j, k);
            lower.add_var(h, -1.0);
            model.at_most(name(format!("high{}_{}_a", j + 1, k + 1)), lower, 0.0);
            let mut upper = LinExpr::default();
            upper.add_var(h, 1.0);
            upper.add_expr(&at_least(model, j, k), -1.0);
            if let Some(before) = high.last() {
                let mut keep = LinExpr::default();
                keep.add_var(before[k], 1.0);
                keep.add_var(h, -1.0);
                model.at_most(name(format!("high{}_{}_b", j + 1, k + 1)), keep, 0.0);
                upper.add_var(before[k], -1.0);
            }
            model.at_most(name(format!("high{}_{}_c", j + 1, k + 1)), upper, 0.0);
        }
        // seen[j] = 1 exactly when cell j holds k and no cell before holds k or more.
        let s = model.binary(name(format!("seen{}", j + 1)));
        for k in 0..nv {
            let x = model.x(r, c, k);
            let mut at_most = x.clone();
            at_most.add_var(s, 1.0);
            let mut least = x;
            least.add_var(s, -1.0);
            if let Some(before) = high.last() {
                at_most.add_var(before[k], 1.0);
                least.add_var(before[k], -1.0);
            }
            model.at_most(name(format!("seen{}_{}_hi", j + 1, k + 1)), at_most, 2.0);
            model.at_most(name(format!("seen{}_{}_lo", j + 1, k + 1)), least, 0.0);
        }
        seen.push(s);
        high.push(row);
    }
    seen
}
