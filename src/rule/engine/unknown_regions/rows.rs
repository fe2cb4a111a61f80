//! The cut as rows over "same region" indicators `e[i,j]`, one per pair of cells near enough
//! to share a region (at most `size - 1` steps apart; farther pairs never do). The pairs are
//! an equivalence (of three cells, two pairs in one region make the third), every cell has
//! `size - 1` others in its region and at least one beside it, and cells of a region hold
//! different values. Connected: each cell has a depth below `size` (`g[i,t]`: at least `t`);
//! a region's first cell in reading order is its root (depth 0), and every other cell has a
//! neighbour of its region one step shallower as its parent, so it reaches its root. A clue's
//! measure is a sum of indicators; a run along one arm is also said value by value.

use super::{Measure, RegionClue, UnknownRegions};
use crate::grid::{beside, cell_name};
use crate::model::{LinExpr, Model, Var};

/// `sum coef * var`.
fn expr(terms: &[(Var, f64)]) -> LinExpr {
    let mut e = LinExpr::default();
    for &(v, coef) in terms {
        e.add_var(v, coef);
    }
    e
}

/// Whether two cells are in one region: always, never, or as a variable says.
#[derive(Clone, Copy)]
enum Same {
    Yes,
    No,
    Var(Var),
}

impl Same {
    /// Adds `coef` times the indicator to `e`.
    fn add_to(self, e: &mut LinExpr, coef: f64) {
        match self {
            Same::Yes => e.constant += coef,
            Same::No => {}
            Same::Var(v) => e.add_var(v, coef),
        }
    }
}

/// The indicators, by pair of cells (row-major indices).
struct Pairs {
    cols: usize,
    cells: usize,
    /// `e[i * cells + j]` for `i < j` near enough.
    vars: Vec<Option<Var>>,
}

impl Pairs {
    fn same(&self, a: usize, b: usize) -> Same {
        match (a == b, self.vars[a.min(b) * self.cells + a.max(b)]) {
            (true, _) => Same::Yes,
            (false, Some(v)) => Same::Var(v),
            (false, None) => Same::No,
        }
    }

    fn var(&self, a: usize, b: usize) -> Option<Var> {
        match self.same(a, b) {
            Same::Var(v) => Some(v),
            _ => None,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let cols = self.cols;
        (beside((i / cols, i % cols), self.cells / cols, cols))
            .map(|(r, c)| r * cols + c)
            .collect()
    }
}

impl UnknownRegions {
    /// Adds the cut's rows and the clues' (names start with `name`).
    pub(super) fn rows(&self, name: &str, model: &mut Model) {
        let (rows, cols) = (model.domains().rows(), model.domains().cols());
        let (cells, size) = (rows * cols, self.size);
        if size < 2 || !cells.is_multiple_of(size) {
            model.add(format!("{name}_size"), LinExpr::default(), 1.0, 1.0);
            return;
        }
        let id = |i: usize| cell_name((i / cols, i % cols));
        let apart =
            |a: usize, b: usize| (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols);
        let mut vars = vec![None; cells * cells];
        for a in 0..cells {
            for b in a + 1..cells {
                if apart(a, b) < size {
                    vars[a * cells + b] =
                        Some(model.binary(format!("{name}_same_{}_{}", id(a), id(b))));
                }
            }
        }
        let pairs = Pairs { cols, cells, vars };
        self.equivalence(name, model, &pairs);
        self.values_differ(name, model, &pairs);
        self.connected(name, model, &pairs);
        for (i, clue) in self.clues.iter().enumerate() {
            self.clue(&format!("{name}{}", i + 1), model, &pairs, clue);
        }
    }

    /// Three cells: two pairs in one region make the third; a cell has `size - 1` others
    /// in its region, one of them beside it.
    fn equivalence(&self, name: &str, model: &mut Model, pairs: &Pairs) {
        let cells = pairs.cells;
        for a in 0..cells {
            for b in a + 1..cells {
                for c in b + 1..cells {
                    let [ab, ac, bc] = [pairs.same(a, b), pairs.same(a, c), pairs.same(b, c)];
                    for (x, y, z) in [(ab, bc, ac), (ab, ac, bc), (ac, bc, ab)] {
                        let (Same::Var(x), Same::Var(y)) = (x, y) else {
                            continue;
                        };
                        let mut row = expr(&[(x, 1.0), (y, 1.0)]);
                        z.add_to(&mut row, -1.0);
                        let at = |i: usize| cell_name((i / pairs.cols, i % pairs.cols));
                        model.at_most(
                            format!("{name}_three_{}_{}_{}", at(a), at(b), at(c)),
                            row,
                            1.0,
                        );
                    }
                }
            }
        }
        for a in 0..cells {
            let at = cell_name((a / pairs.cols, a % pairs.cols));
            let mut others = LinExpr::default();
            (0..cells).for_each(|b| {
                if b != a {
                    pairs.same(a, b).add_to(&mut others, 1.0)
                }
            });
            let count = (self.size - 1) as f64;
            model.add(format!("{name}_others_{at}"), others, count, count);
            let mut beside = LinExpr::default();
            for b in pairs.neighbours(a) {
                pairs.same(a, b).add_to(&mut beside, 1.0);
            }
            model.add(format!("{name}_beside_{at}"), beside, 1.0, f64::INFINITY);
        }
    }

    /// Two cells of one region hold different values.
    fn values_differ(&self, name: &str, model: &mut Model, pairs: &Pairs) {
        let values = model.domains().values().to_vec();
        for a in 0..pairs.cells {
            for b in a + 1..pairs.cells {
                let Some(e) = pairs.var(a, b) else {
                    continue;
                };
                let ((ra, ca), (rb, cb)) = (
                    (a / pairs.cols, a % pairs.cols),
                    (b / pairs.cols, b % pairs.cols),
                );
                let (sa, sb) = (model.domains().get(ra, ca), model.domains().get(rb, cb));
                for k in (0..values.len()).filter(|&k| (sa & sb) >> k & 1 == 1) {
                    let mut row = model.x(ra, ca, k);
                    row.add_expr(&model.x(rb, cb, k), 1.0);
                    row.add_var(e, 1.0);
                    let names = (cell_name((ra, ca)), cell_name((rb, cb)));
                    model.at_most(
                        format!("{name}_differ_{}_{}_{}", names.0, names.1, values[k]),
                        row,
                        2.0,
                    );
                }
            }
        }
    }

    /// Depths, parents and roots: every region connected.
    fn connected(&self, name: &str, model: &mut Model, pairs: &Pairs) {
        let cells = pairs.cells;
        let at = |i: usize| cell_name((i / pairs.cols, i % pairs.cols));
        // g[i][t - 1]: the depth of cell i is at least t, t = 1..size-1.
        let g: Vec<Vec<Var>> = (0..cells)
            .map(|i| {
                (1..self.size)
                    .map(|t| model.binary(format!("{name}_depth_{}_{t}", at(i))))
                    .collect()
            })
            .collect();
        for (i, depth) in g.iter().enumerate() {
            for t in 1..depth.len() {
                let row = expr(&[(depth[t], 1.0), (depth[t - 1], -1.0)]);
                model.at_most(format!("{name}_depth_{}_{}", at(i), t + 1), row, 0.0);
            }
            // A root (depth 0) exactly when no earlier cell shares its region.
            let mut earlier = expr(&[(depth[0], -1.0)]);
            for j in 0..i {
                if let Some(e) = pairs.var(j, i) {
                    earlier.add_var(e, 1.0);
                    let row = expr(&[(e, 1.0), (depth[0], -1.0)]);
                    model.at_most(format!("{name}_root_{}_{}", at(i), at(j)), row, 0.0);
                }
            }
            model.add(
                format!("{name}_root_{}", at(i)),
                earlier,
                0.0,
                f64::INFINITY,
            );
        }
        let roots = expr(&g.iter().map(|d| (d[0], 1.0)).collect::<Vec<_>>());
        let non_roots = (cells - cells / self.size) as f64;
        model.add(format!("{name}_roots"), roots, non_roots, non_roots);
        for i in 0..cells {
            let mut parents = expr(&[(g[i][0], -1.0)]);
            for j in pairs.neighbours(i) {
                let p = model.binary(format!("{name}_parent_{}_{}", at(i), at(j)));
                parents.add_var(p, 1.0);
                let row = |s: String| format!("{name}_parent_{}_{}_{s}", at(i), at(j));
                let mut same = expr(&[(p, 1.0)]);
                pairs.same(i, j).add_to(&mut same, -1.0);
                model.at_most(row("same".into()), same, 0.0);
                for t in 0..g[j].len() {
                    let mut shallower = expr(&[(p, 1.0), (g[j][t], 1.0)]);
                    if let Some(&deeper) = g[i].get(t + 1) {
                        shallower.add_var(deeper, -1.0);
                    }
                    model.at_most(row(format!("depth{}", t + 1)), shallower, 1.0);
                }
            }
            model.add(format!("{name}_parent_{}", at(i)), parents, 0.0, 0.0);
        }
    }

    /// The clue's measure equals its cell's value plus the shift.
    fn clue(&self, name: &str, model: &mut Model, pairs: &Pairs, clue: &RegionClue) {
        let cols = pairs.cols;
        let index = |(r, c): (usize, usize)| r * cols + c;
        let first = index(clue.measure.first());
        let (r, c) = clue.cell;
        let values = model.domains().values().to_vec();
        let set = model.domains().get(r, c);
        let mut measure = LinExpr::default();
        match &clue.measure {
            Measure::Run(arms) => {
                measure.constant = 1.0;
                let long: Vec<&Vec<(usize, usize)>> = arms.iter().filter(|a| a.len() > 1).collect();
                for (a, arm) in long.iter().enumerate() {
                    let mut run: Option<LinExpr> = None;
                    for (t, &cell) in arm.iter().enumerate().skip(1) {
                        let mut same = LinExpr::default();
                        pairs.same(first, index(cell)).add_to(&mut same, 1.0);
                        let on = match run {
                            None => same,
                            Some(before) => {
                                let p = model.binary(format!("{name}_arm{a}_{t}"));
                                let row = |s: &str| format!("{name}_arm{a}_{t}_{s}");
                                let mut after = expr(&[(p, 1.0)]);
                                after.add_expr(&before, -1.0);
                                model.at_most(row("after"), after, 0.0);
                                let mut inside = expr(&[(p, 1.0)]);
                                inside.add_expr(&same, -1.0);
                                model.at_most(row("same"), inside, 0.0);
                                let mut both = expr(&[(p, 1.0)]);
                                both.add_expr(&before, -1.0);
                                both.add_expr(&same, -1.0);
                                model.add(row("both"), both, -1.0, f64::INFINITY);
                                expr(&[(p, 1.0)])
                            }
                        };
                        // Value by value: a run of `length` cells has at most `length - 1`
                        // past the first on any arm, exactly that on the only arm.
                        for k in (0..values.len()).filter(|&k| set >> k & 1 == 1) {
                            let length = values[k] + clue.shift;
                            let shorter = (t as i64) >= length;
                            if shorter || (long.len() == 1 && t as i64 == length - 1) {
                                let mut row = model.x(r, c, k);
                                row.add_expr(&on, if shorter { 1.0 } else { -1.0 });
                                let hi = if shorter { 1.0 } else { 0.0 };
                                model.at_most(format!("{name}_arm{a}_{t}_v{}", values[k]), row, hi);
                            }
                        }
                        measure.add_expr(&on, 1.0);
                        run = Some(on);
                    }
                }
            }
            Measure::Count(listed) => {
                for &cell in listed {
                    pairs.same(first, index(cell)).add_to(&mut measure, 1.0);
                }
            }
        }
        let mut row = model.value(r, c);
        row.add_expr(&measure, -1.0);
        model.add(
            name.to_string(),
            row,
            -clue.shift as f64,
            -clue.shift as f64,
        );
    }
}
