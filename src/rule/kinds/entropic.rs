//! Entropic and modular lines (`entropicline`, `modularline`: `[{"lines": [[cells]]}]`): every
//! three cells in a row on the line hold one value of each of three classes. Entropic classes
//! are low, middle and high (1-3, 4-6, 7-9 on a 9x9); modular ones the remainder after
//! division by 3. So cells three apart share a class and cells one or two apart do not.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, items, lines, Board, Found};
use crate::rule::engine::{broken_groups, marks, restrict, Changed};

/// The entropic line's entry.
pub static ENTROPIC: RuleKind = RuleKind::new("entropicline", |value, board| {
    read(value, board, "entropicline")
});

/// The modular line's entry.
pub static MODULAR: RuleKind = RuleKind::new("modularline", |value, board| {
    read(value, board, "modularline")
});

#[derive(Debug, Default)]
struct Classes {
    lines: Vec<Vec<Cell>>,
    /// The class (0, 1 or 2) of each value 1..=n, at index value - 1.
    class: Vec<usize>,
}

fn read(value: &Value, board: &Board, key: &'static str) -> Result<Found, Problem> {
    let n = board.n;
    let mut found = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        found.extend(lines(item, n, 1).map_err(|p| at(format!("{key} {}", i + 1), p))?);
    }
    let class = match key {
        "modularline" => (1..=n).map(|v| v % 3).collect(),
        // Sizes of the low, middle and high classes, as f-puzzles' solvers split 1..n.
        _ => {
            let (s, l) = (n / 3, n.div_ceil(3));
            let sizes = if n % 3 == 1 { [s, s + 1, s] } else { [l, s, l] };
            (0..3)
                .flat_map(|g| std::iter::repeat_n(g, sizes[g]))
                .collect()
        }
    };
    let colour = if key == "modularline" {
        "#f0c080"
    } else {
        "#f0a0a0"
    };
    let under = found.iter().map(|l| marks::line(l, 0.22, colour)).collect();
    let classes = Classes {
        lines: found,
        class,
    };
    let mut rule = Keyed::of(key, classes, (key, value.clone()));
    rule.under = under;
    Ok(Found::rule(rule))
}

impl Classes {
    /// The classes a candidate set touches, as bits.
    fn classes_of(&self, set: u64) -> u8 {
        (0..self.class.len())
            .filter(|k| set & (1 << k) != 0)
            .fold(0, |m, k| m | 1 << self.class[k])
    }

    /// The candidates of the classes `classes`.
    fn values_of(&self, classes: u8) -> u64 {
        (0..self.class.len())
            .filter(|&k| classes & (1 << self.class[k]) != 0)
            .fold(0, |m, k| m | 1 << k)
    }
}

impl Part for Classes {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let class = |v: i64| self.class.get(v as usize - 1).copied().unwrap_or(3);
        let lines = self.lines.iter().map(Vec::as_slice);
        broken_groups(name, lines, grid, |_, v| {
            (0..v.len()).all(|a| (a + 1..v.len().min(a + 3)).all(|b| class(v[a]) != class(v[b])))
        })
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        let cols = domains.cols();
        for line in &self.lines {
            let index = |j: usize| line[j].0 * cols + line[j].1;
            // The classes each position (mod 3) may have: those every cell there allows.
            let places = line.len().min(3);
            let possible: Vec<u8> = (0..places)
                .map(|p| {
                    (p..line.len())
                        .step_by(3)
                        .fold(0b111, |m, j| m & self.classes_of(domains.at(index(j))))
                })
                .collect();
            // Positions take different classes: keep those of some such assignment.
            let mut allowed = vec![0u8; places];
            for order in [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0],
            ] {
                if (0..places).all(|p| possible[p] & (1 << order[p]) != 0) {
                    (0..places).for_each(|p| allowed[p] |= 1 << order[p]);
                }
            }
            for j in 0..line.len() {
                if !restrict(domains, index(j), self.values_of(allowed[j % 3]), shrunk) {
                    return false;
                }
            }
        }
        true
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        for (i, line) in self.lines.iter().enumerate().filter(|(_, l)| l.len() > 1) {
            let width = line.len().min(3);
            for (w, window) in line.windows(width).enumerate() {
                for g in 0..3 {
                    let mut e = LinExpr::default();
                    for &(r, c) in window {
                        for k in (0..self.class.len()).filter(|&k| self.class[k] == g) {
                            e.add_expr(&model.x(r, c, k), 1.0);
                        }
                    }
                    let lo = if width == 3 { 1.0 } else { f64::NEG_INFINITY };
                    model.add(format!("{name}{}_{}_class{g}", i + 1, w + 1), e, lo, 1.0);
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn three_in_a_row_hold_a_low_a_middle_and_a_high_value() {
        let json = r#"{"entropicline": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]]}]}"#;
        let set: &[(_, &[i64])] = &[((0, 0), &[1]), ((0, 1), &[5])];
        assert_eq!(narrows_to(json, (1, 4), set, (0, 2)), Some(vec![7, 8, 9]));
        assert_eq!(narrows_to(json, (1, 4), set, (0, 3)), Some(vec![1, 2, 3]));
        // 1 2 3 on the line: three low values in a row.
        let good = sudoku_with(&[((0, 1), 5), ((0, 2), 9), ((0, 3), 2)]);
        keeps_only(json, &good, &sudoku_with(&[]));
    }

    #[test]
    fn modular_classes_are_remainders() {
        let json = r#"{"modularline": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]]}]}"#;
        let set: &[(_, &[i64])] = &[((0, 0), &[3]), ((0, 1), &[1])];
        assert_eq!(narrows_to(json, (1, 4), set, (0, 2)), Some(vec![2, 5, 8]));
        assert_eq!(narrows_to(json, (1, 4), set, (0, 3)), Some(vec![3, 6, 9]));
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 4)]));
    }
}
