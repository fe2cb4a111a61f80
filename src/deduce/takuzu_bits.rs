//! Unruly's easy levels on bit sets: whether the techniques up to a level decide every
//! cell of a Takuzu. Each technique only places digits every solution has, and each stays
//! true as digits are added, so the step solver, which takes the easiest step first, solves
//! the puzzle without a harder one exactly when these techniques, applied in any order,
//! reach a full grid. The generator asks this on every removal; the steps are not kept.

/// One line's digits as bits, cell `i` at bit `i`.
#[derive(Clone, Copy, Default)]
struct Line {
    /// Cells holding 1.
    ones: u64,
    /// Cells holding 0.
    zeros: u64,
}

impl Line {
    fn of(&self, digit: u8) -> u64 {
        match digit {
            0 => self.zeros,
            _ => self.ones,
        }
    }
}

/// The grid as lines both ways: per row its columns, per column its rows.
struct Bits {
    rows: Vec<Line>,
    cols: Vec<Line>,
}

impl Bits {
    /// Places `digit` at (r, c); `false` when the cell holds the other digit.
    fn place(&mut self, r: usize, c: usize, digit: u8) -> bool {
        if self.rows[r].of(1 - digit) >> c & 1 == 1 {
            return false;
        }
        let (row, col) = (&mut self.rows[r], &mut self.cols[c]);
        match digit {
            0 => (row.zeros |= 1 << c, col.zeros |= 1 << r),
            _ => (row.ones |= 1 << c, col.ones |= 1 << r),
        };
        true
    }
}

/// Whether the techniques of Unruly's ladder up to level `cap` (0 trivial: no three in a
/// row, a line's last cell; 1 easy: also half a line of one digit, and distinct lines when
/// `distinct`; 2 normal: also a line one digit short of half) decide every cell of the
/// `rows` x `cols` grid with `givens` (row by row); then it has exactly one solution. `None`
/// for a higher level or a side past 64.
pub fn decide(
    rows: usize,
    cols: usize,
    givens: &[Option<u8>],
    distinct: bool,
    cap: usize,
) -> Option<bool> {
    if cap > 2 || rows > 64 || cols > 64 {
        return None;
    }
    let mut bits = Bits {
        rows: vec![Line::default(); rows],
        cols: vec![Line::default(); cols],
    };
    for (i, given) in givens.iter().enumerate() {
        if let Some(digit) = *given {
            if !bits.place(i / cols, i % cols, digit) {
                return Some(false);
            }
        }
    }
    loop {
        let mut moves = Vec::new();
        for (lines, across) in [(&bits.rows, false), (&bits.cols, true)] {
            let len = if across { rows } else { cols };
            for (index, line) in lines.iter().enumerate() {
                for (cells, digit) in line_moves(line, len, cap) {
                    moves.push((across, index, cells, digit));
                }
            }
            if distinct && cap >= 1 {
                for (index, cells, digit) in distinct_moves(lines, len) {
                    moves.push((across, index, cells, digit));
                }
            }
        }
        let mut placed = false;
        for (across, index, mut cells, digit) in moves {
            while cells != 0 {
                let i = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let (r, c) = if across { (i, index) } else { (index, i) };
                let open = |line: &Line| (line.ones | line.zeros) >> c & 1 == 0;
                if open(&bits.rows[r]) {
                    if !bits.place(r, c, digit) {
                        return Some(false);
                    }
                    placed = true;
                } else if bits.rows[r].of(digit) >> c & 1 == 0 {
                    // Two techniques disagree: the givens have no solution.
                    return Some(false);
                }
            }
        }
        if !placed {
            let full = |line: &Line| (line.ones | line.zeros).count_ones() as usize == cols;
            return Some(bits.rows.iter().all(full));
        }
    }
}

/// The cells of one line of `len` cells that the techniques up to `cap` fill, with the
/// digit each takes.
fn line_moves(line: &Line, len: usize, cap: usize) -> Vec<(u64, u8)> {
    let all = if len == 64 { u64::MAX } else { (1 << len) - 1 };
    let open = all & !(line.ones | line.zeros);
    let half = (len / 2) as u32;
    let mut moves = Vec::new();
    if open == 0 {
        return moves;
    }
    for digit in [0u8, 1] {
        let same = line.of(digit);
        // No three in a row: beside a pair, and between two, the other digit.
        let pair = same & (same >> 1);
        let gap = same & (same >> 2);
        let beside = (pair << 2) | (pair >> 1) | (gap << 1);
        let count = same.count_ones();
        // A line with half of `digit` (at trivial, only with one open cell left).
        let balanced = count == half && (cap >= 1 || open.count_ones() == 1);
        let mut other = beside & open;
        if balanced {
            other |= open;
        }
        if cap >= 2 && count + 1 == half && open.count_ones() >= 3 {
            other |= near_balance(line.of(1 - digit), open);
        }
        if other != 0 {
            moves.push((other, 1 - digit));
        }
    }
    moves
}

/// A line one digit short of half: the open cells where that digit would leave three of
/// the other in a row (its other open cells all taking the other), given the other digit's
/// cells `other` and the `open` ones.
fn near_balance(other: u64, open: u64) -> u64 {
    let mut found = 0;
    let mut cells = open;
    while cells != 0 {
        let cell = cells & cells.wrapping_neg();
        cells &= cells - 1;
        let filled = other | (open & !cell);
        if filled & (filled >> 1) & (filled >> 2) != 0 {
            found |= cell;
        }
    }
    found
}

/// Distinct lines: a line one `digit` short of half, whose cells of that digit all sit
/// where a line with half of it has them, takes the other digit where that line has its
/// last one. Per line of `lines`, the cell it fills and the digit.
fn distinct_moves(lines: &[Line], len: usize) -> Vec<(usize, u64, u8)> {
    let half = (len / 2) as u32;
    let mut moves = Vec::new();
    for digit in [0u8, 1] {
        for full in lines.iter().map(|l| l.of(digit)) {
            if full.count_ones() != half {
                continue;
            }
            for (index, line) in lines.iter().enumerate() {
                let mine = line.of(digit);
                let missing = full & !mine;
                let open = !(line.ones | line.zeros);
                if mine.count_ones() + 1 == half && missing.count_ones() == 1 && missing & open != 0
                {
                    moves.push((index, missing, 1 - digit));
                }
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadline::Deadline;
    use crate::grid::Grid;
    use crate::puzzle::takuzu::Takuzu;
    use crate::puzzle::Puzzle;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A random n x n Takuzu solution (no three in a row, half of each digit per line, and
    /// with `distinct` no two equal rows or columns), by backtracking cell by cell.
    fn random_solution(n: usize, distinct: bool, rng: &mut ChaCha8Rng) -> Vec<u8> {
        fn line_ok(line: &[u8], n: usize) -> bool {
            let three = line.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
            let count = |d| line.iter().filter(|&&x| x == d).count();
            !three && count(0) <= n / 2 && count(1) <= n / 2
        }
        fn fill(cells: &mut Vec<u8>, n: usize, distinct: bool, rng: &mut ChaCha8Rng) -> bool {
            let i = cells.len();
            if i == n * n {
                let col = |c: usize| (0..n).map(|r| cells[r * n + c]).collect::<Vec<_>>();
                let cols: Vec<_> = (0..n).map(col).collect();
                return !distinct || (1..n).all(|c| !cols[..c].contains(&cols[c]));
            }
            let (r, c) = (i / n, i % n);
            let mut digits = [0u8, 1];
            digits.shuffle(rng);
            for d in digits {
                cells.push(d);
                let row = &cells[r * n..];
                let col: Vec<u8> = (0..=r).map(|y| cells[y * n + c]).collect();
                let row_done = c == n - 1;
                let fresh_row = !distinct
                    || !row_done
                    || (0..r).all(|y| cells[y * n..(y + 1) * n] != cells[r * n..]);
                if line_ok(row, n) && line_ok(&col, n) && fresh_row && fill(cells, n, distinct, rng)
                {
                    return true;
                }
                cells.pop();
            }
            false
        }
        let mut cells = Vec::with_capacity(n * n);
        assert!(fill(&mut cells, n, distinct, rng));
        cells
    }

    #[test]
    fn the_easy_levels_decide_exactly_the_puzzles_the_step_solver_grades_at_or_below_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        // Per level, how often it held, and how often it did not.
        let mut seen = [[0; 2]; 3];
        for round in 0..24 {
            let (n, distinct) = ([6, 8, 10, 12][round % 4], round % 3 != 0);
            let cells = random_solution(n, distinct, &mut rng);
            let rows = cells
                .chunks(n)
                .map(|r| r.iter().map(|&d| u32::from(d)).collect());
            let solution = Grid::from_rows(rows.collect()).unwrap();
            // Givens carved by the step solver: a removal stays while its grade is normal
            // or easier.
            let mut givens: Vec<Option<u8>> = cells.iter().map(|&d| Some(d)).collect();
            let mut order: Vec<usize> = (0..n * n).collect();
            order.shuffle(&mut rng);
            for i in order {
                let kept = givens[i].take();
                let puzzle = Takuzu::new(n, n, givens.clone(), !distinct);
                let level = |cap| {
                    (puzzle.deduce_up_to(&solution, Deadline::none(), cap))
                        .unwrap()
                        .rank()
                };
                let whole = level(usize::MAX);
                for (cap, seen) in seen.iter_mut().enumerate() {
                    let at_or_below = whole <= cap;
                    assert_eq!(level(cap) <= cap, at_or_below);
                    let decided = decide(n, n, &givens, distinct, cap);
                    assert_eq!(decided, Some(at_or_below), "round {round}, level {cap}");
                    seen[usize::from(at_or_below)] += 1;
                }
                if whole > 2 {
                    givens[i] = kept;
                }
            }
        }
        assert_eq!(decide(6, 6, &[None; 36], true, 3), None);
        // The removals reach each answer at each level.
        assert!(seen.iter().flatten().all(|&n| n > 100), "{seen:?}");
    }
}
