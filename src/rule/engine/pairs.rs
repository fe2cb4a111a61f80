//! The engine of rules between two cells (dots, X/V, anti-knight, whispers, palindromes,
//! clones, minimums, indexers): each pair's values keep a [`Relation`]. Narrowing keeps the
//! candidates with a partner (arc consistency, to a fixed point); the rows say a candidate
//! holds only with one of its partners, `x[a,i] <= sum x[b,j]`, which CaDiCaL takes as
//! clauses; the check is exact.

use std::sync::OnceLock;

use super::keyed::Part;
use super::reading::Board;
use super::restrict;
use super::Changed;
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model};

/// What two values keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// The first is smaller.
    Less,
    /// The first is not larger.
    AtMost,
    /// Equal.
    Equal,
    /// Different.
    Differ,
    /// They differ by exactly this.
    Difference(i64),
    /// They do not differ by this.
    NotDifference(i64),
    /// They differ by this or more.
    Apart(i64),
    /// One is this times the other.
    Ratio(i64),
    /// Neither is this times the other.
    NotRatio(i64),
    /// They add up to this.
    Sum(i64),
    /// They do not add up to this.
    NotSum(i64),
    /// When the first is `.0`, the second is `.1`.
    Implies(i64, i64),
    /// Not both this value.
    NotBoth(i64),
    /// What the rule's table of this index allows (a relation given as its pairs of values).
    Table(usize),
}

impl Relation {
    /// Whether values `a` and `b` keep the relation, `tables` holding the rule's tables.
    pub fn holds(self, a: i64, b: i64, tables: &[Table]) -> bool {
        let ratio = |r: i64| a == b * r || b == a * r;
        match self {
            Relation::Less => a < b,
            Relation::AtMost => a <= b,
            Relation::Equal => a == b,
            Relation::Differ => a != b,
            Relation::Difference(d) => (a - b).abs() == d,
            Relation::NotDifference(d) => (a - b).abs() != d,
            Relation::Apart(d) => (a - b).abs() >= d,
            Relation::Ratio(r) => ratio(r),
            Relation::NotRatio(r) => !ratio(r),
            Relation::Sum(s) => a + b == s,
            Relation::NotSum(s) => a + b != s,
            Relation::Implies(when, then) => a != when || b == then,
            Relation::NotBoth(v) => a != v || b != v,
            Relation::Table(t) => tables[t].allows(a, b),
        }
    }
}

/// Two cells and what their values keep, with the clue it comes from (for messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The cells.
    pub cells: [Cell; 2],
    /// What their values keep.
    pub relation: Relation,
    /// The clue, e.g. `white dot r1c1-r1c2`.
    pub clue: String,
}

impl Pair {
    /// A pair named `clue`.
    pub fn new(a: Cell, b: Cell, relation: Relation, clue: impl Into<String>) -> Pair {
        Pair {
            cells: [a, b],
            relation,
            clue: clue.into(),
        }
    }
}

/// The pairs of a rule.
#[derive(Debug, Clone, Default)]
pub struct Pairs {
    /// The pairs.
    pub pairs: Vec<Pair>,
    /// The relations given as tables, for [`Relation::Table`].
    pub tables: Vec<Table>,
    /// The partners of each value under each pair's relation, worked out at the first
    /// narrowing (the puzzle's values are fixed by then).
    supports: OnceLock<Supports>,
}

/// For each pair, the index of its relation's support; for each relation met, per value
/// index the partner bits it allows in the second cell (forwards) and in the first (back).
#[derive(Debug, Clone)]
struct Supports {
    of_pair: Vec<usize>,
    tables: Vec<[Vec<u64>; 2]>,
    /// Per relation and direction, whether any two values together allow every partner (as
    /// for "different"): a cell of two candidates or more then narrows nothing.
    wide: Vec<[bool; 2]>,
    /// Per cell (row-major), the pairs it is in.
    pairs_at: Vec<Vec<usize>>,
}

impl Supports {
    fn new(pairs: &Pairs, domains: &Domains) -> Self {
        let values = domains.values();
        let mut met: Vec<Relation> = Vec::new();
        let mut of_pair = Vec::with_capacity(pairs.pairs.len());
        for pair in &pairs.pairs {
            let at = met
                .iter()
                .position(|&r| r == pair.relation)
                .unwrap_or_else(|| {
                    met.push(pair.relation);
                    met.len() - 1
                });
            of_pair.push(at);
        }
        let at = (values, &pairs.tables[..]);
        let tables: Vec<[Vec<u64>; 2]> = (met.iter())
            .map(|&relation| {
                [false, true].map(|reverse| {
                    (0..values.len())
                        .map(|i| partners(relation, at, 1 << i, u64::MAX, reverse))
                        .collect()
                })
            })
            .collect();
        let all = u64::MAX >> (64 - values.len());
        let any_two = |support: &Vec<u64>| {
            (0..support.len())
                .all(|i| (i + 1..support.len()).all(|j| support[i] | support[j] == all))
        };
        let wide = (tables.iter())
            .map(|[forwards, back]| [any_two(forwards), any_two(back)])
            .collect();
        let mut pairs_at = vec![Vec::new(); domains.rows() * domains.cols()];
        for (p, pair) in pairs.pairs.iter().enumerate() {
            for cell in pair.cells {
                pairs_at[domains.index(cell)].push(p);
            }
        }
        Supports {
            of_pair,
            tables,
            wide,
            pairs_at,
        }
    }
}

/// The partner bits `support` allows for some candidate in `set`.
fn reach(support: &[u64], mut set: u64) -> u64 {
    let mut found = 0;
    while set != 0 {
        found |= support[set.trailing_zeros() as usize];
        set &= set - 1;
    }
    found
}

/// A relation as the pairs of values it allows: bit `b - 1` of `rows[a - 1]` when the first
/// cell may be `a` and the second `b`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// One row of allowed second values per first value.
    pub rows: Vec<u64>,
}

impl Table {
    /// Whether the first cell may be `a` with the second `b`.
    pub fn allows(&self, a: i64, b: i64) -> bool {
        let row = usize::try_from(a - 1).ok().and_then(|i| self.rows.get(i));
        row.is_some_and(|row| (1..=64).contains(&b) && row >> (b - 1) & 1 == 1)
    }
}

impl Pairs {
    /// The pairs, none of a table.
    pub fn of(pairs: Vec<Pair>) -> Self {
        Pairs {
            pairs,
            ..Pairs::default()
        }
    }

    /// Adds that `a` and `b` keep `relation`, as the clue `clue`.
    pub fn add(&mut self, a: Cell, b: Cell, relation: Relation, clue: impl Into<String>) {
        self.pairs.push(Pair::new(a, b, relation, clue));
    }

    /// Adds that the values `a` and `b` are written with keep `relation` (no table's): on a
    /// board written from 1 the relation itself, otherwise the table of mipsolve's values
    /// whose written ones keep it.
    pub fn add_written(
        &mut self,
        board: &Board,
        [a, b]: [Cell; 2],
        relation: Relation,
        clue: impl Into<String>,
    ) {
        if board.first == 1 {
            return self.add(a, b, relation, clue);
        }
        let written = |k: usize| k as i64 + i64::from(board.first);
        let rows: Vec<u64> = (0..board.top)
            .map(|i| {
                (0..board.top)
                    .filter(|&j| relation.holds(written(i), written(j), &[]))
                    .fold(0, |row, j| row | 1 << j)
            })
            .collect();
        let t = match self.tables.iter().position(|t| t.rows == rows) {
            Some(t) => t,
            None => {
                self.tables.push(Table { rows });
                self.tables.len() - 1
            }
        };
        self.add(a, b, Relation::Table(t), clue);
    }
}

/// The candidate bits of `b` that keep `relation` with some candidate of `a` (value of bit
/// k: `values[k]`), within `keep`.
fn partners(relation: Relation, at: (&[i64], &[Table]), a: u64, keep: u64, reverse: bool) -> u64 {
    let (values, tables) = at;
    let mut found = 0;
    for (j, &vb) in values.iter().enumerate() {
        if keep & (1 << j) == 0 {
            continue;
        }
        let mut bits = a;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (x, y) = if reverse {
                (vb, values[i])
            } else {
                (values[i], vb)
            };
            if relation.holds(x, y, tables) {
                found |= 1 << j;
                break;
            }
        }
    }
    found
}

impl Part for Pairs {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        (self.pairs.iter())
            .filter(|p| {
                let (a, b) = (value(p.cells[0]).into(), value(p.cells[1]).into());
                !p.relation.holds(a, b, &self.tables)
            })
            .map(|p| Violation::Broken {
                how: "is broken",
                clue: p.clue.clone(),
                cells: p.cells.to_vec(),
                values: p.cells.map(value).to_vec(),
            })
            .collect()
    }

    /// Arc consistency from the pairs of the changed cells (every pair at first), each pair
    /// of a cell that shrinks looked at again.
    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let supports = (self.supports).get_or_init(|| Supports::new(self, domains));
        let mut queued = vec![false; self.pairs.len()];
        let mut queue: Vec<usize> = match changed {
            None => (0..self.pairs.len()).collect(),
            Some(cells) => (cells.iter())
                .flat_map(|&c| supports.pairs_at.get(c).into_iter().flatten().copied())
                .collect(),
        };
        queue.iter().for_each(|&p| queued[p] = true);
        while let Some(p) = queue.pop() {
            queued[p] = false;
            let [forwards, back] = &supports.tables[supports.of_pair[p]];
            let wide = supports.wide[supports.of_pair[p]];
            let [a, b] = self.pairs[p].cells.map(|cell| domains.index(cell));
            for (from, to, support, wide) in [(a, b, forwards, wide[0]), (b, a, back, wide[1])] {
                if wide && domains.at(from).count_ones() > 1 {
                    continue;
                }
                let before = shrunk.len();
                if !restrict(domains, to, reach(support, domains.at(from)), shrunk) {
                    return false;
                }
                if shrunk.len() > before {
                    for &q in &supports.pairs_at[to] {
                        if !queued[q] && q != p {
                            queued[q] = true;
                            queue.push(q);
                        }
                    }
                }
            }
        }
        true
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let values = model.domains().values().to_vec();
        for (p, pair) in self.pairs.iter().enumerate() {
            let [a, b] = pair.cells;
            let name = format!("{name}{}_{}_{}", p + 1, cell_name(a), cell_name(b));
            // Each candidate of one cell holds only with one of its partners in the other.
            for (from, to, reverse) in [(a, b, false), (b, a, true)] {
                for (i, _) in values.iter().enumerate() {
                    let mut e = model.x(from.0, from.1, i);
                    let at = (&values[..], &self.tables[..]);
                    let support = partners(pair.relation, at, 1 << i, u64::MAX, reverse);
                    for (j, _) in values
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| support & (1 << j) != 0)
                    {
                        e.add_expr(&model.x(to.0, to.1, j), -1.0);
                    }
                    if !is_zero(&e) {
                        model.at_most(
                            format!("{name}_{}{}", if reverse { "b" } else { "a" }, values[i]),
                            e,
                            0.0,
                        );
                    }
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// Whether a row's expression is the constant 0 (a candidate the reductions removed).
fn is_zero(e: &LinExpr) -> bool {
    e.terms.is_empty() && e.constant <= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_hold_as_their_names_say() {
        let holds = |r: Relation, a, b| r.holds(a, b, &[]);
        assert!(holds(Relation::Ratio(2), 3, 6) && holds(Relation::Ratio(2), 6, 3));
        assert!(!holds(Relation::Ratio(2), 3, 5));
        assert!(holds(Relation::Apart(5), 9, 4) && !holds(Relation::Apart(5), 9, 5));
        assert!(holds(Relation::Implies(3, 7), 2, 1) && !holds(Relation::Implies(3, 7), 3, 1));
        assert!(holds(Relation::NotBoth(3), 3, 2) && !holds(Relation::NotBoth(3), 3, 3));
        let table = Table {
            rows: vec![0b10, 0b1],
        };
        assert!(Relation::Table(0).holds(1, 2, std::slice::from_ref(&table)));
        assert!(!Relation::Table(0).holds(1, 1, &[table]));
    }

    #[test]
    fn a_white_dot_narrows_a_fixed_cell_s_partner_to_its_neighbours() {
        let mut domains = Domains::full(1, 2, (1..=9).collect());
        domains.restrict_at(0, 1 << 4);
        let rule = Pairs::of(vec![Pair::new(
            (0, 0),
            (0, 1),
            Relation::Difference(1),
            "dot",
        )]);
        let mut shrunk = Vec::new();
        assert!(rule.narrow(&mut domains, None, &mut shrunk));
        assert_eq!(domains.at(1), (1 << 3) | (1 << 5));
        let grid = Grid::from_rows(vec![vec![5, 7]]).unwrap();
        assert_eq!(rule.violations("kropki", &grid).len(), 1);
    }
}
