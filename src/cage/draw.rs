//! Random cages drawn over a solved grid: connected groups of cells (KenKen's, with an
//! operator chosen among those allowed; sum cages, digits never repeating, with their sums).

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::cage::{Cage, Op};
use crate::grid::{Cell, Grid};

/// Cage sizes and their weights: mostly pairs and triples, as in Keen and Solo's sum cages.
const SIZES: [(usize, u32); 5] = [(1, 1), (2, 8), (3, 6), (4, 3), (5, 1)];

/// Cells of an `n` x `n` grid split into connected groups; `fits(group, cell)` says whether
/// a cell may join a group. Groups grow from cells in a random order towards a random size.
pub fn partition(
    n: usize,
    rng: &mut ChaCha8Rng,
    max_size: usize,
    fits: impl Fn(&[Cell], Cell) -> bool,
) -> Vec<Vec<Cell>> {
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut order: Vec<Cell> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    order.shuffle(rng);
    let total: u32 = SIZES.iter().filter(|s| s.0 <= max_size).map(|s| s.1).sum();
    let mut groups: Vec<Vec<Cell>> = Vec::new();
    for start in order {
        if owner[start.0 * n + start.1].is_some() {
            continue;
        }
        let mut pick = rng.random_range(0..total);
        let size = (SIZES.iter().filter(|s| s.0 <= max_size))
            .find(|s| {
                let hit = pick < s.1;
                pick = pick.saturating_sub(s.1);
                hit
            })
            .map_or(2, |s| s.0);
        let id = groups.len();
        owner[start.0 * n + start.1] = Some(id);
        let mut group = vec![start];
        while group.len() < size {
            let mut free: Vec<Cell> = (group.iter())
                .flat_map(|&cell| neighbours(cell, n))
                .filter(|&(r, c)| owner[r * n + c].is_none())
                .filter(|&cell| fits(&group, cell))
                .collect();
            free.sort_unstable();
            free.dedup();
            let Some(&next) = free.choose(rng) else {
                break;
            };
            owner[next.0 * n + next.1] = Some(id);
            group.push(next);
        }
        groups.push(group);
    }
    groups
}

/// The cells beside `(r, c)` on an `n` x `n` grid.
fn neighbours((r, c): Cell, n: usize) -> impl Iterator<Item = Cell> {
    let steps = [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ];
    steps.into_iter().filter(move |&(r, c)| r < n && c < n)
}

/// KenKen cages over `solution`: each group gets an operator from `ops` its values meet
/// (division preferred where it divides, as Keen does), `?` for all of them when `hidden`;
/// a group no allowed operator fits is split into single cells, which are givens.
pub fn kenken(solution: &Grid, ops: &[Op], hidden: bool, rng: &mut ChaCha8Rng) -> Vec<Cage> {
    let n = solution.rows();
    let multi = ops.iter().any(|op| matches!(op, Op::Add | Op::Mul));
    // Products of five cells of a big grid grow past what a person reads: four at most.
    let max_size = match (multi, ops.contains(&Op::Mul)) {
        (false, _) => 2,
        (true, true) if n > 9 => 4,
        _ => 5,
    };
    let mut cages = Vec::new();
    for group in partition(n, rng, max_size, |_, _| true) {
        let values: Vec<u64> = group
            .iter()
            .map(|&(r, c)| u64::from(solution.get(r, c)))
            .collect();
        match pick_op(&values, ops, rng) {
            Some((op, target)) => cages.push(Cage {
                op: if hidden { Op::Any } else { op },
                target,
                cells: group,
            }),
            None => cages.extend(group.iter().zip(&values).map(|(&cell, &v)| Cage {
                op: Op::Given,
                target: v,
                cells: vec![cell],
            })),
        }
    }
    cages.sort_by_key(|cage| cage.cells.iter().min().copied());
    cages
}

/// An allowed operator `values` meet, with its target.
fn pick_op(values: &[u64], ops: &[Op], rng: &mut ChaCha8Rng) -> Option<(Op, u64)> {
    if let [v] = values {
        return Some((Op::Given, *v));
    }
    let (lo, hi) = (*values.iter().min()?, *values.iter().max()?);
    let mut fitting: Vec<(Op, u64)> = Vec::new();
    for &op in ops {
        match (op, values.len()) {
            (Op::Add, _) => fitting.push((op, values.iter().sum())),
            (Op::Mul, _) => fitting.push((op, values.iter().product())),
            (Op::Sub, 2) => fitting.push((op, hi - lo)),
            (Op::Div, 2) if hi % lo == 0 => return Some((op, hi / lo)),
            _ => {}
        }
    }
    fitting.choose(rng).copied()
}

/// Sum cages over `solution`: groups whose digits differ, with their sums; a single cell
/// joins a neighbouring group where its digit fits.
pub fn sum_cages(solution: &Grid, rng: &mut ChaCha8Rng) -> Vec<(u64, Vec<Cell>)> {
    let n = solution.rows();
    let digit = |(r, c): Cell| solution.get(r, c);
    let fits = |group: &[Cell], cell: Cell| group.iter().all(|&g| digit(g) != digit(cell));
    let mut groups = partition(n, rng, 5, fits);
    let mut i = 0;
    while i < groups.len() {
        if groups[i].len() == 1 {
            let lone = groups[i][0];
            let host = (0..groups.len()).find(|&j| {
                j != i
                    && groups[j].len() < 6
                    && fits(&groups[j], lone)
                    && groups[j]
                        .iter()
                        .any(|&g| neighbours(g, n).any(|x| x == lone))
            });
            if let Some(j) = host {
                groups[j].push(lone);
                groups.remove(i);
                continue;
            }
        }
        i += 1;
    }
    let mut cages: Vec<(u64, Vec<Cell>)> = (groups.into_iter())
        .map(|mut cells| {
            cells.sort_unstable();
            (cells.iter().map(|&c| u64::from(digit(c))).sum(), cells)
        })
        .collect();
    cages.sort_by_key(|(_, cells)| cells[0]);
    cages
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn latin(n: usize) -> Grid {
        let rows = (0..n)
            .map(|r| (0..n).map(|c| ((r + c) % n + 1) as u32).collect())
            .collect();
        Grid::from_rows(rows).unwrap()
    }

    #[test]
    fn a_partition_covers_every_cell_once_with_connected_groups() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let groups = partition(9, &mut rng, 5, |_, _| true);
        let mut cells: Vec<Cell> = groups.concat();
        cells.sort_unstable();
        assert_eq!(cells.len(), 81);
        cells.dedup();
        assert_eq!(cells.len(), 81);
        for group in &groups {
            assert!((1..=5).contains(&group.len()));
            // Connected: a flood fill from the first cell reaches them all.
            let mut reached = vec![group[0]];
            let mut i = 0;
            while i < reached.len() {
                for next in neighbours(reached[i], 9) {
                    if group.contains(&next) && !reached.contains(&next) {
                        reached.push(next);
                    }
                }
                i += 1;
            }
            assert_eq!(reached.len(), group.len(), "{group:?}");
        }
    }

    #[test]
    fn kenken_cages_hold_on_the_solution_with_only_the_allowed_operators() {
        let solution = latin(6);
        for ops in [
            vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            vec![Op::Mul],
            vec![Op::Sub, Op::Div],
        ] {
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            for cage in kenken(&solution, &ops, false, &mut rng) {
                let values: Vec<u64> = (cage.cells.iter())
                    .map(|&(r, c)| u64::from(solution.get(r, c)))
                    .collect();
                assert!(cage.holds(&values), "{cage:?}");
                assert!(cage.op == Op::Given || ops.contains(&cage.op), "{cage:?}");
            }
        }
    }

    #[test]
    fn sum_cages_never_repeat_a_digit_and_sum_to_the_grid() {
        let solution = latin(9);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let cages = sum_cages(&solution, &mut rng);
        let total: u64 = cages.iter().map(|c| c.0).sum();
        assert_eq!(total, 9 * 45);
        for (sum, cells) in &cages {
            let mut digits: Vec<u32> = cells.iter().map(|&(r, c)| solution.get(r, c)).collect();
            assert_eq!(*sum, digits.iter().map(|&d| u64::from(d)).sum::<u64>());
            digits.sort_unstable();
            digits.dedup();
            assert_eq!(digits.len(), cells.len());
        }
    }
}
