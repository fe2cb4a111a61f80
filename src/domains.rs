//! Candidate values per cell as bit sets: what the exact reductions narrow and the model is
//! built from.

use std::sync::Arc;

use crate::grid::{Cell, Grid};

/// Candidate values per cell, as bit sets over value indices (at most 64 values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Domains {
    rows: usize,
    cols: usize,
    /// Shared by every copy, so that copying candidates (the split, probing) copies only sets.
    values: Arc<[i64]>,
    sets: Vec<u64>,
}

impl Domains {
    /// Every cell may take every value.
    pub fn full(rows: usize, cols: usize, values: Vec<i64>) -> Self {
        assert!(!values.is_empty() && values.len() <= 64, "1 to 64 values");
        let all = if values.len() == 64 {
            u64::MAX
        } else {
            (1u64 << values.len()) - 1
        };
        Domains {
            rows,
            cols,
            values: values.into(),
            sets: vec![all; rows * cols],
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The values a cell can take, by index.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The candidate set of a cell.
    pub fn get(&self, r: usize, c: usize) -> u64 {
        self.sets[r * self.cols + c]
    }

    /// Replaces the candidate set of a cell.
    pub fn set(&mut self, r: usize, c: usize, set: u64) {
        self.sets[r * self.cols + c] = set;
    }

    /// Keeps only the candidates in `keep`; returns whether anything was removed.
    pub fn restrict(&mut self, r: usize, c: usize, keep: u64) -> bool {
        let cell = &mut self.sets[r * self.cols + c];
        let before = *cell;
        *cell &= keep;
        *cell != before
    }

    /// Removes every candidate of every cell.
    pub fn clear(&mut self) {
        self.sets.fill(0);
    }

    /// Adds every candidate of `other`, cell by cell.
    pub fn unite(&mut self, other: &Domains) {
        for (set, more) in self.sets.iter_mut().zip(&other.sets) {
            *set |= more;
        }
    }

    /// Keeps only the candidates also in `other`; returns whether anything was removed.
    pub fn intersect(&mut self, other: &Domains) -> bool {
        let mut changed = false;
        for (set, keep) in self.sets.iter_mut().zip(&other.sets) {
            changed |= *set & !keep != 0;
            *set &= keep;
        }
        changed
    }

    /// The index of a value, if it is in range.
    pub fn index_of(&self, value: i64) -> Option<usize> {
        self.values.iter().position(|&v| v == value)
    }

    /// The grid, when every cell has exactly one candidate.
    pub fn solved_grid(&self) -> Option<Grid> {
        let mut grid = Grid::filled(self.rows, self.cols, 0);
        for r in 0..self.rows {
            for c in 0..self.cols {
                let set = self.get(r, c);
                if set.count_ones() != 1 {
                    return None;
                }
                let value = self.values[set.trailing_zeros() as usize];
                grid.set(r, c, u32::try_from(value).ok()?);
            }
        }
        Some(grid)
    }

    /// Candidates left in all undecided cells.
    pub fn open_candidates(&self) -> usize {
        self.sets
            .iter()
            .map(|s| s.count_ones() as usize)
            .filter(|&n| n > 1)
            .sum()
    }

    /// The row-major index of a cell, as [`Domains::at`] takes it.
    pub fn index(&self, (r, c): Cell) -> usize {
        r * self.cols + c
    }

    /// The candidate set of the cell at row-major index `cell`.
    pub fn at(&self, cell: usize) -> u64 {
        self.sets[cell]
    }

    /// [`Domains::restrict`] for the cell at row-major index `cell`.
    pub fn restrict_at(&mut self, cell: usize, keep: u64) -> bool {
        let set = &mut self.sets[cell];
        let before = *set;
        *set &= keep;
        *set != before
    }

    /// Whether some cell has no candidate left.
    pub fn has_empty_cell(&self) -> bool {
        self.sets.contains(&0)
    }
}
