//! The puzzle interface, the registry of kinds, and the solve pipeline written once for all.

pub mod kenken;
pub mod sudoku;
pub mod takuzu;

use std::fmt;

use crate::grid::Grid;
use crate::model::{Domains, Model};

/// One puzzle instance: how to reduce, model, check and print it.
pub trait Puzzle: Send + Sync {
    /// Rows and columns of the grid.
    fn shape(&self) -> (usize, usize);
    /// Candidate values per cell after exact reductions (givens, forced values);
    /// `None` when the reductions alone prove that there is no solution.
    fn domains(&self) -> Option<Domains>;
    /// Adds the puzzle's constraints on the shared cell model.
    fn constrain(&self, model: &mut Model);
    /// Checks a grid against every rule in exact integer arithmetic, independently of the model.
    fn verify(&self, grid: &Grid) -> Result<(), String>;
    /// The grid as text, in the input's style, one row per line.
    fn render(&self, grid: &Grid) -> String;
}

/// The puzzle kinds the tool knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Sudoku,
    Kenken,
    Takuzu,
}

impl Kind {
    /// The name used on the command line and in JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sudoku => "sudoku",
            Kind::Kenken => "kenken",
            Kind::Takuzu => "takuzu",
        }
    }

    /// The file extension searched for when a directory is given.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Sudoku | Kind::Takuzu => "txt",
            Kind::Kenken => "json",
        }
    }
}

/// Per-kind settings from the command line.
#[derive(Debug, Clone, PartialEq)]
pub enum Settings {
    /// Sudoku: an explicit box shape (rows x columns), if given.
    Sudoku { box_shape: Option<(usize, usize)> },
    /// KenKen: how cages become linear constraints.
    Kenken { formulation: kenken::Formulation },
    /// Takuzu: whether equal rows or columns are allowed.
    Takuzu { allow_duplicate_lines: bool },
}

impl Settings {
    /// The kind these settings belong to.
    pub fn kind(&self) -> Kind {
        match self {
            Settings::Sudoku { .. } => Kind::Sudoku,
            Settings::Kenken { .. } => Kind::Kenken,
            Settings::Takuzu { .. } => Kind::Takuzu,
        }
    }
}

/// An input error, with the 1-based line it was found on when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: Option<usize>,
    pub message: String,
}

impl ParseError {
    /// An error at a 1-based line.
    pub fn at(line: usize, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            message: message.into(),
        }
    }

    /// An error about the whole input.
    pub fn whole(message: impl Into<String>) -> Self {
        ParseError {
            line: None,
            message: message.into(),
        }
    }
}

impl ParseError {
    /// The one-line message `FILE:LINE: what is wrong` (or `FILE: ...` without a line).
    pub fn in_file(&self, file: &str) -> String {
        match self.line {
            Some(line) => format!("{file}:{line}: {}", self.message),
            None => format!("{file}: {}", self.message),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError {
                line: Some(line),
                message,
            } => write!(f, "{line}: {message}"),
            ParseError {
                line: None,
                message,
            } => f.write_str(message),
        }
    }
}

/// A parsed puzzle, or the error that stopped it; a file yields one per puzzle it holds.
pub type Parsed = Result<Box<dyn Puzzle>, ParseError>;

/// Parses a whole file of the kind given by `settings`.
pub fn parse(settings: &Settings, text: &str) -> Result<Vec<Parsed>, ParseError> {
    match settings {
        Settings::Sudoku { box_shape } => sudoku::parse(text, *box_shape),
        Settings::Kenken { formulation } => kenken::parse(text, *formulation),
        Settings::Takuzu {
            allow_duplicate_lines,
        } => takuzu::parse(text, *allow_duplicate_lines),
    }
}
