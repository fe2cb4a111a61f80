//! The rules' unit tests' shared harness: a rule read from its key's JSON as a puzzle writes
//! it; candidates in, narrow, candidates out; a grid in, violations out; and whether the
//! rule's rows, in a model of that grid solved by CaDiCaL, allow it.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::engine::reading::Found;
use super::{read_rules, Rule};
use crate::backend::{Cadical, Session, Status};
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::geometry::boxes;
use crate::grid::{Cell, Grid};
use crate::model::Model;

/// What `json` (an object of rule keys) reads to on an `n` x `n` grid with default boxes.
pub fn read(json: &str, n: usize) -> Found {
    let object: Map<String, Value> = serde_json::from_str(json).expect("a JSON object");
    let (r, c) = match n {
        9 => (3, 3),
        6 => (2, 3),
        4 => (2, 2),
        _ => (1, n),
    };
    let regions: Vec<Vec<Cell>> = boxes(n, r, c).into_iter().map(|a| a.cells).collect();
    read_rules(&object, &[], (n, n, 1), &regions).expect("the rule reads")
}

/// The one rule `json` reads to.
pub fn rule(json: &str, n: usize) -> Arc<dyn Rule> {
    let found = read(json, n);
    assert_eq!(found.rules.len(), 1, "one rule from {json}");
    found.rules[0].clone()
}

/// Candidates 1..=n on a `rows` x `cols` grid, with `set` cells holding only their values.
pub fn candidates(rows: usize, cols: usize, n: usize, set: &[(Cell, &[i64])]) -> Domains {
    let mut domains = Domains::full(rows, cols, (1..=n as i64).collect());
    for &((r, c), values) in set {
        let keep = values.iter().fold(0u64, |m, &v| m | 1 << (v - 1));
        domains.restrict(r, c, keep);
    }
    domains
}

/// The candidates `rule` leaves of `domains` (to its own fixed point); `None` when it finds
/// a cell with none.
pub fn narrowed(rule: &dyn Rule, mut domains: Domains) -> Option<Domains> {
    // Prepared first, as the reductions do: only a prepared rule narrows.
    let prepared = rule.prepared(&domains);
    let rule = prepared.as_deref().unwrap_or(rule);
    rule.narrow(&mut domains, None, &mut Vec::new())
        .then_some(domains)
}

/// What `rule` leaves of a square grid's candidates 1..=`side`, `set` cells holding only
/// their values; a contradiction fails the test.
pub fn narrowed_square(rule: &dyn Rule, side: usize, set: &[(Cell, &[i64])]) -> Domains {
    narrowed(rule, candidates(side, side, side, set)).expect("no contradiction")
}

/// The values a cell holds candidates for.
pub fn values(domains: &Domains, (r, c): Cell) -> Vec<i64> {
    let set = domains.get(r, c);
    (domains.values().iter().enumerate())
        .filter(|(k, _)| set & (1 << k) != 0)
        .map(|(_, &v)| v)
        .collect()
}

/// The problem `json` reads to, as its message.
pub fn read_error(json: &str, n: usize) -> String {
    let object: Map<String, Value> = serde_json::from_str(json).expect("a JSON object");
    match read_rules(&object, &[], (n, n, 1), &[]) {
        Ok(_) => panic!("{json} reads"),
        Err(e) => e.to_string(),
    }
}

/// An `n` x `n` grid of distinct values (`r * n + c + 1`) with `changes`: no two cells
/// equal unless the test says so.
pub fn grid_with(n: usize, changes: &[(Cell, u32)]) -> Grid {
    let mut grid = Grid::filled(n, n, 0);
    for r in 0..n {
        for c in 0..n {
            grid.set(r, c, (r * n + c + 1) as u32);
        }
    }
    for &((r, c), v) in changes {
        grid.set(r, c, v);
    }
    grid
}

/// What `rule` says is wrong with `grid`.
pub fn broken(rule: &dyn Rule, grid: &Grid) -> Vec<String> {
    rule.violations(grid)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The values `json`'s one rule leaves `cell` on a `rows` x `cols` grid of values 1..=9 with
/// `set` cells holding only their values; `None` when it empties a cell.
pub fn narrows_to(
    json: &str,
    (rows, cols): Cell,
    set: &[(Cell, &[i64])],
    cell: Cell,
) -> Option<Vec<i64>> {
    let rule = rule(json, 9);
    narrowed(&*rule, candidates(rows, cols, 9, set)).map(|d| values(&d, cell))
}

/// Whether the rows `rule` writes allow `grid`: CaDiCaL finds a point of a model whose every
/// cell holds only its value there, with the rule's rows (and any variables of their own).
pub fn rows_allow(rule: &dyn Rule, grid: &Grid) -> bool {
    let n = grid.rows();
    let mut domains = Domains::full(n, grid.cols(), (1..=n as i64).collect());
    for (r, c) in (0..n).flat_map(|r| (0..grid.cols()).map(move |c| (r, c))) {
        domains.restrict(r, c, 1 << (grid.get(r, c) - 1));
    }
    let mut model = Model::new(domains);
    rule.constrain(&mut model, Deadline::none());
    let answer = Session::new(model, Cadical::default()).solve(Deadline::none());
    match answer.expect("CaDiCaL answers").0 {
        Status::Feasible(_) => true,
        Status::Infeasible => false,
        Status::TimeLimit => unreachable!("no time limit"),
    }
}

/// A solved 9x9 Sudoku (`(3r + r/3 + c) mod 9 + 1`) with `changes`.
pub fn sudoku_with(changes: &[(Cell, u32)]) -> Grid {
    let mut grid = Grid::filled(9, 9, 0);
    for (r, c) in (0..9).flat_map(|r| (0..9).map(move |c| (r, c))) {
        grid.set(r, c, ((3 * r + r / 3 + c) % 9 + 1) as u32);
    }
    for &((r, c), v) in changes {
        grid.set(r, c, v);
    }
    grid
}

/// Checks that `json`'s one rule on a 9x9 keeps `good` and breaks `bad`, by its check and by
/// its rows alike.
pub fn keeps_only(json: &str, good: &Grid, bad: &Grid) {
    let rule = rule(json, 9);
    assert_eq!(
        broken(&*rule, good),
        Vec::<String>::new(),
        "{json} keeps the good grid"
    );
    assert!(
        rows_allow(&*rule, good),
        "{json}: the rows allow the good grid"
    );
    assert!(
        !broken(&*rule, bad).is_empty(),
        "{json} breaks the bad grid"
    );
    assert!(
        !rows_allow(&*rule, bad),
        "{json}: the rows forbid the bad grid"
    );
}

/// Per cell (`sets`: its candidates among `m` values), the candidates some assignment that
/// `keeps` accepts (candidate indexes, one per cell) gives it, found by trying them all.
pub fn supported_by_trying(sets: &[u64], m: usize, keeps: impl Fn(&[usize]) -> bool) -> Vec<u64> {
    let mut used = vec![0u64; sets.len()];
    for code in 0..m.pow(sets.len() as u32) {
        let pick: Vec<usize> = (0..sets.len())
            .map(|i| code / m.pow(i as u32) % m)
            .collect();
        if (0..sets.len()).all(|i| sets[i] >> pick[i] & 1 == 1) && keeps(&pick) {
            (0..sets.len()).for_each(|i| used[i] |= 1 << pick[i]);
        }
    }
    used
}
