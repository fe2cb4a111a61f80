//! Rules read on grids whose values run past the side (ISS's `Shape~4x4~1-5`: rows and
//! columns of 4 cells hold distinct values of 1..5), skyscrapers, numbered rooms and double
//! arrows: on random
//! puzzles, mipsolve's count of solutions must equal a brute force of the rules' meaning,
//! written here apart from `src/rule/`. Each puzzle's clues are read off a random grid, so
//! each has a solution.

mod common;

use common::run_with_stdin;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const N: usize = 4;
const M: u32 = 5;

type Grid = [[u32; N]; N];
type Cell = (usize, usize);

/// A skyscraper clue (how many values along the cells are higher than all before them), a
/// numbered room (the first value X is at most the line's length, and the X-th cell holds
/// the clue), or a double arrow (its ends add up to the cells between them).
enum Clue {
    Skyscraper(Vec<Cell>, usize),
    NumberedRoom(Vec<Cell>, u32),
    DoubleArrow(Vec<Cell>),
}

/// How many values along `cells` are higher than every value before them.
fn seen(g: &Grid, cells: &[Cell]) -> usize {
    let mut highest = 0;
    let mut count = 0;
    for &(r, c) in cells {
        if g[r][c] > highest {
            highest = g[r][c];
            count += 1;
        }
    }
    count
}

impl Clue {
    fn holds(&self, g: &Grid) -> bool {
        match self {
            Clue::Skyscraper(cells, count) => seen(g, cells) == *count,
            Clue::NumberedRoom(cells, clue) => {
                let (r, c) = cells[0];
                let x = g[r][c] as usize;
                x <= cells.len() && g[cells[x - 1].0][cells[x - 1].1] == *clue
            }
            Clue::DoubleArrow(cells) => {
                let v = |&(r, c): &Cell| g[r][c];
                let ends = v(&cells[0]) + v(&cells[cells.len() - 1]);
                ends == cells[1..cells.len() - 1].iter().map(v).sum::<u32>()
            }
        }
    }
}

/// Whether `v` may go in cell `(r, c)` of a grid filled in reading order up to it.
fn fits(g: &Grid, (r, c): Cell, v: u32) -> bool {
    !(0..c).any(|k| g[r][k] == v) && !(0..r).any(|k| g[k][c] == v)
}

/// How many grids of distinct rows and columns, filled from cell `at` on, keep the givens
/// (0 for none) and the clues.
fn count(g: &mut Grid, at: usize, givens: &Grid, clues: &[Clue]) -> usize {
    if at == N * N {
        return usize::from(clues.iter().all(|clue| clue.holds(g)));
    }
    let (r, c) = (at / N, at % N);
    let mut found = 0;
    for v in 1..=M {
        if fits(g, (r, c), v) && (givens[r][c] == 0 || givens[r][c] == v) {
            g[r][c] = v;
            found += count(g, at + 1, givens, clues);
            g[r][c] = 0;
        }
    }
    found
}

/// Fills `g` from cell `at` on with distinct rows and columns, each cell's values tried in
/// a random order.
fn random_fill(g: &mut Grid, at: usize, rng: &mut ChaCha8Rng) -> bool {
    if at == N * N {
        return true;
    }
    let (r, c) = (at / N, at % N);
    let mut values: Vec<u32> = (1..=M).collect();
    values.shuffle(rng);
    for v in values {
        if fits(g, (r, c), v) {
            g[r][c] = v;
            if random_fill(g, at + 1, rng) {
                return true;
            }
            g[r][c] = 0;
        }
    }
    false
}

/// A random row or column read from a random end: its cells, and the ISS line and side
/// (`R2~3~`: from the left or top; `R2~~3`: from the right or bottom).
fn random_line(rng: &mut ChaCha8Rng) -> (Vec<Cell>, String, bool) {
    let k = rng.random_range(0..N);
    let by_row = rng.random_bool(0.5);
    let mut cells: Vec<Cell> = (0..N)
        .map(|i| if by_row { (k, i) } else { (i, k) })
        .collect();
    let back = rng.random_bool(0.5);
    if back {
        cells.reverse();
    }
    (
        cells,
        format!("{}{}", if by_row { 'R' } else { 'C' }, k + 1),
        back,
    )
}

fn id((r, c): Cell) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

#[test]
fn skyscrapers_rooms_and_double_arrows_on_values_past_the_side_count_as_their_meaning() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let (mut wrong, mut arrows, mut rooms, mut counts) = (Vec::new(), 0, 0, Vec::new());
    let rounds = 80;
    for _ in 0..rounds {
        let mut base = [[0; N]; N];
        assert!(random_fill(&mut base, 0, &mut rng));
        let mut clues = Vec::new();
        let mut iss = format!(".Shape~{N}x{N}~1-{M}.NoBoxes");
        for _ in 0..rng.random_range(1..=2) {
            let (cells, line, back) = random_line(&mut rng);
            let count = seen(&base, &cells);
            iss += &match back {
                false => format!(".Skyscraper~{line}~{count}~"),
                true => format!(".Skyscraper~{line}~~{count}"),
            };
            clues.push(Clue::Skyscraper(cells, count));
        }
        // A numbered room, where the grid's first value on the line names one of its cells.
        let (cells, line, back) = random_line(&mut rng);
        let x = base[cells[0].0][cells[0].1] as usize;
        if x <= N {
            let clue = base[cells[x - 1].0][cells[x - 1].1];
            iss += &match back {
                false => format!(".NumberedRoom~{line}~{clue}~"),
                true => format!(".NumberedRoom~{line}~~{clue}"),
            };
            clues.push(Clue::NumberedRoom(cells, clue));
            rooms += 1;
        }
        // A double arrow along 3 or 4 cells of a line, where the grid keeps one.
        for _ in 0..20 {
            let (cells, _, _) = random_line(&mut rng);
            let arrow = Clue::DoubleArrow(cells[..rng.random_range(3..=N)].to_vec());
            if let (true, Clue::DoubleArrow(cells)) = (arrow.holds(&base), &arrow) {
                let ids: Vec<String> = cells.iter().map(|&cell| id(cell)).collect();
                iss += &format!(".DoubleArrow~{}", ids.join("~"));
                clues.push(arrow);
                arrows += 1;
                break;
            }
        }
        let mut givens = [[0; N]; N];
        let mut cells: Vec<Cell> = (0..N * N).map(|i| (i / N, i % N)).collect();
        cells.shuffle(&mut rng);
        let kept = rng.random_range(4..=8);
        let named: Vec<String> = (cells[..kept].iter())
            .map(|&(r, c)| {
                givens[r][c] = base[r][c];
                format!("{}_{}", id((r, c)), base[r][c])
            })
            .collect();
        iss += &format!(".~{}", named.join("~"));
        let expected = count(&mut [[0; N]; N], 0, &givens, &clues);
        assert!(
            expected >= 1,
            "{iss}: the grid its clues came from keeps them"
        );
        let args = ["sudoku", "--count", "2000", "--format", "json", "-"];
        let record = run_with_stdin(&args, &iss).single();
        if record["count"] != expected || record["count_complete"] != true {
            wrong.push(format!("{iss}: brute force {expected}, mipsolve {record}"));
        }
        counts.push(expected);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The draws reach double arrows, and clues that leave few solutions and many (on values
    // 1..5 in lines of 4, a puzzle of few givens is seldom unique).
    assert!(
        arrows >= 10 && rooms >= 10,
        "{arrows} double arrows, {rooms} rooms"
    );
    counts.sort_unstable();
    assert!(
        counts[0] <= 3 && counts[rounds - 1] >= 50,
        "counts {counts:?}"
    );
}
