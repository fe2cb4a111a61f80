//! KenKen's cage techniques, as Keen grades them: every layout of a cage that its cells'
//! candidates allow (digits differing where cells share a row or column) is listed; then
//! a cell keeps only digits some layout uses anywhere in the cage (easy), or some layout puts
//! in that cell (normal); and a digit every layout puts in one row or column of the cage
//! leaves that line's cells outside it (hard).

use std::sync::Arc;

use super::board::{values, Board};
use super::{Step, Technique};
use crate::cage::{Cage, Op};
use crate::geometry::AreaName;

/// Layouts listed per cage before giving up on it (the technique then says nothing).
const MAX_NODES: usize = 200_000;

/// How a cage's layouts are used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// Every cell keeps the digits of all layouts together.
    Union,
    /// Each cell keeps the digits layouts put in it.
    PerCell,
    /// Digits every layout puts in a line of the cage leave the rest of that line.
    Line,
}

/// Each cage's layouts, listed once and then only filtered as candidates go; and, per cage
/// and use (but lines, which see cells outside the cage), its cells' candidates when that
/// use last found nothing there: the same candidates find nothing again. Both hold for any
/// board whose candidates are a subset of the board they were found on, so a trial starts
/// from a clone, which shares the lists until it filters them.
#[derive(Debug, Clone, Default)]
pub struct Layouts {
    listed: Vec<Listed>,
    quiet: Vec<[Vec<u64>; 2]>,
}

#[derive(Debug, Clone)]
enum Listed {
    /// Not listed yet.
    Unknown,
    /// Too many to list while this many of its cells were open.
    TooMany(usize),
    /// The layouts still possible, filtered last on these candidates of the cage's cells.
    Known(Arc<Table>, Vec<u64>),
}

/// A cage's layouts, one after another in one list (`width` digits each, a digit per cell).
#[derive(Debug, Clone)]
struct Table {
    width: usize,
    digits: Vec<u32>,
}

impl Table {
    /// Each layout, its digits in the order of the cage's cells.
    fn layouts(&self) -> impl Iterator<Item = &[u32]> {
        self.digits.chunks_exact(self.width.max(1))
    }

    /// The layouts `keep` accepts.
    fn filtered(&self, keep: impl Fn(&[u32]) -> bool) -> Table {
        Table {
            width: self.width,
            digits: self
                .layouts()
                .filter(|l| keep(l))
                .flatten()
                .copied()
                .collect(),
        }
    }
}

impl Layouts {
    /// Nothing listed yet for `count` cages.
    pub fn new(count: usize) -> Self {
        Layouts {
            listed: vec![Listed::Unknown; count],
            quiet: vec![Default::default(); count],
        }
    }

    /// Cage `index`'s layouts on `board`; `None` while there are too many to list (tried
    /// again once fewer of its cells are open).
    fn of(&mut self, board: &Board, index: usize, cage: &Cage, cells: &[usize]) -> Option<&Table> {
        let open = cells.iter().filter(|&&i| board.placed(i) == 0).count();
        let fits = |layout: &[u32]| {
            (cells.iter().zip(layout)).all(|(&i, &v)| board.candidates(i) >> (v - 1) & 1 == 1)
        };
        let entry = &mut self.listed[index];
        if let Listed::Known(all, seen) = entry {
            // Candidates only go: the same candidates leave the same layouts.
            if !unchanged(board, cells, seen) {
                // Shared with the board a trial started from, or not: the survivors are
                // copied either way, which is one list.
                *all = Arc::new(all.filtered(fits));
                *seen = candidates_of(board, cells);
            }
            return Some(all);
        }
        *entry = match std::mem::replace(entry, Listed::Unknown) {
            Listed::TooMany(before) if before == open => Listed::TooMany(before),
            _ => layouts(board, cage, cells).map_or(Listed::TooMany(open), |all| {
                Listed::Known(Arc::new(all), candidates_of(board, cells))
            }),
        };
        match entry {
            Listed::Known(all, _) => Some(all),
            _ => None,
        }
    }
}

/// The first step `how` finds on any cage.
pub fn cage_step(board: &Board, cages: &[Cage], how: Use, known: &mut Layouts) -> Option<Step> {
    let n = board.n();
    for (index, cage) in cages.iter().enumerate() {
        let cells: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * n + c).collect();
        if cells.iter().all(|&i| board.placed(i) != 0) {
            continue;
        }
        let quiet = match how {
            Use::Union => Some(0),
            Use::PerCell => Some(1),
            Use::Line => None,
        };
        if quiet.is_some_and(|q| unchanged(board, &cells, &known.quiet[index][q])) {
            continue;
        }
        let Some(layouts) = known.of(board, index, cage, &cells) else {
            continue;
        };
        let removed: Vec<(usize, u32)> = match how {
            Use::Union => {
                let all = (layouts.digits.iter()).fold(0u64, |m, &v| m | 1 << (v - 1));
                (cells.iter())
                    .flat_map(|&i| values(board.candidates(i) & !all).map(move |v| (i, v)))
                    .collect()
            }
            Use::PerCell => (cells.iter().enumerate())
                .flat_map(|(k, &i)| {
                    let used = layouts.layouts().fold(0u64, |m, l| m | 1 << (l[k] - 1));
                    values(board.candidates(i) & !used).map(move |v| (i, v))
                })
                .collect(),
            Use::Line => line_removals(board, &cells, layouts),
        };
        let removed: Vec<_> = (removed.into_iter())
            .filter(|&(i, _)| board.placed(i) == 0)
            .map(|(i, v)| (board.cell(i), v))
            .collect();
        if removed.is_empty() {
            if let Some(q) = quiet {
                known.quiet[index][q] = candidates_of(board, &cells);
            }
        } else {
            return Some(Step {
                technique: match how {
                    Use::Union => Technique::CageDigits,
                    Use::PerCell => Technique::CageCells,
                    Use::Line => Technique::CageLine,
                },
                removed,
                because: cage.cells.clone(),
                area: Some(AreaName::Cage(index)),
                ..Step::default()
            });
        }
    }
    None
}

/// The candidates of `cells`, kept to tell later whether they changed.
fn candidates_of(board: &Board, cells: &[usize]) -> Vec<u64> {
    cells.iter().map(|&i| board.candidates(i)).collect()
}

/// Whether `cells` still have the candidates `seen` (none seen yet: no).
fn unchanged(board: &Board, cells: &[usize], seen: &[u64]) -> bool {
    seen.len() == cells.len() && (cells.iter().zip(seen)).all(|(&i, &m)| board.candidates(i) == m)
}

/// Digits that every layout puts in one row (or column) of the cage: the removals from that
/// line's other cells.
fn line_removals(board: &Board, cells: &[usize], layouts: &Table) -> Vec<(usize, u32)> {
    let n = board.n();
    let mut removed = Vec::new();
    for by_row in [true, false] {
        let line_of = |i: usize| if by_row { i / n } else { i % n };
        let mut lines: Vec<usize> = cells.iter().map(|&i| line_of(i)).collect();
        lines.sort_unstable();
        lines.dedup();
        for line in lines {
            let always = layouts.layouts().fold(u64::MAX, |m, layout| {
                let here = (cells.iter().zip(layout))
                    .filter(|(&i, _)| line_of(i) == line)
                    .fold(0u64, |s, (_, &v)| s | 1 << (v - 1));
                m & here
            });
            let others = (0..n)
                .map(|k| if by_row { line * n + k } else { k * n + line })
                .filter(|i| !cells.contains(i));
            for i in others {
                removed.extend(values(board.candidates(i) & always).map(|v| (i, v)));
            }
        }
    }
    removed
}

/// Whether a sum or product cage whose first cells hold `current`, then `v`, with `left`
/// cells after, can still meet its target (each cell at least 1).
fn may_reach(cage: &Cage, current: &[u32], v: u32, left: usize) -> bool {
    let t = u128::from(cage.target);
    let mut digits = current.iter().chain([&v]).map(|&d| u128::from(d));
    match cage.op {
        Op::Add => digits.sum::<u128>() + left as u128 <= t,
        Op::Mul => {
            let product = digits.try_fold(1u128, |p, d| p.checked_mul(d));
            product.is_some_and(|p| t % p == 0)
        }
        _ => true,
    }
}

/// Every layout of `cage` over its cells' candidates, digits differing where cells share a
/// row or column; `None` past [`MAX_NODES`].
fn layouts(board: &Board, cage: &Cage, cells: &[usize]) -> Option<Table> {
    let mut lister = Lister {
        board,
        cage,
        cells,
        current: Vec::with_capacity(cells.len()),
        found: Vec::new(),
        nodes: 0,
    };
    let width = cells.len();
    (lister.walk()).then_some(Table {
        width,
        digits: lister.found,
    })
}

/// The depth-first listing of one cage's layouts.
struct Lister<'a> {
    board: &'a Board,
    cage: &'a Cage,
    cells: &'a [usize],
    current: Vec<u32>,
    /// The layouts found, one after another.
    found: Vec<u32>,
    nodes: usize,
}

impl Lister<'_> {
    /// Lists the layouts that extend `current`; `false` once past the budget.
    fn walk(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return false;
        }
        let k = self.current.len();
        if k == self.cells.len() {
            let wide: Vec<u64> = self.current.iter().map(|&v| u64::from(v)).collect();
            if self.cage.holds(&wide) {
                self.found.extend_from_slice(&self.current);
            }
            return true;
        }
        let n = self.board.n();
        let (cells, here) = (self.cells, self.cells[k]);
        let clash = |a: usize| a / n == here / n || a % n == here % n;
        for v in values(self.board.candidates(here)) {
            if (0..k).any(|j| self.current[j] == v && clash(cells[j])) {
                continue;
            }
            if !may_reach(self.cage, &self.current, v, cells.len() - k - 1) {
                continue;
            }
            self.current.push(v);
            let going = self.walk();
            self.current.pop();
            if !going {
                return false;
            }
        }
        true
    }
}
