//! The diagonals a little killer's clue may sum, as ISS lists them: down and right from the
//! left side, up and left from the right side, down and left from the top, up and right from
//! the bottom; each diagonal of two cells or more once, by its first listing, named by its
//! first cell.

use crate::grid::Cell;

/// ISS's diagonals in order: the cells from the first, and the step along them.
pub(super) fn diagonals(n: usize) -> Vec<(Vec<Cell>, (i64, i64))> {
    let n = n as i64;
    let starts = ((0..n - 1).map(|r| (r, 0, 1, 1)))
        .chain((1..n - 1).map(|r| (r, n - 1, -1, -1)))
        .chain((1..n).map(|c| (0, c, 1, -1)))
        .chain((1..n - 1).map(|c| (n - 1, c, -1, 1)));
    let mut listed: Vec<(Vec<Cell>, (i64, i64))> = Vec::new();
    let mut seen: Vec<Vec<Cell>> = Vec::new();
    for (r, c, dr, dc) in starts {
        let cells: Vec<Cell> = (0..n)
            .map(|k| (r + k * dr, c + k * dc))
            .take_while(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
            .map(|(r, c)| (r as usize, c as usize))
            .collect();
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if cells.len() <= 1 || seen.contains(&sorted) {
            continue;
        }
        seen.push(sorted);
        listed.push((cells, (dr, dc)));
    }
    listed
}
