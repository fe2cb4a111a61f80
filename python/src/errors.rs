//! What stops a call, kept as plain data until it is raised: bad input (`PuzzleError`, with
//! the line and column where known), a file that cannot be read (`OSError`), a solve that
//! failed (`SolveError`). The messages are the command line's.

use std::io;

use mipsolve::error::{ParseError, Problem};
use pyo3::create_exception;
use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError, PyRuntimeError,
    PyValueError,
};
use pyo3::prelude::*;

create_exception!(
    mipsolve,
    PuzzleError,
    PyValueError,
    "The input is no puzzle, or a malformed one: the message is the command line's, with \
     `line` and `column` (1-based) where known, else None."
);
create_exception!(
    mipsolve,
    SolveError,
    PyRuntimeError,
    "Solving failed: a solver's error, a solver this build has not (CBC), or no puzzle the \
     generator could make."
);

/// Why a call (or one puzzle of a batch) has no answer.
#[derive(Debug, Clone)]
pub enum Failure {
    /// The input is malformed: the command line's message, and where.
    Puzzle {
        message: String,
        line: Option<usize>,
        column: Option<usize>,
    },
    /// A file could not be read: the system's reason, as the command line words it.
    Unreadable {
        kind: io::ErrorKind,
        message: String,
    },
    /// The solve (or an analysis after it) failed.
    Solve(String),
}

impl Failure {
    /// `error` of the input named `name` (`text` is that input, for the column).
    pub fn parse(name: &str, text: &str, error: &ParseError) -> Failure {
        let several = matches!(error.problem, Problem::Many(_));
        let line = error.line.filter(|_| !several);
        Failure::Puzzle {
            message: error.in_file(name),
            line,
            column: line.and_then(|line| column(text, line, &error.problem)),
        }
    }

    /// A malformed input whose message names no line.
    pub fn puzzle(message: String) -> Failure {
        Failure::Puzzle {
            message,
            line: None,
            column: None,
        }
    }

    /// The message, as a batch's error record holds it.
    pub fn message(&self) -> &str {
        match self {
            Failure::Puzzle { message, .. }
            | Failure::Unreadable { message, .. }
            | Failure::Solve(message) => message,
        }
    }

    /// The Python exception.
    pub fn raise(self, py: Python<'_>) -> PyErr {
        match self {
            Failure::Puzzle {
                message,
                line,
                column,
            } => {
                let error = PuzzleError::new_err(message);
                let value = error.value(py);
                // An exception instance takes attributes; setting them cannot fail.
                let _ = value.setattr("line", line);
                let _ = value.setattr("column", column);
                error
            }
            Failure::Unreadable { kind, message } => match kind {
                io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
                io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
                io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(message),
                _ => PyOSError::new_err(message),
            },
            Failure::Solve(message) => SolveError::new_err(message),
        }
    }
}

impl From<mipsolve::error::SolveError> for Failure {
    fn from(error: mipsolve::error::SolveError) -> Self {
        Failure::Solve(error.to_string())
    }
}

/// The 1-based column of an unexpected character: its first place on its line (the readers
/// stop at the first character they cannot read); `None` for other problems.
fn column(text: &str, line: usize, problem: &Problem) -> Option<usize> {
    let Problem::Symbol { ch, .. } = problem else {
        return None;
    };
    let row = text.lines().nth(line.checked_sub(1)?)?;
    row.chars().position(|c| c == *ch).map(|at| at + 1)
}

/// An I/O error in lower case without the `(os error N)` suffix, as the command line words it.
pub fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text);
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}
