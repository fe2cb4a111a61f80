//! The clues of a puzzle, as the explanations and the kinds name them: shared vocabulary
//! below both the puzzles and the pipeline.

use crate::cage::Op;
use crate::grid::Cell;

/// One clue of a puzzle: a given, a cage, or an item of a variant rule.
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
    /// A variant rule's clue as the input keyed it: one item of a list (a sandwich sum, a
    /// thermometer), or a rule that is on (`antiknight`).
    Rule {
        /// The key, e.g. `sandwichsum`.
        key: String,
        /// The item's place in the key's list, 0-based; `None` for a rule that is on.
        index: Option<usize>,
        /// The item's number (`"value"`), when it has one: what a repair may change.
        value: Option<i64>,
        /// Where it is, as the input writes it (its clue cell, or its first cell).
        at: Option<String>,
    },
}

impl Clue {
    /// A variant rule's clue as a person reads it: `sandwichsum 3 at R0C4 (12)`,
    /// `thermometer 2 at R1C1`, `antiknight`; `None` for another clue.
    pub fn rule_text(&self) -> Option<String> {
        let Clue::Rule {
            key,
            index,
            value,
            at,
        } = self
        else {
            return None;
        };
        let mut text = key.clone();
        if let Some(i) = index {
            text += &format!(" {}", i + 1);
        }
        if let Some(at) = at {
            text += &format!(" at {at}");
        }
        if let Some(v) = value {
            text += &format!(" ({v})");
        }
        Some(text)
    }
}
