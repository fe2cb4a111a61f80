//! Why a record has no outcome, kept typed from where it happens to the output layer, which
//! prints it as one line naming the file: `FILE:LINE: what is wrong`.

use std::fmt;

use mipsolve::error::{ParseError, SolveError};
use mipsolve::picture::raster::RasterError;

/// What stopped one puzzle (or one file).
#[derive(Debug, Clone)]
pub enum Failure {
    /// The input could not be read as text.
    Input {
        /// The path as given (`-` for standard input).
        file: String,
        /// The 1-based line at fault, when one is.
        line: Option<usize>,
        /// What is wrong.
        problem: InputProblem,
    },
    /// The text is no puzzle, or a malformed one.
    Parse {
        /// What names the puzzle for an error without a line: `FILE`, or `FILE [INDEX]` in a
        /// collection.
        place: String,
        /// The error, its lines those of the whole file.
        error: Box<ParseError>,
    },
    /// `--verify`'s proposed grid does not read as one.
    Proposal {
        /// The puzzle's file.
        file: String,
        /// The proposal's file.
        proposal: String,
        /// What is wrong with it.
        error: Box<ParseError>,
    },
    /// Solving the puzzle, or a question asked after it, failed.
    Solve {
        /// The puzzle's file.
        file: String,
        /// What failed.
        error: Box<SolveError>,
    },
    /// A file of the puzzle's own (its model, its picture) could not be made.
    Write {
        /// The puzzle's file.
        file: String,
        /// What went wrong, naming the file written.
        error: Unwritten,
    },
}

/// Why a file of the puzzle's own was not written.
#[derive(Debug, Clone, thiserror::Error)]
pub enum Unwritten {
    /// The file system refused the picture: its path and the system's reason.
    #[error("cannot write {path}: {reason}")]
    Picture { path: String, reason: String },
    /// The file system refused the model: its path and the system's reason.
    #[error("cannot write the model to {path}: {reason}")]
    Model { path: String, reason: String },
    /// The picture could not be made as PNG or PDF.
    #[error("{0}")]
    Raster(#[from] RasterError),
    /// The time limit passed before the model was made.
    #[error("time limit reached before the model was written")]
    TimeLimit,
    /// A rule the Interactive Sudoku Solver's strings cannot say.
    #[error("{0}")]
    Iss(#[from] mipsolve::puzzle::sudoku::iss::Unwritable),
    /// What mipsolve shows only of values from 1, asked of a puzzle written from 0.
    #[error("{0} is not yet shown for values written from 0 (ISS's Shape~9x9~0-8)")]
    FromZero(&'static str),
    /// A kind the Interactive Sudoku Solver does not have.
    #[error("only a Sudoku has an ISS string")]
    NoIss,
}

/// Why an input is not text mipsolve can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputProblem {
    /// Reading failed: the system's message (lower case).
    Unreadable {
        /// Whether the input is standard input.
        stdin: bool,
        /// The reason.
        reason: String,
    },
    /// Bytes that are not UTF-8.
    NotUtf8,
    /// Larger than the cap for a file read whole, in MiB (a collection of one puzzle per
    /// line streams instead).
    TooLarge(u64),
    /// A folder without files of these extensions.
    NoPuzzleFiles(Vec<&'static str>),
    /// A path whose files were all skipped: the kind's title and what was skipped.
    NoPuzzlesFound {
        /// The kind asked for, e.g. `Sudoku`.
        title: &'static str,
        /// What the walk skipped, e.g. `1 file of another kind skipped`.
        skipped: String,
    },
}

impl Failure {
    /// A parse error of the puzzle that `place` names.
    pub fn parse(place: String, error: ParseError) -> Failure {
        Failure::Parse {
            place,
            error: Box::new(error),
        }
    }

    /// A read error of `file`, `stdin` when it is standard input.
    pub fn unreadable(file: &str, reason: String) -> Failure {
        let stdin = file == "-";
        Failure::input(file, InputProblem::Unreadable { stdin, reason })
    }

    /// `problem` with the whole of `file`.
    pub fn input(file: &str, problem: InputProblem) -> Failure {
        Failure::Input {
            file: file.to_string(),
            line: None,
            problem,
        }
    }

    /// The same failure of an input named `name` instead (standard input read as a shard of
    /// that file).
    pub fn renamed(self, name: &str) -> Failure {
        match self {
            Failure::Input { line, problem, .. } => Failure::Input {
                file: name.to_string(),
                line,
                problem,
            },
            other => other,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input {
                file,
                line,
                problem,
            } => match line {
                Some(line) => write!(f, "{file}:{line}: {problem}"),
                None => write!(f, "{file}: {problem}"),
            },
            Failure::Parse { place, error } => f.write_str(&error.in_file(place)),
            Failure::Proposal {
                file,
                proposal,
                error,
            } => write!(f, "{file}: {}", error.in_file(proposal)),
            Failure::Solve { file, error } => write!(f, "{file}: {error}"),
            Failure::Write { file, error } => write!(f, "{file}: {error}"),
        }
    }
}

impl fmt::Display for InputProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputProblem::Unreadable {
                stdin: true,
                reason,
            } => {
                write!(f, "cannot read standard input: {reason}")
            }
            InputProblem::Unreadable { reason, .. } => write!(f, "cannot read: {reason}"),
            InputProblem::NotUtf8 => f.write_str("not UTF-8 text"),
            InputProblem::TooLarge(mib) => write!(f, "file is larger than {mib} MiB"),
            InputProblem::NoPuzzleFiles(extensions) => {
                let wanted: Vec<String> = extensions.iter().map(|x| format!(".{x}")).collect();
                write!(f, "no puzzle files ({}) found", wanted.join(", "))
            }
            InputProblem::NoPuzzlesFound { title, skipped } => {
                write!(f, "no {title} puzzles found; {skipped}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_failures_read_as_one_line_naming_the_file() {
        let folder = Failure::input("dir", InputProblem::NoPuzzleFiles(vec!["txt", "json"]));
        assert_eq!(
            folder.to_string(),
            "dir: no puzzle files (.txt, .json) found"
        );
        let stdin = Failure::unreadable("-", "is a directory".into()).renamed("big.txt");
        assert_eq!(
            stdin.to_string(),
            "big.txt: cannot read standard input: is a directory"
        );
        let bytes = Failure::Input {
            file: "a.txt".into(),
            line: Some(3),
            problem: InputProblem::NotUtf8,
        };
        assert_eq!(bytes.to_string(), "a.txt:3: not UTF-8 text");
    }
}
