//! Rules read on grids whose values are written from 0 (ISS's `Shape~4x4~0-3`): on random
//! 4x4 Sudokus of values 0..3, mipsolve's count of solutions, and each solution it lists,
//! must match a brute force of the rules' meaning over written values, written here apart
//! from `src/rule/`: sums count a 0 as nothing, a black dot's 0 doubles only 0, a parity
//! mark reads 0 as even. Each puzzle's clues are read off a random grid, so each has a
//! solution.

mod common;

use common::run_with_stdin;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

const N: usize = 4;

type Grid = [[i64; N]; N];
type Cell = (usize, usize);

/// A clue over written values.
enum Clue {
    /// Distinct values adding up to the sum (any, for 0).
    Cage(Vec<Cell>, i64),
    /// The circle (first cell) is the sum of the shaft.
    Arrow(Vec<Cell>),
    /// One value is twice the other.
    Black(Cell, Cell),
    /// The values differ by one.
    White(Cell, Cell),
    /// The values add up to 5.
    V(Cell, Cell),
    /// Strictly increasing from the bulb.
    Thermo(Vec<Cell>),
    /// The values differ by 2 or more.
    Whisper(Vec<Cell>),
    /// The 2x2 square from its top-left cell holds these values.
    Quad(Cell, Vec<i64>),
    /// The cell holds one of these values.
    Marks(Cell, Vec<i64>),
    /// Each circle's value is how many of the circles hold it.
    Circles(Vec<Cell>),
    /// Distinct values, as many even as odd (0 even) and as many low (0, 1) as high.
    Equality(Vec<Cell>),
    /// From its side (ISS's `R2~3~`, or `R2~~3` from the right), the line shows this many
    /// values larger than all before them; a 0 is no building, never seen.
    Skyscraper(Vec<Cell>, String, usize),
    /// From its side, the first value smaller than one before it is this.
    Hidden(Vec<Cell>, String, i64),
    /// The cells add up to the total, values free to repeat.
    Sum(Vec<Cell>, i64),
    /// The ends add up to the cells between them.
    DoubleArrow(Vec<Cell>),
    /// Cells as far from the middle add up to one total, the middle cell's on an odd line.
    Zipper(Vec<Cell>),
    /// The two segments add up alike.
    EqualSum(Vec<Cell>, Vec<Cell>),
    /// Each two cells in a row along the line are a pair the table allows (ISS's `Pair`);
    /// with `true`, every two cells of the group are (`PairX`, its table symmetric).
    Pair(Vec<Cell>, Table, bool),
    /// The line's values, read in order, are a word of the pattern: a choice of sequences of
    /// character classes, one class a cell (ISS's `Regex`).
    Regex(Vec<Cell>, Vec<Vec<Vec<i64>>>),
    /// The line's segments within each 2x2 box (a segment ends where the line leaves the box)
    /// add up alike.
    RegionSum(Vec<Cell>),
    /// The cells hold each listed value as many times as it is listed: exactly, or at least.
    Contain(Vec<Cell>, Vec<i64>, bool),
    /// The diagonal from its first cell (one of [`little_killer_diagonals`]) adds up to the sum.
    LittleKiller(Vec<Cell>, i64),
    /// The values of the row or column (`R2`, `C3`) between its 0 and its 3 add up to the sum.
    Sandwich(Vec<Cell>, String, i64),
    /// From its side (`R2~7~`, or `R2~~7` from the right), the first value X is 1 or more and
    /// the first X values add up to the sum (ISS has no X-sum of a 0).
    XSum(Vec<Cell>, String, i64),
    /// From its side, the first value X is 1 or more and the X-th value is the clue (ISS
    /// indexes no cell by a 0).
    Room(Vec<Cell>, String, i64),
    /// The ends differ by the gap or more, and no value between them is within theirs.
    Lockout(Vec<Cell>, i64),
    /// Among the 16 rows and columns read both ways, as numbers, the line from its side is
    /// the rank-th smallest, and no other reads the same (ISS's default for ties).
    Rank(Vec<Cell>, String, usize),
    /// Distinct values, those between the smallest and the largest adding up to the sum.
    Lunchbox(Vec<Cell>, i64),
}

/// Which ordered pairs of written values (first, second) a relation allows.
type Table = [[bool; N]; N];

impl Clue {
    fn holds(&self, g: &Grid) -> bool {
        let v = |&(r, c): &Cell| g[r][c];
        match self {
            Clue::Cage(cells, sum) => {
                let mut values: Vec<i64> = cells.iter().map(v).collect();
                values.sort_unstable();
                values.dedup();
                // A sum of 0 is no sum, as ISS reads it: the values only differ.
                values.len() == cells.len() && (*sum == 0 || values.iter().sum::<i64>() == *sum)
            }
            Clue::Arrow(cells) => v(&cells[0]) == cells[1..].iter().map(v).sum::<i64>(),
            Clue::Black(a, b) => v(a) == 2 * v(b) || v(b) == 2 * v(a),
            Clue::White(a, b) => (v(a) - v(b)).abs() == 1,
            Clue::V(a, b) => v(a) + v(b) == 5,
            Clue::Thermo(cells) => cells.windows(2).all(|w| v(&w[0]) < v(&w[1])),
            Clue::Whisper(cells) => cells.windows(2).all(|w| (v(&w[0]) - v(&w[1])).abs() >= 2),
            Clue::Quad((r, c), values) => {
                let mut held: Vec<i64> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .iter()
                    .map(|(dr, dc)| g[r + dr][c + dc])
                    .collect();
                values
                    .iter()
                    .all(|x| match held.iter().position(|h| h == x) {
                        Some(i) => {
                            held.remove(i);
                            true
                        }
                        None => false,
                    })
            }
            Clue::Marks(cell, values) => values.contains(&v(cell)),
            Clue::Skyscraper(cells, _, count) => seen(g, cells) == *count,
            Clue::Hidden(cells, _, value) => hidden(g, cells) == Some(*value),
            Clue::Sum(cells, total) => cells.iter().map(v).sum::<i64>() == *total,
            Clue::DoubleArrow(cells) => {
                let last = cells.len() - 1;
                v(&cells[0]) + v(&cells[last]) == cells[1..last].iter().map(v).sum::<i64>()
            }
            Clue::Zipper(cells) => {
                let len = cells.len();
                let pair = |j: usize| v(&cells[j]) + v(&cells[len - 1 - j]);
                let total = match len % 2 {
                    1 => v(&cells[len / 2]),
                    _ => pair(0),
                };
                (0..len / 2).all(|j| pair(j) == total)
            }
            Clue::EqualSum(a, b) => a.iter().map(v).sum::<i64>() == b.iter().map(v).sum::<i64>(),
            Clue::Pair(cells, table, every) => {
                let allows = |a: &Cell, b: &Cell| table[v(a) as usize][v(b) as usize];
                match every {
                    false => cells.windows(2).all(|w| allows(&w[0], &w[1])),
                    true => (0..cells.len())
                        .all(|i| (i + 1..cells.len()).all(|j| allows(&cells[i], &cells[j]))),
                }
            }
            Clue::Regex(cells, choices) => choices.iter().any(|classes| {
                classes.len() == cells.len()
                    && cells
                        .iter()
                        .zip(classes)
                        .all(|(c, class)| class.contains(&v(c)))
            }),
            Clue::RegionSum(cells) => {
                let area = |&(r, c): &Cell| (r / 2, c / 2);
                let sums: Vec<i64> = (cells.chunk_by(|a, b| area(a) == area(b)))
                    .map(|segment| segment.iter().map(v).sum())
                    .collect();
                sums.windows(2).all(|w| w[0] == w[1])
            }
            Clue::LittleKiller(cells, sum) => cells.iter().map(v).sum::<i64>() == *sum,
            Clue::Rank(cells, _, rank) => {
                let mine: Vec<i64> = cells.iter().map(v).collect();
                let all: Vec<Vec<i64>> = every_line()
                    .iter()
                    .map(|l| l.iter().map(v).collect())
                    .collect();
                let less = all.iter().filter(|other| **other < mine).count();
                let same = all.iter().filter(|other| **other == mine).count();
                less + 1 == *rank && same == 1
            }
            Clue::Lunchbox(cells, sum) => {
                let values: Vec<i64> = cells.iter().map(v).collect();
                let mut distinct = values.clone();
                distinct.sort_unstable();
                distinct.dedup();
                let place = |x: i64| values.iter().position(|&y| y == x).unwrap();
                let (a, b) = (place(distinct[0]), place(distinct[distinct.len() - 1]));
                let (a, b) = (a.min(b), a.max(b));
                distinct.len() == values.len() && values[a + 1..b].iter().sum::<i64>() == *sum
            }
            Clue::Lockout(cells, gap) => {
                let (a, b) = (v(&cells[0]), v(&cells[cells.len() - 1]));
                let (lo, hi) = (a.min(b), a.max(b));
                let inner = &cells[1..cells.len() - 1];
                hi - lo >= *gap && inner.iter().all(|c| v(c) < lo || v(c) > hi)
            }
            Clue::Room(cells, _, clue) => {
                let x = v(&cells[0]);
                x >= 1 && v(&cells[x as usize - 1]) == *clue
            }
            Clue::XSum(cells, _, sum) => {
                let x = v(&cells[0]);
                x >= 1 && cells[..x as usize].iter().map(v).sum::<i64>() == *sum
            }
            Clue::Sandwich(cells, _, sum) => {
                let ends: Vec<usize> = (0..cells.len())
                    .filter(|&j| [0, N as i64 - 1].contains(&v(&cells[j])))
                    .collect();
                cells[ends[0] + 1..ends[1]].iter().map(v).sum::<i64>() == *sum
            }
            Clue::Contain(cells, values, exact) => values.iter().all(|x| {
                let listed = values.iter().filter(|y| *y == x).count();
                let held = cells.iter().filter(|c| v(c) == *x).count();
                held == listed || (!exact && held > listed)
            }),
            Clue::Equality(cells) => {
                let mut values: Vec<i64> = cells.iter().map(v).collect();
                let even = values.iter().filter(|&&x| x % 2 == 0).count();
                let low = values.iter().filter(|&&x| x < 2).count();
                values.sort_unstable();
                values.dedup();
                values.len() == cells.len() && 2 * even == cells.len() && 2 * low == cells.len()
            }
            Clue::Circles(cells) => cells
                .iter()
                .all(|a| cells.iter().filter(|b| v(b) == v(a)).count() as i64 == v(a)),
        }
    }

    /// The clue as an ISS item.
    fn iss(&self) -> String {
        let ids = |cells: &[Cell]| cells.iter().map(|&c| id(c)).collect::<Vec<_>>().join("~");
        match self {
            Clue::Cage(cells, sum) => format!(".Cage~{sum}~{}", ids(cells)),
            Clue::Arrow(cells) => format!(".Arrow~{}", ids(cells)),
            Clue::Black(a, b) => format!(".BlackDot~{}", ids(&[*a, *b])),
            Clue::White(a, b) => format!(".WhiteDot~{}", ids(&[*a, *b])),
            Clue::V(a, b) => format!(".V~{}", ids(&[*a, *b])),
            Clue::Thermo(cells) => format!(".Thermo~{}", ids(cells)),
            Clue::Whisper(cells) => format!(".Whisper~2~{}", ids(cells)),
            Clue::Quad(cell, values) => {
                let values: Vec<String> = values.iter().map(i64::to_string).collect();
                format!(".Quad~{}~{}", id(*cell), values.join("~"))
            }
            Clue::Marks(cell, values) => {
                let values: Vec<String> = values.iter().map(i64::to_string).collect();
                format!(".~{}_{}", id(*cell), values.join("_"))
            }
            Clue::Circles(cells) => format!(".CountingCircles~{}", ids(cells)),
            Clue::Equality(cells) => format!(".EqualityCage~{}", ids(cells)),
            Clue::Sum(cells, total) => format!(".Sum~{total}~{}", ids(cells)),
            Clue::DoubleArrow(cells) => format!(".DoubleArrow~{}", ids(cells)),
            Clue::Zipper(cells) => format!(".Zipper~{}", ids(cells)),
            Clue::EqualSum(a, b) => format!(".EqualSum~{}~-~{}", ids(a), ids(b)),
            Clue::Pair(cells, table, every) => {
                let kind = if *every { "PairX" } else { "Pair" };
                format!(".{kind}~{}~{}", relation_key(table), ids(cells))
            }
            Clue::Regex(cells, choices) => {
                use base64::Engine as _;
                let class = |values: &Vec<i64>| match values.len() {
                    1 => values[0].to_string(),
                    _ => format!(
                        "[{}]",
                        values.iter().map(i64::to_string).collect::<String>()
                    ),
                };
                let words: Vec<String> = (choices.iter())
                    .map(|classes| classes.iter().map(class).collect())
                    .collect();
                let pattern = format!("({})", words.join("|"));
                let code = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(pattern);
                format!(".Regex~{code}~{}", ids(cells))
            }
            Clue::RegionSum(cells) => format!(".RegionSumLine~{}", ids(cells)),
            Clue::LittleKiller(cells, sum) => format!(".LittleKiller~{sum}~{}", id(cells[0])),
            Clue::Sandwich(_, line, sum) => format!(".Sandwich~{sum}~{line}"),
            Clue::XSum(_, line, sum) => format!(".XSum~{}", line.replace('#', &sum.to_string())),
            Clue::Lockout(cells, gap) => format!(".Lockout~{gap}~{}", ids(cells)),
            Clue::Lunchbox(cells, sum) => format!(".Lunchbox~{sum}~{}", ids(cells)),
            Clue::Rank(_, line, rank) => {
                format!(".FullRank~{}", line.replace('#', &rank.to_string()))
            }
            Clue::Room(_, line, clue) => {
                format!(".NumberedRoom~{}", line.replace('#', &clue.to_string()))
            }
            Clue::Contain(cells, values, exact) => {
                let kind = if *exact {
                    "ContainExact"
                } else {
                    "ContainAtLeast"
                };
                let values: Vec<String> = values.iter().map(i64::to_string).collect();
                format!(".{kind}~{}~{}", values.join("_"), ids(cells))
            }
            Clue::Hidden(_, line, value) => {
                format!(
                    ".HiddenSkyscraper~{}",
                    line.replace('#', &value.to_string())
                )
            }
            Clue::Skyscraper(_, line, count) => {
                format!(".Skyscraper~{}", line.replace('#', &count.to_string()))
            }
        }
    }
}

/// The first value along `cells` smaller than one before it, if any.
fn hidden(g: &Grid, cells: &[Cell]) -> Option<i64> {
    let values: Vec<i64> = cells.iter().map(|&(r, c)| g[r][c]).collect();
    (1..values.len())
        .find(|&j| values[..j].iter().any(|&v| v > values[j]))
        .map(|j| values[j])
}

/// How many values along `cells` are larger than every value before them and than 0.
fn seen(g: &Grid, cells: &[Cell]) -> usize {
    let mut highest = 0;
    let taller = |&&(r, c): &&Cell| {
        let taller = g[r][c] > highest;
        highest = highest.max(g[r][c]);
        taller
    };
    cells.iter().filter(taller).count()
}

/// A random row or column read from a random side, and its ISS form with `#` standing for
/// the clue on that side (`R2~#~`, or `R2~~#` from the right).
fn outside_line(rng: &mut ChaCha8Rng) -> (Vec<Cell>, String) {
    let (k, by_row) = (rng.random_range(0..N), rng.random_bool(0.5));
    let mut cells: Vec<Cell> = (0..N)
        .map(|i| if by_row { (k, i) } else { (i, k) })
        .collect();
    let name = format!("{}{}", if by_row { 'R' } else { 'C' }, k + 1);
    match rng.random_bool(0.5) {
        false => (cells, format!("{name}~#~")),
        true => {
            cells.reverse();
            (cells, format!("{name}~~#"))
        }
    }
}

/// Every row and column, read both ways.
fn every_line() -> Vec<Vec<Cell>> {
    let mut all = Vec::new();
    for k in 0..N {
        let row: Vec<Cell> = (0..N).map(|i| (k, i)).collect();
        let column: Vec<Cell> = (0..N).map(|i| (i, k)).collect();
        for line in [row, column] {
            let mut back = line.clone();
            back.reverse();
            all.extend([line, back]);
        }
    }
    all
}

/// The diagonals a little killer may name by their first cell, as ISS lists them: from the
/// left side down-right, from the right side up-left, from the top down-left and from the
/// bottom up-right, each of two cells or more and each set of cells once.
fn little_killer_diagonals() -> Vec<Vec<Cell>> {
    let n = N as i64;
    let starts = (0..n - 1).map(|r| (r, 0, 1, 1));
    let starts = starts.chain((1..n - 1).map(|r| (r, n - 1, -1, -1)));
    let starts = starts.chain((1..n).map(|c| (0, c, 1, -1)));
    let starts = starts.chain((1..n - 1).map(|c| (n - 1, c, -1, 1)));
    let mut found: Vec<Vec<Cell>> = Vec::new();
    for (mut r, mut c, dr, dc) in starts {
        let mut cells = Vec::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            cells.push((r as usize, c as usize));
            (r, c) = (r + dr, c + dc);
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        let seen = found.iter().any(|other| {
            let mut other = other.clone();
            other.sort_unstable();
            other == sorted
        });
        if cells.len() > 1 && !seen {
            found.push(cells);
        }
    }
    found
}

/// ISS's key of a relation over `N` values: bit `N * i + j` is whether the `i`-th value
/// may be followed by the `j`-th, in 6-bit groups (lowest bit first), each one character of
/// URL-safe base64, trailing empty groups left off.
fn relation_key(table: &Table) -> String {
    const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let bits: Vec<bool> = table.iter().flatten().copied().collect();
    let mut groups: Vec<usize> = (bits.chunks(6))
        .map(|group| (group.iter().enumerate()).fold(0, |g, (k, &b)| g | (usize::from(b) << k)))
        .collect();
    while groups.last() == Some(&0) {
        groups.pop();
    }
    groups.iter().map(|&g| char::from(DIGITS[g])).collect()
}

fn id((r, c): Cell) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// Whether `v` may go in cell `(r, c)` of a 4x4 Sudoku filled in reading order up to it.
fn fits(g: &Grid, (r, c): Cell, v: i64) -> bool {
    let in_box = |k: usize| {
        let (br, bc) = (r / 2 * 2 + k / 2, c / 2 * 2 + k % 2);
        (br, bc) < (r, c) && g[br][bc] == v
    };
    !(0..c).any(|k| g[r][k] == v) && !(0..r).any(|k| g[k][c] == v) && !(0..4).any(in_box)
}

/// Every 4x4 Sudoku of values 0..3, filled from cell `at` on.
fn all_grids(g: &mut Grid, at: usize, found: &mut Vec<Grid>) {
    if at == N * N {
        return found.push(*g);
    }
    let (r, c) = (at / N, at % N);
    for v in 0..N as i64 {
        if fits(g, (r, c), v) {
            g[r][c] = v;
            all_grids(g, at + 1, found);
            g[r][c] = -1;
        }
    }
}

/// A random cell and a random neighbour (right or below).
fn neighbours(rng: &mut ChaCha8Rng) -> (Cell, Cell) {
    let (r, c) = (rng.random_range(0..N), rng.random_range(0..N - 1));
    match rng.random_bool(0.5) {
        true => ((r, c), (r, c + 1)),
        false => ((c, r), (c + 1, r)),
    }
}

/// A random path of `len` cells, each beside the one before, none twice.
fn path(rng: &mut ChaCha8Rng, len: usize) -> Vec<Cell> {
    let len = len.min(N * N);
    loop {
        let mut cells = vec![(rng.random_range(0..N), rng.random_range(0..N))];
        while cells.len() < len {
            let (r, c) = cells[cells.len() - 1];
            let next: Vec<Cell> = [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .iter()
                .map(|(dr, dc)| (r as i64 + dr, c as i64 + dc))
                .filter(|&(r, c)| (0..N as i64).contains(&r) && (0..N as i64).contains(&c))
                .map(|(r, c)| (r as usize, c as usize))
                .filter(|cell| !cells.contains(cell))
                .collect();
            match next.choose(rng) {
                Some(&cell) => cells.push(cell),
                None => break,
            }
        }
        if cells.len() == len {
            return cells;
        }
    }
}

/// A random clue of a random kind that the grid `g` keeps, if one turned up in a few draws.
fn random_clue(g: &Grid, rng: &mut ChaCha8Rng) -> Option<Clue> {
    let v = |&(r, c): &Cell| g[r][c];
    for _ in 0..30 {
        let clue = match rng.random_range(0..27) {
            0 => {
                let cells = {
                    let len = rng.random_range(1..=3);
                    path(rng, len)
                };
                let sum = cells.iter().map(v).sum();
                Clue::Cage(cells, sum)
            }
            1 => Clue::Arrow({
                let len = rng.random_range(2..=3);
                path(rng, len)
            }),
            2 => {
                let (a, b) = neighbours(rng);
                Clue::Black(a, b)
            }
            3 => {
                let (a, b) = neighbours(rng);
                Clue::White(a, b)
            }
            4 => {
                let (a, b) = neighbours(rng);
                Clue::V(a, b)
            }
            5 => Clue::Thermo({
                let len = rng.random_range(2..=3);
                path(rng, len)
            }),
            6 => Clue::Whisper({
                let len = rng.random_range(2..=3);
                path(rng, len)
            }),
            7 => {
                let (r, c) = (rng.random_range(0..N - 1), rng.random_range(0..N - 1));
                let mut held: Vec<i64> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .iter()
                    .map(|(dr, dc)| g[r + dr][c + dc])
                    .collect();
                held.shuffle(rng);
                held.truncate(rng.random_range(1..=2));
                Clue::Quad((r, c), held)
            }
            12 => {
                let len = rng.random_range(1..=3);
                let cells = path(rng, len);
                let total = cells.iter().map(v).sum();
                Clue::Sum(cells, total)
            }
            13 => {
                let len = rng.random_range(3..=4);
                Clue::DoubleArrow(path(rng, len))
            }
            14 => {
                let len = rng.random_range(3..=5);
                Clue::Zipper(path(rng, len))
            }
            15 => {
                let (a, b) = (rng.random_range(1..=2), rng.random_range(1..=3));
                Clue::EqualSum(path(rng, a), path(rng, b))
            }
            8 => {
                let mut cells: Vec<Cell> = (0..N * N).map(|i| (i / N, i % N)).collect();
                cells.shuffle(rng);
                cells.truncate(rng.random_range(1..=3));
                Clue::Circles(cells)
            }
            9 => {
                let len = 2 * rng.random_range(1..=2);
                Clue::Equality(path(rng, len))
            }
            10 => {
                let (cells, line) = outside_line(rng);
                match (rng.random_bool(0.5), hidden(g, &cells)) {
                    (true, Some(value)) => Clue::Hidden(cells, line, value),
                    _ => {
                        let count = seen(g, &cells);
                        Clue::Skyscraper(cells, line, count)
                    }
                }
            }
            17 => {
                let cells = {
                    let len = rng.random_range(2..=3);
                    path(rng, len)
                };
                let every = rng.random_bool(0.3);
                // A random table; for PairX, its pairs below the diagonal mirror those above.
                let mut table: Table = [[false; N]; N];
                for (a, b) in (0..N).flat_map(|a| (0..N).map(move |b| (a, b))) {
                    table[a][b] = match every && b < a {
                        true => table[b][a],
                        false => rng.random_bool(0.5),
                    };
                }
                for (i, a) in cells.iter().enumerate() {
                    for b in &cells[i + 1..] {
                        table[v(a) as usize][v(b) as usize] = true;
                        if every {
                            table[v(b) as usize][v(a) as usize] = true;
                        }
                    }
                }
                Clue::Pair(cells, table, every)
            }
            18 => {
                let len = rng.random_range(2..=4);
                let cells = path(rng, len);
                let class_of = |value: Option<i64>, rng: &mut ChaCha8Rng| -> Vec<i64> {
                    let mut class: Vec<i64> = (0..N as i64)
                        .filter(|x| Some(*x) == value || rng.random_bool(0.3))
                        .collect();
                    if class.is_empty() {
                        class.push(rng.random_range(0..N as i64));
                    }
                    class
                };
                let word: Vec<Vec<i64>> = cells.iter().map(|c| class_of(Some(v(c)), rng)).collect();
                let other_len = rng.random_range(2..=4);
                let other: Vec<Vec<i64>> = (0..other_len).map(|_| class_of(None, rng)).collect();
                let mut choices = vec![word, other];
                choices.shuffle(rng);
                choices.truncate(rng.random_range(1..=2).max(1));
                if !Clue::Regex(cells.clone(), choices.clone()).holds(g) {
                    continue;
                }
                Clue::Regex(cells, choices)
            }
            21 => {
                let cells = little_killer_diagonals().choose(rng).unwrap().clone();
                let sum = cells.iter().map(v).sum();
                Clue::LittleKiller(cells, sum)
            }
            22 => {
                let (k, by_row) = (rng.random_range(0..N), rng.random_bool(0.5));
                let cells: Vec<Cell> = (0..N)
                    .map(|i| if by_row { (k, i) } else { (i, k) })
                    .collect();
                let line = format!("{}{}", if by_row { 'R' } else { 'C' }, k + 1);
                let ends: Vec<usize> = (0..N)
                    .filter(|&j| [0, N as i64 - 1].contains(&v(&cells[j])))
                    .collect();
                let sum = cells[ends[0] + 1..ends[1]].iter().map(v).sum();
                Clue::Sandwich(cells, line, sum)
            }
            23 | 24 => {
                let (cells, line) = outside_line(rng);
                let x = v(&cells[0]).max(1) as usize;
                let mine: Vec<i64> = cells.iter().map(v).collect();
                let rank = (every_line().iter())
                    .filter(|other| other.iter().map(v).collect::<Vec<i64>>() < mine)
                    .count()
                    + 1;
                match rng.random_range(0..3) {
                    0 => Clue::XSum(cells.clone(), line, cells[..x].iter().map(v).sum()),
                    1 => Clue::Room(cells.clone(), line, v(&cells[x - 1])),
                    _ => Clue::Rank(cells, line, rank),
                }
            }
            26 => {
                let len = rng.random_range(2..=4);
                let cells = path(rng, len);
                let values: Vec<i64> = cells.iter().map(v).collect();
                let (lo, hi) = (values.iter().min().unwrap(), values.iter().max().unwrap());
                let place = |x: &i64| values.iter().position(|y| y == x).unwrap();
                let (a, b) = (place(lo).min(place(hi)), place(lo).max(place(hi)));
                let sum = values[a + 1..b.max(a + 1)].iter().sum();
                Clue::Lunchbox(cells, sum)
            }
            25 => {
                let len = rng.random_range(3..=4);
                Clue::Lockout(path(rng, len), rng.random_range(1..=3))
            }
            19 => Clue::RegionSum({
                let len = rng.random_range(2..=5);
                path(rng, len)
            }),
            20 => {
                let mut cells: Vec<Cell> = (0..N * N).map(|i| (i / N, i % N)).collect();
                cells.shuffle(rng);
                cells.truncate(rng.random_range(1..=5));
                let exact = rng.random_bool(0.5);
                let mut held: Vec<i64> = cells.iter().map(v).collect();
                held.sort_unstable();
                let mut values = Vec::new();
                for run in held.chunk_by(|a, b| a == b) {
                    if rng.random_bool(0.6) {
                        let times = match exact {
                            true => run.len(),
                            false => rng.random_range(1..=run.len()),
                        };
                        values.extend(std::iter::repeat_n(run[0], times));
                    }
                }
                if values.is_empty() {
                    continue;
                }
                Clue::Contain(cells, values, exact)
            }
            _ => {
                let cell = (rng.random_range(0..N), rng.random_range(0..N));
                let mut values: Vec<i64> = (0..N as i64).filter(|_| rng.random_bool(0.5)).collect();
                if !values.contains(&v(&cell)) {
                    values.push(v(&cell));
                }
                values.sort_unstable();
                Clue::Marks(cell, values)
            }
        };
        if clue.holds(g) {
            return Some(clue);
        }
    }
    None
}

/// The grid a JSON solution's rows give.
fn grid_of(rows: &Value) -> Grid {
    let mut g = [[-1; N]; N];
    for (r, row) in rows.as_array().unwrap().iter().enumerate() {
        for (c, v) in row.as_array().unwrap().iter().enumerate() {
            g[r][c] = v.as_i64().unwrap();
        }
    }
    g
}

#[test]
fn rules_on_values_from_zero_count_as_their_meaning_over_written_values() {
    let mut every = Vec::new();
    all_grids(&mut [[-1; N]; N], 0, &mut every);
    assert_eq!(every.len(), 288, "4x4 Sudokus");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut wrong, mut counts) = (Vec::new(), Vec::new());
    let rounds = 200;
    for _ in 0..rounds {
        let base = every[rng.random_range(0..every.len())];
        let mut clues: Vec<Clue> = Vec::new();
        for _ in 0..rng.random_range(2..=6) {
            clues.extend(random_clue(&base, &mut rng));
        }
        // A given or two, 0 among the values they may be.
        for _ in 0..rng.random_range(0..=2) {
            let cell = (rng.random_range(0..N), rng.random_range(0..N));
            clues.push(Clue::Marks(cell, vec![base[cell.0][cell.1]]));
        }
        let iss = format!(
            ".Shape~{N}x{N}~0-3{}",
            clues.iter().map(Clue::iss).collect::<String>()
        );
        let kept: Vec<&Grid> = (every.iter())
            .filter(|g| clues.iter().all(|clue| clue.holds(g)))
            .collect();
        assert!(
            kept.contains(&&base),
            "{iss}: the grid its clues came from keeps them"
        );
        let args = ["sudoku", "--count", "300", "--format", "json", "-"];
        let record = run_with_stdin(&args, &iss).single();
        let listed: Vec<Grid> = (record["solutions"].as_array())
            .map(|all| all.iter().map(grid_of).collect())
            .unwrap_or_default();
        let all_kept = listed.iter().all(|g| kept.contains(&g));
        if record["count"] != kept.len() || record["count_complete"] != true || !all_kept {
            wrong.push(format!(
                "{iss}: brute force {}, mipsolve {record}",
                kept.len()
            ));
        }
        // The rules' rows alone, with no narrowing first: CaDiCaL on the unreduced model.
        let rows = ["--solver", "cadical", "--formulation", "documents"];
        let record = run_with_stdin(&[&args[..3], &rows, &args[3..]].concat(), &iss).single();
        if record["count"] != kept.len() || record["count_complete"] != true {
            wrong.push(format!(
                "{iss}: brute force {}, rows alone {record}",
                kept.len()
            ));
        }
        counts.push(kept.len());
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The draws reach unique puzzles and open ones.
    counts.sort_unstable();
    assert!(
        counts[0] == 1 && counts[rounds - 1] >= 20,
        "counts {counts:?}"
    );
}
