//! Random Jigsaw regions: start from the rows and trade cells between neighbouring regions
//! many times, keeping every region connected and of `n` cells.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Trades per cell: enough that no row is left recognisable.
const TRADES_PER_CELL: usize = 40;

/// A region label (0..n) per cell of an `n` x `n` grid, row by row.
pub fn jigsaw(n: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut region: Vec<usize> = (0..n * n).map(|i| i / n).collect();
    for _ in 0..TRADES_PER_CELL * n * n {
        let a = rng.random_range(0..n * n);
        let beside: Vec<usize> = neighbours(a, n)
            .filter(|&b| region[b] != region[a])
            .collect();
        if beside.is_empty() {
            continue;
        }
        let b = beside[rng.random_range(0..beside.len())];
        // `a` goes to b's region and some cell of b's region beside a's goes the other way.
        let (ra, rb) = (region[a], region[b]);
        let back: Vec<usize> = (0..n * n)
            .filter(|&c| {
                c != b && region[c] == rb && neighbours(c, n).any(|d| d != a && region[d] == ra)
            })
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.random_range(0..back.len())];
        region[a] = rb;
        region[c] = ra;
        if !connected(&region, ra, n) || !connected(&region, rb, n) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    region
}

/// The cells beside cell `i` of an `n` x `n` grid.
fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    let steps = [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ];
    steps
        .into_iter()
        .filter(move |&(r, c)| r < n && c < n)
        .map(move |(r, c)| r * n + c)
}

/// Whether the cells labelled `label` form one connected piece.
fn connected(region: &[usize], label: usize, n: usize) -> bool {
    let Some(start) = region.iter().position(|&l| l == label) else {
        return true;
    };
    let mut seen = vec![false; region.len()];
    seen[start] = true;
    let mut stack = vec![start];
    let mut count = 1;
    while let Some(i) = stack.pop() {
        for j in neighbours(i, n) {
            if !seen[j] && region[j] == label {
                seen[j] = true;
                count += 1;
                stack.push(j);
            }
        }
    }
    count == region.iter().filter(|&&l| l == label).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn regions_are_connected_of_n_cells_and_not_the_rows() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let n = 9;
        let region = jigsaw(n, &mut rng);
        for label in 0..n {
            assert_eq!(region.iter().filter(|&&l| l == label).count(), n);
            assert!(connected(&region, label, n));
        }
        let rows: Vec<usize> = (0..n * n).map(|i| i / n).collect();
        assert_ne!(region, rows);
    }
}
