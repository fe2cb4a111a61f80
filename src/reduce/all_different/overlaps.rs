//! The overlaps of all-different areas (a box and a row sharing cells), worked out once and
//! grouped in families, and the confinement of a value to one overlap of an area.

use std::collections::BTreeMap;

use crate::domains::Domains;

/// Two areas sharing at least two cells, seen from one of them: when a value's places in that
/// area all lie in the shared cells, the value leaves the other area's remaining cells.
#[derive(Debug, Clone)]
struct Overlap {
    shared: Vec<usize>,
    rest_of_other: Vec<usize>,
}

/// Overlaps of one area whose shared cells do not meet (a box's rows, say), with the area's
/// cells outside all of them: a value is confined to one overlap when it has places there
/// and nowhere else, so one union per overlap decides them all.
#[derive(Debug, Clone)]
pub(super) struct Family {
    overlaps: Vec<Overlap>,
    rest: Vec<usize>,
}

/// Per area, its overlaps with the areas it shares two or more cells with, in families; only
/// an area with a cell per value (`values`) has them. `areas_of`: per cell, the areas holding it.
pub(super) fn families(
    areas: &[Vec<usize>],
    areas_of: &[Vec<usize>],
    values: usize,
) -> Vec<Vec<Family>> {
    let mut families: Vec<Vec<Family>> = vec![Vec::new(); areas.len()];
    for (i, area) in areas.iter().enumerate() {
        if area.len() != values {
            continue;
        }
        let mut shared_with: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &cell in area {
            for &j in areas_of[cell].iter().filter(|&&j| j != i) {
                shared_with.entry(j).or_default().push(cell);
            }
        }
        for (j, shared) in shared_with {
            if shared.len() < 2 {
                continue;
            }
            let overlap = Overlap {
                rest_of_other: (areas[j].iter())
                    .filter(|c| !shared.contains(c))
                    .copied()
                    .collect(),
                shared,
            };
            let meets = |family: &Family| {
                (family.overlaps.iter())
                    .any(|o| o.shared.iter().any(|c| overlap.shared.contains(c)))
            };
            match families[i].iter_mut().find(|family| !meets(family)) {
                Some(family) => family.overlaps.push(overlap),
                None => families[i].push(Family {
                    overlaps: vec![overlap],
                    rest: Vec::new(),
                }),
            }
        }
        for family in &mut families[i] {
            let covered = |c: &usize| family.overlaps.iter().any(|o| o.shared.contains(c));
            family.rest = area.iter().filter(|c| !covered(c)).copied().collect();
        }
    }
    families
}

impl Family {
    /// The values of `moved` confined to one overlap of the family leave the rest of the
    /// other area; the cells that lose candidates are added to `changed` with what they lost.
    /// `false` when a cell runs out of candidates.
    pub(super) fn confine(
        &self,
        domains: &mut Domains,
        moved: u64,
        changed: &mut Vec<(usize, u64)>,
    ) -> bool {
        let union = |domains: &Domains, cells: &[usize]| {
            cells.iter().fold(0, |acc, &i| acc | domains.at(i))
        };
        // Per overlap, the union of its cells; then the values in just one of the
        // overlaps and the rest of the area.
        let (mut once, mut twice) = (union(domains, &self.rest), 0u64);
        for overlap in &self.overlaps {
            let u = union(domains, &overlap.shared);
            twice |= once & u;
            once |= u;
        }
        let alone = once & !twice & moved;
        if alone == 0 {
            return true;
        }
        for overlap in &self.overlaps {
            // Its cells are the area's, which the loop below leaves as they are.
            let confined = union(domains, &overlap.shared) & alone;
            if confined == 0 {
                continue;
            }
            for &cell in &overlap.rest_of_other {
                let lost = domains.at(cell) & confined;
                if lost != 0 {
                    domains.restrict_at(cell, !confined);
                    if domains.at(cell) == 0 {
                        return false;
                    }
                    changed.push((cell, lost));
                }
            }
        }
        true
    }
}

/// The areas (with their families) in the order propagation takes them, lowest first: those
/// that overlap the most others first (boxes before lines), so that their confinements reach
/// the lines before those are looked at; otherwise in their order. On Royle's 17-clue
/// puzzles with uniqueness, 11% fewer instructions than in the input's order.
pub(super) fn overlapping_first(
    mut areas: Vec<Vec<usize>>,
    mut families: Vec<Vec<Family>>,
) -> (Vec<Vec<usize>>, Vec<Vec<Family>>) {
    let overlaps = |fs: &[Family]| fs.iter().map(|f| f.overlaps.len()).sum::<usize>();
    let mut order: Vec<usize> = (0..areas.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(overlaps(&families[i])));
    (order.iter())
        .map(|&i| {
            (
                std::mem::take(&mut areas[i]),
                std::mem::take(&mut families[i]),
            )
        })
        .unzip()
}
