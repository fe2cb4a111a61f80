//! The calls on one puzzle, each as its command-line flag asks (the package `mipsolve` gives
//! them their documentation): the puzzle read, answered off the interpreter, its record
//! handed back as a dict.

use mipsolve::grid::Grid;
use mipsolve::picture::{self, Style};
use mipsolve::pipeline::{Question, SolveOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pythonize::pythonize;

use crate::answer::{answer, Analysis, Ask, Proposal};
use crate::detached::detached;
use crate::errors::Failure;
use crate::input::{Source, TEXT_NAME};
use crate::options;

/// What every call on one puzzle is given besides its own arguments.
struct Call<'a, 'py> {
    puzzle: &'a Bound<'py, PyAny>,
    kind: Option<&'a str>,
    solver: &'a str,
    time_limit: Option<f64>,
    options: Option<&'a Bound<'py, PyDict>>,
}

impl<'py> Call<'_, 'py> {
    /// The record of the puzzle asked `question`, then `analysis`.
    fn run(self, question: Question, analysis: Analysis) -> PyResult<Bound<'py, PyAny>> {
        let py = self.puzzle.py();
        let kind = options::kind(self.kind)?;
        let mut kind_options = options::kind_options(kind, self.options)?;
        // What to do about clashing givens is what these answer: such givens are read.
        kind_options.keep_clashing_givens =
            matches!(analysis, Analysis::Explain | Analysis::Repair(_));
        let ask = Ask {
            solve: SolveOptions {
                question,
                engine: options::engine(self.solver)?,
                ..SolveOptions::default()
            },
            limit: options::time_limit(self.time_limit)?,
            analysis,
        };
        let source = Source::extract(self.puzzle)?;
        let line = detached(py, move |cancel| {
            let item = source.read()?.one(kind, &kind_options)?;
            answer(&item, &ask, cancel)
        })?
        .map_err(|failure| failure.raise(py))?;
        Ok(pythonize(py, &line)?)
    }
}

/// One solution, or with `unique` also whether it is the only one.
#[pyfunction]
#[pyo3(signature = (puzzle, kind=None, unique=false, solver="auto", time_limit=None, **options))]
pub fn solve<'py>(
    puzzle: &Bound<'py, PyAny>,
    kind: Option<&str>,
    unique: bool,
    solver: &str,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let question = match unique {
        true => Question::Unique,
        false => Question::Solve,
    };
    Call {
        puzzle,
        kind,
        solver,
        time_limit,
        options,
    }
    .run(question, Analysis::None)
}

/// Up to `limit` distinct solutions, and whether they are all.
#[pyfunction]
#[pyo3(signature = (puzzle, limit, kind=None, solver="auto", time_limit=None, **options))]
pub fn count<'py>(
    puzzle: &Bound<'py, PyAny>,
    limit: usize,
    kind: Option<&str>,
    solver: &str,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if limit == 0 {
        return Err(PyValueError::new_err("limit: expected 1 or more"));
    }
    Call {
        puzzle,
        kind,
        solver,
        time_limit,
        options,
    }
    .run(Question::Count(limit), Analysis::None)
}

/// Each cell's true candidates, every one proven.
#[pyfunction]
#[pyo3(signature = (puzzle, kind=None, solver="auto", time_limit=None, **options))]
pub fn candidates<'py>(
    puzzle: &Bound<'py, PyAny>,
    kind: Option<&str>,
    solver: &str,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    Call {
        puzzle,
        kind,
        solver,
        time_limit,
        options,
    }
    .run(Question::Solve, Analysis::Candidates)
}

/// A proposed grid checked against every rule, with `unique` also against other solutions.
#[pyfunction]
#[pyo3(signature = (puzzle, grid, kind=None, unique=false, solver="auto", time_limit=None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn verify<'py>(
    puzzle: &Bound<'py, PyAny>,
    grid: &Bound<'py, PyAny>,
    kind: Option<&str>,
    unique: bool,
    solver: &str,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let question = match unique {
        true => Question::Unique,
        false => Question::Solve,
    };
    let proposal = proposal(grid)?;
    Call {
        puzzle,
        kind,
        solver,
        time_limit,
        options,
    }
    .run(question, Analysis::Verify(proposal))
}

/// For no solution, the clues that conflict; for several, givens that make it unique.
#[pyfunction]
#[pyo3(signature = (puzzle, kind=None, solver="auto", time_limit=None, **options))]
pub fn explain<'py>(
    puzzle: &Bound<'py, PyAny>,
    kind: Option<&str>,
    solver: &str,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    Call {
        puzzle,
        kind,
        solver,
        time_limit,
        options,
    }
    .run(Question::Unique, Analysis::Explain)
}

/// The fewest edits of the givens that leave exactly one solution.
#[pyfunction]
#[pyo3(signature = (puzzle, kind=None, solver="auto", time_limit=None, **options))]
pub fn repair<'py>(
    puzzle: &Bound<'py, PyAny>,
    kind: Option<&str>,
    solver: &str,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mip = options::repair_solver(solver)?;
    Call {
        puzzle,
        kind,
        solver,
        time_limit,
        options,
    }
    .run(Question::Unique, Analysis::Repair(mip))
}

/// The difficulty on Simon Tatham's ladder, and with `steps` every step.
#[pyfunction]
#[pyo3(signature = (puzzle, kind=None, steps=false, solver="auto", time_limit=None, **options))]
pub fn grade<'py>(
    puzzle: &Bound<'py, PyAny>,
    kind: Option<&str>,
    steps: bool,
    solver: &str,
    time_limit: Option<f64>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    Call {
        puzzle,
        kind,
        solver,
        time_limit,
        options,
    }
    .run(Question::Unique, Analysis::Grade { steps })
}

/// The puzzle as an SVG picture, with `solution` (rows of values) drawn in when given.
#[pyfunction]
#[pyo3(signature = (puzzle, solution=None, kind=None, **options))]
pub fn svg(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    solution: Option<Vec<Vec<u32>>>,
    kind: Option<&str>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let kind = options::kind(kind)?;
    let kind_options = options::kind_options(kind, options)?;
    let source = Source::extract(puzzle)?;
    let drawn = detached(py, move |_| {
        let item = source.read()?.one(kind, &kind_options)?;
        let puzzle = item.puzzle?;
        let drawing = (puzzle.drawing())
            .ok_or_else(|| Failure::puzzle(format!("{}: this kind has no picture", item.file)))?;
        let grid = match solution {
            None => None,
            Some(rows) => Some(
                Grid::from_rows(rows)
                    .filter(|g| (g.rows(), g.cols()) == puzzle.shape())
                    .ok_or_else(|| {
                        let (r, c) = puzzle.shape();
                        Failure::puzzle(format!("solution: expected {r} rows of {c} values"))
                    })?,
            ),
        };
        Ok(picture::svg(&drawing, grid.as_ref(), Style::default()))
    })?;
    drawn.map_err(|failure: Failure| failure.raise(py))
}

/// The name messages give a proposed grid handed over as rows or text.
const GRID_NAME: &str = "<grid>";

/// A proposed grid: rows of values, its text, or a file's path.
fn proposal(grid: &Bound<'_, PyAny>) -> PyResult<Proposal> {
    if grid.is_instance_of::<PyList>() {
        let rows: Vec<Vec<i64>> = grid.extract()?;
        let lines: Vec<String> = (rows.iter())
            .map(|row| row.iter().map(i64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        return Ok(Proposal {
            name: GRID_NAME.into(),
            text: lines.join("\n") + "\n",
        });
    }
    let read = Source::extract(grid)?
        .read()
        .map_err(|f| f.raise(grid.py()))?;
    Ok(Proposal {
        name: match read.name == TEXT_NAME {
            true => GRID_NAME.into(),
            false => read.name,
        },
        text: read.text,
    })
}
