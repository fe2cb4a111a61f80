//! What a call is handed: a puzzle's text, or the path of a file, read and parsed as the
//! command line reads a file, its kind detected as `mipsolve solve` detects it.

use std::path::Path;

use mipsolve::error::ParseError;
use mipsolve::puzzle::{self, Kind, Options, Parsed, Puzzle};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::{io_message, Failure};

/// The name records and messages give a puzzle handed over as text.
pub const TEXT_NAME: &str = "<string>";

/// The largest file read, in bytes (the command line's cap for a file read whole).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// Where a puzzle's text comes from: a file, or text handed over.
pub enum Source {
    /// The text itself.
    Text(String),
    /// A file's path.
    File(String),
}

impl Source {
    /// A `str` is the puzzle's text, unless it is one line naming an existing file; an
    /// `os.PathLike` is a file's path.
    pub fn extract(object: &Bound<'_, PyAny>) -> PyResult<Source> {
        if object.is_instance_of::<PyString>() {
            let text: String = object.extract()?;
            let path = !text.contains('\n') && Path::new(&text).is_file();
            return Ok(match path {
                true => Source::File(text),
                false => Source::Text(text),
            });
        }
        match object.hasattr("__fspath__")? {
            true => {
                let path: std::path::PathBuf = object.extract()?;
                Ok(Source::File(path.display().to_string()))
            }
            false => Err(PyTypeError::new_err(format!(
                "expected a puzzle's text (str) or a file's path (os.PathLike), found {}",
                object.get_type().name()?
            ))),
        }
    }

    /// The name records and messages give it.
    pub fn name(&self) -> &str {
        match self {
            Source::Text(_) => TEXT_NAME,
            Source::File(path) => path,
        }
    }

    /// Its text: a file is read whole (up to the cap), as UTF-8, without a byte-order mark.
    pub fn read(self) -> Result<Read, Failure> {
        let path = match self {
            Source::Text(text) => {
                return Ok(Read {
                    name: TEXT_NAME.into(),
                    extension: None,
                    text,
                })
            }
            Source::File(path) => path,
        };
        let unreadable = |e: std::io::Error| Failure::Unreadable {
            kind: e.kind(),
            message: format!("{path}: cannot read: {}", io_message(&e)),
        };
        let size = std::fs::metadata(&path).map_err(unreadable)?.len();
        if size > MAX_FILE_BYTES {
            let mib = MAX_FILE_BYTES >> 20;
            return Err(Failure::puzzle(format!(
                "{path}: file is larger than {mib} MiB"
            )));
        }
        let bytes = std::fs::read(&path).map_err(unreadable)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            Failure::Puzzle {
                message: format!("{path}:{line}: not UTF-8 text"),
                line: Some(line),
                column: None,
            }
        })?;
        let extension = (Path::new(&path).extension()).map(|x| x.to_string_lossy().into_owned());
        // A byte-order mark is invisible in editors: no puzzle should trip over it.
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        };
        Ok(Read {
            name: path,
            extension,
            text,
        })
    }
}

/// An input's text, with the name and extension it was read by.
pub struct Read {
    /// The path as given, or [`TEXT_NAME`].
    pub name: String,
    /// The file's extension, which decides the kind when only one kind reads it.
    pub extension: Option<String>,
    /// The text.
    pub text: String,
}

/// A text's entries with their kinds, or why it does not read (with its kind, when known).
type Parsing = Result<Vec<(&'static Kind, Parsed)>, (Option<&'static Kind>, ParseError)>;

/// Where an entry of a block stands in the whole text.
#[derive(Clone, Copy)]
pub struct Place {
    /// Its index among the text's puzzles.
    pub index: usize,
    /// The text's lines before its block.
    pub lines_before: usize,
    /// Whether the text holds several puzzles.
    pub in_collection: bool,
}

/// One puzzle to answer, or what is wrong with it, and where it is.
pub struct Item {
    /// The path as given, or [`TEXT_NAME`].
    pub file: String,
    /// Its place in its input; `None` for an error about the whole input.
    pub index: Option<usize>,
    /// The 1-based line it starts on.
    pub line: Option<usize>,
    /// Its kind, when known.
    pub kind: Option<&'static Kind>,
    /// The puzzle, or what is wrong with it.
    pub puzzle: Result<Box<dyn Puzzle>, Failure>,
}

impl Read {
    /// Every puzzle of the text, as `kind` (or the kind the text shows), each with its place;
    /// an input that does not read at all is one item holding its error.
    pub fn items(&self, kind: Option<&'static Kind>, options: &Options) -> Vec<Item> {
        match self.parse(kind, options) {
            Ok(parsed) => {
                let in_collection = parsed.len() > 1;
                let item = |(index, (kind, entry))| {
                    let at = Place {
                        index,
                        lines_before: 0,
                        in_collection,
                    };
                    self.item(kind, entry, at)
                };
                parsed.into_iter().enumerate().map(item).collect()
            }
            Err((kind, error)) => {
                vec![self.error(kind, Failure::parse(&self.name, &self.text, &error))]
            }
        }
    }

    /// The item of one entry of a block of the text, at its place in the whole text.
    pub fn item(&self, kind: &'static Kind, entry: Parsed, at: Place) -> Item {
        let index = at.index;
        let puzzle = entry.puzzle.map_err(|e| match e.line {
            // An error without a line, in a collection, is named by its place.
            None if at.in_collection => {
                Failure::parse(&format!("{} [{index}]", self.name), &self.text, &e)
            }
            _ => Failure::parse(&self.name, &self.text, &e.shifted(at.lines_before)),
        });
        // Grids go back to Python as mipsolve's values, from 1.
        let puzzle = puzzle.and_then(|p| match p.first() {
            1 => Ok(p),
            _ => Err(Failure::puzzle(format!(
                "{}: values from 0 (ISS's Shape~9x9~0-8) are not yet returned to Python",
                self.name
            ))),
        });
        Item {
            file: self.name.clone(),
            index: Some(index),
            line: Some(entry.line + at.lines_before),
            kind: Some(kind),
            puzzle,
        }
    }

    /// The item standing for the whole text, which does not read.
    pub fn error(&self, kind: Option<&'static Kind>, failure: Failure) -> Item {
        Item {
            file: self.name.clone(),
            index: None,
            line: None,
            kind,
            puzzle: Err(failure),
        }
    }

    /// The text's one puzzle: a collection is refused (`solve_many` takes it).
    pub fn one(&self, kind: Option<&'static Kind>, options: &Options) -> Result<Item, Failure> {
        let mut items = self.items(kind, options);
        match items.len() {
            1 => Ok(items.remove(0)),
            n => Err(Failure::puzzle(format!(
                "{}: holds {n} puzzles, not one: solve_many answers each puzzle of a collection",
                self.name
            ))),
        }
    }

    /// The text's entries with their kinds: read as `kind`, else as a file of game IDs of
    /// several games, else as the kind its extension or content shows.
    fn parse(&self, kind: Option<&'static Kind>, options: &Options) -> Parsing {
        let text = &self.text;
        let as_kind = |kind: &'static Kind| match puzzle::read(kind, text, options) {
            Ok(parsed) => Ok(parsed.into_iter().map(|e| (kind, e)).collect()),
            Err(e) => Err((Some(kind), e)),
        };
        if let Some(kind) = kind {
            return as_kind(kind);
        }
        if let Some(games) = puzzle::read_each_game(text, options) {
            return games.map_err(|e| (None, e));
        }
        match puzzle::detect(self.extension.as_deref(), text) {
            Ok(kind) => as_kind(kind),
            Err(e) => Err((None, e)),
        }
    }
}
