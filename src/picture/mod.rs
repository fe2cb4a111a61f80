//! Pictures of puzzles and solutions as newspapers print them: thin cell lines, thick box,
//! region and KenKen cage borders, sum cages as dashed outlines with their sums, the rules'
//! marks, givens in bold and solved values in a second colour. A kind describes what to
//! draw ([`Drawing`]); [`svg`] writes it, [`raster`] turns it into PNG or PDF pages.

pub mod raster;
mod svg;

pub use svg::{page, svg};

/// What a picture of a puzzle shows, in grid terms.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The block of each cell (box, region, or KenKen cage), row by row: thick lines part
    /// blocks. `None`: only the outer border is thick.
    pub blocks: Option<Vec<usize>>,
    /// Sum cages: dashed outlines with their sums.
    pub dashed: Vec<Label>,
    /// KenKen clues, each written in its cage's top-left cell (the cage borders are blocks).
    pub clues: Vec<Label>,
    /// The rules' marks drawn under the grid lines (lines, bulbs).
    pub under: Vec<Mark>,
    /// The rules' marks drawn over the grid lines (dots, bars, circles, clues).
    pub over: Vec<Mark>,
    /// Each cell's given as it is written, row by row.
    pub givens: Vec<Option<String>>,
    /// How a value is written (index: the value).
    pub symbols: Vec<String>,
    /// Values are 0 and 1 (Takuzu): drawn as digits, or as circles by option.
    pub binary: bool,
}

/// A rule's mark in cell units: `(row, column)` from the grid's top-left corner, so that the
/// centre of cell (r, c) is `(r + 0.5, c + 0.5)` and a clue outside the grid has a row or
/// column below 0 or past the side.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A line through points, with round ends; `width` in cells.
    Line {
        /// Its points.
        points: Vec<(f64, f64)>,
        /// Its width.
        width: f64,
        /// Its colour.
        colour: &'static str,
    },
    /// A circle; `radius` in cells; `stroke` draws its outline.
    Circle {
        /// Its centre.
        centre: (f64, f64),
        /// Its radius.
        radius: f64,
        /// Its fill.
        fill: &'static str,
        /// Its outline's colour, if any.
        stroke: Option<&'static str>,
    },
    /// A filled rectangle centred on a point; sides in cells.
    Rect {
        /// Its centre.
        centre: (f64, f64),
        /// Its height and width.
        size: (f64, f64),
        /// Its fill.
        fill: &'static str,
    },
    /// A text centred on a point; `size` in cells.
    Text {
        /// Where.
        at: (f64, f64),
        /// What.
        text: String,
        /// How big.
        size: f64,
    },
}

/// The centre of a cell, in cell units.
pub fn centre((r, c): (usize, usize)) -> (f64, f64) {
    (r as f64 + 0.5, c as f64 + 0.5)
}

/// A text placed at the top-left cell of a group of cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The cells, 0-based.
    pub cells: Vec<(usize, usize)>,
    /// The text, e.g. `12+`, `3÷`, `?` or a cage's sum.
    pub text: String,
}

/// How a picture is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Style {
    /// The puzzle alone, without the solution's values.
    pub blank: bool,
    /// Takuzu values as black (1) and white (0) circles instead of digits.
    pub circles: bool,
}
