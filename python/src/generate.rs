//! `generate`: one new puzzle, proven unique, as `mipsolve generate KIND --format json` makes
//! it; the arguments are checked as the command line checks its flags.

use std::ops::RangeInclusive;
use std::time::{SystemTime, UNIX_EPOCH};

use mipsolve::cage::Op;
use mipsolve::deduce::Ladder;
use mipsolve::generate::{Design, Request, Symmetry};
use mipsolve::puzzle::sudoku::box_for;
use mipsolve::puzzle::{Kind, Options};
use mipsolve::rule::PLACEMENTS;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pythonize::pythonize;
use serde::Serialize;

use crate::detached::detached;
use crate::errors::SolveError;
use crate::options::{self, names};

/// A generated puzzle's record, key by key as the command line's.
#[derive(Serialize)]
struct Generated {
    seed: u64,
    kind: &'static str,
    variant: Option<Vec<&'static str>>,
    rows: usize,
    cols: usize,
    level: &'static str,
    givens: usize,
    attempts: usize,
    /// The puzzle in the tool's input form: a grid, or JSON text (KenKen, variants).
    puzzle: String,
    solution: Vec<Vec<u32>>,
    gameid: Option<String>,
}

/// What shapes the puzzle beyond its kind.
struct Shape<'a, 'py> {
    size: Option<&'a Bound<'py, PyAny>>,
    level: Option<&'a str>,
    symmetry: Option<&'a str>,
    minimal: bool,
    variant: Vec<String>,
    ops: Option<&'a str>,
    hidden_ops: bool,
}

/// A new puzzle of `kind`, the same for the same seed on every machine.
#[pyfunction]
#[pyo3(signature = (kind, size=None, level=None, seed=None, symmetry=None, minimal=false,
                    variant=None, ops=None, hidden_ops=false, time_limit=None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    kind: &str,
    size: Option<&Bound<'py, PyAny>>,
    level: Option<&str>,
    seed: Option<u64>,
    symmetry: Option<&str>,
    minimal: bool,
    variant: Option<Vec<String>>,
    ops: Option<&str>,
    hidden_ops: bool,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kind = options::named_kind(kind)?;
    refuse_unshaping(kind, options)?;
    let given = options::kind_options(Some(kind), options)?;
    let shape = Shape {
        size,
        level,
        symmetry,
        minimal,
        variant: variant.unwrap_or_default(),
        ops,
        hidden_ops,
    };
    let request = shape.request(kind.name, &given)?;
    let limit = options::time_limit(time_limit)?;
    let seed = seed.unwrap_or_else(random_seed);
    let made = detached(py, move |cancel| {
        mipsolve::generate::generate(&request, seed, cancel.deadline(limit))
    })?
    .map_err(|e| SolveError::new_err(format!("puzzle of seed {seed}: {e}")))?;
    let (rows, cols) = made.puzzle.shape();
    let record = Generated {
        seed,
        kind: kind.name,
        variant: made.puzzle.variant().map(<[_]>::to_vec),
        rows,
        cols,
        level: made.level,
        givens: made.givens,
        attempts: made.attempts,
        puzzle: made.puzzle.render_puzzle().unwrap_or_default(),
        solution: made.solution.to_rows(),
        gameid: made.puzzle.game_id(),
    };
    Ok(pythonize(py, &record)?)
}

/// Refuses a kind's option that does not shape the puzzles made (how a file is read, say).
fn refuse_unshaping(kind: &Kind, given: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let shaping = || kind.options.iter().filter(|spec| spec.generates);
    for key in given.into_iter().flat_map(|d| d.keys()) {
        let name = key.to_string().replace('_', "-");
        if !shaping().any(|spec| spec.name == name) {
            let takes = names(shaping().map(|spec| spec.name.replace('-', "_")));
            return Err(PyValueError::new_err(match takes.is_empty() {
                true => format!("{key}: generating a {} takes no such option", kind.name),
                false => format!("{key}: generating a {} takes {takes}", kind.name),
            }));
        }
    }
    Ok(())
}

impl Shape<'_, '_> {
    /// The generator's request for `kind`, its arguments checked.
    fn request(&self, kind: &str, given: &Options) -> PyResult<Request> {
        let (design, ladder, default) = match kind {
            "sudoku" => (self.sudoku(given)?, Ladder::Solo, Symmetry::R2),
            "kenken" => (self.kenken()?, Ladder::Keen, Symmetry::None),
            _ => (self.takuzu(given)?, Ladder::Unruly, Symmetry::None),
        };
        let refused = match kind {
            "kenken" if self.symmetry.is_some() || self.minimal => {
                Some("symmetry and minimal: a KenKen's clues are its cages, not givens")
            }
            "kenken" => None,
            _ if self.ops.is_some() || self.hidden_ops => {
                Some("ops and hidden_ops: only a KenKen has operators")
            }
            _ => None,
        };
        if let Some(message) = refused.or((kind != "sudoku" && !self.variant.is_empty())
            .then_some("variant: only a Sudoku has variants"))
        {
            return Err(PyValueError::new_err(message));
        }
        let level = match self.level {
            None => None,
            Some(name) => Some(
                (ladder.levels().iter().copied().find(|l| *l == name)).ok_or_else(|| {
                    let levels = names(ladder.levels().iter());
                    PyValueError::new_err(format!("level '{name}': expected {levels}"))
                })?,
            ),
        };
        let symmetry = match self.symmetry {
            None if self.minimal => Symmetry::None,
            None => default,
            Some(name) => Symmetry::named(name).ok_or_else(|| {
                let all = names(Symmetry::ALL.iter().map(|(n, _)| n));
                PyValueError::new_err(format!("symmetry '{name}': expected {all}"))
            })?,
        };
        let (rows, cols) = design.shape();
        if symmetry.needs_square() && rows != cols {
            return Err(PyValueError::new_err(format!(
                "symmetry '{}': needs a square grid, not {rows}x{cols}",
                symmetry.name()
            )));
        }
        Ok(Request {
            design,
            level,
            symmetry,
            minimal: self.minimal,
            givens: None,
        })
    }

    /// A Sudoku: its side (9, or that of `box`), boxes or Jigsaw regions, and its rules.
    fn sudoku(&self, given: &Options) -> PyResult<Design> {
        let box_shape = given.sudoku.box_shape;
        let size = match (self.side(4..=64)?, box_shape) {
            (Some(n), _) => n,
            (None, Some((r, c))) => r * c,
            (None, None) => 9,
        };
        let known = |name: &str| name == "jigsaw" || PLACEMENTS.iter().any(|p| p.name == name);
        if let Some(unknown) = self.variant.iter().find(|name| !known(name)) {
            let all = std::iter::once("jigsaw").chain(PLACEMENTS.iter().map(|p| p.name));
            return Err(PyValueError::new_err(format!(
                "variant '{unknown}': expected {}",
                names(all)
            )));
        }
        let jigsaw = self.variant.iter().any(|v| v == "jigsaw");
        let boxes = match (jigsaw, box_shape) {
            (true, Some(_)) => {
                return Err(PyValueError::new_err(
                    "box and variant 'jigsaw' exclude each other",
                ))
            }
            (true, None) => None,
            (false, shape) => {
                Some(box_for(size, shape).map_err(|p| PyValueError::new_err(p.to_string()))?)
            }
        };
        let rules = (PLACEMENTS.iter().map(|p| p.name))
            .filter(|name| self.variant.iter().any(|v| v == name))
            .collect();
        Ok(Design::Sudoku { size, boxes, rules })
    }

    /// A KenKen: its side (6 unless given) and the operators its cages may use.
    fn kenken(&self) -> PyResult<Design> {
        let mut ops = Vec::new();
        for ch in (self.ops.unwrap_or("+-*/").chars()).filter(|c| !c.is_whitespace() && *c != ',') {
            let op = Op::from_symbol(&ch.to_string())
                .filter(|op| matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div))
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "ops: unknown operator '{ch}' (expected + - * /)"
                    ))
                })?;
            if !ops.contains(&op) {
                ops.push(op);
            }
        }
        if ops.is_empty() {
            return Err(PyValueError::new_err(
                "ops: expected at least one of + - * /",
            ));
        }
        Ok(Design::KenKen {
            size: self.side(3..=16)?.unwrap_or(6),
            ops,
            hidden: self.hidden_ops,
        })
    }

    /// A Takuzu: rows and columns (10x10 unless given), even, with distinct lines unless
    /// `allow_duplicate_lines`.
    fn takuzu(&self, given: &Options) -> PyResult<Design> {
        let (rows, cols) = match self.size {
            None => (10, 10),
            Some(size) => match size.extract::<(usize, usize)>() {
                Ok(shape) => shape,
                Err(_) => {
                    let n = self.side(4..=64)?.unwrap_or(10);
                    (n, n)
                }
            },
        };
        let even = |n: usize| n.is_multiple_of(2) && (4..=64).contains(&n);
        if !even(rows) || !even(cols) {
            return Err(PyValueError::new_err(format!(
                "size {rows}x{cols}: expected even sides from 4 to 64"
            )));
        }
        let distinct = !given.takuzu.allow_duplicate_lines;
        if distinct && !distinct_lines_fit(rows, cols) {
            return Err(PyValueError::new_err(format!(
                "size {rows}x{cols}: no Takuzu of this shape has distinct rows and columns \
                 (too few different lines); add allow_duplicate_lines=True"
            )));
        }
        Ok(Design::Takuzu {
            rows,
            cols,
            distinct,
        })
    }

    /// The side given as one number within `range`.
    fn side(&self, range: RangeInclusive<usize>) -> PyResult<Option<usize>> {
        let Some(size) = self.size else {
            return Ok(None);
        };
        match size.extract::<usize>() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(PyValueError::new_err(format!(
                "size: expected a side from {} to {}, found {}",
                range.start(),
                range.end(),
                size.repr()?
            ))),
        }
    }
}

/// Whether a `rows` x `cols` Takuzu can have distinct rows and columns: lines of n cells
/// that keep the balance and no three in a row number A177790(n / 2) (OEIS), as Unruly
/// checks.
fn distinct_lines_fit(rows: usize, cols: usize) -> bool {
    const LINES: [u64; 10] = [1, 2, 6, 14, 34, 84, 208, 518, 1296, 3254];
    let fits = |length: usize, count: usize| {
        LINES
            .get(length / 2)
            .is_none_or(|&lines| count as u64 <= lines)
    };
    fits(cols, rows) && fits(rows, cols)
}

/// A seed from the clock, for a call that names none (the record gives it back).
fn random_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ u64::from(std::process::id()).rotate_left(32)
}
