//! One puzzle to solve (or the input error in its place), as the walk and the streaming
//! reader hand it on, and what both say of the files they read.

use mipsolve::puzzle::{Kind, Puzzle};

use super::failure::Failure;

/// Largest input read whole, in bytes (a collection of one puzzle per line streams instead,
/// with no cap).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// One puzzle to solve, or an input error standing in its place.
pub struct Item {
    /// The path as given (`-` for standard input).
    pub file: String,
    /// Position in the file; `None` when the error concerns the whole file.
    pub index: Option<usize>,
    /// The 1-based line the puzzle starts on.
    pub line: Option<usize>,
    /// Whether the file holds several puzzles.
    pub in_collection: bool,
    /// The puzzle's kind, when it is known.
    pub kind: Option<&'static Kind>,
    /// The puzzle, or what is wrong with its input.
    pub puzzle: Result<Box<dyn Puzzle>, Failure>,
}

/// An I/O error in lower case, without the `(os error N)` suffix.
pub fn io_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text);
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}
