//! The techniques a person uses, each a search for one step on the board: singles,
//! intersections, naked and hidden sets, fish and forcing chains. Each returns the first step
//! it finds, with the cells that justify it, or `None`.

use super::board::{values, Board};
use super::{Step, Technique};
use crate::geometry::{Area, AreaName};

/// Whether areas of this name count as blocks (Tatham's "blockwise" elimination).
fn block_like(name: &AreaName) -> bool {
    matches!(name, AreaName::Box(_) | AreaName::Region(_))
}

/// A value in area `a` with one place left: placed there. `blocks` picks boxes and regions,
/// else rows, columns and diagonals.
pub fn hidden_single(board: &Board, areas: &[Area], blocks: bool) -> Option<Step> {
    for (a, area) in areas.iter().enumerate() {
        if block_like(&area.name) != blocks || area.cells.len() != board.n() {
            continue;
        }
        // The smallest value with one open place, not yet placed in the area.
        let (once, twice, held) = board.tally(a);
        let single = once & !twice & !held;
        if single == 0 {
            continue;
        }
        let v = single.trailing_zeros() + 1;
        if let [i] = board.places_for(a, v)[..] {
            return Some(Step {
                technique: Technique::HiddenSingle { block: blocks },
                placed: vec![(board.cell(i), v)],
                area: Some(area.name.clone()),
                ..Step::default()
            });
        }
    }
    None
}

/// A cell with one candidate left.
pub fn naked_single(board: &Board) -> Option<Step> {
    let n = board.n();
    let i = (0..n * n).find(|&i| board.placed(i) == 0 && board.candidates(i).count_ones() == 1)?;
    let v = values(board.candidates(i)).next()?;
    Some(Step {
        technique: Technique::NakedSingle,
        placed: vec![(board.cell(i), v)],
        ..Step::default()
    })
}

/// A value whose places in one area all lie in a second area: it leaves the second area's
/// other cells (pointing and claiming).
pub fn intersection(board: &Board, areas: &[Area]) -> Option<Step> {
    for (a, area) in areas.iter().enumerate() {
        if area.cells.len() != board.n() {
            continue;
        }
        for v in 1..=board.n() as u32 {
            let places = board.places_for(a, v);
            let Some(&first) = places.first() else {
                continue;
            };
            for &b in board.areas_of(first) {
                let shared = places.iter().all(|&i| board.areas_of(i).contains(&b));
                if b == a || !shared {
                    continue;
                }
                let removed: Vec<usize> = (board.places_for(b, v).into_iter())
                    .filter(|i| !places.contains(i))
                    .collect();
                if !removed.is_empty() {
                    return Some(Step {
                        technique: Technique::Intersection,
                        removed: removed.iter().map(|&i| (board.cell(i), v)).collect(),
                        because: places.iter().map(|&i| board.cell(i)).collect(),
                        area: Some(area.name.clone()),
                        other_area: Some(areas[b].name.clone()),
                        values: vec![v],
                        ..Step::default()
                    });
                }
            }
        }
    }
    None
}

/// `k` open cells of an area whose candidates are `k` values between them: those values
/// leave the area's other cells.
pub fn naked_set(board: &Board, areas: &[Area], k: usize) -> Option<Step> {
    for (a, area) in areas.iter().enumerate() {
        let open: Vec<usize> = (board.areas[a].iter().copied())
            .filter(|&i| board.placed(i) == 0)
            .collect();
        let small: Vec<usize> = (open.iter().copied())
            .filter(|&i| (2..=k as u32).contains(&board.candidates(i).count_ones()))
            .collect();
        if open.len() <= k {
            continue;
        }
        for set in subsets(&small, k) {
            let union = set.iter().fold(0, |acc, &i| acc | board.candidates(i));
            if union.count_ones() as usize != k {
                continue;
            }
            let removed: Vec<_> = (open.iter().filter(|i| !set.contains(i)))
                .flat_map(|&i| values(board.candidates(i) & union).map(move |v| (i, v)))
                .map(|(i, v)| (board.cell(i), v))
                .collect();
            if !removed.is_empty() {
                return Some(Step {
                    technique: Technique::NakedSet(k),
                    removed,
                    because: set.iter().map(|&i| board.cell(i)).collect(),
                    area: Some(area.name.clone()),
                    values: values(union).collect(),
                    ..Step::default()
                });
            }
        }
    }
    None
}

/// `k` values of an area with `k` places between them: those cells lose their other
/// candidates.
pub fn hidden_set(board: &Board, areas: &[Area], k: usize) -> Option<Step> {
    for (a, area) in areas.iter().enumerate() {
        if area.cells.len() != board.n() {
            continue;
        }
        let open: Vec<usize> = (1..=board.n())
            .filter(|&v| {
                let count = board.places_for(a, v as u32).len();
                !board.holds(a, v as u32) && (2..=k).contains(&count)
            })
            .collect();
        for set in subsets(&open, k) {
            let mask = set.iter().fold(0u64, |acc, &v| acc | 1 << (v - 1));
            let mut cells: Vec<usize> = (set.iter())
                .flat_map(|&v| board.places_for(a, v as u32))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() != k {
                continue;
            }
            let removed: Vec<_> = (cells.iter())
                .flat_map(|&i| values(board.candidates(i) & !mask).map(move |v| (i, v)))
                .map(|(i, v)| (board.cell(i), v))
                .collect();
            if !removed.is_empty() {
                return Some(Step {
                    technique: Technique::HiddenSet(k),
                    removed,
                    because: cells.iter().map(|&i| board.cell(i)).collect(),
                    area: Some(area.name.clone()),
                    values: set.iter().map(|&v| v as u32).collect(),
                    ..Step::default()
                });
            }
        }
    }
    None
}

/// A value whose places in `k` rows lie in `k` columns (or the other way round): it leaves
/// those columns' other cells (X-wing, swordfish, jellyfish).
pub fn fish(board: &Board, k: usize) -> Option<Step> {
    let n = board.n();
    for v in 1..=n as u32 {
        for by_rows in [true, false] {
            // Per base line, the cover lines where v may go.
            let at = |line: usize, across: usize| match by_rows {
                true => line * n + across,
                false => across * n + line,
            };
            let may = |i: usize| board.placed(i) == 0 && board.candidates(i) >> (v - 1) & 1 == 1;
            let spots: Vec<u64> = (0..n)
                .map(|line| {
                    (0..n)
                        .filter(|&x| may(at(line, x)))
                        .fold(0, |s, x| s | 1 << x)
                })
                .collect();
            let lines: Vec<usize> = (0..n)
                .filter(|&l| (2..=k as u32).contains(&spots[l].count_ones()))
                .collect();
            for set in subsets(&lines, k) {
                let cover = set.iter().fold(0u64, |s, &l| s | spots[l]);
                if cover.count_ones() as usize != k {
                    continue;
                }
                let removed: Vec<_> = (0..n)
                    .filter(|line| !set.contains(line))
                    .flat_map(|line| (0..n).map(move |x| (line, x)))
                    .filter(|&(line, x)| cover >> x & 1 == 1 && may(at(line, x)))
                    .map(|(line, x)| (board.cell(at(line, x)), v))
                    .collect();
                if !removed.is_empty() {
                    let because = (set.iter())
                        .flat_map(|&line| (0..n).map(move |x| (line, x)))
                        .filter(|&(line, x)| cover >> x & 1 == 1 && may(at(line, x)))
                        .map(|(line, x)| board.cell(at(line, x)))
                        .collect();
                    let name = |l: usize| match by_rows {
                        true => AreaName::Row(l),
                        false => AreaName::Column(l),
                    };
                    return Some(Step {
                        technique: Technique::Fish(k),
                        removed,
                        because,
                        area: Some(name(set[0])),
                        other_area: set.last().map(|&l| name(l)),
                        values: vec![v],
                        ..Step::default()
                    });
                }
            }
        }
    }
    None
}

/// A chain of cells with two candidates each, every one seeing the next (Solo's forcing
/// chains): if the start does not hold `v`, the chain forces `v` into its end; so one of the
/// two holds `v`, and a cell seeing both cannot.
pub fn forcing_chain(board: &Board) -> Option<Step> {
    let n = board.n();
    let pair = |i: usize| board.placed(i) == 0 && board.candidates(i).count_ones() == 2;
    let sees = |x: usize, y: usize| {
        board
            .areas_of(x)
            .iter()
            .any(|a| board.areas_of(y).contains(a))
    };
    for start in (0..n * n).filter(|&i| pair(i)) {
        for v in values(board.candidates(start)) {
            // The start holds its other value; each cell reached holds the value its
            // predecessor's forces on it.
            let mut forced = vec![0u32; n * n];
            let mut from = vec![usize::MAX; n * n];
            forced[start] = values(board.candidates(start) & !(1 << (v - 1))).next()?;
            let mut queue = std::collections::VecDeque::from([start]);
            while let Some(x) = queue.pop_front() {
                let held = forced[x];
                let peers = board
                    .areas_of(x)
                    .iter()
                    .flat_map(|&a| board.areas[a].iter());
                for &y in peers {
                    if forced[y] == 0 && pair(y) && board.candidates(y) >> (held - 1) & 1 == 1 {
                        forced[y] = values(board.candidates(y) & !(1 << (held - 1))).next()?;
                        from[y] = x;
                        queue.push_back(y);
                    }
                }
            }
            for end in (0..n * n).filter(|&t| t != start && forced[t] == v) {
                let removed: Vec<_> = (0..n * n)
                    .filter(|&u| u != start && u != end && board.placed(u) == 0)
                    .filter(|&u| board.candidates(u) >> (v - 1) & 1 == 1)
                    .filter(|&u| sees(u, start) && sees(u, end))
                    .map(|u| (board.cell(u), v))
                    .collect();
                if !removed.is_empty() {
                    let mut chain = vec![end];
                    while let Some(&last) = chain.last().filter(|&&c| c != start) {
                        chain.push(from[last]);
                    }
                    chain.reverse();
                    return Some(Step {
                        technique: Technique::ForcingChain,
                        removed,
                        because: chain.iter().map(|&i| board.cell(i)).collect(),
                        values: vec![v],
                        ..Step::default()
                    });
                }
            }
        }
    }
    None
}

/// Every `k`-element subset of `items`, in order.
fn subsets<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if items.len() < k {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}
