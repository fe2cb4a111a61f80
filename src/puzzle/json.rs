//! Reading JSON puzzles: serde's errors with their line, numbers written leniently, and the
//! line each puzzle of a file starts on.

use serde_json::Value;

use crate::error::{ParseError, Problem};

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
