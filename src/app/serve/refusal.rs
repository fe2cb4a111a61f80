//! Why the server answers `invalid`: each reason's message is what the setter reads.

use mipsolve::error::{ParseError, SolveError};

/// What keeps a request from its answer.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The request names a command the protocol does not have.
    #[error("unknown command: {0}")]
    UnknownCommand(serde_json::Error),
    /// The request is not the protocol's JSON.
    #[error("the request does not read: {0}")]
    Unread(serde_json::Error),
    /// The puzzle comes in a form other than f-puzzles'.
    #[error("dataType \"{0}\" is not known: mipsolve reads \"fpuzzles\"")]
    DataType(String),
    /// A puzzle of values written from 0, which f-puzzles' cells cannot show.
    #[error("f-puzzles shows values from 1: mipsolve answers no puzzle of values from 0 here")]
    FromZero,
    /// The f-puzzles data holds no puzzle.
    #[error("no puzzle in the data")]
    NoPuzzle,
    /// The puzzle does not read.
    #[error("{0}")]
    Puzzle(#[from] ParseError),
    /// An engine failed.
    #[error("{0}")]
    Solving(#[from] SolveError),
    /// The puzzle has no solution.
    #[error("No solutions found.")]
    NoSolution,
    /// The job's deadline passed.
    #[error("canceled")]
    Canceled,
    /// A count reached the most it keeps.
    #[error("at least {count} solutions: mipsolve counts up to {most} on this grid")]
    TooMany { count: usize, most: usize },
    /// A candidate could not be placed as a given.
    #[error("the puzzle cannot be fixed")]
    Unfixable,
    /// The logical steps do not reach the solution.
    #[error("mipsolve's steps do not follow this puzzle")]
    NoSteps,
}
