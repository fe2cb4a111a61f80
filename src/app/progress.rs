//! The progress bar on a terminal's standard error.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar for `len` puzzles; hidden when quiet, for a single puzzle, or off a terminal.
pub fn bar(quiet: bool, len: usize) -> ProgressBar {
    if quiet || len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles  {per_sec}  ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(len as u64).with_style(style)
}
