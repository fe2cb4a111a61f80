//! The candidates a person keeps while solving: per cell the values still possible, the
//! values placed, and which areas each cell is in.

use crate::geometry::Area;
use crate::grid::{Cell, Grid};

/// Candidates (bit k: value k + 1) and placed values of an n x n grid over its areas.
#[derive(Debug, Clone)]
pub struct Board {
    n: usize,
    candidates: Vec<u64>,
    placed: Vec<u32>,
    /// Per area, its cells as row-major indices.
    pub areas: Vec<Vec<usize>>,
    /// Per cell, the areas it is in.
    areas_of: Vec<Vec<usize>>,
}

impl Board {
    /// An empty board of side `n` with every value a candidate, then `givens` placed; `None`
    /// when a given leaves a cell without candidates.
    pub fn new(areas: &[Area], givens: &Grid) -> Option<Board> {
        let n = givens.rows();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let cells: Vec<Vec<usize>> = (areas.iter())
            .map(|a| a.cells.iter().map(|&(r, c)| r * n + c).collect())
            .collect();
        let mut areas_of = vec![Vec::new(); n * n];
        for (i, area) in cells.iter().enumerate() {
            area.iter().for_each(|&cell| areas_of[cell].push(i));
        }
        let mut board = Board {
            n,
            candidates: vec![full; n * n],
            placed: vec![0; n * n],
            areas: cells,
            areas_of,
        };
        for r in 0..n {
            for c in 0..n {
                let v = givens.get(r, c);
                if v != 0 && !board.place(r * n + c, v) {
                    return None;
                }
            }
        }
        Some(board)
    }

    /// The side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The cell at row-major index `i`.
    pub fn cell(&self, i: usize) -> Cell {
        (i / self.n, i % self.n)
    }

    /// The candidates of cell `i`.
    pub fn candidates(&self, i: usize) -> u64 {
        self.candidates[i]
    }

    /// The value placed in cell `i`, 0 when open.
    pub fn placed(&self, i: usize) -> u32 {
        self.placed[i]
    }

    /// The areas cell `i` is in.
    pub fn areas_of(&self, i: usize) -> &[usize] {
        &self.areas_of[i]
    }

    /// Whether every cell holds a value.
    pub fn solved(&self) -> bool {
        self.placed.iter().all(|&v| v != 0)
    }

    /// The open cells of area `a` with `v` still a candidate.
    pub fn places_for(&self, a: usize, v: u32) -> Vec<usize> {
        (self.areas[a].iter().copied())
            .filter(|&i| self.placed[i] == 0 && self.candidates[i] >> (v - 1) & 1 == 1)
            .collect()
    }

    /// Per area `a`, as value bits: the values with one open place or more, those with two
    /// or more, and those placed.
    pub fn tally(&self, a: usize) -> (u64, u64, u64) {
        let (mut once, mut twice, mut held) = (0, 0, 0);
        for &i in &self.areas[a] {
            match self.placed[i] {
                0 => {
                    twice |= once & self.candidates[i];
                    once |= self.candidates[i];
                }
                v => held |= 1 << (v - 1),
            }
        }
        (once, twice, held)
    }

    /// Whether area `a` holds `v` already.
    pub fn holds(&self, a: usize, v: u32) -> bool {
        self.areas[a].iter().any(|&i| self.placed[i] == v)
    }

    /// Places `v` in cell `i` and removes it from the cell's neighbours; `false` when `v` was
    /// not a candidate.
    pub fn place(&mut self, i: usize, v: u32) -> bool {
        if self.candidates[i] >> (v - 1) & 1 == 0 {
            return false;
        }
        self.placed[i] = v;
        let Board {
            candidates,
            areas,
            areas_of,
            ..
        } = self;
        for &a in &areas_of[i] {
            for &j in &areas[a] {
                candidates[j] &= !(1 << (v - 1));
            }
        }
        candidates[i] = 1 << (v - 1);
        true
    }

    /// Removes candidate `v` from cell `i`.
    pub fn remove(&mut self, i: usize, v: u32) {
        self.candidates[i] &= !(1 << (v - 1));
    }
}

/// The values whose bits are set in `set`, ascending.
pub fn values(set: u64) -> impl Iterator<Item = u32> {
    (0..64u32).filter(move |k| set >> k & 1 == 1).map(|k| k + 1)
}
