//! Takuzu's rules as data: each line half ones with no three equal in a row ([`Lines`]),
//! and no two equal rows or columns ([`DistinctLines`]).

use std::sync::Arc;

use super::forced::{distinct_moves, line_moves};
use super::rules::{broken_rule, equal_lines};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Violation;
use crate::geometry::Area;
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::Changed;
use crate::rule::{OptionalRule, Rule};

/// Balance and no three in a row on every line: the rows, then the columns.
#[derive(Debug, Clone)]
pub struct Lines {
    lines: Arc<[Area]>,
    rows: usize,
}

/// No two equal rows and no two equal columns.
#[derive(Debug, Clone)]
pub struct DistinctLines {
    lines: Arc<[Area]>,
    rows: usize,
}

impl Lines {
    /// The rules on `lines`, whose first `rows` are the rows.
    pub fn new(lines: Arc<[Area]>, rows: usize) -> Self {
        Lines { lines, rows }
    }

    /// The line crossing line `i` at `cell`.
    fn crossing(&self, i: usize, (r, c): Cell) -> usize {
        match i < self.rows {
            true => self.rows + c,
            false => r,
        }
    }
}

impl DistinctLines {
    /// The rule on `lines`, whose first `rows` are the rows.
    pub fn new(lines: Arc<[Area]>, rows: usize) -> Self {
        DistinctLines { lines, rows }
    }

    /// Rows and columns, each a group within which lines differ.
    fn groups(&self) -> [&[Area]; 2] {
        let (rows, cols) = self.lines.split_at(self.rows);
        [rows, cols]
    }
}

/// A complete grid's digit in a cell.
fn digit(grid: &Grid) -> impl Fn(usize, usize) -> Option<u8> + '_ {
    |r, c| Some(grid.get(r, c) as u8)
}

impl Rule for Lines {
    fn name(&self) -> &'static str {
        "lines"
    }

    /// On a complete grid, a line that is not half ones has more than half of one digit.
    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        (self.lines.iter())
            .filter_map(|line| broken_rule(digit(grid), std::slice::from_ref(line)))
            .map(|(_, violation)| violation)
            .collect()
    }

    /// Each line holding a changed cell keeps the digits some completion of it uses; a
    /// narrowed cell queues the line crossing there.
    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let cols = domains.cols();
        let mut queued = vec![changed.is_none(); self.lines.len()];
        for &cell in changed.into_iter().flatten() {
            queued[cell / cols] = true;
            queued[self.rows + cell % cols] = true;
        }
        // The first queued line next, rows before columns: a sweep settles in fewer passes
        // than following the latest change.
        while let Some(i) = queued.iter().position(|&q| q) {
            queued[i] = false;
            let cells = &self.lines[i].cells;
            let Some(moved) = line_moves(domains, cells) else {
                return false;
            };
            for at in (0..cells.len()).filter(|at| moved >> at & 1 == 1) {
                let (r, c) = cells[at];
                shrunk.push(r * cols + c);
                queued[self.crossing(i, (r, c))] = true;
            }
        }
        true
    }

    /// Per line, `sum x = n/2` over its ones, and 1 to 2 ones in every three cells in a row.
    fn constrain(&self, model: &mut Model, _: Deadline) {
        for line in self.lines.iter() {
            let half = (line.cells.len() / 2) as f64;
            let mut ones = LinExpr::default();
            for &(r, c) in &line.cells {
                ones.add_expr(&model.x(r, c, 1), 1.0);
            }
            let id = line.name.id();
            model.add(format!("{id}_ones"), ones, half, half);
            for (j, w) in line.cells.windows(3).enumerate() {
                let mut window = LinExpr::default();
                for &(r, c) in w {
                    window.add_expr(&model.x(r, c, 1), 1.0);
                }
                model.add(format!("{id}_win{}", j + 1), window, 1.0, 2.0);
            }
        }
    }
}

impl Rule for DistinctLines {
    fn name(&self) -> &'static str {
        "distinct lines"
    }

    fn optional(&self) -> Option<OptionalRule> {
        Some(OptionalRule {
            name: "distinct lines",
            option: "--allow-duplicate-lines",
        })
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let cols = self.lines.len() - self.rows;
        (equal_lines(digit(grid), self.rows, cols).into_iter())
            .map(|(_, violation)| violation)
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        loop {
            let before = shrunk.len();
            for group in self.groups() {
                if !distinct_moves(domains, group, shrunk) {
                    return false;
                }
            }
            if shrunk.len() == before {
                return true;
            }
        }
    }

    /// For lines a < b of a group, continuous `z_j <= x_a + x_b`, `z_j <= 2 - x_a - x_b`
    /// (z is at most `x_a xor x_b`) and `sum_j z_j >= 1`. Pairs that already differ in a
    /// decided cell need nothing. Stops once the deadline has passed.
    fn constrain(&self, model: &mut Model, deadline: Deadline) {
        let digit = |model: &Model, (r, c): Cell| model.domains().get(r, c);
        for lines in self.groups() {
            for a in 0..lines.len() {
                if deadline.passed() {
                    return;
                }
                for b in a + 1..lines.len() {
                    let (line_a, line_b) = (&lines[a].cells, &lines[b].cells);
                    let differ = line_a.iter().zip(line_b).any(|(&p, &q)| {
                        let (sp, sq) = (digit(model, p), digit(model, q));
                        sp.count_ones() == 1 && sq.count_ones() == 1 && sp != sq
                    });
                    if differ {
                        continue;
                    }
                    let pair = format!("{}_{}", lines[a].name.id(), lines[b].name.id());
                    let mut sum = LinExpr::default();
                    for (j, (&(ra, ca), &(rb, cb))) in line_a.iter().zip(line_b).enumerate() {
                        let at = format!("{pair}_{}", j + 1);
                        let z = model.continuous(format!("z_{at}"), 0.0, 1.0);
                        let mut both = model.x(ra, ca, 1);
                        both.add_expr(&model.x(rb, cb, 1), 1.0);
                        let mut le_sum = both.clone();
                        le_sum.add_var(z, -1.0);
                        model.add(format!("{at}_or"), le_sum, 0.0, f64::INFINITY);
                        let mut le_rest = both;
                        le_rest.add_var(z, 1.0);
                        model.add(format!("{at}_nand"), le_rest, f64::NEG_INFINITY, 2.0);
                        sum.add_var(z, 1.0);
                    }
                    model.add(format!("{pair}_differ"), sum, 1.0, f64::INFINITY);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Takuzu;
    use crate::deadline::Deadline;
    use crate::puzzle::FromRules;
    use crate::puzzle::Puzzle;

    #[test]
    fn the_relaxed_puzzle_without_distinct_lines_prints_as_the_takuzu() {
        let takuzu = Takuzu::new(6, 6, vec![None; 36], false);
        let (relaxed, rule) = crate::puzzle::relaxed(&takuzu).unwrap();
        assert_eq!(rule.option, "--allow-duplicate-lines");
        let names: Vec<_> = relaxed.rules().rules.iter().map(|r| r.name()).collect();
        assert_eq!(names, ["lines"]);
        let grid = crate::grid::Grid::from_rows(vec![vec![0, 1, 1, 0, 1, 0]; 6]).unwrap();
        assert_eq!(relaxed.render(&grid), takuzu.render(&grid));
        assert_eq!(relaxed.render(&grid).lines().next(), Some("011010"));
    }

    #[test]
    fn narrowing_from_one_changed_cell_reaches_the_same_fixed_point_as_narrowing_everything() {
        // A 6x6 with two givens: the line rules leave it open.
        let mut givens = vec![None; 36];
        givens[0] = Some(1);
        givens[14] = Some(0);
        let takuzu = Takuzu::new(6, 6, givens, false);
        let reduced = takuzu.reduce(Deadline::none()).unwrap();
        let trials = reduced.assert_narrowing_from_each_cell_is_complete();
        assert!(trials > 40, "the puzzle stays open after its reductions");
    }
}
