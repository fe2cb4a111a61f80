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

/// KenKen cages over `solution`, drawn as Keen draws them: dominoes first (each cell pairs
/// with a lone neighbour three times in four), then lone cells join a neighbouring cage
/// (`lone_kept` percent of them stay alone, as givens, which makes easy puzzles likelier);
/// operators go round in turn (division, subtraction, multiplication, addition), each to a
/// cage it suits well where one is left (a pair's sum or product that leaves a single pair
/// of digits suits it badly; a difference of n-1 or a quotient above n/2 only when nothing
/// else fits). `?` hides every operator when `hidden`; a cage no allowed operator fits is
/// split into single cells, which are givens.
pub fn kenken(
    solution: &Grid,
    ops: &[Op],
    hidden: bool,
    lone_kept: u32,
    rng: &mut ChaCha8Rng,
) -> Vec<Cage> {
    let n = solution.rows();
    let multi = ops.iter().any(|op| matches!(op, Op::Add | Op::Mul));
    // Products of five cells of a big grid grow past what a person reads: four at most.
    let max_size = match (multi, ops.contains(&Op::Mul)) {
        (false, _) => 2,
        (true, true) if n > 9 => 4,
        _ => 5,
    };
    let groups = dominoes(n, max_size, lone_kept, rng);
    let values: Vec<Vec<u64>> = (groups.iter())
        .map(|g| {
            g.iter()
                .map(|&(r, c)| u64::from(solution.get(r, c)))
                .collect()
        })
        .collect();
    let chosen = deal_ops(&values, ops, n as u64, rng);
    let mut cages = Vec::new();
    for ((group, values), op) in groups.into_iter().zip(&values).zip(chosen) {
        match op {
            Some(op) => cages.push(Cage {
                op: if hidden { Op::Any } else { op },
                target: target(op, values),
                cells: group,
            }),
            None => cages.extend(group.iter().zip(values).map(|(&cell, &v)| Cage {
                op: Op::Given,
                target: v,
                cells: vec![cell],
            })),
        }
    }
    cages.sort_by_key(|cage| cage.cells.iter().min().copied());
    cages
}

/// Cells of an `n` x `n` grid in connected groups of at most `max_size`: dominoes placed at
/// random, then each lone cell (but `lone_kept` percent) joined to a neighbouring group with
/// room, the neighbour first in a random order.
fn dominoes(n: usize, max_size: usize, lone_kept: u32, rng: &mut ChaCha8Rng) -> Vec<Vec<Cell>> {
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut rank = vec![0; n * n];
    order.iter().enumerate().for_each(|(k, &i)| rank[i] = k);
    let mut group_of: Vec<usize> = (0..n * n).collect();
    let mut members: Vec<Vec<usize>> = (0..n * n).map(|i| vec![i]).collect();
    let beside = |i: usize| neighbours((i / n, i % n), n).map(move |(r, c)| r * n + c);
    for pairing in [true, false] {
        for i in 0..n * n {
            if members[group_of[i]].len() != 1 {
                continue;
            }
            let room = |j: &usize| match pairing {
                true => members[group_of[*j]].len() == 1,
                false => members[group_of[*j]].len() < max_size,
            };
            let Some(j) = beside(i).filter(room).min_by_key(|&j| rank[j]) else {
                continue;
            };
            let skipped = match pairing {
                true => rng.random_range(0..4) == 0,
                false => rng.random_range(0..100) < lone_kept,
            };
            if skipped {
                continue;
            }
            let (from, to) = (group_of[i], group_of[j]);
            let moved = std::mem::take(&mut members[from]);
            moved.iter().for_each(|&k| group_of[k] = to);
            members[to].extend(moved);
        }
    }
    (members.into_iter())
        .filter(|m| !m.is_empty())
        .map(|mut m| {
            m.sort_unstable();
            m.into_iter().map(|i| (i / n, i % n)).collect()
        })
        .collect()
}

/// An operator for each group of `values` among `ops` (`None` for a lone cell, or where no
/// allowed operator fits), dealt in turn as [`kenken`] says.
fn deal_ops(values: &[Vec<u64>], ops: &[Op], n: u64, rng: &mut ChaCha8Rng) -> Vec<Option<Op>> {
    const TURNS: [Op; 4] = [Op::Div, Op::Sub, Op::Mul, Op::Add];
    let mut open: Vec<[Vec<Op>; 3]> = values.iter().map(|v| suits(v, ops, n)).collect();
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.shuffle(rng);
    let mut chosen = vec![None; values.len()];
    let mut dealt = true;
    while dealt {
        dealt = false;
        for op in TURNS {
            let taker = |tier: usize| order.iter().copied().find(|&g| open[g][tier].contains(&op));
            if let Some(g) = taker(0).or_else(|| taker(1)) {
                chosen[g] = Some(op);
                open[g] = Default::default();
                dealt = true;
            }
        }
    }
    for (g, fits) in open.iter().enumerate() {
        if chosen[g].is_none() {
            chosen[g] = fits[2].choose(rng).copied();
        }
    }
    chosen
}

/// The allowed operators `values` (two cells or more) meet: those that suit them well, those
/// that suit them badly, and all that fit.
fn suits(values: &[u64], ops: &[Op], n: u64) -> [Vec<Op>; 3] {
    let mut tiers: [Vec<Op>; 3] = Default::default();
    let (lo, hi) = match values {
        [a, b] => (*a.min(b), *a.max(b)),
        [_, _, ..] => (0, 0),
        _ => return tiers,
    };
    for &op in ops {
        let tier = match (op, values.len()) {
            (Op::Add | Op::Mul, 3..) => 0,
            (Op::Add, _) if lo + hi > 4 && lo + hi < 2 * n - 2 => 0,
            (Op::Mul, _) if factor_pairs(lo * hi, n) > 2 => 0,
            (Op::Add | Op::Mul, _) => 1,
            (Op::Sub, 2) if hi - lo < n - 1 => 0,
            (Op::Sub, 2) => 2,
            (Op::Div, 2) if hi % lo == 0 && 2 * (hi / lo) <= n => 0,
            (Op::Div, 2) if hi % lo == 0 => 2,
            _ => continue,
        };
        tiers[tier].push(op);
    }
    tiers[2] = tiers.concat();
    tiers
}

/// How many ordered pairs of distinct digits 1..=n multiply to `product`.
fn factor_pairs(product: u64, n: u64) -> usize {
    (1..=n)
        .filter(|&k| product.is_multiple_of(k) && product / k <= n && product / k != k)
        .count()
}

/// The target `op` gives `values`.
fn target(op: Op, values: &[u64]) -> u64 {
    let (lo, hi) = (values.iter().min(), values.iter().max());
    match (op, lo, hi) {
        (Op::Mul, ..) => values.iter().product(),
        (Op::Sub, Some(lo), Some(hi)) => hi - lo,
        (Op::Div, Some(lo), Some(hi)) => hi / lo,
        _ => values.iter().sum(),
    }
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
            for cage in kenken(&solution, &ops, false, 50, &mut rng) {
                let values: Vec<u64> = (cage.cells.iter())
                    .map(|&(r, c)| u64::from(solution.get(r, c)))
                    .collect();
                assert!(cage.holds(&values), "{cage:?}");
                assert!(cage.op == Op::Given || ops.contains(&cage.op), "{cage:?}");
            }
        }
    }

    #[test]
    fn with_no_lone_cell_kept_a_single_cell_is_boxed_in_by_full_cages() {
        let solution = latin(6);
        let ops = [Op::Add, Op::Sub, Op::Mul, Op::Div];
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let cages = kenken(&solution, &ops, false, 0, &mut rng);
            let cage_of = |cell: Cell| cages.iter().find(|c| c.cells.contains(&cell)).unwrap();
            for cage in cages.iter().filter(|c| c.cells.len() == 1) {
                let full = neighbours(cage.cells[0], 6).all(|b| cage_of(b).cells.len() == 5);
                assert!(full, "seed {seed}: {cage:?} has a neighbour with room");
            }
            // Operators go round: this grid's neighbours (digits one apart) rarely divide,
            // but every other operator is dealt.
            for op in [Op::Add, Op::Sub, Op::Mul] {
                assert!(cages.iter().any(|c| c.op == op), "seed {seed}: no {op:?}");
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
