//! Full rank (`fullrank`: `[{"cell": "R0C3", "value": "12"}]`): every row and column is read
//! as a number from both ends (4N numbers), and a clue outside the grid is the rank, from 1,
//! of the number read from its side: one more than how many of the others are smaller, and
//! none equal to it (`fullrankties`: `"only-unclued"`, the default, lets unclued numbers
//! tie; `"none"` lets no two tie; `"any"` lets a clued number tie too, its rank still one
//! more than the smaller numbers; the Interactive Sudoku Solver's `FullRank` and
//! `FullRankTies`). Rows: per clue and other number, a lexicographic comparison (0-1 `less`,
//! `more` per place, `same` prefixes, the first place that differs), their count.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model, Var};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::outside::outside_clues;
use crate::rule::engine::reading::{at, wrong, Board, Found};
use crate::rule::engine::{marks, restrict, Changed};

/// The clues' registry entry.
pub static KIND: RuleKind = RuleKind::new("fullrank", read);

/// The ties' registry entry.
pub static TIES: RuleKind = RuleKind::new("fullrankties", read_ties);

/// The 4N numbers (each a line of cells, read in order) and the clued ones: index and rank.
#[derive(Debug, Default)]
struct Ranks {
    numbers: Vec<Vec<Cell>>,
    clues: Vec<(usize, i64)>,
    ties: Ties,
}

/// Which numbers may tie (`fullrankties`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Ties {
    /// Unclued numbers only (ISS's default).
    #[default]
    Unclued,
    /// None: all 4N numbers differ.
    None,
    /// Any: a clued number too, its rank one more than the smaller numbers.
    Any,
}

/// Every row and column, read both ways.
fn numbers(n: usize) -> Vec<Vec<Cell>> {
    let mut all = Vec::new();
    for i in 0..n {
        let row: Vec<Cell> = (0..n).map(|j| (i, j)).collect();
        let column: Vec<Cell> = (0..n).map(|j| (j, i)).collect();
        for line in [row, column] {
            all.push(line.iter().rev().copied().collect());
            all.push(line);
        }
    }
    all
}

/// The tie mode a `fullrankties` value says.
fn tie_mode(value: Option<&Value>) -> Result<Ties, Problem> {
    match value.map(|v| (v, v.as_str())) {
        None => Ok(Ties::Unclued),
        Some((_, Some("only-unclued"))) => Ok(Ties::Unclued),
        Some((_, Some("none"))) => Ok(Ties::None),
        Some((_, Some("any"))) => Ok(Ties::Any),
        Some((other, _)) => Err(wrong(format!(
            "\"fullrankties\" must be \"only-unclued\", \"none\" or \"any\", found {other}"
        ))),
    }
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let n = board.n;
    let ties = tie_mode(board.object.get(TIES.key))?;
    let all = numbers(n);
    let mut rule = Keyed::<Ranks>::new("fullrank", KIND.key, value);
    rule.part.numbers = all.clone();
    // The tie mode is the ties rule's; the clues keep only whether theirs may tie.
    rule.part.ties = match ties {
        Ties::Any => Ties::Any,
        _ => Ties::Unclued,
    };
    for (i, (place, line, rank)) in outside_clues(value, n, "full rank")?
        .into_iter()
        .enumerate()
    {
        let clue = || format!("full rank {}", i + 1);
        if !(1..=4 * n as i64).contains(&rank) {
            let message = format!("the rank is {rank}, but a {n}x{n} has ranks 1 to {}", 4 * n);
            return Err(at(clue(), wrong(message)));
        }
        let index =
            (all.iter().position(|l| *l == line)).expect("a row or column read from a side");
        // Two numbers of one rank would tie, which a clued number does only with any ties.
        let tied = rule
            .part
            .clues
            .iter()
            .any(|&(e, r)| r == rank && e != index);
        if tied && ties != Ties::Any {
            return Err(at(
                clue(),
                wrong(format!("rank {rank} is given to two numbers")),
            ));
        }
        rule.over.extend(marks::framed(
            place,
            &format!("#{rank}"),
            marks::Frame::Bare,
        ));
        rule.part.clues.push((index, rank));
    }
    Ok(rule.found())
}

fn read_ties(value: &Value, board: &Board) -> Result<Found, Problem> {
    let part = Ranks {
        numbers: numbers(board.n),
        clues: Vec::new(),
        ties: tie_mode(Some(value))?,
    };
    Ok(Keyed::of("fullrankties", part, (TIES.key, value.clone())).found())
}

/// How `a` compares with `b`, read as numbers of one length.
fn order(grid: &Grid, a: &[Cell], b: &[Cell]) -> std::cmp::Ordering {
    let values = |line: &[Cell]| {
        line.iter()
            .map(|&(r, c)| grid.get(r, c))
            .collect::<Vec<_>>()
    };
    values(a).cmp(&values(b))
}

impl Part for Ranks {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let broken = |cells: &[Cell], clue: String| Violation::Broken {
            how: "is broken",
            clue,
            cells: cells.to_vec(),
            values: cells.iter().map(|&(r, c)| grid.get(r, c)).collect(),
        };
        let mut found = Vec::new();
        for &(e, rank) in &self.clues {
            let mine = &self.numbers[e];
            let others = (self.numbers.iter().enumerate()).filter(|&(f, _)| f != e);
            let orders: Vec<_> = others.map(|(_, other)| order(grid, other, mine)).collect();
            let less = orders.iter().filter(|o| o.is_lt()).count() as i64;
            let tied = self.ties != Ties::Any && orders.iter().any(|o| o.is_eq());
            if less + 1 != rank || tied {
                found.push(broken(mine, format!("{name} #{rank}")));
            }
        }
        if self.ties == Ties::None {
            for (e, a) in self.numbers.iter().enumerate() {
                if self.numbers[..e].iter().any(|b| order(grid, a, b).is_eq()) {
                    found.push(broken(a, format!("{name}: a tie")));
                }
            }
        }
        found
    }

    /// Every value starts four numbers (every row and column holds each once): the numbers
    /// of value v rank 4v-3 to 4v, so a clued number starts with its rank's value.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        self.clues.iter().all(|&(e, rank)| {
            let first = domains.index(self.numbers[e][0]);
            let keep = domains.index_of((rank + 3) / 4).map_or(0, |k| 1u64 << k);
            restrict(domains, first, keep, shrunk)
        })
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        for &(e, rank) in &self.clues {
            let mut less = LinExpr::default();
            for f in (0..self.numbers.len()).filter(|&f| f != e) {
                let label = format!("{name}{rank}_{}", f + 1);
                let (below, tie) = compare(model, &label, &self.numbers[f], &self.numbers[e]);
                less.add_expr(&below, 1.0);
                if self.ties != Ties::Any {
                    let mut none = LinExpr::default();
                    none.add_var(tie, 1.0);
                    model.add(format!("{label}_tie"), none, 0.0, 0.0);
                }
            }
            let r = (rank - 1) as f64;
            model.add(format!("{name}{rank}_less"), less, r, r);
        }
        if self.ties == Ties::None {
            for e in 0..self.numbers.len() {
                for f in 0..e {
                    let label = format!("{name}_ties{}_{}", e + 1, f + 1);
                    let (_, tie) = compare(model, &label, &self.numbers[f], &self.numbers[e]);
                    let mut none = LinExpr::default();
                    none.add_var(tie, 1.0);
                    model.add(format!("{label}_tie"), none, 0.0, 0.0);
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.clues.is_empty() && self.ties == Ties::Unclued
    }
}

/// Rows comparing the numbers `a` and `b`: an expression that is 1 exactly when `a` is the
/// smaller, and a 0-1 that is 1 exactly when they are equal. Per place j, 0-1 `less[j]`,
/// `more[j]` (a's value below, above b's; clauses on the `x`, equal when neither);
/// `same[j]` (places before j all equal); the first place that differs decides.
fn compare(model: &mut Model, label: &str, a: &[Cell], b: &[Cell]) -> (LinExpr, Var) {
    let count = model.domains().values().len();
    let mut below = LinExpr::default();
    let mut same: Option<Var> = None;
    for (j, (&(ra, ca), &(rb, cb))) in a.iter().zip(b).enumerate() {
        let less = model.binary(format!("{label}_less{}", j + 1));
        let more = model.binary(format!("{label}_more{}", j + 1));
        // Clauses per value k of a: less => b above k; more => b below k; neither => b = k.
        for k in 0..count {
            let mut up = model.x(ra, ca, k);
            up.add_var(less, 1.0);
            (k + 1..count).for_each(|h| up.add_expr(&model.x(rb, cb, h), -1.0));
            model.at_most(format!("{label}_{}_up{k}", j + 1), up, 1.0);
            let mut down = model.x(ra, ca, k);
            down.add_var(more, 1.0);
            (0..k).for_each(|h| down.add_expr(&model.x(rb, cb, h), -1.0));
            model.at_most(format!("{label}_{}_down{k}", j + 1), down, 1.0);
            let mut equal = model.x(ra, ca, k);
            equal.add_var(less, -1.0);
            equal.add_var(more, -1.0);
            equal.add_expr(&model.x(rb, cb, k), -1.0);
            model.at_most(format!("{label}_{}_equal{k}", j + 1), equal, 0.0);
        }
        let mut one = LinExpr::default();
        one.add_var(less, 1.0);
        one.add_var(more, 1.0);
        model.at_most(format!("{label}_{}_one", j + 1), one, 1.0);
        let with = |mut e: LinExpr, terms: &[(Var, f64)]| {
            terms.iter().for_each(|&(v, w)| e.add_var(v, w));
            e
        };
        // The first place that differs decides: decided[j] = same[j] and less[j].
        match same {
            None => below.add_var(less, 1.0),
            Some(s) => {
                let decided = model.binary(format!("{label}_decided{}", j + 1));
                and(
                    model,
                    &format!("{label}_decided{}", j + 1),
                    decided,
                    s,
                    &[(less, 1.0)],
                    0.0,
                );
                below.add_var(decided, 1.0);
            }
        }
        // same[j+1] = same[j] and neither less nor more.
        let next = model.binary(format!("{label}_same{}", j + 2));
        let differ = [(less, -1.0), (more, -1.0)];
        match same {
            None => {
                let e = with(LinExpr::default(), &[(next, 1.0), (less, 1.0), (more, 1.0)]);
                model.add(format!("{label}_same{}", j + 2), e, 1.0, 1.0);
            }
            Some(s) => and(
                model,
                &format!("{label}_same{}", j + 2),
                next,
                s,
                &differ,
                1.0,
            ),
        }
        same = Some(next);
    }
    (below, same.expect("numbers of one cell or more"))
}

/// Rows for `out = s and t`, where `t` is `sum terms + constant` (0 or 1).
fn and(model: &mut Model, label: &str, out: Var, s: Var, terms: &[(Var, f64)], constant: f64) {
    let term = |sign: f64| {
        let mut e = LinExpr::default();
        terms.iter().for_each(|&(v, w)| e.add_var(v, sign * w));
        e
    };
    // out <= s; out <= t; out >= s + t - 1.
    let mut a = LinExpr::default();
    a.add_var(out, 1.0);
    a.add_var(s, -1.0);
    model.at_most(format!("{label}_a"), a, 0.0);
    let mut b = term(-1.0);
    b.add_var(out, 1.0);
    model.at_most(format!("{label}_b"), b, constant);
    let mut c = term(1.0);
    c.add_var(s, 1.0);
    c.add_var(out, -1.0);
    model.at_most(format!("{label}_c"), c, 1.0 - constant);
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    /// A 4x4 grid of these rows.
    fn grid(rows: [[u32; 4]; 4]) -> crate::grid::Grid {
        let changes: Vec<((usize, usize), u32)> = (0..16)
            .map(|i| ((i / 4, i % 4), rows[i / 4][i % 4]))
            .collect();
        grid_with(4, &changes)
    }

    fn clue(cell: &str, rank: i64) -> String {
        format!(r#"{{"fullrank": [{{"cell": "{cell}", "value": "{rank}"}}]}}"#)
    }

    #[test]
    fn a_clue_ranks_the_number_read_from_its_side() {
        // 1234 / 3412 / 2341 / 4123: its 16 numbers all differ; column 1 read down, 1324,
        // is second of the four starting with 1 (1234 1324 1342 1432).
        let distinct = grid([[1, 2, 3, 4], [3, 4, 1, 2], [2, 3, 4, 1], [4, 1, 2, 3]]);
        let second = rule(&clue("R0C1", 2), 4);
        assert!(broken(&*second, &distinct).is_empty() && rows_allow(&*second, &distinct));
        let third = rule(&clue("R0C1", 3), 4);
        assert_eq!(broken(&*third, &distinct).len(), 1);
        assert!(!rows_allow(&*third, &distinct));
        let none = rule(r#"{"fullrankties": "none"}"#, 4);
        assert!(broken(&*none, &distinct).is_empty() && rows_allow(&*none, &distinct));
        // 1234 / 2143 / 3412 / 4321 reads the same down column 1 as along row 1: a clued
        // number never ties, and "none" lets nothing tie.
        let tied = grid([[1, 2, 3, 4], [2, 1, 4, 3], [3, 4, 1, 2], [4, 3, 2, 1]]);
        let first = rule(&clue("R1C0", 1), 4);
        assert_eq!(broken(&*first, &tied).len(), 1);
        assert!(!rows_allow(&*first, &tied));
        assert!(!broken(&*none, &tied).is_empty() && !rows_allow(&*none, &tied));
        // A clue's first cell holds its rank's value: rank 6 starts with 2.
        let d = narrowed_square(&*rule(&clue("R0C2", 6), 4), 4, &[]);
        assert_eq!(values(&d, (0, 1)), [2]);
        // With any ties, row 1 from the left (1234) is first even though two others tie it.
        let both = r#"{"fullrank": [{"cell": "R1C0", "value": "1"}], "fullrankties": "any"}"#;
        for any in read(both, 4).rules {
            assert!(broken(&*any, &tied).is_empty() && rows_allow(&*any, &tied));
        }
        let bad = read_error(r#"{"fullrankties": "some"}"#, 4);
        assert!(
            bad.contains("must be \"only-unclued\", \"none\" or \"any\""),
            "{bad}"
        );
    }
}
