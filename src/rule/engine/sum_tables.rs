//! Equal sums as tables, for the solvers. Where an equation says `sum(A) - sum(B) = total`
//! over two groups of cells the puzzle keeps different (a region-sum line's runs, equal-sum
//! segments, an arrow in one box and its circle), each group's sets of values are listed
//! (one chosen), and its sum is one 0-1 indicator per total, tied to the other group's. A
//! SAT solver then reasons on totals and sets, as for a Killer cage, instead of through one
//! weighted sum with weights of both signs. The tables are for the SAT solver only, and
//! stand for the sum there: a group's cells are kept different, so the set chosen is the
//! set of their values, and its total their sum. The MIP solvers keep the sum (measured
//! with HiGHS, the tables made region-sum lines several times slower).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::sums::Equation;
use crate::grid::Cell;
use crate::model::{LinExpr, Model, Readers, Var};

/// The engines the tables are for.
const CLAUSES: Readers = Readers::Clauses;

/// A group is listed when it has this many sets of values or fewer (a 9x9 group has at
/// most 126).
const MAX_SETS: u64 = 256;

/// Per total, the indicator that a group's values add up to it.
type Totals = BTreeMap<i64, Var>;

/// Adds the tables of `equations` (`apart`: per equation, its groups of terms kept
/// different) to `model`, their rows and variables named from `name`.
pub fn add(
    model: &mut Model,
    name: &str,
    equations: &[Equation],
    apart: &[Vec<Vec<usize>>],
) -> Vec<bool> {
    let mut tabled = vec![false; equations.len()];
    let mut listed: HashMap<Vec<Cell>, Option<Totals>> = HashMap::new();
    for (e, equation) in equations.iter().enumerate() {
        let groups = apart.get(e).map_or(&[][..], Vec::as_slice);
        let Some((plus, minus)) = sides(equation, groups) else {
            continue;
        };
        let mut totals = |cells: Vec<Cell>| {
            let g = listed.len();
            let made = listed.entry(cells);
            made.or_insert_with_key(|cells| list(model, &format!("{name}_g{}", g + 1), cells))
                .clone()
        };
        let (Some(plus), Some(minus)) = (totals(plus), totals(minus)) else {
            continue;
        };
        tabled[e] = true;
        // The plus group's total is the minus group's plus `total`, one indicator each.
        let all: BTreeSet<i64> = (plus.keys().copied())
            .chain(minus.keys().map(|t| t + equation.total))
            .collect();
        for t in all {
            let mut tie = LinExpr::default();
            plus.get(&t).iter().for_each(|&&v| tie.add_var(v, 1.0));
            minus
                .get(&(t - equation.total))
                .iter()
                .for_each(|&&v| tie.add_var(v, -1.0));
            model.add_for(CLAUSES, format!("{name}{}_total{t}", e + 1), tie, 0.0, 0.0);
        }
    }
    tabled
}

/// The cells weighted +1 and those weighted -1, when these are all of the terms and each
/// side is one term or one group of cells kept different.
fn sides(equation: &Equation, groups: &[Vec<usize>]) -> Option<(Vec<Cell>, Vec<Cell>)> {
    let side = |weight: i64| -> Option<Vec<Cell>> {
        let terms: Vec<usize> = (0..equation.terms.len())
            .filter(|&t| equation.terms[t].1 == weight)
            .collect();
        let whole = terms.len() == 1 || groups.iter().any(|g| sorted(g) == terms);
        let mut cells: Vec<Cell> = terms.iter().map(|&t| equation.terms[t].0).collect();
        cells.sort_unstable();
        (whole && !cells.is_empty()).then_some(cells)
    };
    let signs_ok = equation.terms.iter().all(|&(_, w)| w == 1 || w == -1);
    signs_ok.then_some(())?;
    Some((side(1)?, side(-1)?))
}

fn sorted(group: &[usize]) -> Vec<usize> {
    let mut group = group.to_vec();
    group.sort_unstable();
    group
}

/// Lists the sets of values `cells` (kept different) may hold, as 0-1 choices of which one
/// is chosen, and returns the indicators of their totals; `None` when there are too many.
fn list(model: &mut Model, name: &str, cells: &[Cell]) -> Option<Totals> {
    let domains = model.domains();
    let values = domains.values().to_vec();
    let candidates: Vec<u64> = cells
        .iter()
        .map(|&c| domains.at(domains.index(c)))
        .collect();
    let union = candidates.iter().fold(0u64, |u, &m| u | m);
    let (width, size) = (union.count_ones() as u64, cells.len() as u64);
    if size > width || choose(width, size) > MAX_SETS {
        return None;
    }
    // Sets of `size` of the union's values that give every cell a candidate.
    let sets: Vec<u64> = subsets(union, cells.len())
        .into_iter()
        .filter(|&set| candidates.iter().all(|&m| m & set != 0))
        .collect();
    let chosen: Vec<Var> = (0..sets.len())
        .map(|j| model.binary(format!("{name}_set{}", j + 1)))
        .collect();
    let mut one = LinExpr::default();
    chosen.iter().for_each(|&z| one.add_var(z, 1.0));
    model.add_for(CLAUSES, format!("{name}_one"), one, 1.0, 1.0);
    let ks = |set: u64| (0..values.len()).filter(move |&k| set & (1 << k) != 0);
    // A cell holds a value only when the set chosen has it.
    for (&(r, c), &mask) in cells.iter().zip(&candidates) {
        for k in ks(mask) {
            let mut only = model.x(r, c, k);
            (sets.iter().zip(&chosen))
                .filter(|&(&set, _)| set & (1 << k) != 0)
                .for_each(|(_, &z)| only.add_var(z, -1.0));
            let row = format!("{name}_r{}c{}_{}", r + 1, c + 1, values[k]);
            model.add_for(CLAUSES, row, only, f64::NEG_INFINITY, 0.0);
        }
    }
    // Each value of the set chosen is in some cell.
    for (j, (&set, &z)) in sets.iter().zip(&chosen).enumerate() {
        for k in ks(set) {
            let mut held = LinExpr::default();
            held.add_var(z, 1.0);
            for (&(r, c), &mask) in cells.iter().zip(&candidates) {
                if mask & (1 << k) != 0 {
                    held.add_expr(&model.x(r, c, k), -1.0);
                }
            }
            let row = format!("{name}_set{}_{}", j + 1, values[k]);
            model.add_for(CLAUSES, row, held, f64::NEG_INFINITY, 0.0);
        }
    }
    // Per total, its indicator: one of the sets that add up to it.
    let mut by_total: BTreeMap<i64, Vec<Var>> = BTreeMap::new();
    for (&set, &z) in sets.iter().zip(&chosen) {
        by_total
            .entry(ks(set).map(|k| values[k]).sum())
            .or_default()
            .push(z);
    }
    let mut totals = Totals::new();
    for (t, zs) in by_total {
        let s = model.binary(format!("{name}_sum{t}"));
        let mut link = LinExpr::default();
        link.add_var(s, 1.0);
        zs.iter().for_each(|&z| link.add_var(z, -1.0));
        model.add_for(CLAUSES, format!("{name}_sum{t}_link"), link, 0.0, 0.0);
        totals.insert(t, s);
    }
    Some(totals)
}

/// `n` choose `k`, saturating.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The subsets of the bits of `mask` with `size` bits.
fn subsets(mask: u64, size: usize) -> Vec<u64> {
    fn pick(bits: &[u64], left: usize, set: u64, out: &mut Vec<u64>) {
        if left == 0 {
            return out.push(set);
        }
        for i in 0..=bits.len().saturating_sub(left) {
            pick(&bits[i + 1..], left - 1, set | bits[i], out);
        }
    }
    let bits: Vec<u64> = (0..64)
        .filter(|&b| mask & (1 << b) != 0)
        .map(|b| 1 << b)
        .collect();
    let mut out = Vec::new();
    if size <= bits.len() {
        pick(&bits, size, 0, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn equation(terms: &[(Cell, i64)], total: i64) -> Equation {
        let clue = "equal sums".to_string();
        Equation {
            terms: terms.to_vec(),
            total,
            clue,
        }
    }

    #[test]
    fn two_groups_of_opposite_weights_are_the_two_sides() {
        // (0,0) + (0,1) = (1,0) + (1,1) + 1, each pair kept different.
        let e = equation(&[((0, 0), 1), ((0, 1), 1), ((1, 0), -1), ((1, 1), -1)], 1);
        let groups = vec![vec![2, 3], vec![1, 0]];
        let sides = sides(&e, &groups);
        assert_eq!(sides, Some((vec![(0, 0), (0, 1)], vec![(1, 0), (1, 1)])));
        // A circle is a side of one cell.
        let arrow = equation(&[((0, 0), 1), ((0, 1), 1), ((2, 2), -1)], 0);
        assert_eq!(
            super::sides(&arrow, &[vec![0, 1]]),
            Some((vec![(0, 0), (0, 1)], vec![(2, 2)]))
        );
    }

    #[test]
    fn sides_not_kept_different_or_weighted_otherwise_are_not_listed() {
        let e = equation(&[((0, 0), 1), ((0, 1), 1), ((1, 0), -1)], 0);
        assert_eq!(sides(&e, &[]), None, "(0,0) and (0,1) may be equal");
        let doubled = equation(&[((0, 0), 2), ((1, 0), -1)], 0);
        assert_eq!(sides(&doubled, &[]), None);
        let one_sided = equation(&[((0, 0), 1), ((0, 1), 1)], 5);
        assert_eq!(sides(&one_sided, &[vec![0, 1]]), None);
    }

    #[test]
    fn subsets_are_every_choice_of_the_bits() {
        let sets = subsets(0b10110, 2);
        assert_eq!(sets, vec![0b00110, 0b10010, 0b10100]);
        assert_eq!(subsets(0b111, 4), Vec::<u64>::new());
        assert_eq!(subsets(0x1ff, 4).len() as u64, choose(9, 4));
        assert_eq!(choose(9, 4), 126);
    }
}
