//! Takuzu step by step, on Unruly's ladder: no three in a row and a line's last cell
//! (trivial), a line with half of one digit and distinct lines (easy), a line one short of
//! half (normal), else a guess.

use super::{Deductions, Ladder, Step, Technique};
use crate::deadline::Deadline;
use crate::geometry::Area;
use crate::grid::{Cell, Grid};

/// The digits placed so far, row by row (`None`: open), over the rows and columns.
struct Board<'a> {
    cells: Vec<Option<u8>>,
    cols: usize,
    /// The rows, then the columns.
    lines: &'a [Area],
}

impl Board<'_> {
    fn get(&self, (r, c): Cell) -> Option<u8> {
        self.cells[r * self.cols + c]
    }

    fn count(&self, line: &Area, digit: u8) -> usize {
        line.cells
            .iter()
            .filter(|&&cell| self.get(cell) == Some(digit))
            .count()
    }

    fn open(&self, line: &Area) -> Vec<Cell> {
        (line.cells.iter().copied())
            .filter(|&cell| self.get(cell).is_none())
            .collect()
    }
}

/// Solves the Takuzu with `givens` (row by row) over `lines` (its rows, then its columns)
/// step by step towards `solution`; `distinct`: no two equal rows or columns; `None` once
/// `deadline` passes. It stops after the first step ranked above `cap` (the steps so far
/// then grade above it).
pub fn follow(
    lines: &[Area],
    cols: usize,
    givens: &[Option<u8>],
    distinct: bool,
    solution: &Grid,
    deadline: Deadline,
    cap: usize,
) -> Option<Deductions> {
    let mut board = Board {
        cells: givens.to_vec(),
        cols,
        lines,
    };
    let mut steps = Vec::new();
    while board.cells.iter().any(Option::is_none) {
        if deadline.passed() {
            return None;
        }
        let step = no_three(&board)
            .or_else(|| balance(&board, true))
            .or_else(|| balance(&board, false))
            .or_else(|| distinct.then(|| distinct_lines(&board)).flatten())
            .or_else(|| near_balance(&board))
            .unwrap_or_else(|| guess(&board, solution));
        for &((r, c), v) in &step.placed {
            if board.cells[r * cols + c].is_some() {
                return None;
            }
            board.cells[r * cols + c] = Some(v as u8);
        }
        let above = step.technique.rank(Ladder::Unruly) > cap;
        steps.push(step);
        if above {
            break;
        }
    }
    Some(Deductions {
        ladder: Ladder::Unruly,
        steps,
        variant: false,
    })
}

fn place(technique: Technique, cell: Cell, digit: u8, because: Vec<Cell>, line: &Area) -> Step {
    Step {
        technique,
        placed: vec![(cell, u32::from(digit))],
        because,
        area: Some(line.name.clone()),
        ..Step::default()
    }
}

/// Two equal digits side by side, or one cell apart: the cell beside or between takes the
/// other digit.
fn no_three(board: &Board) -> Option<Step> {
    for line in board.lines {
        for w in line.cells.windows(3) {
            let [a, b, c] = [w[0], w[1], w[2]];
            let found = match (board.get(a), board.get(b), board.get(c)) {
                (Some(x), Some(y), None) if x == y => Some((c, x, vec![a, b])),
                (None, Some(x), Some(y)) if x == y => Some((a, x, vec![b, c])),
                (Some(x), None, Some(y)) if x == y => Some((b, x, vec![a, c])),
                _ => None,
            };
            if let Some((cell, digit, because)) = found {
                return Some(place(Technique::NoThree, cell, 1 - digit, because, line));
            }
        }
    }
    None
}

/// A line with half its cells of one digit: its open cells take the other (`last`: only
/// lines with one open cell, else only lines with more).
fn balance(board: &Board, last: bool) -> Option<Step> {
    for line in board.lines {
        let half = line.cells.len() / 2;
        let open = board.open(line);
        if open.is_empty() || (open.len() == 1) != last {
            continue;
        }
        for digit in [0u8, 1] {
            if board.count(line, digit) == half {
                return Some(Step {
                    technique: if last {
                        Technique::LastCell
                    } else {
                        Technique::Balance
                    },
                    placed: open
                        .iter()
                        .map(|&cell| (cell, u32::from(1 - digit)))
                        .collect(),
                    area: Some(line.name.clone()),
                    values: vec![u32::from(digit)],
                    ..Step::default()
                });
            }
        }
    }
    None
}

/// A line one `digit` short of half: the open cells but one take the other digit; a cell
/// whose taking `digit` would leave three of the other in a row takes the other.
fn near_balance(board: &Board) -> Option<Step> {
    for line in board.lines {
        let half = line.cells.len() / 2;
        let open = board.open(line);
        for digit in [0u8, 1] {
            // One `digit` left, and at least two of the other.
            if board.count(line, digit) + 1 != half || open.len() < 3 {
                continue;
            }
            for &cell in &open {
                let filled: Vec<u8> = (line.cells.iter())
                    .map(|&x| match (board.get(x), x == cell) {
                        (Some(d), _) => d,
                        (None, true) => digit,
                        (None, false) => 1 - digit,
                    })
                    .collect();
                if filled.windows(3).any(|w| w.iter().all(|&d| d == 1 - digit)) {
                    let because = open.iter().copied().filter(|&x| x != cell).collect();
                    return Some(place(
                        Technique::NearBalance,
                        cell,
                        1 - digit,
                        because,
                        line,
                    ));
                }
            }
        }
    }
    None
}

/// A line with half its cells of one digit and a line of its direction one short, whose
/// cells of that digit all sit where the first has it: where the first has its last one the
/// second takes the other digit, or the lines would be equal.
fn distinct_lines(board: &Board) -> Option<Step> {
    let rows = board.cells.len() / board.cols;
    let (row_lines, col_lines) = board.lines.split_at(rows);
    for group in [row_lines, col_lines] {
        for full in group {
            let half = full.cells.len() / 2;
            for digit in [0u8, 1] {
                if board.count(full, digit) != half {
                    continue;
                }
                for line in group.iter().filter(|l| board.count(l, digit) + 1 == half) {
                    let at = |l: &Area, i: usize| board.get(l.cells[i]);
                    let theirs: Vec<usize> = (0..full.cells.len())
                        .filter(|&i| at(full, i) == Some(digit))
                        .collect();
                    let missing: Vec<usize> = (theirs.iter().copied())
                        .filter(|&i| at(line, i) != Some(digit))
                        .collect();
                    if let [i] = missing[..] {
                        if at(line, i).is_none() {
                            return Some(Step {
                                technique: Technique::DistinctLines,
                                placed: vec![(line.cells[i], u32::from(1 - digit))],
                                because: theirs.iter().map(|&j| full.cells[j]).collect(),
                                area: Some(line.name.clone()),
                                other_area: Some(full.name.clone()),
                                ..Step::default()
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

/// The solution's digit in the first open cell.
fn guess(board: &Board, solution: &Grid) -> Step {
    let i = board.cells.iter().position(Option::is_none).unwrap_or(0);
    let cell = (i / board.cols, i % board.cols);
    Step {
        technique: Technique::Guess,
        placed: vec![(cell, solution.get(cell.0, cell.1))],
        because: vec![cell],
        ..Step::default()
    }
}
