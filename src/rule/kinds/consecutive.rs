//! Consecutive marks: a bar between two side-by-side cells says their values differ by 1;
//! with the negative rule, two side-by-side cells without a bar never do.

use serde_json::{Map, Value};

use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::Problem;
use crate::error::Violation;
use crate::grid::{cell_json, cell_name, Cell, Grid};
use crate::json_values::written;
use crate::model::Model;
use crate::picture::{Drawing, Mark};
use crate::rule::engine::entry::{Placement, RuleKind};
use crate::rule::engine::reading::{at, cell, wrong, Board, Found};
use crate::rule::engine::{restrict, Changed, Rule};

/// The registry entry of `consecutive`: pairs of side-by-side cells `[[r1, c1], [r2, c2]]`
/// joined by a bar (with `"negative": true`, every other side-by-side pair is not
/// consecutive).
pub static KIND: RuleKind = RuleKind::new("consecutive", read);

/// The registry entry of `negative`: `true`, the negative rule of consecutive marks (even with
/// no mark); a list (f-puzzles' form) names the rules whose negative holds, which their own
/// readers take.
pub static NEGATIVE: RuleKind = RuleKind::new("negative", read_negative);

/// `generate --variant consecutive`: a bar between every two side-by-side cells of the drawn
/// solution whose values differ by 1, and the negative rule. Left out before the values are
/// drawn (its negative side would forbid every difference of 1).
pub static PLACED: Placement = Placement {
    name: "consecutive",
    about: "a bar between every two side-by-side cells whose values differ by 1, none elsewhere",
    fixed: None,
    drawn: Some(|solution, _, rules| {
        let n = solution.rows();
        let value = |(r, c): Cell| i64::from(solution.get(r, c));
        let all = (0..n).flat_map(|r| (0..n).map(move |c| (r, c)));
        let pairs = all.flat_map(|(r, c)| [((r, c), (r, c + 1)), ((r, c), (r + 1, c))]);
        let bars: Vec<(Cell, Cell)> = (pairs.filter(|&(_, (r, c))| r < n && c < n))
            .filter(|&(a, b)| (value(a) - value(b)).abs() == 1)
            .collect();
        rules.extend(marked(&bars));
    }),
};

/// Every bar, with the negative rule, as the variant JSON's keys.
pub fn marked(bars: &[(Cell, Cell)]) -> Map<String, Value> {
    let pairs = (bars.iter()).map(|(a, b)| serde_json::json!([cell_json(a), cell_json(b)]));
    let mut rules = Map::new();
    rules.insert(KIND.key.into(), pairs.collect());
    rules.insert(NEGATIVE.key.into(), true.into());
    rules
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let list = value.as_array().ok_or_else(|| {
        wrong(format!(
            "expected a list of pairs of cells, found {}",
            written(value)
        ))
    })?;
    let mut bars = Vec::with_capacity(list.len());
    for (i, pair) in list.iter().enumerate() {
        let place = || format!("consecutive mark {}", i + 1);
        let cells: Vec<Cell> = match pair.as_array() {
            Some(cells) => cells
                .iter()
                .map(|v| cell(v, board.n))
                .collect::<Result<_, _>>()
                .map_err(|p| at(place(), p))?,
            None => Vec::new(),
        };
        match cells[..] {
            [a, b] if side_by_side(a, b) => bars.push((a, b)),
            [first, second] => {
                return Err(at(
                    place(),
                    Problem::NotNext {
                        first,
                        second,
                        how: "side by side",
                    },
                ))
            }
            _ => {
                return Err(at(
                    place(),
                    Problem::Json("expected a pair of cells [[r1, c1], [r2, c2]]".into()),
                ))
            }
        }
    }
    let negative = board.object.get("negative") == Some(&Value::Bool(true));
    match bars.is_empty() && !negative {
        true => Ok(Found::none()),
        false => Ok(Found::rule(Consecutive::new(board.n, &bars, negative))),
    }
}

fn read_negative(value: &Value, board: &Board) -> Result<Found, Problem> {
    match value {
        // With marks, the `consecutive` reader takes it.
        Value::Bool(true) if !board.object.contains_key("consecutive") => {
            Ok(Found::rule(Consecutive::new(board.n, &[], true)))
        }
        Value::Bool(_) | Value::Array(_) => Ok(Found::none()),
        other => Err(wrong(format!(
            "expected true, false or a list of rules, found {}",
            written(other)
        ))),
    }
}

/// The marks of one puzzle, as pairs of side-by-side cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consecutive {
    /// Each constrained pair, and whether it is marked (`true`: the values differ by 1;
    /// `false`: they do not).
    pairs: Vec<(Cell, Cell, bool)>,
}

impl Consecutive {
    /// The marks `bars` on an `n` x `n` grid; with `negative`, every other side-by-side pair
    /// is not consecutive. Each pair must be two side-by-side cells of the grid.
    pub fn new(n: usize, bars: &[(Cell, Cell)], negative: bool) -> Self {
        let ordered = |(a, b): (Cell, Cell)| if a <= b { (a, b) } else { (b, a) };
        let mut marked: Vec<(Cell, Cell)> = bars.iter().map(|&p| ordered(p)).collect();
        marked.sort_unstable();
        marked.dedup();
        let mut pairs: Vec<(Cell, Cell, bool)> =
            marked.iter().map(|&(a, b)| (a, b, true)).collect();
        if negative {
            let right = (0..n).flat_map(|r| (1..n).map(move |c| ((r, c - 1), (r, c))));
            let down = (1..n).flat_map(|r| (0..n).map(move |c| ((r - 1, c), (r, c))));
            let unmarked = right
                .chain(down)
                .filter(|p| marked.binary_search(p).is_err());
            pairs.extend(unmarked.map(|(a, b)| (a, b, false)));
        }
        Consecutive { pairs }
    }
}

/// Whether two cells are side by side.
fn side_by_side(a: Cell, b: Cell) -> bool {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1
}

/// The values a cell may take beside a cell with candidates `a`, within `all`: one more or
/// one less than some candidate (`marked`), or other than both neighbours of every
/// candidate (not marked).
fn partners(a: u64, all: u64, marked: bool) -> u64 {
    if marked {
        return ((a << 1) | (a >> 1)) & all;
    }
    match a.count_ones() {
        1 => all & !((a << 1) | (a >> 1)),
        // Two candidates two apart rule out only the value between them.
        2 if (63 - a.leading_zeros()) - a.trailing_zeros() == 2 => all & !(a >> 1 & a << 1),
        _ => all,
    }
}

impl Rule for Consecutive {
    fn name(&self) -> &'static str {
        "consecutive"
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let value = |(r, c): Cell| grid.get(r, c);
        (self.pairs.iter())
            .filter(|&&(a, b, marked)| (value(a).abs_diff(value(b)) == 1) != marked)
            .map(|&(a, b, marked)| Violation::Broken {
                clue: format!("{} and {}", cell_name(a), cell_name(b)),
                how: match marked {
                    true => "are not consecutive, but a bar joins them",
                    false => "are consecutive, but no bar joins them",
                },
                cells: vec![a, b],
                values: vec![value(a), value(b)],
            })
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let all = u64::MAX >> (64 - domains.values().len());
        let cols = domains.cols();
        let index = |(r, c): Cell| r * cols + c;
        let mut changed = true;
        while changed {
            changed = false;
            for &(a, b, marked) in &self.pairs {
                let (a, b) = (index(a), index(b));
                for (from, to) in [(a, b), (b, a)] {
                    let before = shrunk.len();
                    if !restrict(domains, to, partners(domains.at(from), all, marked), shrunk) {
                        return false;
                    }
                    changed |= shrunk.len() > before;
                }
            }
        }
        true
    }

    fn write_json(&self, object: &mut Map<String, Value>) {
        let marked = (self.pairs.iter())
            .filter(|p| p.2)
            .map(|&(a, b, _)| Value::from(vec![cell_json(&a), cell_json(&b)]));
        object.insert("consecutive".into(), marked.collect());
        let negative = self.pairs.iter().any(|p| !p.2);
        object.insert("negative".into(), negative.into());
    }

    fn draw(&self, drawing: &mut Drawing) {
        // A short thick bar across the side the two cells share.
        let bar = |&(a, b, _): &(Cell, Cell, bool)| Mark::Rect {
            centre: (
                (a.0 + b.0) as f64 / 2.0 + 0.5,
                (a.1 + b.1) as f64 / 2.0 + 0.5,
            ),
            size: match a.0 == b.0 {
                true => (0.5, 0.12),
                false => (0.12, 0.5),
            },
            fill: "black",
        };
        drawing
            .over
            .extend(self.pairs.iter().filter(|p| p.2).map(bar));
    }

    fn constrain(&self, model: &mut Model, _: Deadline) {
        let values = model.domains().values().len();
        for &((r1, c1), (r2, c2), marked) in &self.pairs {
            let pair = format!("{}_{}", cell_name((r1, c1)), cell_name((r2, c2)));
            for k in 0..values {
                if marked {
                    // x[a,k] <= x[b,k-1] + x[b,k+1], and the same from b.
                    for ((ra, ca), (rb, cb), side) in
                        [((r1, c1), (r2, c2), 'a'), ((r2, c2), (r1, c1), 'b')]
                    {
                        let mut e = model.x(ra, ca, k);
                        for j in [k.wrapping_sub(1), k + 1]
                            .into_iter()
                            .filter(|&j| j < values)
                        {
                            e.add_expr(&model.x(rb, cb, j), -1.0);
                        }
                        let name = format!("consec_{pair}_{side}{}", k + 1);
                        model.at_most(name, e, 0.0);
                    }
                } else if k + 1 < values {
                    // Not k and k+1, in either order.
                    for (low, high, side) in [((r1, c1), (r2, c2), 'a'), ((r2, c2), (r1, c1), 'b')]
                    {
                        let mut e = model.x(low.0, low.1, k);
                        e.add_expr(&model.x(high.0, high.1, k + 1), 1.0);
                        let name = format!("apart_{pair}_{side}{}", k + 1);
                        model.at_most(name, e, 1.0);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "consecutive_tests.rs"]
mod tests;
