//! Takuzu (binary puzzle): each line half ones, no three equal in a row, and (unless allowed)
//! no two equal rows or columns, on the shared cell model with values {0, 1}.

mod forced;
mod parse;
mod rules;

pub use parse::{parse, parse_takuzus};

use crate::grid::{cell_name, Grid};
use crate::model::{Domains, LinExpr, Model};
use crate::puzzle::Puzzle;
use forced::ForcedMoves;

/// Largest supported side.
pub const MAX_SIDE: usize = 64;

/// A Takuzu: givens (`None` = blank) and whether equal lines are allowed.
#[derive(Debug, Clone)]
pub struct Takuzu {
    rows: usize,
    cols: usize,
    givens: Vec<Option<u8>>,
    allow_duplicate_lines: bool,
}

impl Takuzu {
    /// A Takuzu from its givens, row by row.
    pub fn new(
        rows: usize,
        cols: usize,
        givens: Vec<Option<u8>>,
        allow_duplicate_lines: bool,
    ) -> Self {
        Takuzu {
            rows,
            cols,
            givens,
            allow_duplicate_lines,
        }
    }

    /// The given digit of a cell, if any.
    pub fn given(&self, r: usize, c: usize) -> Option<u8> {
        self.givens[r * self.cols + c]
    }

    /// The first rule the givens already break, with the row it shows on.
    pub fn broken_rule(&self) -> Option<(usize, String)> {
        let get = |r, c| self.given(r, c);
        rules::broken_rule(get, self.rows, self.cols).or_else(|| {
            if self.allow_duplicate_lines {
                None
            } else {
                rules::equal_lines(get, self.rows, self.cols)
            }
        })
    }

    /// Distinct lines: for lines a < b, continuous `z_j <= x_a + x_b`, `z_j <= 2 - x_a - x_b`
    /// (z is at most `x_a xor x_b`) and `sum_j z_j >= 1`. Pairs that already differ in a
    /// decided cell need nothing.
    fn distinct(&self, model: &mut Model, lines: &[Vec<(usize, usize)>]) {
        let digit = |model: &Model, (r, c): (usize, usize)| model.domains().get(r, c);
        for a in 0..lines.len() {
            for b in a + 1..lines.len() {
                let differ = lines[a].iter().zip(&lines[b]).any(|(&p, &q)| {
                    let (sp, sq) = (digit(model, p), digit(model, q));
                    sp.count_ones() == 1 && sq.count_ones() == 1 && sp != sq
                });
                if differ {
                    continue;
                }
                let mut sum = LinExpr::default();
                for (&(ra, ca), &(rb, cb)) in lines[a].iter().zip(&lines[b]) {
                    let z = model.continuous(0.0, 1.0);
                    let mut both = model.x(ra, ca, 1);
                    both.add_expr(&model.x(rb, cb, 1), 1.0);
                    let mut le_sum = both.clone();
                    le_sum.add_var(z, -1.0);
                    model.add(le_sum, 0.0, f64::INFINITY);
                    let mut le_rest = both;
                    le_rest.add_var(z, 1.0);
                    model.add(le_rest, f64::NEG_INFINITY, 2.0);
                    sum.add_var(z, 1.0);
                }
                model.add(sum, 1.0, f64::INFINITY);
            }
        }
    }
}

impl Puzzle for Takuzu {
    fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn domains(&self) -> Option<Domains> {
        let mut domains = Domains::full(self.rows, self.cols, vec![0, 1]);
        for r in 0..self.rows {
            for c in 0..self.cols {
                if let Some(d) = self.given(r, c) {
                    domains.set(r, c, 1 << d);
                }
            }
        }
        let moves = ForcedMoves::new(self.rows, self.cols, !self.allow_duplicate_lines);
        crate::propagate::probe(&mut domains, |d| moves.propagate(d)).then_some(domains)
    }

    fn constrain(&self, model: &mut Model) {
        let lines: Vec<Vec<(usize, usize)>> = rules::lines(self.rows, self.cols)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        for line in &lines {
            let half = (line.len() / 2) as f64;
            let mut ones = LinExpr::default();
            for &(r, c) in line {
                ones.add_expr(&model.x(r, c, 1), 1.0);
            }
            model.add(ones, half, half);
            for w in line.windows(3) {
                let mut window = LinExpr::default();
                for &(r, c) in w {
                    window.add_expr(&model.x(r, c, 1), 1.0);
                }
                model.add(window, 1.0, 2.0);
            }
        }
        if !self.allow_duplicate_lines {
            let (row_lines, col_lines) = lines.split_at(self.rows);
            self.distinct(model, row_lines);
            self.distinct(model, col_lines);
        }
    }

    fn verify(&self, grid: &Grid) -> Result<(), String> {
        if grid.rows() != self.rows || grid.cols() != self.cols {
            return Err(format!("the grid is not {}x{}", self.rows, self.cols));
        }
        for r in 0..self.rows {
            for c in 0..self.cols {
                let v = grid.get(r, c);
                if v > 1 {
                    return Err(format!("{} holds {v}, not 0 or 1", cell_name(r, c)));
                }
                if self.given(r, c).is_some_and(|g| u32::from(g) != v) {
                    return Err(format!("{} does not keep its given", cell_name(r, c)));
                }
            }
        }
        let get = |r, c| Some(grid.get(r, c) as u8);
        if let Some((_, why)) = rules::broken_rule(get, self.rows, self.cols) {
            return Err(why);
        }
        for (name, line) in rules::lines(self.rows, self.cols) {
            let ones = line.iter().filter(|&&(r, c)| grid.get(r, c) == 1).count();
            if ones * 2 != line.len() {
                return Err(format!(
                    "{name} has {ones} ones, not half of {}",
                    line.len()
                ));
            }
        }
        if !self.allow_duplicate_lines {
            if let Some((_, why)) = rules::equal_lines(get, self.rows, self.cols) {
                return Err(why);
            }
        }
        Ok(())
    }

    fn render(&self, grid: &Grid) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols + 1));
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                out.push(if grid.get(r, c) == 1 { '1' } else { '0' });
            }
            out.push('\n');
        }
        out
    }
}
