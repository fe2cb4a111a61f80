//! Pictures of puzzles and solutions as newspapers print them: thin cell lines, thick box,
//! region and KenKen cage borders, Killer cages as dashed outlines with their sums, X's
//! diagonals, givens in bold and solved values in a second colour. A kind describes what to
//! draw ([`Drawing`]); [`svg`] writes it, [`raster`] turns it into PNG or PDF pages.

pub mod raster;
mod svg;

pub use svg::{page, svg};

/// What a picture of a puzzle shows, in grid terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawing {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The block of each cell (box, region, or KenKen cage), row by row: thick lines part
    /// blocks. `None`: only the outer border is thick.
    pub blocks: Option<Vec<usize>>,
    /// Killer cages: dashed outlines with their sums.
    pub dashed: Vec<Label>,
    /// KenKen clues, each written in its cage's top-left cell (the cage borders are blocks).
    pub clues: Vec<Label>,
    /// Both main diagonals are marked (X).
    pub diagonals: bool,
    /// Consecutive marks: a bar across the side two cells share.
    pub bars: Vec<((usize, usize), (usize, usize))>,
    /// Thermometers, each from its bulb.
    pub thermometers: Vec<Vec<(usize, usize)>>,
    /// Each cell's given as it is written, row by row.
    pub givens: Vec<Option<String>>,
    /// How a value is written (index: the value).
    pub symbols: Vec<String>,
    /// Values are 0 and 1 (Takuzu): drawn as digits, or as circles by option.
    pub binary: bool,
}

/// A text placed at the top-left cell of a group of cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The cells, 0-based.
    pub cells: Vec<(usize, usize)>,
    /// The text, e.g. `12+`, `3÷`, `?` or a Killer sum.
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
