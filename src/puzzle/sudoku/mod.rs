//! Sudoku of any size n from 4 to 64 with rectangular boxes: rows, columns and boxes are
//! all-different areas of the shared cell model.

mod parse;

pub use parse::{parse, parse_sudokus};

use crate::grid::{cell_name, Grid};
use crate::model::{Domains, Model};
use crate::propagate::{self, AllDifferent, Area};
use crate::puzzle::Puzzle;

/// Largest supported side.
pub const MAX_SIZE: usize = 64;

/// How the input wrote its cells, so that the answer is printed the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// One character per cell: 1-9, then A=10, B=11, ...
    Compact,
    /// Whitespace-separated numbers.
    Spaced,
}

/// A Sudoku: givens (0 = blank) and the box shape.
#[derive(Debug, Clone)]
pub struct Sudoku {
    givens: Grid,
    box_rows: usize,
    box_cols: usize,
    style: Style,
}

impl Sudoku {
    /// A Sudoku from its givens; the box shape must tile the grid.
    pub fn new(givens: Grid, (box_rows, box_cols): (usize, usize), style: Style) -> Self {
        Sudoku {
            givens,
            box_rows,
            box_cols,
            style,
        }
    }

    /// The givens, 0 for a blank.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Rows and columns of one box.
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// How the input wrote its cells.
    pub fn style(&self) -> Style {
        self.style
    }

    fn size(&self) -> usize {
        self.givens.rows()
    }

    /// Rows, columns and boxes, each named for messages.
    fn areas(&self) -> Vec<(String, Area)> {
        let n = self.size();
        let (br, bc) = (self.box_rows, self.box_cols);
        let rows = propagate::rows(n, n).into_iter().enumerate();
        let cols = propagate::columns(n, n).into_iter().enumerate();
        let boxes = (0..n).map(|b| {
            let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
            (b, (0..n).map(|i| (r0 + i / bc, c0 + i % bc)).collect())
        });
        rows.map(|(i, a)| (format!("row {}", i + 1), a))
            .chain(cols.map(|(i, a)| (format!("column {}", i + 1), a)))
            .chain(boxes.map(|(i, a)| (format!("box {}", i + 1), a)))
            .collect()
    }

    /// The first pair of equal givens in one area, as `row 3 has 5 twice: r3c2, r3c7`.
    pub fn conflict(&self) -> Option<(usize, String)> {
        for (name, area) in self.areas() {
            let mut seen: Vec<Option<(usize, usize)>> = vec![None; self.size() + 1];
            for (r, c) in area {
                let v = self.givens.get(r, c) as usize;
                if v == 0 {
                    continue;
                }
                if let Some((r0, c0)) = seen[v] {
                    let message = format!(
                        "{name} has {v} twice: {}, {}",
                        cell_name(r0, c0),
                        cell_name(r, c)
                    );
                    return Some((r, message));
                }
                seen[v] = Some((r, c));
            }
        }
        None
    }
}

impl Puzzle for Sudoku {
    fn shape(&self) -> (usize, usize) {
        (self.size(), self.size())
    }

    fn domains(&self) -> Option<Domains> {
        let n = self.size();
        let mut domains = Domains::full(n, n, (1..=n as i64).collect());
        for r in 0..n {
            for c in 0..n {
                let v = self.givens.get(r, c);
                if v != 0 {
                    domains.set(r, c, 1 << (v - 1));
                }
            }
        }
        let areas = self.areas().into_iter().map(|(_, a)| a).collect();
        let rules = AllDifferent::new(areas, n);
        propagate::probe(&mut domains, |d| rules.propagate(d)).then_some(domains)
    }

    fn constrain(&self, model: &mut Model) {
        for (_, area) in self.areas() {
            model.all_different(&area);
        }
    }

    fn verify(&self, grid: &Grid) -> Result<(), String> {
        let n = self.size();
        if grid.rows() != n || grid.cols() != n {
            return Err(format!("the grid is not {n}x{n}"));
        }
        for r in 0..n {
            for c in 0..n {
                let (v, given) = (grid.get(r, c), self.givens.get(r, c));
                if v == 0 || v as usize > n {
                    return Err(format!("{} holds {v}, not a value 1..{n}", cell_name(r, c)));
                }
                if given != 0 && v != given {
                    return Err(format!(
                        "{} holds {v}, not its given {given}",
                        cell_name(r, c)
                    ));
                }
            }
        }
        for (name, area) in self.areas() {
            let mut seen = vec![false; n + 1];
            for (r, c) in area {
                let v = grid.get(r, c) as usize;
                if std::mem::replace(&mut seen[v], true) {
                    return Err(format!("{name} holds {v} twice"));
                }
            }
        }
        Ok(())
    }

    fn render(&self, grid: &Grid) -> String {
        let symbol = |v: u32| match self.style {
            Style::Compact => char::from_digit(v, 36)
                .map_or_else(|| v.to_string(), |ch| ch.to_ascii_uppercase().to_string()),
            Style::Spaced => v.to_string(),
        };
        let sep = if self.style == Style::Compact {
            ""
        } else {
            " "
        };
        let width = if self.style == Style::Spaced {
            self.size().to_string().len()
        } else {
            1
        };
        let mut out = String::new();
        for r in 0..grid.rows() {
            let row: Vec<String> = (0..grid.cols())
                .map(|c| format!("{:>width$}", symbol(grid.get(r, c))))
                .collect();
            out.push_str(&row.join(sep));
            out.push('\n');
        }
        out
    }
}
