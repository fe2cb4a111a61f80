//! The clues of a puzzle, as the explanations and the kinds name them: shared vocabulary
//! below both the puzzles and the pipeline.

use crate::cage::Op;
use crate::grid::Cell;

/// One clue of a puzzle: a given or a cage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clue {
    /// A cell given in the input.
    Given {
        /// The cell, 0-based.
        cell: Cell,
        /// Its value.
        value: u32,
    },
    /// A cage of the input.
    Cage {
        /// Its position in the input, 0-based.
        index: usize,
        /// Its op (`Op::Any`: hidden, `?`).
        op: Op,
        /// Its target.
        target: u64,
        /// Its cells, 0-based, to name it by.
        cells: Vec<Cell>,
    },
}
