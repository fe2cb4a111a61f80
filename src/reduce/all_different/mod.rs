//! Exact reductions on all-different areas: singles, hidden singles and the confinement of a
//! value to the overlap of two areas (box/line interactions), repeated to a fixed point; on
//! large grids also complete filtering by matching.
mod overlaps;
mod singles;

use overlaps::{families, overlapping_first, Family};
use singles::singles;

use super::matching;
use crate::domains::Domains;
use crate::geometry::Area;
use crate::grid::Cell;

/// A propagation's queues, kept per thread between calls, so that the many calls of probing
/// and the split allocate nothing.
#[derive(Default)]
struct Work {
    queued: Vec<u64>,
    to_match: Vec<u64>,
    moved: Vec<u64>,
    changed: Vec<(usize, u64)>,
}

thread_local! {
    static WORK: std::cell::Cell<Work> = Default::default();
}

/// All-different areas with their overlaps worked out once; cells are row-major indices.
#[derive(Debug, Clone)]
pub struct AllDifferent {
    areas: Vec<Vec<usize>>,
    /// Per area, its overlaps with the areas it shares two or more cells with, in families.
    families: Vec<Vec<Family>>,
    /// Per cell (row-major), the areas holding it.
    areas_of: Vec<Vec<usize>>,
    /// Whether each area is also filtered completely, by [`matching::filter`].
    matching: bool,
}

impl AllDifferent {
    /// The areas of a `rows` x `cols` grid whose values range over `values` candidates per
    /// cell.
    pub fn new(areas: &[Area], rows: usize, cols: usize, values: usize) -> Self {
        let index = |&(r, c): &Cell| r * cols + c;
        let areas: Vec<Vec<usize>> = (areas.iter())
            .map(|a| a.cells.iter().map(index).collect())
            .collect();
        let areas_of = areas_holding(&areas, rows * cols);
        let families = families(&areas, &areas_of, values);
        let (areas, families) = overlapping_first(areas, families);
        let areas_of = areas_holding(&areas, rows * cols);
        AllDifferent {
            areas,
            families,
            areas_of,
            matching: false,
        }
    }

    /// The same areas, each also filtered completely by [`matching::filter`]: a value stays in
    /// a cell only when some assignment of the whole area gives it that value.
    pub fn with_matching(self) -> Self {
        AllDifferent {
            matching: true,
            ..self
        }
    }

    /// Removes the candidates the areas rule out, to a fixed point. Returns `false` when some
    /// cell runs out of candidates, some value out of places in an area with a cell per value,
    /// or (with matching) an area has no assignment of distinct values; the cells of the area
    /// whose rule failed are then emptied.
    pub fn propagate(&self, domains: &mut Domains) -> bool {
        self.propagate_from(domains, None, &mut Vec::new())
    }

    /// [`AllDifferent::propagate`], looking first only at the areas of `cells` (row-major
    /// indices; `None`: every area) when the rest are known to be at a fixed point. Every
    /// cell whose candidates shrink is added to `touched`.
    pub fn propagate_from(
        &self,
        domains: &mut Domains,
        cells: Option<&[usize]>,
        touched: &mut Vec<usize>,
    ) -> bool {
        let mut work = WORK.take();
        let ok = self.propagate_with(domains, cells, touched, &mut work);
        WORK.set(work);
        ok
    }

    fn propagate_with(
        &self,
        domains: &mut Domains,
        cells: Option<&[usize]>,
        touched: &mut Vec<usize>,
        work: &mut Work,
    ) -> bool {
        let values = domains.values().len();
        let all = u64::MAX >> (64 - values);
        // The areas to look at, as bit sets, taken lowest first: the cheap rules run to a
        // fixed point before an area is filtered by matching. Per area, the values that lost
        // places in it since it was last at a fixed point.
        let words = self.areas.len().div_ceil(64);
        let Work {
            queued,
            to_match,
            moved,
            changed,
        } = work;
        let zeros = |v: &mut Vec<u64>, len: usize| {
            v.clear();
            v.resize(len, 0);
        };
        zeros(queued, words);
        zeros(to_match, if self.matching { words } else { 0 });
        zeros(moved, self.areas.len());
        match cells {
            None => {
                (0..self.areas.len()).for_each(|a| queued[a / 64] |= 1 << (a % 64));
                if self.matching {
                    to_match.clone_from(queued);
                }
                moved.fill(all);
            }
            Some(cells) => {
                (cells.iter()).for_each(|&cell| self.mark(cell, all, None, queued, to_match, moved))
            }
        }
        loop {
            changed.clear();
            // After singles and overlaps, the area itself is at its fixed point.
            let (i, ok, settled) = if let Some(i) = pop(queued) {
                let moved = std::mem::take(&mut moved[i]);
                let ok = self.narrow_area(domains, i, values, moved, changed);
                (i, ok, Some(i))
            } else if let Some(i) = pop(to_match) {
                (i, self.filter_area(domains, i, changed), None)
            } else {
                return true;
            };
            if !ok {
                for &cell in &self.areas[i] {
                    domains.restrict_at(cell, 0);
                }
                return false;
            }
            for &(cell, lost) in changed.iter() {
                self.mark(cell, lost, settled, queued, to_match, moved);
                touched.push(cell);
            }
        }
    }

    /// Singles and overlaps on area `i`, where the values in `moved` lost places since it was
    /// last at a fixed point: only those can be newly confined to an overlap. The cells that
    /// lose candidates are added to `changed` with what they lost. The area is left at its
    /// own fixed point: the singles run until they find nothing, and the overlaps change
    /// only cells of other areas.
    fn narrow_area(
        &self,
        domains: &mut Domains,
        i: usize,
        values: usize,
        mut moved: u64,
        changed: &mut Vec<(usize, u64)>,
    ) -> bool {
        let mut from = changed.len();
        loop {
            if !singles(domains, &self.areas[i], values, changed) {
                return false;
            }
            if changed.len() == from {
                break;
            }
            moved |= changed[from..].iter().fold(0, |acc, &(_, lost)| acc | lost);
            from = changed.len();
        }
        self.families[i]
            .iter()
            .all(|family| family.confine(domains, moved, changed))
    }

    /// [`matching::filter`] on area `i`; the cells that lose candidates are added to `changed`.
    fn filter_area(
        &self,
        domains: &mut Domains,
        i: usize,
        changed: &mut Vec<(usize, u64)>,
    ) -> bool {
        if self.areas[i].len() > domains.values().len() {
            // More cells than values (a large sum cage): no distinct values for them all.
            return false;
        }
        // Decided cells hold their values, which the singles (at a fixed point whenever
        // matching runs) have already taken from the open cells: only those are matched.
        let mut open = [0usize; 64];
        let mut sets = [0u64; 64];
        let mut n = 0;
        for &cell in &self.areas[i] {
            let set = domains.at(cell);
            if set & set.wrapping_sub(1) != 0 {
                (open[n], sets[n]) = (cell, set);
                n += 1;
            }
        }
        let mut lost = Vec::new();
        if !matching::filter(&mut sets[..n], &mut lost) {
            return false;
        }
        for &at in &lost {
            changed.push((open[at], domains.at(open[at]) & !sets[at]));
            domains.restrict_at(open[at], sets[at]);
        }
        true
    }

    /// Queues the areas of a cell that lost the values `lost` (for matching too, when its
    /// queue is kept), and notes the loss in each of them; the `settled` area (at its fixed
    /// point for singles and overlaps) only for matching.
    fn mark(
        &self,
        cell: usize,
        lost: u64,
        settled: Option<usize>,
        queued: &mut [u64],
        to_match: &mut [u64],
        moved: &mut [u64],
    ) {
        for &a in &self.areas_of[cell] {
            if let Some(word) = to_match.get_mut(a / 64) {
                *word |= 1 << (a % 64);
            }
            if settled != Some(a) {
                queued[a / 64] |= 1 << (a % 64);
                moved[a] |= lost;
            }
        }
    }
}

/// Per cell of a grid of `cells` cells (row-major), the areas holding it.
fn areas_holding(areas: &[Vec<usize>], cells: usize) -> Vec<Vec<usize>> {
    let mut areas_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (i, area) in areas.iter().enumerate() {
        for &cell in area {
            areas_of[cell].push(i);
        }
    }
    areas_of
}

/// The lowest area in a queue, taken out of it.
fn pop(queued: &mut [u64]) -> Option<usize> {
    let word = queued.iter().position(|&w| w != 0)?;
    let i = word * 64 + queued[word].trailing_zeros() as usize;
    queued[word] &= queued[word] - 1;
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{boxes, columns, rows, AreaName};

    /// A 4x4 grid's rows, columns and 2x2 boxes.
    fn sudoku_4x4() -> AllDifferent {
        AllDifferent::new(
            &[rows(4, 4), columns(4, 4), boxes(4, 2, 2)].concat(),
            4,
            4,
            4,
        )
    }

    #[test]
    fn a_value_confined_to_a_box_row_leaves_the_rest_of_the_row() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        // In the top-left box, value 1 (bit 0) can only be in the top row (index 0).
        domains.restrict(1, 0, !1);
        domains.restrict(1, 1, !1);
        assert!(sudoku_4x4().propagate(&mut domains));
        assert_eq!(domains.get(0, 2) & 1, 0);
        assert_eq!(domains.get(0, 3) & 1, 0);
        assert_eq!(domains.get(2, 0) & 1, 1, "other rows keep the value");
    }

    #[test]
    fn a_value_with_one_place_in_a_row_goes_there() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        for c in 1..4 {
            domains.restrict(0, c, !0b1000);
        }
        assert!(sudoku_4x4().propagate(&mut domains));
        assert_eq!(domains.get(0, 0), 0b1000);
    }

    #[test]
    fn with_matching_two_cells_holding_two_values_keep_them_from_the_rest_of_the_row() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        domains.set(0, 0, 0b0011);
        domains.set(0, 1, 0b0011);
        let mut without = domains.clone();
        assert!(sudoku_4x4().propagate(&mut without));
        assert_eq!(
            without.get(0, 2),
            0b1111,
            "singles and overlaps miss the pair"
        );
        assert!(sudoku_4x4().with_matching().propagate(&mut domains));
        assert_eq!((domains.get(0, 2), domains.get(0, 3)), (0b1100, 0b1100));
    }

    #[test]
    fn with_matching_narrowing_from_a_changed_cell_reaches_the_fixed_point_of_narrowing_all() {
        let rules = sudoku_4x4().with_matching();
        let mut start = Domains::full(4, 4, vec![1, 2, 3, 4]);
        start.set(0, 0, 0b0001);
        start.set(1, 2, 0b0010);
        assert!(rules.propagate(&mut start));
        for cell in 0..16 {
            for k in (0..4).filter(|k| start.at(cell) >> k & 1 == 1) {
                let (mut from_cell, mut everything) = (start.clone(), start.clone());
                from_cell.restrict_at(cell, 1 << k);
                everything.restrict_at(cell, 1 << k);
                let a = rules.propagate_from(&mut from_cell, Some(&[cell]), &mut Vec::new());
                let b = rules.propagate(&mut everything);
                assert_eq!(a, b, "cell {cell} = value {k}");
                if a {
                    assert_eq!(from_cell, everything, "cell {cell} = value {k}");
                }
            }
        }
    }

    #[test]
    fn with_matching_an_area_with_more_cells_than_values_has_no_solution() {
        // A sum cage of 65 cells in a grid of 64 values.
        let mut domains = Domains::full(1, 65, (1..=64).collect());
        let cage = Area {
            name: AreaName::Region("cage".into()),
            cells: (0..65).map(|c| (0, c)).collect(),
        };
        let rules = AllDifferent::new(&[cage], 1, 65, 64).with_matching();
        assert!(!rules.propagate(&mut domains));
    }

    #[test]
    fn a_repeated_decided_value_is_a_contradiction() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        domains.set(0, 0, 0b10);
        domains.set(3, 0, 0b10);
        assert!(!sudoku_4x4().propagate(&mut domains));
        // Boxes go first: the top-left box confines its 2 to column 1, which empties r4c1, and
        // the box whose rule failed is left empty, for the split to count.
        let top_left = [(0, 0), (0, 1), (1, 0), (1, 1)];
        assert!(top_left.iter().all(|&(r, c)| domains.get(r, c) == 0));
        assert_ne!(domains.get(3, 1), 0, "only the failing area is emptied");
    }
}
