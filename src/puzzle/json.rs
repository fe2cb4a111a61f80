//! Reading JSON puzzles: serde's errors with their line, numbers written leniently, and the
//! line each puzzle of a file starts on.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{ParseError, Problem};
use crate::grid::Cell;
use crate::puzzle::Entry;

/// The 1-based lines of the objects that open at nesting `depth` (0: the top level, 1: the
/// items of a top-level array), skipping strings.
pub fn object_lines(text: &str, depth: usize) -> Vec<usize> {
    let (mut lines, mut line, mut level) = (Vec::new(), 1, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    for ch in text.chars() {
        match ch {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            _ if in_string => {}
            '\n' => line += 1,
            '{' | '[' => {
                if ch == '{' && level == depth {
                    lines.push(line);
                }
                level += 1;
            }
            '}' | ']' => level = level.saturating_sub(1),
            _ => {}
        }
    }
    lines
}

pub fn json_error(e: serde_json::Error) -> ParseError {
    let problem = Problem::Json(strip_position(&e));
    if e.line() == 0 {
        ParseError::whole(problem)
    } else {
        ParseError::at(e.line(), problem)
    }
}

/// serde_json's message without its `at line L column C` suffix.
pub fn strip_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

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

/// The puzzles of a JSON file holding one object or an array of them, each read by `build`
/// from its raw form and the line its object opens on; a bad puzzle in an array fails only
/// itself.
pub fn entries<R: DeserializeOwned, P>(
    text: &str,
    build: impl Fn(R, usize) -> Result<P, ParseError>,
) -> Result<Vec<Entry<P>>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !text.trim_start().starts_with('[') {
        let raw: R = serde_json::from_str(text).map_err(json_error)?;
        let line = object_lines(text, 0).first().copied().unwrap_or(1);
        let puzzle = build(raw, line);
        return Ok(vec![Entry { line, puzzle }]);
    }
    let items: Vec<Value> = serde_json::from_str(text).map_err(json_error)?;
    if items.is_empty() {
        return Err(ParseError::whole(Problem::NoPuzzle));
    }
    let lines = object_lines(text, 1);
    Ok((items.into_iter().enumerate())
        .map(|(i, item)| {
            let line = lines.get(i).copied().unwrap_or(1);
            let puzzle = serde_json::from_value(item)
                .map_err(|e| ParseError::whole(Problem::Json(strip_position(&e))))
                .and_then(|raw| build(raw, line));
            Entry { line, puzzle }
        })
        .collect())
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
