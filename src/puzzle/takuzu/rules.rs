//! Takuzu rules in plain integers: the checks shared by input validation and the verifier.

use crate::grid::cell_name;

/// The cells of every row, then of every column, with a name for messages.
pub fn lines(rows: usize, cols: usize) -> Vec<(String, Vec<(usize, usize)>)> {
    let row_lines = (0..rows).map(|r| {
        (
            format!("row {}", r + 1),
            (0..cols).map(|c| (r, c)).collect(),
        )
    });
    let col_lines = (0..cols).map(|c| {
        (
            format!("column {}", c + 1),
            (0..rows).map(|r| (r, c)).collect(),
        )
    });
    row_lines.chain(col_lines).collect()
}

/// The first broken balance or three-in-a-row rule among decided cells (`None` = blank).
/// Returns the row of the offending cell and a message.
pub fn broken_rule(
    get: impl Fn(usize, usize) -> Option<u8>,
    rows: usize,
    cols: usize,
) -> Option<(usize, String)> {
    for (name, line) in lines(rows, cols) {
        let half = line.len() / 2;
        for digit in [0u8, 1] {
            let count = line
                .iter()
                .filter(|&&(r, c)| get(r, c) == Some(digit))
                .count();
            if count > half {
                let word = if digit == 1 { "ones" } else { "zeros" };
                let last = line.iter().rev().find(|&&(r, c)| get(r, c) == Some(digit));
                let at = last.map_or(0, |&(r, _)| r);
                return Some((
                    at,
                    format!(
                        "{name} has {count} {word}, more than half of {}",
                        line.len()
                    ),
                ));
            }
        }
        for w in line.windows(3) {
            let vals: Vec<Option<u8>> = w.iter().map(|&(r, c)| get(r, c)).collect();
            if let [Some(a), Some(b), Some(c)] = vals[..] {
                if a == b && b == c {
                    let cells: Vec<String> = w.iter().map(|&(r, c)| cell_name(r, c)).collect();
                    return Some((
                        w[2].0,
                        format!("{name} has three {a}s in a row: {}", cells.join(", ")),
                    ));
                }
            }
        }
    }
    None
}

/// The first two complete lines (rows, or columns) that are equal.
pub fn equal_lines(
    get: impl Fn(usize, usize) -> Option<u8>,
    rows: usize,
    cols: usize,
) -> Option<(usize, String)> {
    let complete = |cells: &Vec<(usize, usize)>| -> Option<Vec<u8>> {
        cells.iter().map(|&(r, c)| get(r, c)).collect()
    };
    let all = lines(rows, cols);
    let (row_lines, col_lines) = all.split_at(rows);
    for (kind, group) in [("rows", row_lines), ("columns", col_lines)] {
        let contents: Vec<Option<Vec<u8>>> = group.iter().map(|(_, l)| complete(l)).collect();
        for i in 0..group.len() {
            for j in i + 1..group.len() {
                if contents[i].is_some() && contents[i] == contents[j] {
                    let at = if kind == "rows" { j } else { rows - 1 };
                    return Some((at, format!("{kind} {} and {} are equal", i + 1, j + 1)));
                }
            }
        }
    }
    None
}
