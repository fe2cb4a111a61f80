//! Grids of cell values and the names of cells, shared by every puzzle kind.

/// A cell as (row, column), 0-based; `r3c7` (1-based) in messages.
pub type Cell = (usize, usize);

/// A rectangular grid of cell values, row by row; 0-based coordinates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u32>,
}

impl Grid {
    /// A grid filled with `value`.
    pub fn filled(rows: usize, cols: usize, value: u32) -> Self {
        Grid {
            rows,
            cols,
            cells: vec![value; rows * cols],
        }
    }

    /// Builds a grid from rows; `None` when the rows are ragged or empty.
    pub fn from_rows(rows: Vec<Vec<u32>>) -> Option<Self> {
        let cols = rows.first()?.len();
        if cols == 0 || rows.iter().any(|r| r.len() != cols) {
            return None;
        }
        Some(Grid {
            rows: rows.len(),
            cols,
            cells: rows.into_iter().flatten().collect(),
        })
    }

    /// The grid of `cells` in row-major order, `cols` to a row; `None` when they do not
    /// fill whole rows or there are none.
    pub fn from_cells(cols: usize, cells: Vec<u32>) -> Option<Self> {
        if cols == 0 || cells.is_empty() || !cells.len().is_multiple_of(cols) {
            return None;
        }
        let rows = cells.len() / cols;
        Some(Grid { rows, cols, cells })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The value at row `r`, column `c`.
    pub fn get(&self, r: usize, c: usize) -> u32 {
        self.cells[r * self.cols + c]
    }

    /// The values, row by row.
    pub fn values(&self) -> &[u32] {
        &self.cells
    }

    /// Sets the value at row `r`, column `c`.
    pub fn set(&mut self, r: usize, c: usize, value: u32) {
        self.cells[r * self.cols + c] = value;
    }

    /// The grid as a vector of rows (for JSON output).
    pub fn to_rows(&self) -> Vec<Vec<u32>> {
        self.cells.chunks(self.cols).map(<[u32]>::to_vec).collect()
    }

    /// The cells, in reading order, where `other` (of the same shape) holds another value.
    pub fn differences(&self, other: &Grid) -> Vec<Cell> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| self.get(r, c) != other.get(r, c))
            .collect()
    }
}

/// The cells beside `(r, c)`, above, left, right and below, on a `rows` x `cols` grid.
pub fn beside((r, c): Cell, rows: usize, cols: usize) -> impl Iterator<Item = Cell> {
    let steps = [
        (r.wrapping_sub(1), c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
        (r + 1, c),
    ];
    steps
        .into_iter()
        .filter(move |&(r, c)| r < rows && c < cols)
}

/// Cells named the way puzzle people write them: `r3c7` (1-based).
pub fn cell_name((r, c): Cell) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// A cell as the JSON readers take it: `[row, col]`, 1-based.
pub fn cell_json(&(r, c): &Cell) -> serde_json::Value {
    serde_json::Value::from(vec![r + 1, c + 1])
}

/// Cells named and joined by commas: `r1c1, r1c2`.
pub fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|&cell| cell_name(cell)).collect();
    names.join(", ")
}
