//! Random Latin squares, row by row: each row is a perfect matching of columns to the values
//! their columns still lack, found by augmenting paths tried in a random order. A Latin
//! rectangle always extends (Hall's theorem), so every row succeeds: no search, no budget.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::grid::Grid;

/// A random `n` x `n` Latin square of values 1..=n.
pub fn random_latin(n: usize, rng: &mut ChaCha8Rng) -> Grid {
    let mut grid = Grid::filled(n, n, 0);
    // Per column, the values (bit v-1) it still lacks.
    let mut lacking = vec![u64::MAX >> (64 - n); n];
    for r in 0..n {
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(rng);
        let mut values: Vec<usize> = (0..n).collect();
        values.shuffle(rng);
        // The column each value is matched to in this row.
        let mut column_of: Vec<Option<usize>> = vec![None; n];
        for &c in &order {
            let mut seen = vec![false; n];
            augment(c, &lacking, &values, &mut column_of, &mut seen);
        }
        for (v, c) in column_of.iter().enumerate() {
            let c = c.expect("a Latin rectangle extends by a row");
            grid.set(r, c, v as u32 + 1);
            lacking[c] &= !(1 << v);
        }
    }
    grid
}

/// Matches column `c` to a value it lacks, moving earlier matches along an augmenting path;
/// whether it found one.
fn augment(
    c: usize,
    lacking: &[u64],
    values: &[usize],
    column_of: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &v in values {
        if lacking[c] >> v & 1 == 0 || seen[v] {
            continue;
        }
        seen[v] = true;
        let free = match column_of[v] {
            None => true,
            Some(other) => augment(other, lacking, values, column_of, seen),
        };
        if free {
            column_of[v] = Some(c);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_row_and_column_holds_each_value_once_and_seeds_differ() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut seen = Vec::new();
        for n in [1, 2, 5, 6, 9, 16, 25] {
            for _ in 0..20 {
                let grid = random_latin(n, &mut rng);
                let full = (1..=n as u32).collect::<Vec<_>>();
                for i in 0..n {
                    let mut row: Vec<u32> = (0..n).map(|c| grid.get(i, c)).collect();
                    let mut col: Vec<u32> = (0..n).map(|r| grid.get(r, i)).collect();
                    row.sort_unstable();
                    col.sort_unstable();
                    assert_eq!((&row, &col), (&full, &full), "{grid:?}");
                }
                seen.push(grid);
            }
        }
        // Twenty draws of a 6x6 are not all one square.
        seen.dedup();
        assert!(seen.len() > 100);
    }
}
