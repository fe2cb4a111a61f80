//! Exact reductions on all-different areas: singles, hidden singles and the confinement of a
//! value to the overlap of two areas (box/line interactions), repeated to a fixed point.

use std::collections::{BTreeMap, HashMap};

use crate::domains::Domains;
use crate::geometry::Area;
use crate::grid::Cell;

/// Two areas sharing at least two cells, seen from `area`: when a value's places in `area`
/// all lie in the shared cells, the value leaves the other area's remaining cells.
#[derive(Debug, Clone)]
struct Overlap {
    shared: Vec<Cell>,
    rest_of_area: Vec<Cell>,
    rest_of_other: Vec<Cell>,
}

/// All-different areas with their overlaps worked out once.
#[derive(Debug, Clone)]
pub struct AllDifferent {
    areas: Vec<Vec<Cell>>,
    overlaps: Vec<Overlap>,
}

impl AllDifferent {
    /// The areas of a grid whose values range over `values` candidates per cell.
    pub fn new(areas: &[Area], values: usize) -> Self {
        let areas: Vec<Vec<Cell>> = areas.iter().map(|a| a.cells.clone()).collect();
        let mut areas_of: HashMap<Cell, Vec<usize>> = HashMap::new();
        for (i, area) in areas.iter().enumerate() {
            for &cell in area {
                areas_of.entry(cell).or_default().push(i);
            }
        }
        let mut overlaps = Vec::new();
        for (i, area) in areas.iter().enumerate() {
            if area.len() != values {
                continue;
            }
            let mut shared_with: BTreeMap<usize, Vec<Cell>> = BTreeMap::new();
            for &cell in area {
                for &j in areas_of[&cell].iter().filter(|&&j| j != i) {
                    shared_with.entry(j).or_default().push(cell);
                }
            }
            for (j, shared) in shared_with {
                if shared.len() < 2 {
                    continue;
                }
                let outside =
                    |a: &[Cell]| a.iter().filter(|c| !shared.contains(c)).copied().collect();
                overlaps.push(Overlap {
                    rest_of_area: outside(area),
                    rest_of_other: outside(&areas[j]),
                    shared,
                });
            }
        }
        AllDifferent { areas, overlaps }
    }

    /// Removes the candidates the areas rule out, to a fixed point. Returns `false` when some
    /// cell runs out of candidates, or some value out of places in an area with a cell per value.
    pub fn propagate(&self, domains: &mut Domains) -> bool {
        let values = domains.values().len();
        loop {
            let mut changed = false;
            for area in &self.areas {
                match singles(domains, area, values) {
                    None => return false,
                    Some(c) => changed |= c,
                }
            }
            for overlap in &self.overlaps {
                let union =
                    |cells: &[Cell]| cells.iter().fold(0, |acc, &(r, c)| acc | domains.get(r, c));
                let confined = union(&overlap.shared) & !union(&overlap.rest_of_area);
                if confined == 0 {
                    continue;
                }
                for &(r, c) in &overlap.rest_of_other {
                    changed |= domains.restrict(r, c, !confined);
                    if domains.get(r, c) == 0 {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// One pass over one area: a decided cell's value leaves the other cells, and when the area
/// has a cell per value, a value with one place left goes there. `None` on a contradiction,
/// else whether anything was removed.
fn singles(domains: &mut Domains, area: &[Cell], values: usize) -> Option<bool> {
    let (mut decided, mut once, mut twice) = (0u64, 0u64, 0u64);
    for &(r, c) in area {
        let set = domains.get(r, c);
        if set.count_ones() == 1 {
            if decided & set != 0 {
                return None;
            }
            decided |= set;
        }
        twice |= once & set;
        once |= set;
    }
    let covers_values = area.len() == values;
    if covers_values && once.count_ones() as usize != values {
        return None;
    }
    let only_here = if covers_values {
        once & !twice & !decided
    } else {
        0
    };
    let mut changed = false;
    for &(r, c) in area {
        let set = domains.get(r, c);
        if set.count_ones() < 2 {
            continue;
        }
        let mut keep = !decided;
        let hidden = set & only_here;
        match hidden.count_ones() {
            0 => {}
            1 => keep &= hidden,
            _ => return None,
        }
        changed |= domains.restrict(r, c, keep);
        if domains.get(r, c) == 0 {
            return None;
        }
    }
    Some(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{boxes, columns, rows};

    /// A 4x4 grid's rows, columns and 2x2 boxes.
    fn sudoku_4x4() -> AllDifferent {
        AllDifferent::new(&[rows(4, 4), columns(4, 4), boxes(4, 2, 2)].concat(), 4)
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
    fn a_repeated_decided_value_is_a_contradiction() {
        let mut domains = Domains::full(4, 4, vec![1, 2, 3, 4]);
        domains.set(0, 0, 0b10);
        domains.set(3, 0, 0b10);
        assert!(!sudoku_4x4().propagate(&mut domains));
    }
}
