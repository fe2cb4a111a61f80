//! Takuzu rules in plain integers: the checks shared by input validation and the verifier.

use crate::error::Violation;
use crate::geometry::{columns, rows, Area};

/// The first broken balance or three-in-a-row rule among decided cells (`None` = blank),
/// with the row of the cell that shows it.
pub fn broken_rule(
    get: impl Fn(usize, usize) -> Option<u8>,
    lines: &[Area],
) -> Option<(usize, Violation)> {
    for line in lines {
        let len = line.cells.len();
        for digit in [0u8, 1] {
            let holding: Vec<_> = (line.cells.iter())
                .filter(|&&(r, c)| get(r, c) == Some(digit))
                .collect();
            if holding.len() > len / 2 {
                let at = holding.last().map_or(0, |&&(r, _)| r);
                let name = line.name.clone();
                let count = holding.len();
                return Some((
                    at,
                    Violation::Balance {
                        line: name,
                        digit,
                        count,
                        len,
                    },
                ));
            }
        }
        for w in line.cells.windows(3) {
            let digits: Vec<Option<u8>> = w.iter().map(|&(r, c)| get(r, c)).collect();
            if let [Some(a), Some(b), Some(c)] = digits[..] {
                if a == b && b == c {
                    let cells = [w[0], w[1], w[2]];
                    let line = line.name.clone();
                    return Some((
                        w[2].0,
                        Violation::ThreeInARow {
                            line,
                            digit: a,
                            cells,
                        },
                    ));
                }
            }
        }
    }
    None
}

/// The first two complete lines, both rows or both columns, that are equal, with the row it
/// shows on.
pub fn equal_lines(
    get: impl Fn(usize, usize) -> Option<u8>,
    n_rows: usize,
    n_cols: usize,
) -> Option<(usize, Violation)> {
    for (group, is_rows) in [
        (rows(n_rows, n_cols), true),
        (columns(n_rows, n_cols), false),
    ] {
        let contents: Vec<Option<Vec<u8>>> = (group.iter())
            .map(|l| l.cells.iter().map(|&(r, c)| get(r, c)).collect())
            .collect();
        for i in 0..group.len() {
            for j in i + 1..group.len() {
                if contents[i].is_some() && contents[i] == contents[j] {
                    let at = if is_rows { j } else { n_rows - 1 };
                    let (first, second) = (group[i].name.clone(), group[j].name.clone());
                    return Some((at, Violation::EqualLines { first, second }));
                }
            }
        }
    }
    None
}
