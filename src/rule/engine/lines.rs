//! Kinds drawn as lines (`[{"lines": [[cells]]}, ...]`): each item is read, named and its
//! errors placed here once; the kind's own [`Lines::lower`] turns each line into its engine
//! part's pairs or sums and draws it.

use serde_json::{Map, Value};

use super::keyed::{Keyed, Part};
use super::marks;
use super::reading::{at, items, lines, paths, Board, Found};
use crate::error::Problem;
use crate::grid::Cell;

/// One line of an item, as a kind lowers it.
pub struct Line<'a> {
    /// The item, for its other keys (a whisper's difference).
    pub item: &'a Map<String, Value>,
    /// The board.
    pub board: &'a Board<'a>,
    /// The line's cells, in order.
    pub cells: &'a [Cell],
    /// The clue's name, e.g. `whispers 2`.
    pub clue: &'a str,
}

/// What a line kind adds to its rule for one line.
pub type Lower<P> = fn(&Line, &mut Keyed<P>) -> Result<(), Problem>;

/// A kind of lines: its rule's name and key, the name of an item in messages, the fewest
/// cells a line has, whether a line may pass a cell again, how it is drawn and its lowering.
pub struct Lines<P: 'static> {
    name: &'static str,
    key: &'static str,
    label: &'static str,
    min: usize,
    loops: bool,
    look: Option<(f64, &'static str)>,
    check: Option<Check>,
    lower: Lower<P>,
}

/// What a kind checks of an item's own keys before its lines are read.
pub type Check = fn(&Map<String, Value>, &Board) -> Result<(), Problem>;

impl<P: Part> Lines<P> {
    /// Lines under `key` (also the rule's name), each item named `label` in messages, of 2
    /// cells or more, each cell once, drawn by `lower`.
    pub const fn new(key: &'static str, label: &'static str, lower: Lower<P>) -> Self {
        Lines {
            name: key,
            key,
            label,
            min: 2,
            loops: false,
            look: None,
            check: None,
            lower,
        }
    }

    /// The rule named `name` (not its key).
    pub const fn named(self, name: &'static str) -> Self {
        Lines { name, ..self }
    }

    /// Lines of at least `min` cells.
    pub const fn min(self, min: usize) -> Self {
        Lines { min, ..self }
    }

    /// Lines that may pass a cell again (a loop).
    pub const fn looping(self) -> Self {
        Lines {
            loops: true,
            ..self
        }
    }

    /// Each line drawn under the grid, `width` wide in `colour`.
    pub const fn drawn(self, width: f64, colour: &'static str) -> Self {
        Lines {
            look: Some((width, colour)),
            ..self
        }
    }

    /// Each item's own keys checked by `check` first (a whisper's difference), so a bad one
    /// is named even on an item with no lines.
    pub const fn checked(self, check: Check) -> Self {
        Lines {
            check: Some(check),
            ..self
        }
    }

    /// Reads a list of line items onto the board.
    pub fn read(&self, value: &Value, board: &Board) -> Result<Found, Problem> {
        let mut rule = Keyed::<P>::new(self.name, self.key, value);
        for (i, item) in items(value)?.into_iter().enumerate() {
            let clue = format!("{} {}", self.label, i + 1);
            if let Some(check) = self.check {
                check(item, board).map_err(|p| at(clue.clone(), p))?;
            }
            let found = match self.loops {
                true => paths(item, board.n, self.min),
                false => lines(item, board.n, self.min),
            };
            for cells in found.map_err(|p| at(clue.clone(), p))? {
                let line = Line {
                    item,
                    board,
                    cells: &cells,
                    clue: &clue,
                };
                if let Some((width, colour)) = self.look {
                    rule.under.push(marks::line(&cells, width, colour));
                }
                (self.lower)(&line, &mut rule).map_err(|p| at(clue.clone(), p))?;
            }
        }
        Ok(Found::rule(rule))
    }
}
