//! All-different areas (rows, columns, boxes, regions, diagonals, Killer cages) as one rule:
//! no value twice in an area; an area with a cell per value holds each value once.

use std::sync::{Arc, Mutex};

use super::Changed;
use super::Rule;
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::geometry::Area;
use crate::grid::{Cell, Grid};
use crate::model::Model;
use crate::reduce::AllDifferent;

/// Grids of this size and up filter each area completely (matching), not only by singles
/// and overlaps. Measured: it settles gecode-19 and gecode-20 (25x25) in seconds instead of
/// not at all in 30 s; on the minimal 16x16s it cost more than it saved (max 28 to 55 ms).
const MATCHING_FROM: usize = 25;

/// The all-different areas of an `n` x `n` grid of values 1..m (m = n but for ISS's value
/// ranges), as one rule, so that their reductions (singles, overlaps, matching) run together
/// over the areas each change touches.
#[derive(Debug, Clone)]
pub struct Areas {
    areas: Arc<[Area]>,
    size: usize,
    values: usize,
    /// The areas' overlaps, worked out when first prepared for reductions.
    reductions: Option<Arc<AllDifferent>>,
}

impl Areas {
    /// The areas of an `n` x `n` grid of `values` values.
    pub fn new(areas: Arc<[Area]>, n: usize, values: usize) -> Self {
        Areas {
            areas,
            size: n,
            values,
            reductions: None,
        }
    }
}

/// Area lists worked out lately, each with its overlaps: the puzzles of a collection share
/// their shape's list, so a batch of 9x9s works the overlaps out once, not per puzzle. The list
/// is held, so that its address stays its own.
type Prepared = Vec<(Arc<[Area]>, usize, Arc<AllDifferent>)>;

static PREPARED: Mutex<Prepared> = Mutex::new(Vec::new());

/// How many area lists [`PREPARED`] keeps.
const PREPARED_KEPT: usize = 16;

/// The overlaps of `areas` on an `n` x `n` grid of `values` values, from [`PREPARED`] or
/// worked out now.
fn reductions_of(areas: &Arc<[Area]>, n: usize, values: usize) -> Arc<AllDifferent> {
    let found = |kept: &Prepared| {
        (kept.iter())
            .find(|(a, v, _)| Arc::ptr_eq(a, areas) && *v == values)
            .map(|(_, _, r)| Arc::clone(r))
    };
    if let Some(found) = PREPARED.lock().ok().as_deref().and_then(found) {
        return found;
    }
    let mut made = AllDifferent::new(areas, n, n, values);
    if n >= MATCHING_FROM {
        made = made.with_matching();
    }
    let made = Arc::new(made);
    if let Ok(mut kept) = PREPARED.lock() {
        if kept.len() >= PREPARED_KEPT {
            kept.remove(0);
        }
        kept.push((Arc::clone(areas), values, Arc::clone(&made)));
    }
    made
}

/// The first value an area holds twice (0 is a blank), with the cell where it repeats.
pub fn repeated(area: &Area, value: impl Fn(&Cell) -> u32) -> Option<(Cell, Violation)> {
    // First one pass without branches over the values seen as bits (this runs on every grid
    // printed and every puzzle read): most areas repeat nothing. Bit 0 is the blank's.
    let (mut seen, mut again, mut wide) = (0u64, 0u64, false);
    for cell in &area.cells {
        let v = value(cell);
        let bit = 1u64 << (v & 63);
        again |= seen & bit;
        seen |= bit;
        wide |= v > 63;
    }
    if again & !1 == 0 && !wide {
        return None;
    }
    // The values seen, as bits; a value past them is looked for among the cells before.
    let mut seen = 0u128;
    for (i, cell) in area.cells.iter().enumerate() {
        let v = value(cell);
        if v == 0 {
            continue;
        }
        let maybe_repeated = match 1u128.checked_shl(v) {
            Some(bit) => {
                let before = seen & bit != 0;
                seen |= bit;
                before
            }
            None => true,
        };
        if !maybe_repeated {
            continue;
        }
        let Some(&first) = area.cells[..i].iter().find(|c| value(c) == v) else {
            continue;
        };
        let violation = Violation::Repeated {
            area: area.name.clone(),
            value: v,
            first,
            second: *cell,
        };
        return Some((*cell, violation));
    }
    None
}

impl Rule for Areas {
    fn name(&self) -> &'static str {
        "areas"
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let value = |cell: &Cell| grid.get(cell.0, cell.1);
        (self.areas.iter())
            .filter_map(|area| repeated(area, value))
            .map(|(_, violation)| violation)
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        match &self.reductions {
            Some(areas) => areas.propagate_from(domains, changed, shrunk),
            // Not prepared: no reductions, which loses none of the solutions.
            None => true,
        }
    }

    fn all_different_areas(&self) -> Option<&Arc<[Area]>> {
        Some(&self.areas)
    }

    fn prepared(&self, _: &Domains) -> Option<Arc<dyn Rule>> {
        if self.reductions.is_some() {
            return None;
        }
        Some(Arc::new(Areas {
            reductions: Some(reductions_of(&self.areas, self.size, self.values)),
            ..self.clone()
        }))
    }

    fn constrain(&self, model: &mut Model, _: Deadline) {
        for area in self.areas.iter() {
            model.all_different(&area.name.id(), &area.cells);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::AreaName;

    /// A row of `values.len()` cells holding `values` (0 blank), and its first repeat.
    fn first_repeat(values: &[u32]) -> Option<(Cell, u32, Cell)> {
        let area = Area {
            name: AreaName::Row(0),
            cells: (0..values.len()).map(|c| (0, c)).collect(),
        };
        let found = repeated(&area, |&(_, c)| values[c])?;
        match found {
            (cell, Violation::Repeated { value, first, .. }) => Some((first, value, cell)),
            other => panic!("not a repeat: {other:?}"),
        }
    }

    #[test]
    fn repeats_are_named_with_both_cells_and_blanks_never_repeat() {
        assert_eq!(first_repeat(&[0, 0, 0, 1, 2]), None);
        assert_eq!(first_repeat(&[1, 2, 3, 2]), Some(((0, 1), 2, (0, 3))));
        assert_eq!(first_repeat(&[5, 0, 0, 5]), Some(((0, 0), 5, (0, 3))));
    }

    #[test]
    fn values_past_63_are_told_apart_and_their_repeats_found() {
        // 64 shares a bit with the blank in the first pass, 127 with 63: the exact pass decides.
        assert_eq!(first_repeat(&[0, 64, 1, 63, 127]), None);
        assert_eq!(first_repeat(&[64, 3, 64]), Some(((0, 0), 64, (0, 2))));
        assert_eq!(first_repeat(&[63, 2, 63, 64]), Some(((0, 0), 63, (0, 2))));
    }
}
