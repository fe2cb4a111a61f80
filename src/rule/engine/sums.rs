//! The engine of rules that are sums (arrows, little killers, region-sum lines, zippers): each
//! [`Equation`] says a weighted sum of cells' values is a number. Narrowing keeps a candidate
//! only within what the other cells' bounds leave (to a fixed point); the row is the sum
//! itself, linear in `x[r,c,k]`; the check is exact.

use super::distinct::{union_bounds, Distinct};
use super::keyed::Part;
use super::sum_tables;
use super::Changed;
use super::{restrict, to_fixed_point};
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model, Readers};

/// `sum of weight * value(cell) = total`, from the clue named `clue`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Equation {
    /// Cells and their weights.
    pub terms: Vec<(Cell, i64)>,
    /// What the sum is.
    pub total: i64,
    /// The clue, e.g. `arrow 2`.
    pub clue: String,
}

/// The sums of a rule.
#[derive(Debug, Clone, Default)]
pub struct Sums {
    /// The equations.
    pub equations: Vec<Equation>,
    /// Per equation, groups of two or more of its terms (indices) with one weight whose
    /// cells the puzzle keeps pairwise different, so that their values are distinct; none
    /// until the rule is told ([`Part::knowing`]).
    pub apart: Vec<Vec<Vec<usize>>>,
}

impl Sums {
    /// Adds `sum of weight * value(cell) = total`, as the clue `clue`.
    pub fn add(&mut self, terms: Vec<(Cell, i64)>, total: i64, clue: impl Into<String>) {
        let clue = clue.into();
        self.equations.push(Equation { terms, total, clue });
    }
}

/// The smallest and largest of `weight * v` over the candidates `set` (values `values`).
fn bounds(set: u64, weight: i64, values: &[i64]) -> (i64, i64) {
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for (k, &v) in values
        .iter()
        .enumerate()
        .filter(|&(k, _)| set & (1 << k) != 0)
    {
        let _ = k;
        lo = lo.min(weight * v);
        hi = hi.max(weight * v);
    }
    (lo, hi)
}

/// The smallest and largest of `weight` times a sum of distinct values, one per member of
/// `members` but `except`, each a candidate of its member (`sets`: per term its candidates);
/// `None` when those candidates hold fewer values than there are members.
fn distinct_bounds(
    members: &[usize],
    except: Option<usize>,
    sets: &[u64],
    weight: i64,
    values: &[i64],
) -> Option<(i64, i64)> {
    let counted = members.iter().filter(|&&t| Some(t) != except);
    let (small, large) = union_bounds(values, counted.map(|&t| sets[t]), 0)?;
    Some(match weight > 0 {
        true => (weight * small, weight * large),
        false => (weight * large, weight * small),
    })
}

/// The bounds of one equation's terms, per term for the sum of the others: each term's own
/// bounds, tightened for a group of apart cells by their distinct values. `None` when the
/// sum cannot reach its total.
fn rest_bounds(
    equation: &Equation,
    apart: &[Vec<usize>],
    sets: &[u64],
    values: &[i64],
) -> Option<Vec<(i64, i64)>> {
    let terms = &equation.terms;
    let each: Vec<(i64, i64)> = (terms.iter().zip(sets))
        .map(|(&(_, w), &set)| bounds(set, w, values))
        .collect();
    // A group's bounds, but for `except`: the tighter of its terms' own and of distinct values.
    let group = |members: &[usize], except: Option<usize>| -> Option<(i64, i64)> {
        let counted = members.iter().filter(|&&t| Some(t) != except);
        let (lo, hi) = counted.fold((0, 0), |(l, h), &t| (l + each[t].0, h + each[t].1));
        let weight = terms[members[0]].1;
        let (dlo, dhi) = distinct_bounds(members, except, sets, weight, values)?;
        Some((lo.max(dlo), hi.min(dhi)))
    };
    let mut of = vec![None; terms.len()];
    let (mut lo, mut hi) = (0i64, 0i64);
    let mut groups = Vec::with_capacity(apart.len());
    for (g, members) in apart.iter().enumerate() {
        let (glo, ghi) = group(members, None)?;
        members.iter().for_each(|&t| of[t] = Some(g));
        (lo, hi) = (lo + glo, hi + ghi);
        groups.push((glo, ghi));
    }
    for (b, _) in each.iter().zip(&of).filter(|(_, g)| g.is_none()) {
        (lo, hi) = (lo + b.0, hi + b.1);
    }
    if lo > equation.total || hi < equation.total {
        return None;
    }
    (0..terms.len())
        .map(|t| match of[t] {
            None => Some((lo - each[t].0, hi - each[t].1)),
            Some(g) => {
                let (olo, ohi) = group(&apart[g], Some(t))?;
                Some((lo - groups[g].0 + olo, hi - groups[g].1 + ohi))
            }
        })
        .collect()
}

impl Part for Sums {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        (self.equations.iter())
            .filter(|e| {
                e.terms
                    .iter()
                    .map(|&(cell, w)| w * i64::from(value(cell)))
                    .sum::<i64>()
                    != e.total
            })
            .map(|e| {
                let cells: Vec<Cell> = e.terms.iter().map(|t| t.0).collect();
                Violation::Broken {
                    how: "is broken",
                    clue: e.clue.clone(),
                    values: cells.iter().map(|&c| value(c)).collect(),
                    cells,
                }
            })
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let values = domains.values().to_vec();
        // The cells narrowed since an equation last ran (at first: `changed`'s, or all).
        let mut fresh = vec![changed.is_none(); domains.rows() * domains.cols()];
        changed.into_iter().flatten().for_each(|&i| fresh[i] = true);
        to_fixed_point(shrunk, |shrunk| {
            let before = shrunk.len();
            let ok = self.equations.iter().enumerate().all(|(e, equation)| {
                let touched = |&(cell, _): &(Cell, i64)| fresh[domains.index(cell)];
                if !equation.terms.iter().any(touched) {
                    return true;
                }
                let sets: Vec<u64> = (equation.terms.iter())
                    .map(|&(cell, _)| domains.at(domains.index(cell)))
                    .collect();
                let apart = self.apart.get(e).map_or(&[][..], Vec::as_slice);
                let Some(rest) = rest_bounds(equation, apart, &sets, &values) else {
                    return false;
                };
                (equation.terms.iter().zip(rest)).all(|(&(cell, w), (rest_lo, rest_hi))| {
                    // What this term may be, given the others' bounds.
                    let (min, max) = (equation.total - rest_hi, equation.total - rest_lo);
                    let keep = (values.iter().enumerate())
                        .filter(|&(_, &v)| (min..=max).contains(&(w * v)))
                        .fold(0u64, |m, (k, _)| m | 1 << k);
                    let at = domains.index(cell);
                    restrict(domains, at, keep, shrunk)
                })
            });
            fresh.fill(false);
            shrunk[before..].iter().for_each(|&i| fresh[i] = true);
            ok
        })
    }

    fn knowing(&self, distinct: &Distinct) -> Option<Self> {
        let apart: Vec<Vec<Vec<usize>>> = (self.equations.iter())
            .map(|equation| apart_groups(&equation.terms, distinct))
            .collect();
        (apart.iter().any(|groups| !groups.is_empty())).then(|| Sums {
            equations: self.equations.clone(),
            apart,
        })
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        // An equation listed as tables is written as its sum for the MIP solvers only.
        let tabled = sum_tables::add(model, name, &self.equations, &self.apart);
        for (i, equation) in self.equations.iter().enumerate() {
            let mut e = LinExpr::default();
            for &((r, c), w) in &equation.terms {
                e.add_expr(&model.value(r, c), w as f64);
            }
            let total = equation.total as f64;
            let readers = if tabled[i] {
                Readers::Linear
            } else {
                Readers::All
            };
            model.add_for(readers, format!("{name}{}_sum", i + 1), e, total, total);
        }
    }

    fn is_empty(&self) -> bool {
        self.equations.is_empty()
    }
}

/// Groups of two or more `terms` (indices) with one weight whose cells are pairwise apart,
/// each term in one group at most: the better (by the sum of the groups' squared sizes, as
/// a group of k distinct values bounds the sum by about k squared over 2) of two partitions.
/// Taking terms greedily in order leaves a long line's groups small (ISS's "Long sums 2":
/// 32 cells, bound 83); taking whole areas first, the largest first, finds the boxes (98,
/// the clue itself).
fn apart_groups(terms: &[(Cell, i64)], distinct: &Distinct) -> Vec<Vec<usize>> {
    let score = |groups: &[Vec<usize>]| groups.iter().map(|g| g.len() * g.len()).sum::<usize>();
    let (by_areas, in_order) = (
        area_groups(terms, distinct),
        first_fit(terms, distinct, Vec::new(), 0..terms.len()),
    );
    let mut best = match score(&by_areas) >= score(&in_order) {
        true => by_areas,
        false => in_order,
    };
    best.retain(|g| g.len() > 1);
    best
}

/// `terms` put into `groups` in the order `order`: each into the first group whose members
/// share its weight and are all apart from it, else a group of its own.
fn first_fit(
    terms: &[(Cell, i64)],
    distinct: &Distinct,
    mut groups: Vec<Vec<usize>>,
    order: impl Iterator<Item = usize>,
) -> Vec<Vec<usize>> {
    for t in order {
        let (cell, w) = terms[t];
        let fits = |g: &&mut Vec<usize>| {
            (g.iter()).all(|&u| terms[u].1 == w && distinct.apart(terms[u].0, cell))
        };
        match groups.iter_mut().find(fits) {
            Some(group) => group.push(t),
            None => groups.push(vec![t]),
        }
    }
    groups
}

/// Groups taken area by area: the all-different area holding the most ungrouped terms of
/// one weight (two or more) is a group, until none is left; the other terms then join a
/// group they fit (first fit).
fn area_groups(terms: &[(Cell, i64)], distinct: &Distinct) -> Vec<Vec<usize>> {
    let mut free = vec![true; terms.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    loop {
        let mut counts: std::collections::HashMap<(u32, i64), Vec<usize>> = Default::default();
        for (t, &(cell, w)) in terms.iter().enumerate().filter(|&(t, _)| free[t]) {
            for &area in distinct.areas_of(cell) {
                let members = counts.entry((area, w)).or_default();
                // A cell listed twice is one member of an area.
                if members.iter().all(|&u| terms[u].0 != cell) {
                    members.push(t);
                }
            }
        }
        // The largest, ties to the lowest area and weight (a stable choice).
        let best = (counts.into_iter())
            .filter(|(_, members)| members.len() > 1)
            .max_by_key(|&((area, w), ref members)| (members.len(), std::cmp::Reverse((area, w))));
        let Some((_, members)) = best else { break };
        members.iter().for_each(|&t| free[t] = false);
        groups.push(members);
    }
    let rest: Vec<usize> = (0..terms.len()).filter(|&t| free[t]).collect();
    first_fit(terms, distinct, groups, rest.into_iter())
}

/// Adds `sum of weight * value(cell) = total` when `chosen` (a 0-1 expression) is 1, as two
/// big-M rows whose M are the sum's bounds over the cells' values.
pub fn sum_when(
    model: &mut Model,
    name: &str,
    chosen: &LinExpr,
    terms: &[(Cell, i64)],
    total: i64,
) {
    let values = model.domains().values();
    let (min, max) = (values[0], values[values.len() - 1]);
    let (mut lo, mut hi) = (0, 0);
    let mut sum = LinExpr::default();
    for &((r, c), w) in terms {
        lo += (w * min).min(w * max);
        hi += (w * min).max(w * max);
        sum.add_expr(&model.value(r, c), w as f64);
    }
    let mut upper = sum.clone();
    upper.add_expr(chosen, (hi - total) as f64);
    model.at_most(format!("{name}_hi"), upper, hi as f64);
    let mut lower = sum;
    lower.add_expr(chosen, (lo - total) as f64);
    model.add(format!("{name}_lo"), lower, lo as f64, f64::INFINITY);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{columns, rows, Area};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// `rule` told that each row and each column of a `rows` x `cols` grid is all-different.
    fn knowing_lines(rule: &Sums, rows_n: usize, cols_n: usize) -> Option<Sums> {
        let areas: Vec<Area> = [rows(rows_n, cols_n), columns(rows_n, cols_n)].concat();
        rule.knowing(&Distinct::from_areas(areas.iter(), rows_n, cols_n))
    }

    #[test]
    fn cells_kept_apart_bound_an_arrow_by_distinct_values() {
        // circle = a + b with a and b in one row: a + b >= 1 + 2, so the circle is 3 or more;
        // in different rows and columns a and b may both be 1.
        let arrow = |b: Cell| Sums {
            equations: vec![Equation {
                terms: vec![((2, 2), 1), ((0, 0), -1), (b, -1)],
                total: 0,
                clue: "arrow 1".into(),
            }],
            ..Sums::default()
        };
        let circle = |rule: &Sums| {
            let mut domains = Domains::full(3, 3, (1..=9).collect());
            assert!(rule.narrow(&mut domains, None, &mut Vec::new()));
            domains.get(2, 2)
        };
        let told = knowing_lines(&arrow((0, 1)), 3, 3).expect("a and b share row 1");
        assert_eq!(circle(&told), 0b1_1111_1100, "3 to 9");
        assert_eq!(circle(&arrow((0, 1))), 0b1_1111_1110, "untold: 2 to 9");
        assert!(
            knowing_lines(&arrow((1, 1)), 3, 3).is_none(),
            "apart in nothing"
        );
    }

    #[test]
    fn told_sums_keep_every_value_some_solution_uses_and_narrow_at_least_as_much() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut tighter = 0;
        for round in 0..3000 {
            // Up to five cells of a 2x3 grid, weights among 1, -1 and 2, values 1..=6.
            let mut cells: Vec<Cell> = (0..6).map(|i| (i / 3, i % 3)).collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, rng.random_range(0..=i));
            }
            cells.truncate(rng.random_range(2..=5));
            let terms: Vec<(Cell, i64)> = (cells.iter())
                .map(|&c| (c, [1, 1, -1, 2][rng.random_range(0..4)]))
                .collect();
            let total = rng.random_range(-6..=18);
            let rule = Sums {
                equations: vec![Equation {
                    terms: terms.clone(),
                    total,
                    clue: "sum".into(),
                }],
                ..Sums::default()
            };
            let mut domains = Domains::full(2, 3, (1..=6).collect());
            for &(cell, _) in &terms {
                domains.restrict(cell.0, cell.1, rng.random_range(1..64u64));
            }
            // Every assignment of the cells' candidates: rows and columns distinct, the sum kept.
            let mut used = vec![0u64; terms.len()];
            let mut pick = vec![0usize; terms.len()];
            loop {
                let value = |t: usize| pick[t] as i64 + 1;
                let fits = (0..terms.len()).all(|t| {
                    let (cell, _) = terms[t];
                    domains.get(cell.0, cell.1) >> pick[t] & 1 == 1
                        && (0..t).all(|u| {
                            let (a, b) = (terms[u].0, cell);
                            (a.0 != b.0 && a.1 != b.1) || value(u) != value(t)
                        })
                });
                let sum: i64 = (0..terms.len()).map(|t| terms[t].1 * value(t)).sum();
                if fits && sum == total {
                    (0..terms.len()).for_each(|t| used[t] |= 1 << pick[t]);
                }
                let Some(t) = (0..terms.len()).find(|&t| pick[t] < 5) else {
                    break;
                };
                pick[t] += 1;
                pick[..t].iter_mut().for_each(|p| *p = 0);
            }
            let narrowed = |rule: &Sums| {
                let mut d = domains.clone();
                rule.narrow(&mut d, None, &mut Vec::new()).then_some(d)
            };
            let told = knowing_lines(&rule, 2, 3).unwrap_or_else(|| rule.clone());
            let (plain, known) = (narrowed(&rule), narrowed(&told));
            for (t, &(cell, _)) in terms.iter().enumerate() {
                let left = |d: &Option<Domains>| d.as_ref().map_or(0, |d| d.get(cell.0, cell.1));
                assert_eq!(
                    used[t] & !left(&known),
                    0,
                    "round {round}: a solution's value went"
                );
                assert_eq!(
                    left(&known) & !left(&plain),
                    0,
                    "round {round}: told keeps more"
                );
                tighter += usize::from(left(&known) != left(&plain));
            }
        }
        assert!(tighter > 100, "telling narrows more somewhere: {tighter}");
    }

    #[test]
    fn whole_areas_are_grouped_when_they_bound_the_sum_more_than_the_order_does() {
        // In order, r2c1 and r1c1 pair up (column 1) and leave r1c2 and r1c3 a pair: the
        // four are at least 3 + 3. Row 1 whole and r2c1 alone: at least 6 + 1.
        let terms: Vec<(Cell, i64)> = [(1, 0), (0, 0), (0, 1), (0, 2)]
            .map(|cell| (cell, 1))
            .to_vec();
        let areas: Vec<Area> = [rows(3, 3), columns(3, 3)].concat();
        let distinct = Distinct::from_areas(areas.iter(), 3, 3);
        assert_eq!(apart_groups(&terms, &distinct), vec![vec![1, 2, 3]]);
        let four = Sums {
            equations: vec![Equation {
                terms,
                total: 6,
                clue: "sum 1".into(),
            }],
            ..Sums::default()
        };
        let told = four.knowing(&distinct).expect("row 1 is a group");
        let mut domains = Domains::full(3, 3, (1..=9).collect());
        assert!(!told.narrow(&mut domains, None, &mut Vec::new()), "7 > 6");
    }

    #[test]
    fn an_arrow_of_two_cells_bounds_its_circle() {
        // circle = a + b, a and b in 1..=9 and the circle in 1..=9: a + b <= 9.
        let mut domains = Domains::full(1, 3, (1..=9).collect());
        domains.restrict_at(1, 1 << 6); // a = 7
        let rule = Sums {
            equations: vec![Equation {
                terms: vec![((0, 0), 1), ((0, 1), -1), ((0, 2), -1)],
                total: 0,
                clue: "arrow 1".into(),
            }],
            ..Sums::default()
        };
        let mut shrunk = Vec::new();
        assert!(rule.narrow(&mut domains, None, &mut shrunk));
        assert_eq!(domains.at(0), 0b1_1000_0000, "circle 8 or 9");
        assert_eq!(domains.at(2), 0b11, "b 1 or 2");
        let grid = Grid::from_rows(vec![vec![9, 7, 1]]).unwrap();
        assert_eq!(rule.violations("arrow", &grid).len(), 1);
    }
}
