//! The split on a plain 9x9 Sudoku (givens and the 27 rows, columns and 3x3 boxes, no other
//! rule), on bitboards: per value, the 81 cells that may still hold it as one `u128`. The
//! same exhaustive depth-first search as [`crate::split`] with the same exact reductions
//! (singles and hidden singles), specialised so that a batch of 9x9s pays no allocation
//! or table lookup per step. It never stops unsettled: every question ends with a grid, none,
//! or the deadline.

use std::sync::{Arc, Mutex};

use crate::deadline::Deadline;
use crate::geometry::Area;
use crate::grid::Grid;
use crate::rule::RuleSet;
use crate::split::Step;

/// Cells of the grid, in row-major order.
const CELLS: usize = 81;
/// Every cell, as bits.
const ALL: u128 = (1 << CELLS) - 1;
/// How many parts are examined between looks at the deadline.
const PARTS_BETWEEN_LOOKS: u32 = 64;

/// The 27 areas as bits: rows, then columns, then boxes.
const UNITS: [u128; 27] = units();
/// Per cell, the other cells of its row, column and box.
const PEERS: [u128; CELLS] = peers();
/// Per cell, its three areas as bits of [`UNITS`].
const UNITS_OF: [u32; CELLS] = units_of();
/// Every area, as bits of [`UNITS`].
const EVERY_UNIT: u32 = (1 << 27) - 1;

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

/// Area lists judged lately, held so that each address stays its own: the puzzles of a
/// batch share their layout's list, which is then judged once.
static JUDGED: Mutex<Vec<(Arc<[Area]>, bool)>> = Mutex::new(Vec::new());

/// How many area lists [`JUDGED`] keeps.
const JUDGED_KEPT: usize = 8;

/// Whether `areas` are exactly the rows, columns and 3x3 boxes of a 9x9 grid, in any order.
pub fn plain(areas: &Arc<[Area]>) -> bool {
    let mut judged = JUDGED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, plain)) = judged.iter().find(|(a, _)| Arc::ptr_eq(a, areas)) {
        return *plain;
    }
    let plain = judge(areas);
    if judged.len() >= JUDGED_KEPT {
        judged.remove(0);
    }
    judged.push((Arc::clone(areas), plain));
    plain
}

fn judge(areas: &[Area]) -> bool {
    let bits = |area: &Area| {
        (area.cells.iter()).fold(0u128, |acc, &(r, c)| match r < 9 && c < 9 {
            true => acc | 1 << (r * 9 + c),
            false => acc | 1 << 127,
        })
    };
    let mut seen = 0u32;
    for area in areas {
        let bits = bits(area);
        match UNITS.iter().position(|&unit| unit == bits) {
            Some(u) if area.cells.len() == 9 && seen >> u & 1 == 0 => seen |= 1 << u,
            _ => return false,
        }
    }
    seen == (1 << 27) - 1
}

/// One part of the search: per value, the cells that may hold it (a decided cell is in its
/// value's set only), and the cells decided.
#[derive(Clone, Copy)]
struct Part {
    places: [u128; 9],
    decided: u128,
    /// Per value, the areas where its places changed since the hidden singles last looked.
    dirty: [u32; 9],
    /// Per value, the areas where it is decided.
    settled: [u32; 9],
}

impl Part {
    /// Every value everywhere, then `givens` placed; `None` when two repeat in an area or
    /// one is out of 1..9.
    fn given(givens: &[Option<u32>]) -> Option<Part> {
        let mut part = Part {
            places: [ALL; 9],
            decided: 0,
            dirty: [EVERY_UNIT; 9],
            settled: [0; 9],
        };
        for (cell, given) in givens.iter().enumerate().take(CELLS) {
            if let Some(v) = *given {
                let k = (v as usize).checked_sub(1).filter(|&k| k < 9)?;
                if part.places[k] >> cell & 1 == 0 {
                    return None;
                }
                part.place(cell, k);
            }
        }
        Some(part)
    }

    /// Decides `cell` as value index `k`, which it may hold: no other value there, `k`
    /// nowhere else in its areas.
    fn place(&mut self, cell: usize, k: usize) {
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
    fn narrow(&mut self) -> bool {
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
            let mut singles = once & !twice;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1u128 << cell;
                    match self.places.iter().position(|p| p & bit != 0) {
                        Some(k) => self.place(cell, k),
                        None => return false,
                    }
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

    /// The open cell to split on: the first with two values, else the first with fewest.
    fn branching_cell(&self) -> usize {
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

    /// The value indices `cell` may hold, as bits.
    fn values_at(&self, cell: usize) -> u16 {
        (0..9).fold(0, |acc, k| acc | ((self.places[k] >> cell & 1) as u16) << k)
    }

    /// The grid of a part with every cell decided.
    fn grid(&self) -> Grid {
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

/// A part waiting to be split on `cell`, with the value indices not tried yet.
struct Frame {
    part: Part,
    cell: usize,
    values: u16,
}

/// The search over one plain 9x9's completions, resumable: each grid it yields is left
/// behind, so asking again answers "is there another?".
pub struct Split9 {
    /// The narrowed givens, until the first question takes them.
    start: Option<Part>,
    frames: Vec<Frame>,
}

impl Split9 {
    /// The search from `givens` (per cell, row-major, its value 1..9 or none), narrowed by
    /// the reductions; `None` when they prove there is no solution.
    pub fn new(givens: &[Option<u32>]) -> Option<Self> {
        Self::narrowed(Part::given(givens)?)
    }

    /// [`Split9::new`] over the solutions whose `cell` (row-major) holds another value than
    /// `value`.
    pub fn without(givens: &[Option<u32>], cell: usize, value: u32) -> Option<Self> {
        let mut part = Part::given(givens)?;
        let k = (value as usize).checked_sub(1).filter(|&k| k < 9)?;
        let bit = 1u128 << cell;
        if part.decided & bit != 0 && part.places[k] & bit != 0 {
            return None;
        }
        part.places[k] &= !bit;
        part.dirty[k] |= UNITS_OF[cell];
        Self::narrowed(part)
    }

    fn narrowed(mut part: Part) -> Option<Self> {
        part.narrow().then_some(Split9 {
            start: Some(part),
            frames: Vec::with_capacity(CELLS),
        })
    }

    /// The grid the reductions alone decided, before any split.
    pub fn decided(&self) -> Option<Grid> {
        (self.start.as_ref())
            .filter(|part| part.decided == ALL)
            .map(Part::grid)
    }

    /// The next grid, among the completions not examined yet, that the puzzle's `rules`
    /// verify.
    pub fn next(&mut self, rules: &RuleSet, deadline: Deadline) -> Step {
        let mut examined = 0u32;
        if let Some(part) = self.start.take() {
            if let Some(step) = self.settle(part, rules) {
                return step;
            }
        }
        while let Some(top) = self.frames.last_mut() {
            examined += 1;
            if examined.is_multiple_of(PARTS_BETWEEN_LOOKS) && deadline.passed() {
                return Step::TimeLimit;
            }
            let k = top.values.trailing_zeros() as usize;
            top.values &= top.values - 1;
            let (mut part, cell) = (top.part, top.cell);
            if top.values == 0 {
                self.frames.pop();
            }
            part.place(cell, k);
            if !part.narrow() {
                continue;
            }
            if let Some(step) = self.settle(part, rules) {
                return step;
            }
        }
        Step::Nothing
    }

    /// A narrowed part: its grid when every cell is decided and the verifier accepts it,
    /// else nothing now, the part left to be split.
    fn settle(&mut self, part: Part, rules: &RuleSet) -> Option<Step> {
        if part.decided == ALL {
            let grid = part.grid();
            return rules
                .violations(&grid)
                .is_empty()
                .then_some(Step::Found(grid));
        }
        let cell = part.branching_cell();
        let values = part.values_at(cell);
        self.frames.push(Frame { part, cell, values });
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Backend;
    use crate::geometry::{boxes, columns, diagonals, rows};
    use crate::pipeline::{solve, CountEnd, Engine, Outcome, Question, SolveOptions};
    use crate::puzzle::latin::{Latin, Style};
    use crate::puzzle::symbols::Alphabet;
    use crate::puzzle::{FromRules, Puzzle};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn plain_areas() -> Vec<Area> {
        [rows(9, 9), columns(9, 9), boxes(9, 3, 3)].concat()
    }

    fn sudoku(areas: Vec<Area>, givens: Vec<u32>) -> Latin {
        let givens = Grid::from_cells(9, givens).unwrap();
        Latin::new(areas, Vec::new(), givens, Style::Compact(Alphabet::Digits))
    }

    /// Up to `limit` solutions of `puzzle` by `engine`, and whether they are all.
    fn count(puzzle: &Latin, engine: Engine, limit: usize) -> (Vec<Grid>, bool) {
        let options = SolveOptions {
            question: Question::Count(limit),
            engine,
            ..SolveOptions::default()
        };
        match solve(puzzle, &options, Deadline::none()).unwrap().outcome {
            Outcome::Counted { solutions, end } => (solutions, end == CountEnd::All),
            Outcome::Infeasible { .. } => (Vec::new(), true),
            other => panic!("a count ends with a count: {other:?}"),
        }
    }

    #[test]
    fn plain_takes_the_rows_columns_and_boxes_in_any_order_and_nothing_else() {
        let plain = |areas: Vec<Area>| plain(&Arc::from(areas));
        let mut areas = plain_areas();
        assert!(plain(areas.clone()));
        areas.reverse();
        assert!(plain(areas));
        assert!(!plain([plain_areas(), diagonals(9)].concat()));
        assert!(!plain(plain_areas()[..26].to_vec()));
        assert!(!plain([plain_areas(), rows(9, 9)[..1].to_vec()].concat()));
        // Boxes of 1x9 are rows again: a Latin square's areas, not a Sudoku's.
        assert!(!plain([rows(9, 9), columns(9, 9), boxes(9, 1, 9)].concat()));
    }

    #[test]
    fn a_sudoku_x_is_not_plain_and_keeps_its_diagonals() {
        let puzzle = sudoku([plain_areas(), diagonals(9)].concat(), vec![0; 81]);
        assert!(!puzzle.rules().plain_9x9());
        let (grids, _) = count(&puzzle, Engine::Auto, 1);
        let grid = &grids[0];
        let diagonal: std::collections::HashSet<u32> = (0..9).map(|i| grid.get(i, i)).collect();
        assert_eq!(diagonal.len(), 9);
    }

    #[test]
    fn the_bitboard_split_counts_as_cadical_does_on_random_puzzles() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        // A solution by pattern, its values and rows within bands shuffled per puzzle.
        let pattern = |r: usize, c: usize| ((r % 3) * 3 + r / 3 + c) % 9;
        let (mut unique, mut several, mut none) = (0, 0, 0);
        for round in 0..120 {
            let mut values: Vec<u32> = (1..=9).collect();
            values.shuffle(&mut rng);
            let mut cells: Vec<u32> = (0..81).map(|i| values[pattern(i / 9, i % 9)]).collect();
            let mut order: Vec<usize> = (0..81).collect();
            order.shuffle(&mut rng);
            let kept = rng.random_range(20..60);
            for &i in &order[kept..] {
                cells[i] = 0;
            }
            if round % 4 == 0 {
                // A given changed: most often no solution is left.
                cells[order[0]] = cells[order[0]] % 9 + 1;
            }
            let puzzle = sudoku(plain_areas(), cells);
            assert!(puzzle.rules().plain_9x9());
            let (mut fast, fast_all) = count(&puzzle, Engine::Auto, 4);
            let (mut sat, sat_all) = count(&puzzle, Engine::Only(Backend::Cadical), 4);
            assert_eq!(
                (fast.len(), fast_all),
                (sat.len(), sat_all),
                "round {round}"
            );
            for grid in &fast {
                assert!(puzzle.verify(grid).is_ok());
            }
            if fast_all {
                fast.sort_by_key(|g| g.to_rows());
                sat.sort_by_key(|g| g.to_rows());
                assert_eq!(fast, sat, "round {round}");
            }
            match (fast.len(), fast_all) {
                (0, _) => none += 1,
                (1, true) => unique += 1,
                _ => several += 1,
            }
            // The generator's question: another solution with one cell changed?
            if let [first, rest @ ..] = &fast[..] {
                let givens: Vec<Option<u32>> = (0..81)
                    .map(|i| Some(puzzle.givens().get(i / 9, i % 9)).filter(|&v| v > 0))
                    .collect();
                let differs = rest.first().map(|second| first.differences(second)[0]);
                let (r, c) = differs.unwrap_or((order[1] / 9, order[1] % 9));
                let other = Split9::without(&givens, r * 9 + c, first.get(r, c))
                    .map(|mut split| split.next(&puzzle.rules(), Deadline::none()));
                match other {
                    Some(Step::Found(grid)) => {
                        assert!(differs.is_some() && grid.get(r, c) != first.get(r, c))
                    }
                    _ => assert!(differs.is_none(), "round {round}"),
                }
            }
        }
        // The rounds reach each verdict.
        assert!(
            unique > 5 && several > 5 && none > 5,
            "{unique} {several} {none}"
        );
    }

    #[test]
    fn a_repeated_given_has_no_solution_and_a_full_grid_is_decided_by_the_reductions() {
        let mut cells = vec![0; 81];
        (cells[0], cells[8]) = (5, 5);
        assert!(Split9::new(
            &cells
                .iter()
                .map(|&v| (v > 0).then_some(v))
                .collect::<Vec<_>>()
        )
        .is_none());
        let pattern = |i: usize| ((i / 9 % 3) * 3 + i / 27 + i % 9) % 9 + 1;
        let full: Vec<Option<u32>> = (0..81).map(|i| Some(pattern(i) as u32)).collect();
        let split = Split9::new(&full).unwrap();
        let grid = split.decided().unwrap();
        assert_eq!(grid.get(8, 8), pattern(80) as u32);
    }
}
