//! Every 2x2 square of classes (`globalmod: true`, `globalentropy: true`, on values 1..9): each two
//! by two square of cells holds a value of each of three classes, the remainders mod 3
//! (1 4 7, 2 5 8, 3 6 9) or low, middle and high (1-3, 4-6, 7-9) (the Interactive Sudoku
//! Solver's `GlobalMod` and `GlobalEntropy`).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{flag, wrong, Board, Found};
use crate::rule::engine::{restrict, to_fixed_point, Changed};

/// Remainders mod 3.
pub static MOD: RuleKind = RuleKind::new("globalmod", |value, board| {
    read(value, board, "globalmod", |v| v % 3)
});

/// Low, middle and high values.
pub static ENTROPY: RuleKind = RuleKind::new("globalentropy", |value, board| {
    read(value, board, "globalentropy", |v| (v - 1) / 3)
});

/// The 2x2 squares and the class (0, 1, 2) of each value 1..=9 at index value - 1.
#[derive(Debug, Default)]
struct Squares {
    squares: Vec<[Cell; 4]>,
    class: Vec<usize>,
}

fn read(
    value: &Value,
    board: &Board,
    key: &'static str,
    class: fn(usize) -> usize,
) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    if board.top != 9 {
        return Err(wrong(format!("{key} holds on a grid of values 1..9 only")));
    }
    let n = board.n;
    let squares = (0..n - 1)
        .flat_map(|r| (0..n - 1).map(move |c| [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]))
        .collect();
    let part = Squares {
        squares,
        class: (1..=9).map(class).collect(),
    };
    Ok(Keyed::of(key, part, (key, Value::Bool(true))).found())
}

impl Squares {
    /// The candidates of class `g`.
    fn values_of(&self, g: usize) -> u64 {
        (0..self.class.len())
            .filter(|&k| self.class[k] == g)
            .fold(0, |m, k| m | 1 << k)
    }
}

impl Part for Squares {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let class = |(r, c): Cell| self.class.get(grid.get(r, c) as usize - 1).copied();
        (self.squares.iter())
            .filter(|square| (0..3).any(|g| square.iter().all(|&cell| class(cell) != Some(g))))
            .map(|square| Violation::Broken {
                how: "is broken",
                clue: format!("{name} at {}", cell_name(square[0])),
                cells: square.to_vec(),
                values: square.iter().map(|&(r, c)| grid.get(r, c)).collect(),
            })
            .collect()
    }

    /// A class only one cell of a square can hold is that cell's.
    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        to_fixed_point(shrunk, |shrunk| {
            self.squares.iter().all(|square| {
                (0..3).all(|g| {
                    let class = self.values_of(g);
                    let able: Vec<usize> = (square.iter().map(|&c| domains.index(c)))
                        .filter(|&at| domains.at(at) & class != 0)
                        .collect();
                    match able[..] {
                        [] => false,
                        [only] => restrict(domains, only, class, shrunk),
                        _ => true,
                    }
                })
            })
        })
    }

    /// Per square and class: `sum x >= 1`.
    fn constrain(&self, name: &str, model: &mut Model) {
        for (s, square) in self.squares.iter().enumerate() {
            for g in 0..3 {
                let mut e = LinExpr::default();
                for &(r, c) in square {
                    for k in (0..self.class.len()).filter(|&k| self.class[k] == g) {
                        e.add_expr(&model.x(r, c, k), 1.0);
                    }
                }
                model.add(format!("{name}{}_class{g}", s + 1), e, 1.0, f64::INFINITY);
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn every_square_holds_each_class() {
        let json = r#"{"globalmod": true}"#;
        // r1c1 r1c2 r2c1 hold 1, 2, 4: r2c2 is left a multiple of 3.
        let set: &[(_, &[i64])] = &[((0, 0), &[1]), ((0, 1), &[2]), ((1, 0), &[4])];
        let d = narrowed_square(&*rule(json, 9), 9, set);
        assert_eq!(values(&d, (1, 1)), [3, 6, 9]);
        // The grid's first square holds 1 2 / 4 5: no high value.
        let entropy = r#"{"globalentropy": true}"#;
        assert!(!broken(&*rule(entropy, 9), &sudoku_with(&[])).is_empty());
        let small = read_error(json, 4);
        assert!(
            small.contains("globalmod holds on a grid of values 1..9 only"),
            "{small}"
        );
    }
}
