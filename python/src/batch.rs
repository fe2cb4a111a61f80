//! `solve_many`: the puzzles of any iterable answered on a pool of threads, their records
//! handed back in input order as each one's turn comes, as the command line's batches run.
//! The calling thread reads and parses the inputs (a long collection a block at a time) while
//! fewer than a window of puzzles are under way, so an iterable of any length runs in bounded
//! memory; it waits for records with the interpreter free, and Ctrl-C (or dropping the
//! iterator) cancels the puzzles under way.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;

use mipsolve::pipeline::{Question, SolveOptions};
use mipsolve::puzzle::{Kind, Options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyString, PyTuple};
use pythonize::pythonize;

use crate::answer::{Analysis, Ask};
use crate::blocks::Blocks;
use crate::detached::Cancel;
use crate::input::{Item, Source};
use crate::options;
use crate::pool::Pool;
use crate::record::Line;

/// Puzzles under way (queued, answering, or done and waiting for their turn) per thread.
const WINDOW_PER_JOB: usize = 1024;

/// Every puzzle of `puzzles` (an iterable of texts and paths, or one of them), answered on
/// `jobs` threads.
#[pyfunction]
#[pyo3(signature = (puzzles, kind=None, unique=false, solver="auto", time_limit=None, jobs=None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many(
    puzzles: &Bound<'_, PyAny>,
    kind: Option<&str>,
    unique: bool,
    solver: &str,
    time_limit: Option<f64>,
    jobs: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<SolveMany> {
    let py = puzzles.py();
    let kind = options::kind(kind)?;
    let kind_options = options::kind_options(kind, options)?;
    let ask = Ask {
        solve: SolveOptions {
            question: match unique {
                true => Question::Unique,
                false => Question::Solve,
            },
            engine: options::engine(solver)?,
            ..SolveOptions::default()
        },
        limit: options::time_limit(time_limit)?,
        analysis: Analysis::None,
    };
    let jobs = match jobs {
        Some(0) => return Err(PyValueError::new_err("jobs: expected 1 or more")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // One text or path alone is one input, not an iterable of characters.
    let one = puzzles.is_instance_of::<PyString>() || puzzles.hasattr("__fspath__")?;
    let inputs = match one {
        true => PyTuple::new(py, [puzzles])?.into_any().try_iter()?,
        false => puzzles.try_iter()?,
    };
    let cancel = Cancel::own();
    Ok(SolveMany {
        batch: Mutex::new(Some(Batch {
            inputs: inputs.unbind(),
            kind,
            options: kind_options,
            ready: VecDeque::new(),
            reading: None,
            drained: false,
            pool: Pool::start(jobs, ask, cancel)?,
            pending: BTreeMap::new(),
            queued: 0,
            next: 0,
            window: jobs * WINDOW_PER_JOB,
            cancel,
        })),
    })
}

/// The iterator `solve_many` returns: one record per puzzle, in input order.
#[pyclass(module = "mipsolve._mipsolve")]
pub struct SolveMany {
    /// The batch, until it ends; held while a record is awaited.
    batch: Mutex<Option<Batch>>,
}

/// A batch under way.
struct Batch {
    /// The iterable's iterator.
    inputs: Py<PyIterator>,
    /// How each input is read.
    kind: Option<&'static Kind>,
    options: Options,
    /// Puzzles of inputs read, not yet queued.
    ready: VecDeque<Item>,
    /// The blocks of a long collection not yet parsed.
    reading: Option<Blocks>,
    /// Whether the iterable is exhausted.
    drained: bool,
    /// The threads answering the puzzles.
    pool: Pool,
    /// Records that came before their turn.
    pending: BTreeMap<usize, Line>,
    /// Puzzles queued so far, and the place of the next record to hand back.
    queued: usize,
    next: usize,
    /// The most puzzles under way.
    window: usize,
    /// Ends the puzzles under way.
    cancel: Cancel,
}

#[pymethods]
impl SolveMany {
    fn __iter__(this: PyRef<'_, Self>) -> PyRef<'_, Self> {
        this
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Ok(mut held) = self.batch.try_lock() else {
            return Err(PyValueError::new_err(
                "solve_many's iterator is already being advanced in another thread",
            ));
        };
        let Some(batch) = held.as_mut() else {
            return Ok(None);
        };
        match batch.next_line(py) {
            Ok(Some(line)) => Ok(Some(pythonize(py, &line)?)),
            // The end, Ctrl-C, or an error raised by the iterable: the batch ends with it.
            ended => {
                *held = None;
                ended.map(|_| None)
            }
        }
    }
}

impl Batch {
    /// The next record in input order; `None` once every input is answered.
    fn next_line(&mut self, py: Python<'_>) -> PyResult<Option<Line>> {
        self.fill(py)?;
        loop {
            if let Some(line) = self.pending.remove(&self.next) {
                self.next += 1;
                return Ok(Some(line));
            }
            if self.next == self.queued {
                return Ok(None);
            }
            match self.pool.receive(py)? {
                Some((first, lines)) => self.pending.extend((first..).zip(lines)),
                None => py.check_signals()?,
            }
        }
    }

    /// Queues chunks of puzzles, reading inputs as needed, until the window is full or the
    /// iterable is exhausted.
    fn fill(&mut self, py: Python<'_>) -> PyResult<()> {
        loop {
            let room = self.window - (self.queued - self.next);
            let size = self.pool.chunk_size().min(room);
            while self.ready.len() < size {
                if let Some(blocks) = self.reading.as_mut() {
                    match py.detach(|| blocks.next_block()) {
                        Some(items) => self.ready.extend(items),
                        None => self.reading = None,
                    }
                    continue;
                }
                if self.drained {
                    break;
                }
                match self.inputs.bind(py).clone().next() {
                    Some(input) => self.read(py, &input?)?,
                    None => self.drained = true,
                }
            }
            let chunk: Vec<Item> = self.ready.drain(..size.min(self.ready.len())).collect();
            if chunk.is_empty() {
                return Ok(());
            }
            let first = self.queued;
            self.queued += chunk.len();
            self.pool.send(first, chunk);
        }
    }

    /// Reads one input: its puzzles (one, a collection's first block, or the error standing
    /// for them), with the interpreter free.
    fn read(&mut self, py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<()> {
        let source = Source::extract(input)?;
        let file = source.name().to_string();
        let (kind, options) = (self.kind, &self.options);
        let (items, rest) = py.detach(|| match source.read() {
            Ok(read) => Blocks::start(read, kind, options),
            Err(failure) => {
                let item = Item {
                    file,
                    index: None,
                    line: None,
                    kind,
                    puzzle: Err(failure),
                };
                (vec![item], None)
            }
        });
        self.ready.extend(items);
        self.reading = rest;
        Ok(())
    }
}

impl Drop for Batch {
    /// The puzzles under way stop; the workers end once the queue closes with the pool.
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}
