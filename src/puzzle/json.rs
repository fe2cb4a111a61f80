//! Reading JSON puzzles: serde's errors with their line, and the line each puzzle of a file
//! starts on.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{ParseError, Problem};
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

/// serde's error placed on its line, its column named in the message.
pub fn json_error(e: serde_json::Error) -> ParseError {
    if e.line() == 0 {
        return ParseError::whole(Problem::Json(strip_position(&e)));
    }
    let problem = Problem::Json(format!("{} (column {})", strip_position(&e), e.column()));
    ParseError::at(e.line(), problem)
}

/// The puzzles of JSON Lines (one object a line, two lines at least, the first a whole
/// object), each read by `build`; `None` for any other text. A line that is no JSON fails
/// only its own puzzle.
fn json_lines<R: DeserializeOwned, P>(
    text: &str,
    build: &impl Fn(R, usize) -> Result<P, ParseError>,
) -> Option<Vec<Entry<P>>> {
    let lines: Vec<(usize, &str)> = (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let first = lines.first()?.1;
    let whole = first.starts_with('{') && serde_json::from_str::<Value>(first).is_ok();
    if lines.len() < 2 || !whole {
        return None;
    }
    let entry = |(line, l): (usize, &str)| {
        let puzzle = serde_json::from_str(l)
            .map_err(|e| {
                let at = format!("{} (column {})", strip_position(&e), e.column());
                ParseError::at(line, Problem::Json(at))
            })
            .and_then(|raw| build(raw, line));
        Entry { line, puzzle }
    };
    Some(lines.into_iter().map(entry).collect())
}

/// serde_json's message without its `at line L column C` suffix (its nesting limit named).
pub fn strip_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let text = match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    };
    match text == "recursion limit exceeded" {
        true => "the JSON nests deeper than 128 lists and objects, the reader's limit".into(),
        false => text,
    }
}

/// The puzzles of a JSON file holding one object, an array of them or JSON Lines, each read
/// by `build` from its raw form and the line its object opens on; a bad puzzle in an array
/// or a line fails only itself.
pub fn entries<R: DeserializeOwned, P>(
    text: &str,
    build: impl Fn(R, usize) -> Result<P, ParseError>,
) -> Result<Vec<Entry<P>>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(entries) = json_lines(text, &build) {
        return Ok(entries);
    }
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
