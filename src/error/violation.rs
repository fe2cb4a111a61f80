//! Which rule a complete grid (or the givens) breaks, with the cells that show it.

use thiserror::Error;

use crate::geometry::AreaName;
use crate::grid::{cell_list, cell_name, Cell};

/// A rule a grid (or the givens) breaks, with the cells that show it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid has the wrong shape.
    #[error("the grid is not {rows}x{cols}")]
    Shape {
        /// Rows expected.
        rows: usize,
        /// Columns expected.
        cols: usize,
    },
    /// A cell holds a value outside the puzzle's range.
    #[error("{} holds {value}, not a value {min}..{max}", cell_name(*.cell))]
    OutOfRange {
        /// The cell.
        cell: Cell,
        /// Its value.
        value: u32,
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
    },
    /// A cell does not keep its given.
    #[error("{} holds {value}, not its given {given}", cell_name(*.cell))]
    Given {
        /// The cell.
        cell: Cell,
        /// Its value.
        value: u32,
        /// The given.
        given: u32,
    },
    /// A value twice in an all-different area.
    #[error("{area} has {value} twice: {}, {}", cell_name(*.first), cell_name(*.second))]
    Repeated {
        /// The area.
        area: AreaName,
        /// The value.
        value: u32,
        /// Where it is first.
        first: Cell,
        /// Where it is again.
        second: Cell,
    },
    /// A cage whose values do not meet its op and target.
    #[error("cage {} (op \"{op}\", target {target}) is not met by {values:?}", .cage + 1)]
    Cage {
        /// The cage, 0-based.
        cage: usize,
        /// The op's symbol.
        op: &'static str,
        /// The target.
        target: u64,
        /// The cage's values, in its cell order.
        values: Vec<u32>,
    },
    /// A line with more than half of one digit (Takuzu balance).
    #[error("{line} has {count} {}, more than half of {len}", if *.digit == 1 { "ones" } else { "zeros" })]
    Balance {
        /// The line.
        line: AreaName,
        /// The digit.
        digit: u8,
        /// How many the line has.
        count: usize,
        /// The line's length.
        len: usize,
    },
    /// Three equal digits in a row (Takuzu).
    #[error("{line} has three {digit}s in a row: {}", cell_list(.cells))]
    ThreeInARow {
        /// The line.
        line: AreaName,
        /// The digit.
        digit: u8,
        /// The three cells.
        cells: [Cell; 3],
    },
    /// Two equal complete lines (Takuzu distinct lines).
    #[error("{} are equal", equal_pair(.first, .second))]
    EqualLines {
        /// The first line.
        first: AreaName,
        /// The line equal to it.
        second: AreaName,
    },
    /// A variant rule's clue that the grid does not keep, e.g. `arrow 2`.
    #[error("{clue} {how}: {}", cell_values(.cells, .values))]
    Broken {
        /// The clue, e.g. `arrow 2` or `white dot r1c1-r1c2`.
        clue: String,
        /// What is wrong with it, e.g. `is broken` or `does not rise`.
        how: &'static str,
        /// The cells it looks at.
        cells: Vec<Cell>,
        /// Their values.
        values: Vec<u32>,
    },
}

impl Violation {
    /// The same, its values told as a puzzle whose values are written from `first` writes
    /// them (mipsolve's value 1 is `first`).
    pub fn written_from(mut self, first: u32) -> Violation {
        let written = |v: &mut u32| *v = (*v + first).saturating_sub(1);
        match &mut self {
            Violation::OutOfRange {
                value, min, max, ..
            } => [value, min, max].into_iter().for_each(written),
            Violation::Given { value, given, .. } => [value, given].into_iter().for_each(written),
            Violation::Repeated { value, .. } => written(value),
            Violation::Cage { values, .. } | Violation::Broken { values, .. } => {
                values.iter_mut().for_each(written)
            }
            _ => {}
        }
        self
    }
}

/// `r1c1=3, r1c2=5`.
fn cell_values(cells: &[Cell], values: &[u32]) -> String {
    let pairs = cells.iter().zip(values);
    let named: Vec<String> = pairs
        .map(|(&c, v)| format!("{}={v}", cell_name(c)))
        .collect();
    named.join(", ")
}

/// `rows 1 and 3` or `columns 2 and 5`.
fn equal_pair(first: &AreaName, second: &AreaName) -> String {
    match (first, second) {
        (AreaName::Row(a), AreaName::Row(b)) => format!("rows {} and {}", a + 1, b + 1),
        (AreaName::Column(a), AreaName::Column(b)) => format!("columns {} and {}", a + 1, b + 1),
        _ => format!("{first} and {second}"),
    }
}
