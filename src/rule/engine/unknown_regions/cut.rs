//! The exact search for a cut of a complete grid into regions: the first cell without a
//! region (in reading order) starts the next one, grown over every connected set of free
//! cells with different values that holds it; a clue is checked as soon as its first cell's
//! region is placed (a region is placed whole, so its measure is known then), and a cut whose
//! free cells fall into pieces of a size no regions fill is dropped.

use super::UnknownRegions;
use crate::grid::{beside, Grid};

/// No region yet.
const FREE: usize = usize::MAX;

/// The search over one grid.
pub(super) struct Cutter<'a> {
    rules: &'a UnknownRegions,
    n: usize,
    values: Vec<u32>,
    /// Each cell's region, or [`FREE`].
    region: Vec<usize>,
    /// Per cell, the clues whose first cell it is.
    clues_at: Vec<Vec<usize>>,
    /// Per cell, its orthogonal neighbours.
    neighbours: Vec<Vec<usize>>,
}

impl<'a> Cutter<'a> {
    pub(super) fn new(rules: &'a UnknownRegions, grid: &Grid) -> Self {
        let n = grid.cols();
        let cells = grid.rows() * n;
        let mut clues_at = vec![Vec::new(); cells];
        for (i, clue) in rules.clues.iter().enumerate() {
            let (r, c) = clue.measure.first();
            clues_at[r * n + c].push(i);
        }
        let neighbours = (0..cells)
            .map(|i| {
                (beside((i / n, i % n), grid.rows(), n))
                    .map(|(r, c)| r * n + c)
                    .collect()
            })
            .collect();
        Cutter {
            rules,
            n,
            values: grid.values().to_vec(),
            region: vec![FREE; cells],
            clues_at,
            neighbours,
        }
    }

    /// Whether a cut keeping every clue exists.
    pub(super) fn exists(&mut self) -> bool {
        let size = self.rules.size;
        if size == 0 || !self.values.len().is_multiple_of(size) {
            return false;
        }
        self.lines_cut(true) || self.lines_cut(false) || self.place(0)
    }

    /// Whether the rows (`true`) or the columns of a square grid are such a cut: tried first,
    /// as the usual answer on a grid with few clues.
    fn lines_cut(&self, rows: bool) -> bool {
        let n = self.n;
        if self.rules.size != n || self.values.len() != n * n {
            return false;
        }
        let line = |(r, c): (usize, usize)| if rows { r } else { c };
        let differ = (0..n).all(|l| {
            let cells = (0..n).map(|k| if rows { l * n + k } else { k * n + l });
            let mut values: Vec<u32> = cells.map(|i| self.values[i]).collect();
            values.sort_unstable();
            values.windows(2).all(|w| w[0] != w[1])
        });
        differ
            && self.rules.clues.iter().all(|clue| {
                let first = line(clue.measure.first());
                let (r, c) = clue.cell;
                let measure = clue.measure.of(|cell| line(cell) == first);
                i64::from(self.values[r * n + c]) + clue.shift == measure
            })
    }

    /// Places region `label` at the first free cell, then the rest; `true` once all are.
    fn place(&mut self, label: usize) -> bool {
        let Some(root) = self.region.iter().position(|&r| r == FREE) else {
            return true;
        };
        let mut cells = vec![root];
        let mut candidates: Vec<usize> = Vec::new();
        let mut listed = vec![false; self.values.len()];
        listed[root] = true;
        self.region[root] = label;
        let found = self.grow(label, &mut cells, &mut candidates, &mut listed, 0);
        self.region[root] = FREE;
        found
    }

    /// Every way to grow `cells` (marked with `label`) by candidates from `from` on, each
    /// taken or passed over for good; `listed`: in the region or among the candidates.
    fn grow(
        &mut self,
        label: usize,
        cells: &mut Vec<usize>,
        candidates: &mut Vec<usize>,
        listed: &mut Vec<bool>,
        from: usize,
    ) -> bool {
        let last = *cells.last().unwrap_or(&0);
        let before = candidates.len();
        for &next in &self.neighbours[last] {
            if !listed[next] && self.region[next] == FREE {
                listed[next] = true;
                candidates.push(next);
            }
        }
        let found = match cells.len() == self.rules.size {
            true => self.placed(label, cells),
            false => (from..candidates.len()).any(|i| {
                let cell = candidates[i];
                let value = self.values[cell];
                if cells.iter().any(|&c| self.values[c] == value) {
                    return false;
                }
                cells.push(cell);
                self.region[cell] = label;
                let found = self.grow(label, cells, candidates, listed, i + 1);
                self.region[cell] = FREE;
                cells.pop();
                found
            }),
        };
        for &cell in &candidates[before..] {
            listed[cell] = false;
        }
        candidates.truncate(before);
        found
    }

    /// With region `label` placed on `cells`: its clues, the free pieces, then the rest.
    fn placed(&mut self, label: usize, cells: &[usize]) -> bool {
        let n = self.n;
        let region = &self.region;
        let clues_hold = cells.iter().all(|&cell| {
            self.clues_at[cell].iter().all(|&i| {
                let clue = &self.rules.clues[i];
                let (r, c) = clue.cell;
                let measure = clue.measure.of(|(r, c)| region[r * n + c] == label);
                i64::from(self.values[r * n + c]) + clue.shift == measure
            })
        });
        clues_hold && self.pieces_fit() && self.place(label + 1)
    }

    /// Whether every connected piece of free cells could be cut into whole regions.
    fn pieces_fit(&self) -> bool {
        let mut seen = vec![false; self.values.len()];
        let mut stack = Vec::new();
        for start in 0..self.values.len() {
            if seen[start] || self.region[start] != FREE {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let mut piece = 0;
            while let Some(cell) = stack.pop() {
                piece += 1;
                for &next in &self.neighbours[cell] {
                    if !seen[next] && self.region[next] == FREE {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
            if piece % self.rules.size != 0 {
                return false;
            }
        }
        true
    }
}
