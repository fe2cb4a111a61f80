//! Dutch flatmates (`dutchflatmates: true`): every middle value (5 of 1..9, m/2 rounded up of
//! 1..m) has a 1 directly above it or an m directly below it, or both (the Interactive Sudoku
//! Solver's `DutchFlatmates`). Row: `x[cell, mid] <= x[above, 1] + x[below, N]`.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{flag, Board, Found};
use crate::rule::engine::{restrict, to_fixed_point, Changed};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("dutchflatmates", read);

/// The side of the grid and its greatest value.
#[derive(Debug, Default)]
struct Flatmates {
    n: usize,
    top: usize,
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    let part = Flatmates {
        n: board.n,
        top: board.top,
    };
    Ok(Keyed::of(KIND.key, part, (KIND.key, Value::Bool(true))).found())
}

impl Flatmates {
    /// The middle value, 1 and N.
    fn values(&self) -> (i64, i64, i64) {
        (self.top.div_ceil(2) as i64, 1, self.top as i64)
    }

    /// The cells above and below `(r, c)`, where the grid has them.
    fn mates(&self, (r, c): Cell) -> (Option<Cell>, Option<Cell>) {
        let above = r.checked_sub(1).map(|r| (r, c));
        let below = Some((r + 1, c)).filter(|&(r, _)| r < self.n);
        (above, below)
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.n).flat_map(move |r| (0..self.n).map(move |c| (r, c)))
    }
}

impl Part for Flatmates {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let (mid, one, top) = self.values();
        let holds =
            |cell: Option<Cell>, v: i64| cell.is_some_and(|(r, c)| grid.get(r, c) as i64 == v);
        (self.cells())
            .filter(|&(r, c)| grid.get(r, c) as i64 == mid)
            .filter(|&cell| {
                let (above, below) = self.mates(cell);
                !holds(above, one) && !holds(below, top)
            })
            .map(|cell| {
                let (above, below) = self.mates(cell);
                let cells: Vec<Cell> = above.into_iter().chain([cell]).chain(below).collect();
                Violation::Broken {
                    how: "is broken",
                    clue: format!("{name} at {}", cell_name(cell)),
                    values: cells.iter().map(|&(r, c)| grid.get(r, c)).collect(),
                    cells,
                }
            })
            .collect()
    }

    /// A middle value with neither mate possible goes; a middle value whose one mate is
    /// possible fixes that mate.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let (mid, one, top) = self.values();
        let bit = |v: i64| domains.index_of(v).map_or(0, |k| 1u64 << k);
        let (mid, one, top) = (bit(mid), bit(one), bit(top));
        if mid == 0 {
            return true;
        }
        to_fixed_point(shrunk, |shrunk| {
            self.cells().all(|cell| {
                let at = domains.index(cell);
                if domains.at(at) & mid == 0 {
                    return true;
                }
                let (above, below) = self.mates(cell);
                let able = |mate: Option<Cell>, bit: u64| {
                    mate.filter(|&m| domains.at(domains.index(m)) & bit != 0)
                };
                match (able(above, one), able(below, top)) {
                    (None, None) => restrict(domains, at, !mid, shrunk),
                    (Some(m), None) if domains.at(at) == mid => {
                        restrict(domains, domains.index(m), one, shrunk)
                    }
                    (None, Some(m)) if domains.at(at) == mid => {
                        restrict(domains, domains.index(m), top, shrunk)
                    }
                    _ => true,
                }
            })
        })
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let (mid, one, top) = self.values();
        let index = |m: &Model, v: i64| m.domains().index_of(v);
        let (Some(mid), Some(one), Some(top)) =
            (index(model, mid), index(model, one), index(model, top))
        else {
            return;
        };
        for cell in self.cells().collect::<Vec<_>>() {
            let (above, below) = self.mates(cell);
            let mut e: LinExpr = model.x(cell.0, cell.1, mid);
            if let Some((r, c)) = above {
                e.add_expr(&model.x(r, c, one), -1.0);
            }
            if let Some((r, c)) = below {
                e.add_expr(&model.x(r, c, top), -1.0);
            }
            model.at_most(format!("{name}_{}", cell_name(cell)), e, 0.0);
        }
    }

    fn is_empty(&self) -> bool {
        self.n == 0
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_five_has_a_one_above_or_a_nine_below() {
        let json = r#"{"dutchflatmates": true}"#;
        // A 5 on the top row needs a 9 below it.
        let d = narrowed_square(&*rule(json, 9), 9, &[((0, 4), &[5])]);
        assert_eq!(values(&d, (1, 4)), [9]);
        // No 1 above and no 9 below: no 5.
        let d = narrowed_square(&*rule(json, 9), 9, &[((3, 3), &[2]), ((5, 3), &[3])]);
        assert!(!values(&d, (4, 3)).contains(&5));
        // r5c4 holds 5 with 2 above and 3 below: broken.
        let bad = grid_with(9, &[((4, 3), 5), ((3, 3), 2), ((5, 3), 3), ((0, 4), 50)]);
        let message = "dutchflatmates at r5c4 is broken: r4c4=2, r5c4=5, r6c4=3";
        assert_eq!(broken(&*rule(json, 9), &bad), [message]);
        // On a 4x4 (middle 2): a 2 under a 1 keeps the rows, a 2 between 3s does not.
        let threes = |changes: &[((usize, usize), u32)]| {
            let mut all: Vec<((usize, usize), u32)> =
                (0..16).map(|i| ((i / 4, i % 4), 3)).collect();
            all.extend_from_slice(changes);
            grid_with(4, &all)
        };
        let rule = rule(json, 4);
        let good = threes(&[((1, 0), 2), ((0, 0), 1)]);
        assert!(broken(&*rule, &good).is_empty() && rows_allow(&*rule, &good));
        let bad = threes(&[((1, 0), 2)]);
        assert_eq!(broken(&*rule, &bad).len(), 1);
        assert!(!rows_allow(&*rule, &bad));
    }
}
