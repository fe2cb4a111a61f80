//! JSON values as puzzle files write them: whole numbers written leniently, cells as
//! `[row, col]`, and a value as the input wrote it, for messages.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::Cell;

/// A whole number written as a JSON number (`24`, `24.0`) or a string of digits (`"24"`).
pub fn whole_number(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64().or_else(|| {
            let f = n.as_f64()?;
            (f.fract() == 0.0 && (0.0..1.8e19).contains(&f)).then_some(f as u64)
        }),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A value as the input wrote it, for messages.
pub fn written(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A cage cell written `[row, col]` (1-based), inside an `n` x `n` grid; 0-based.
pub fn cell(value: &Value, n: usize) -> Result<Cell, Problem> {
    let pair = match value {
        Value::Array(pair) if pair.len() == 2 => (whole_number(&pair[0]), whole_number(&pair[1])),
        _ => (None, None),
    };
    let (Some(row), Some(col)) = pair else {
        return Err(Problem::NotACell(written(value)));
    };
    if !(1..=n as u64).contains(&row) || !(1..=n as u64).contains(&col) {
        let (row, col) = (row as i64, col as i64);
        return Err(Problem::CellOutside { row, col, size: n });
    }
    Ok((row as usize - 1, col as usize - 1))
}
