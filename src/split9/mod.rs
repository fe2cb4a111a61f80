//! The split on a plain 9x9 Sudoku (givens and the 27 rows, columns and 3x3 boxes, no other
//! rule), on bitboards: per value, the 81 cells that may still hold it as one `u128`. The
//! same exhaustive depth-first search as [`crate::split`] with the same exact reductions
//! (singles and hidden singles), specialised so that a batch of 9x9s pays no allocation
//! or table lookup per step. It never stops unsettled: every question ends with a grid, none,
//! or the deadline.

use std::sync::{Arc, Mutex};

use rand::seq::SliceRandom;
use rand::Rng;

use crate::deadline::Deadline;
use crate::geometry::Area;
use crate::grid::Grid;
use crate::rule::RuleSet;
use crate::split::Step;
use part::{Part, ALL, CELLS, UNITS, UNITS_OF};

mod part;

/// How many parts are examined between looks at the deadline.
const PARTS_BETWEEN_LOOKS: u32 = 64;

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

    /// Whether the easy techniques of `level` on Solo's ladder decide every cell of `givens`
    /// (which then have exactly one solution): 0 (trivial) hidden singles in boxes, 1
    /// (basic) naked and hidden singles in every area, 2 (intermediate) these and
    /// intersections; `None` for a higher level.
    pub fn easy_decide(givens: &[Option<u32>], level: usize) -> Option<bool> {
        let Some(mut part) = Part::given(givens) else {
            return Some(false);
        };
        let holds = match level {
            0 => part.box_singles(),
            1 => part.narrow(),
            2 => loop {
                if !part.narrow() {
                    break false;
                }
                if part.decided == ALL || !part.intersections() {
                    break true;
                }
            },
            _ => return None,
        };
        Some(holds && part.decided == ALL)
    }

    /// A random completion of `givens` that `rules` verify: the split on a cell with the
    /// fewest values (a random one among equals), its values in random order; `None` when
    /// there is none, or none within `parts` parts.
    pub fn random(
        givens: &[Option<u32>],
        rules: &RuleSet,
        rng: &mut impl Rng,
        mut parts: usize,
    ) -> Option<Grid> {
        let mut part = Part::given(givens)?;
        // Per part split, the cell and the value indices still to try (last first) and how
        // many.
        let mut stack: Vec<(Part, usize, [u8; 9], usize)> = Vec::with_capacity(CELLS);
        loop {
            if part.narrow() {
                if part.decided == ALL {
                    let grid = part.grid();
                    if rules.violations(&grid).is_empty() {
                        return Some(grid);
                    }
                } else {
                    parts = parts.checked_sub(1)?;
                    let cell = part.random_branching_cell(rng);
                    let (values_at, mut values, mut count) = (part.values_at(cell), [0; 9], 0);
                    for k in (0..9).filter(|&k| values_at >> k & 1 == 1) {
                        (values[count], count) = (k, count + 1);
                    }
                    values[..count].shuffle(rng);
                    stack.push((part, cell, values, count));
                }
            }
            let (next, cell, k) = loop {
                let (top, cell, values, count) = stack.last_mut()?;
                if *count == 0 {
                    stack.pop();
                    continue;
                }
                *count -= 1;
                break (*top, *cell, values[*count]);
            };
            part = next;
            part.place(cell, usize::from(k));
        }
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
mod tests;
