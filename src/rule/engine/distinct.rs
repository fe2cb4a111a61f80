//! Which cells a puzzle keeps different: two cells are apart when they share one of its
//! all-different areas (rows, columns, boxes, regions, extra areas). Sum rules use it to
//! bound a sum over cells that cannot repeat a value.

use std::sync::Arc;

use super::Rule;
use crate::geometry::Area;
use crate::grid::Cell;

/// Per cell (row-major), the all-different areas it is in.
#[derive(Debug, Default)]
pub struct Distinct {
    cols: usize,
    areas_of: Vec<Vec<u32>>,
}

impl Distinct {
    /// The all-different areas of `rules` on a grid of `rows` x `cols`.
    pub fn of(rules: &[Arc<dyn Rule>], rows: usize, cols: usize) -> Self {
        let areas = rules.iter().filter_map(|rule| rule.all_different_areas());
        Self::from_areas(areas.flat_map(|areas| areas.iter()), rows, cols)
    }

    /// `areas`, each all-different, on a grid of `rows` x `cols`.
    pub fn from_areas<'a>(areas: impl Iterator<Item = &'a Area>, rows: usize, cols: usize) -> Self {
        let mut areas_of = vec![Vec::new(); rows * cols];
        for (id, area) in areas.enumerate() {
            for &(r, c) in &area.cells {
                if r < rows && c < cols {
                    areas_of[r * cols + c].push(id as u32);
                }
            }
        }
        Distinct { cols, areas_of }
    }

    /// The all-different areas (ids) `cell` is in; none off the grid.
    pub fn areas_of(&self, (r, c): Cell) -> &[u32] {
        match c < self.cols {
            true => self
                .areas_of
                .get(r * self.cols + c)
                .map_or(&[], Vec::as_slice),
            false => &[],
        }
    }

    /// Whether two different cells share an all-different area.
    pub fn apart(&self, (ar, ac): Cell, (br, bc): Cell) -> bool {
        let at = |r: usize, c: usize| match c < self.cols {
            true => self.areas_of.get(r * self.cols + c),
            false => None,
        };
        match (at(ar, ac), at(br, bc)) {
            (Some(a), Some(b)) => (ar, ac) != (br, bc) && a.iter().any(|id| b.contains(id)),
            _ => false,
        }
    }
}

/// The least and greatest sum of distinct values, one from each of `sets` (candidate bits
/// over `values`) and none of `taken`, as their union allows: its smallest and its largest
/// values, as many as there are sets; `None` when it holds fewer.
pub fn union_bounds(
    values: &[i64],
    sets: impl Iterator<Item = u64>,
    taken: u64,
) -> Option<(i64, i64)> {
    let (union, k) = sets.fold((0u64, 0), |(m, k), set| (m | set, k + 1));
    let union = union & !taken;
    let (mut held, mut n) = ([0i64; 64], 0);
    for (bit, &v) in values.iter().enumerate().take(64) {
        if union >> bit & 1 == 1 {
            (held[n], n) = (v, n + 1);
        }
    }
    if n < k {
        return None;
    }
    let held = &mut held[..n];
    held.sort_unstable();
    Some((held[..k].iter().sum(), held[n - k..].iter().sum()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{boxes, columns, rows};

    #[test]
    fn cells_are_apart_when_they_share_an_area_and_are_not_the_same() {
        let areas = [rows(4, 4), columns(4, 4), boxes(4, 2, 2)].concat();
        let distinct = Distinct::from_areas(areas.iter(), 4, 4);
        assert!(distinct.apart((0, 0), (0, 3)), "a row");
        assert!(distinct.apart((0, 0), (3, 0)), "a column");
        assert!(distinct.apart((0, 0), (1, 1)), "a box");
        assert!(!distinct.apart((0, 0), (2, 2)), "nothing shared");
        assert!(!distinct.apart((1, 1), (1, 1)), "one cell");
        assert!(!distinct.apart((0, 0), (0, 5)), "off the grid");
    }
}
