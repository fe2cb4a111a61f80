//! One part of the plain 9x9 search on bitboards: per value, the cells that may hold it,
//! with singles and hidden singles to a fixed point.

use rand::Rng;

use crate::grid::Grid;

/// Cells of the grid, in row-major order.
pub(super) const CELLS: usize = 81;
/// Every cell, as bits.
pub(super) const ALL: u128 = (1 << CELLS) - 1;

/// The 27 areas as bits: rows, then columns, then boxes.
pub(super) const UNITS: [u128; 27] = units();
/// Per cell, the other cells of its row, column and box.
const PEERS: [u128; CELLS] = peers();
/// Per cell, its three areas as bits of [`UNITS`].
pub(super) const UNITS_OF: [u32; CELLS] = units_of();
/// Per box, the rows and columns through it, as indices of [`UNITS`].
const CROSSING: [[usize; 6]; 9] = crossing();
/// Every area, as bits of [`UNITS`].
pub(super) const EVERY_UNIT: u32 = (1 << 27) - 1;

const fn units() -> [u128; 27] {
    let mut units = [0u128; 27];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        units[r] |= 1 << cell;
        units[9 + c] |= 1 << cell;
        units[18 + r / 3 * 3 + c / 3] |= 1 << cell;
        cell += 1;
    }
    units
}

const fn crossing() -> [[usize; 6]; 9] {
    let mut crossing = [[0; 6]; 9];
    let mut b = 0;
    while b < 9 {
        let (r, c) = (b / 3 * 3, b % 3 * 3);
        crossing[b] = [r, r + 1, r + 2, 9 + c, 9 + c + 1, 9 + c + 2];
        b += 1;
    }
    crossing
}

const fn peers() -> [u128; CELLS] {
    let mut peers = [0u128; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut u = 0;
        while u < 27 {
            if UNITS[u] >> cell & 1 == 1 {
                peers[cell] |= UNITS[u];
            }
            u += 1;
        }
        peers[cell] &= !(1 << cell);
        cell += 1;
    }
    peers
}

const fn units_of() -> [u32; CELLS] {
    let mut units_of = [0u32; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        units_of[cell] = 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
        cell += 1;
    }
    units_of
}

/// One part of the search: per value, the cells that may hold it (a decided cell is in its
/// value's set only), and the cells decided.
#[derive(Clone, Copy)]
pub(super) struct Part {
    pub(super) places: [u128; 9],
    pub(super) decided: u128,
    /// Per value, the areas where its places changed since the hidden singles last looked.
    pub(super) dirty: [u32; 9],
    /// Per value, the areas where it is decided.
    pub(super) settled: [u32; 9],
}

impl Part {
    /// Every value everywhere, then `givens` placed; `None` when two repeat in an area or
    /// one is out of 1..9.
    pub(super) fn given(givens: &[Option<u32>]) -> Option<Part> {
        let mut part = Part {
            places: [ALL; 9],
            decided: 0,
            dirty: [EVERY_UNIT; 9],
            settled: [0; 9],
        };
        // Per value index, the cells given it; each such cell then holds that value alone.
        let mut given_as = [0u128; 9];
        for (cell, given) in givens.iter().enumerate().take(CELLS) {
            if let Some(v) = *given {
                let k = (v as usize).checked_sub(1).filter(|&k| k < 9)?;
                given_as[k] |= 1 << cell;
            }
        }
        let given_cells = given_as.iter().fold(0, |all, cells| all | cells);
        for (places, cells) in part.places.iter_mut().zip(given_as) {
            *places &= !given_cells | cells;
        }
        part.place_singles(given_cells).then_some(part)
    }

    /// Decides `cell` as value index `k`, which it may hold: no other value there, `k`
    /// nowhere else in its areas.
    pub(super) fn place(&mut self, cell: usize, k: usize) {
        let bit = 1u128 << cell;
        let units = UNITS_OF[cell];
        for e in 0..9 {
            let had = u32::from(self.places[e] & bit != 0);
            self.dirty[e] |= units & !self.settled[e] & had.wrapping_neg();
            self.places[e] &= !bit;
        }
        self.places[k] = (self.places[k] & !PEERS[cell]) | bit;
        self.settled[k] |= units;
        self.dirty[k] = EVERY_UNIT & !self.settled[k];
        self.decided |= bit;
    }

    /// Singles and hidden singles to a fixed point; `false` when some cell has no value
    /// left or some area no place for a value.
    pub(super) fn narrow(&mut self) -> bool {
        loop {
            let open = ALL & !self.decided;
            if open == 0 {
                return true;
            }
            let (mut once, mut twice) = (0u128, 0u128);
            for places in self.places {
                let here = places & open;
                twice |= once & here;
                once |= here;
            }
            if once != open {
                return false;
            }
            let singles = once & !twice;
            if singles != 0 {
                if !self.place_singles(singles) {
                    return false;
                }
                continue;
            }
            match self.hidden_singles() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Decides each of `singles`, open cells with one value each, as that value: per value,
    /// the peers of its new cells lose it. `false` when two new cells of one value are peers.
    fn place_singles(&mut self, singles: u128) -> bool {
        for k in 0..9 {
            let new = self.places[k] & singles;
            if new == 0 {
                continue;
            }
            let (mut peers, mut units, mut cells) = (0u128, 0u32, new);
            while cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                peers |= PEERS[cell];
                units |= UNITS_OF[cell];
            }
            if peers & new != 0 {
                return false;
            }
            self.places[k] &= !peers;
            self.settled[k] |= units;
            self.dirty[k] = EVERY_UNIT & !self.settled[k];
        }
        self.decided |= singles;
        true
    }

    /// Places every value that has one place left in some area where its places changed;
    /// `None` when a value has no place in an area, else whether anything was placed.
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for k in 0..9 {
            let mut units = std::mem::take(&mut self.dirty[k]);
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                // Decided there by a hidden single of this pass.
                if self.settled[k] >> u & 1 == 1 {
                    continue;
                }
                let unit = UNITS[u];
                let here = self.places[k] & unit;
                if here == 0 {
                    return None;
                }
                if here & (here - 1) == 0 {
                    self.place(here.trailing_zeros() as usize, k);
                    placed = true;
                }
            }
        }
        Some(placed)
    }

    /// Hidden singles in boxes alone, to a fixed point; `false` when a box has no place
    /// left for a value.
    pub(super) fn box_singles(&mut self) -> bool {
        let mut placed = true;
        while placed {
            placed = false;
            for k in 0..9 {
                for (u, unit) in UNITS.iter().enumerate().skip(18) {
                    if self.settled[k] >> u & 1 == 1 {
                        continue;
                    }
                    let here = self.places[k] & unit;
                    if here == 0 {
                        return false;
                    }
                    if here & (here - 1) == 0 {
                        self.place(here.trailing_zeros() as usize, k);
                        placed = true;
                    }
                }
            }
        }
        true
    }

    /// Intersections: a value whose places in a box lie in one row or column leaves that
    /// line's other cells, and one whose places in a line lie in one box leaves that box's
    /// other cells. Whether any place went.
    pub(super) fn intersections(&mut self) -> bool {
        let mut removed = false;
        for k in 0..9 {
            for b in 18..27 {
                let block = UNITS[b];
                for line in CROSSING[b - 18] {
                    let line = UNITS[line];
                    let (in_box, in_line) = (self.places[k] & block, self.places[k] & line);
                    let outside = match (in_box & !line == 0, in_line & !block == 0) {
                        (true, _) => in_line & !block,
                        (_, true) => in_box & !line,
                        _ => 0,
                    };
                    if outside != 0 {
                        self.places[k] &= !outside;
                        self.dirty[k] = EVERY_UNIT & !self.settled[k];
                        removed = true;
                    }
                }
            }
        }
        removed
    }

    /// The open cell to split on: the first with two values, else the first with fewest.
    pub(super) fn branching_cell(&self) -> usize {
        let open = ALL & !self.decided;
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for places in self.places {
            let here = places & open;
            thrice |= twice & here;
            twice |= once & here;
            once |= here;
        }
        let pairs = twice & !thrice;
        if pairs != 0 {
            return pairs.trailing_zeros() as usize;
        }
        let mut cells = open;
        let mut best = (u32::MAX, 0);
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let count = self.values_at(cell).count_ones();
            best = best.min((count, cell));
        }
        best.1
    }

    /// An open cell with the fewest values, drawn at random among equals.
    pub(super) fn random_branching_cell(&self, rng: &mut impl Rng) -> usize {
        let mut cells = ALL & !self.decided;
        let (mut fewest, mut tied) = (u32::MAX, 0u128);
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let count = self.values_at(cell).count_ones();
            if count < fewest {
                (fewest, tied) = (count, 0);
            }
            if count == fewest {
                tied |= 1 << cell;
            }
        }
        let mut skip = rng.random_range(0..tied.count_ones());
        while skip > 0 {
            tied &= tied - 1;
            skip -= 1;
        }
        tied.trailing_zeros() as usize
    }

    /// The value indices `cell` may hold, as bits.
    pub(super) fn values_at(&self, cell: usize) -> u16 {
        (0..9).fold(0, |acc, k| acc | ((self.places[k] >> cell & 1) as u16) << k)
    }

    /// The grid of a part with every cell decided.
    pub(super) fn grid(&self) -> Grid {
        let mut cells = vec![0u32; CELLS];
        for (k, &places) in self.places.iter().enumerate() {
            let mut bits = places;
            while bits != 0 {
                cells[bits.trailing_zeros() as usize] = k as u32 + 1;
                bits &= bits - 1;
            }
        }
        Grid::from_cells(9, cells).expect("81 cells fill 9 rows")
    }
}
