//! Complete filtering of one all-different area (Régin's method): a value stays in a cell
//! only when some assignment of distinct values to the whole area gives it that value.

/// Removes from the cells of an area (candidate sets `sets`, at most 64 cells) every value
/// no all-different assignment of the area gives them. `false` when there is no such
/// assignment. The cells that lost candidates are added to `changed` as positions in `sets`.
pub fn filter(sets: &mut [u64], changed: &mut Vec<usize>) -> bool {
    let mut cell_of = [u8::MAX; 64];
    let mut value_of = [0u8; 64];
    let mut matched = 0u64;
    for i in 0..sets.len() {
        let direct = sets[i] & !matched;
        if direct != 0 {
            let v = direct.trailing_zeros() as u8;
            (cell_of[v as usize], value_of[i]) = (i as u8, v);
            matched |= 1 << v;
        } else if augment(i, sets, &mut cell_of, &mut value_of, &mut 0) {
            // The path ended on a value no cell had taken.
            matched = value_of[..=i].iter().fold(0, |acc, &v| acc | 1 << v);
        } else {
            return false;
        }
    }
    // The graph on values: an edge v -> u when the cell matched to u could take v instead.
    // A cell may take v when v is reachable from a value no cell takes (an alternating path),
    // or when its own value u is reachable from v and back (an alternating cycle).
    let (mut reach, mut back) = ([0u64; 64], [0u64; 64]);
    for (i, &set) in sets.iter().enumerate() {
        let u = value_of[i];
        let mut others = set & !(1 << u);
        back[u as usize] = others;
        while others != 0 {
            reach[others.trailing_zeros() as usize] |= 1 << u;
            others &= others - 1;
        }
    }
    let used = sets.iter().fold(0, |acc, &s| acc | s);
    // The common case first, in linear time: every value reachable from the free ones, or
    // with none free, one strongly connected graph. Then every candidate stays.
    let free = used & !matched;
    let lowest = used & used.wrapping_neg();
    let keeps_all = if free != 0 {
        reachable(&reach, free) == used
    } else {
        reachable(&reach, lowest) == used && reachable(&back, lowest) == used
    };
    if keeps_all {
        return true;
    }
    let mut through = used;
    while through != 0 {
        let k = through.trailing_zeros() as usize;
        through &= through - 1;
        let via = reach[k];
        let mut from = used;
        while from != 0 {
            let r = &mut reach[from.trailing_zeros() as usize];
            from &= from - 1;
            if *r >> k & 1 == 1 {
                *r |= via;
            }
        }
    }
    let mut from_free = free;
    let mut f = free;
    while f != 0 {
        from_free |= reach[f.trailing_zeros() as usize];
        f &= f - 1;
    }
    for (i, set) in sets.iter_mut().enumerate() {
        let u = value_of[i] as usize;
        let keep = 1 << u | from_free | reach[u];
        if *set & !keep != 0 {
            *set &= keep;
            changed.push(i);
        }
    }
    true
}

/// The values reachable from `from` (included) along `edges` (per value, its successors).
fn reachable(edges: &[u64; 64], from: u64) -> u64 {
    let (mut seen, mut open) = (from, from);
    while open != 0 {
        let v = open.trailing_zeros() as usize;
        open &= open - 1;
        let new = edges[v] & !seen;
        seen |= new;
        open |= new;
    }
    seen
}

/// Finds cell `i` a value, moving other cells to other values along an alternating path;
/// `visited` holds the values already tried on this path.
fn augment(
    i: usize,
    sets: &[u64],
    cell_of: &mut [u8; 64],
    value_of: &mut [u8],
    visited: &mut u64,
) -> bool {
    loop {
        let open = sets[i] & !*visited;
        if open == 0 {
            return false;
        }
        let v = open.trailing_zeros() as usize;
        *visited |= 1 << v;
        let holder = cell_of[v];
        if holder == u8::MAX || augment(holder as usize, sets, cell_of, value_of, visited) {
            (cell_of[v], value_of[i]) = (i as u8, v as u8);
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values each cell takes in some assignment of distinct values, by enumeration;
    /// `None` when there is no such assignment.
    fn supported(sets: &[u64]) -> Option<Vec<u64>> {
        fn extend(sets: &[u64], at: usize, used: u64, chosen: &mut Vec<u32>, kept: &mut [u64]) {
            if at == sets.len() {
                for (keep, &v) in kept.iter_mut().zip(chosen.iter()) {
                    *keep |= 1 << v;
                }
                return;
            }
            for v in (0..64).filter(|&v| sets[at] >> v & 1 == 1 && used >> v & 1 == 0) {
                chosen.push(v);
                extend(sets, at + 1, used | 1 << v, chosen, kept);
                chosen.pop();
            }
        }
        let mut kept = vec![0; sets.len()];
        extend(sets, 0, 0, &mut Vec::new(), &mut kept);
        kept.iter().all(|&k| k != 0).then_some(kept)
    }

    #[test]
    fn two_cells_holding_two_values_between_them_keep_them_from_a_third() {
        let mut sets = [0b011, 0b111, 0b011];
        let mut changed = Vec::new();
        assert!(filter(&mut sets, &mut changed));
        assert_eq!(sets, [0b011, 0b100, 0b011]);
        assert_eq!(changed, [1]);
    }

    #[test]
    fn three_cells_sharing_two_values_have_no_assignment() {
        assert!(!filter(&mut [0b011, 0b011, 0b011], &mut Vec::new()));
    }

    #[test]
    fn filtering_keeps_exactly_the_values_some_assignment_uses() {
        // Small random areas, with more values than cells as well as as many.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..5000 {
            let cells = 1 + random() as usize % 6;
            let values = cells + random() as usize % 3;
            let all = (1u64 << values) - 1;
            let sets: Vec<u64> = (0..cells).map(|_| random() & random() & all).collect();
            let mut filtered = sets.clone();
            let mut changed = Vec::new();
            let feasible = filter(&mut filtered, &mut changed);
            match supported(&sets) {
                None => assert!(!feasible, "{sets:?} has no assignment"),
                Some(kept) => {
                    assert!(feasible, "{sets:?} has an assignment");
                    assert_eq!(filtered, kept, "{sets:?}");
                    let lost: Vec<usize> = (0..cells).filter(|&i| kept[i] != sets[i]).collect();
                    assert_eq!(changed, lost, "{sets:?}");
                }
            }
        }
    }
}
