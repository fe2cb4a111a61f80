//! Entropic and modular lines (`entropicline`, `modularline`: `[{"lines": [[cells]]}]`, a
//! modular line with its modulus as `"value"`, 3 when none): every three cells in a row on an
//! entropic line hold one value of each of three classes, low, middle and high (1-3, 4-6, 7-9
//! on a 9x9); every M cells in a row on a modular line hold different remainders mod M. So
//! cells M apart share a class and cells fewer apart do not.

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, items, lines, number, Board, Found};
use crate::rule::engine::{broken_groups, marks, restrict, Changed};

/// The entropic line's entry.
pub static ENTROPIC: RuleKind = RuleKind::new("entropicline", |value, board| {
    read(value, board, "entropicline")
});

/// The modular line's entry.
pub static MODULAR: RuleKind = RuleKind::new("modularline", |value, board| {
    read(value, board, "modularline")
});

/// The lines, each with its classes.
#[derive(Debug, Default)]
struct Classes {
    lines: Vec<ClassLine>,
}

/// One line: any `count` cells in a row on it hold values of different classes.
#[derive(Debug)]
struct ClassLine {
    cells: Vec<Cell>,
    /// How many classes, and so how many cells in a row differ.
    count: usize,
    /// The class (below `count`) of each value 1..=n, at index value - 1.
    class: Vec<usize>,
}

fn read(value: &Value, board: &Board, key: &'static str) -> Result<Found, Problem> {
    let n = board.n;
    let mut found = Vec::new();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = |p| at(format!("{key} {}", i + 1), p);
        let (count, class) = match key {
            "modularline" => {
                let m = number(item, "value", Some(3)).map_err(place)?;
                let most = n.min(31);
                if !(2..=most as i64).contains(&m) {
                    return Err(place(Problem::Rule(format!(
                        "the modulus must be from 2 to {most}, found {m}"
                    ))));
                }
                let m = m as usize;
                (m, (1..=n).map(|v| v % m).collect())
            }
            // Sizes of the low, middle and high classes, as f-puzzles' solvers split 1..n.
            _ => {
                let (s, l) = (n / 3, n.div_ceil(3));
                let sizes = if n % 3 == 1 { [s, s + 1, s] } else { [l, s, l] };
                let class = (0..3)
                    .flat_map(|g| std::iter::repeat_n(g, sizes[g]))
                    .collect();
                (3, class)
            }
        };
        for cells in lines(item, n, 1).map_err(place)? {
            let class = Vec::clone(&class);
            found.push(ClassLine {
                cells,
                count,
                class,
            });
        }
    }
    let colour = if key == "modularline" {
        "#f0c080"
    } else {
        "#f0a0a0"
    };
    let under = (found.iter())
        .map(|l| marks::line(&l.cells, 0.22, colour))
        .collect();
    let mut rule = Keyed::of(key, Classes { lines: found }, (key, value.clone()));
    rule.under = under;
    Ok(Found::rule(rule))
}

impl ClassLine {
    /// The classes a candidate set touches, as bits.
    fn classes_of(&self, set: u64) -> u32 {
        (0..self.class.len())
            .filter(|k| set & (1 << k) != 0)
            .fold(0, |m, k| m | 1 << self.class[k])
    }

    /// The candidates of the classes `classes`.
    fn values_of(&self, classes: u32) -> u64 {
        (0..self.class.len())
            .filter(|&k| classes & (1 << self.class[k]) != 0)
            .fold(0, |m, k| m | 1 << k)
    }

    /// Narrows the line's cells: the cells `count` apart share a class, and the first
    /// `count` positions take different classes, each one a class some such assignment
    /// gives it.
    fn narrow(&self, domains: &mut Domains, shrunk: &mut Vec<usize>) -> bool {
        let places = self.cells.len().min(self.count);
        let all = (1u32 << self.count) - 1;
        let possible: Vec<u32> = (0..places)
            .map(|p| {
                (p..self.cells.len()).step_by(self.count).fold(all, |m, j| {
                    m & self.classes_of(domains.at(domains.index(self.cells[j])))
                })
            })
            .collect();
        let allowed: Vec<u32> = (0..places)
            .map(|p| {
                (0..self.count)
                    .filter(|&g| possible[p] & (1 << g) != 0)
                    .filter(|&g| distinct_classes(&possible, p, g))
                    .fold(0, |m, g| m | 1 << g)
            })
            .collect();
        (0..self.cells.len()).all(|j| {
            let at = domains.index(self.cells[j]);
            restrict(domains, at, self.values_of(allowed[j % self.count]), shrunk)
        })
    }
}

/// Whether the positions can take different classes, each one of its `possible`, with
/// position `p` taking class `g`: a matching of the others, found by augmenting paths that
/// never pass class `g`.
fn distinct_classes(possible: &[u32], p: usize, g: usize) -> bool {
    const FREE: usize = usize::MAX;
    fn augment(q: usize, possible: &[u32], owner: &mut [usize; 32], seen: &mut u32) -> bool {
        for h in (0..32).filter(|&h| possible[q] & (1 << h) != 0) {
            if *seen & (1 << h) == 0 {
                *seen |= 1 << h;
                if owner[h] == FREE || augment(owner[h], possible, owner, seen) {
                    owner[h] = q;
                    return true;
                }
            }
        }
        false
    }
    let mut owner = [FREE; 32];
    owner[g] = p;
    (0..possible.len())
        .filter(|&q| q != p)
        .all(|q| augment(q, possible, &mut owner, &mut (1 << g)))
}

impl Part for Classes {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let mut broken = Vec::new();
        for line in &self.lines {
            let class = |v: i64| {
                line.class
                    .get(v as usize - 1)
                    .copied()
                    .unwrap_or(line.count)
            };
            let width = line.count;
            broken.extend(broken_groups(
                name,
                std::iter::once(&line.cells[..]),
                grid,
                |_, v| {
                    (0..v.len()).all(|a| {
                        (a + 1..v.len().min(a + width)).all(|b| class(v[a]) != class(v[b]))
                    })
                },
            ));
        }
        broken
    }

    fn narrow(&self, domains: &mut Domains, _: Changed, shrunk: &mut Vec<usize>) -> bool {
        self.lines.iter().all(|line| line.narrow(domains, shrunk))
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let lines = self.lines.iter().enumerate();
        for (i, line) in lines.filter(|(_, l)| l.cells.len() > 1) {
            let width = line.cells.len().min(line.count);
            for (w, window) in line.cells.windows(width).enumerate() {
                for g in 0..line.count {
                    let mut e = LinExpr::default();
                    for &(r, c) in window {
                        for k in (0..line.class.len()).filter(|&k| line.class[k] == g) {
                            e.add_expr(&model.x(r, c, k), 1.0);
                        }
                    }
                    let lo = if width == line.count {
                        1.0
                    } else {
                        f64::NEG_INFINITY
                    };
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

    #[test]
    fn a_modular_line_takes_its_modulus() {
        // Mod 2: odd and even alternate along the line.
        let json = r#"{"modularline": [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "2"}]}"#;
        let set: &[(_, &[i64])] = &[((0, 0), &[4])];
        assert_eq!(
            narrows_to(json, (1, 3), set, (0, 1)),
            Some(vec![1, 3, 5, 7, 9])
        );
        assert_eq!(
            narrows_to(json, (1, 3), set, (0, 2)),
            Some(vec![2, 4, 6, 8])
        );
        // Mod 4 on the first row: 1 2 3 4 leaves 1 2 3 0, and 1 2 3 2 repeats 2.
        let four =
            r#"{"modularline": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]], "value": 4}]}"#;
        let good = sudoku_with(&[]);
        keeps_only(four, &good, &sudoku_with(&[((0, 3), 2)]));
        let error = read_error(
            r#"{"modularline": [{"lines": [["R1C1", "R1C2"]], "value": "1"}]}"#,
            9,
        );
        assert!(
            error.contains("the modulus must be from 2 to 9, found 1"),
            "{error}"
        );
    }
}
