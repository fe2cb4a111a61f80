//! SudokuPad `scl`/`ctc` links (`https://sudokupad.app/scl...`): lz-string's
//! `compressToBase64` of SudokuPad's own puzzle, JSON or its zipped form (bare and shortened
//! keys, single quotes, empty array slots, `t`/`f`, short colours). Such a puzzle carries its
//! givens, regions and cages, and a few rules by name (`global`: those the rule registry's
//! `GLOBALS` lists); every other rule is only drawn
//! (lines, arrows, overlays, underlays). The givens, regions, cages and named rules are read;
//! the drawings are not (a rule is never guessed from a colour), and the puzzle says so in a
//! warning.

use serde_json::{json, Map, Value};

use crate::error::{ParseError, Problem};

/// SudokuPad's short keys and the names they stand for.
const KEYS: [(&str, &str); 24] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
];

/// Where an `scl`/`ctc` string starts in a link, if it is one.
pub fn start(link: &str) -> Option<usize> {
    let marks = ["/scl", "/ctc", "=scl", "=ctc"];
    marks
        .iter()
        .filter_map(|m| link.find(m).map(|i| i + m.len()))
        .min()
}

/// The puzzle of an `scl`/`ctc` link, as f-puzzles' keys (the registry reads them), and the
/// warning it carries (what it draws but does not say).
pub fn decode(link: &str) -> Result<(Map<String, Value>, Option<String>), ParseError> {
    let fail = |message: String| ParseError::whole(Problem::Link(message));
    let payload = &link[start(link).unwrap_or(0)..];
    let payload = payload.split(['&', '#', '?']).next().unwrap_or("");
    let decoded = percent_encoding::percent_decode_str(payload).decode_utf8_lossy();
    let cleaned: String = (decoded.chars().map(|ch| if ch == ' ' { '+' } else { ch }))
        .filter(|ch| !ch.is_whitespace())
        .collect();
    let text = lz_str::decompress_from_base64(&cleaned)
        .and_then(|units| String::from_utf16(&units).ok())
        .filter(|text| !text.is_empty())
        .ok_or_else(|| fail(format!("the SudokuPad string ({} characters) does not decode: it may be cut short or damaged; copy the whole link again", cleaned.len())))?;
    let puzzle = match serde_json::from_str::<Value>(&text) {
        Ok(value) => value,
        Err(_) => renamed(Loose::new(&text).value().map_err(fail)?),
    };
    let Value::Object(puzzle) = puzzle else {
        return Err(fail(
            "the SudokuPad string decodes, but not to a puzzle".into(),
        ));
    };
    as_fpuzzles(&puzzle).map_err(fail)
}

/// SudokuPad's puzzle under f-puzzles' keys: size, grid (givens), regions, cages and the named
/// rules; the warning names what is only drawn.
fn as_fpuzzles(
    puzzle: &Map<String, Value>,
) -> Result<(Map<String, Value>, Option<String>), String> {
    let rows = puzzle
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("the SudokuPad puzzle has no cells")?;
    let n = rows.len();
    let mut grid = vec![vec![json!({}); n]; n];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == n).ok_or(format!(
            "the SudokuPad puzzle's cells are not {n} rows of {n}"
        ))?;
        for (c, cell) in row.iter().enumerate() {
            let value = cell
                .get("value")
                .and_then(|v| v.as_u64().or_else(|| v.as_str()?.trim().parse().ok()));
            if let Some(v) = value {
                grid[r][c] = json!({ "value": v, "given": true });
            }
        }
    }
    if let Some(Value::Array(regions)) = puzzle.get("regions") {
        for (k, region) in regions.iter().enumerate() {
            for cell in region.as_array().into_iter().flatten() {
                let (r, c) = cell_of(cell)
                    .filter(|&(r, c)| r < n && c < n)
                    .ok_or(format!("region {} has a cell outside the grid", k + 1))?;
                grid[r][c]["region"] = json!(k);
            }
        }
    }
    let mut object = Map::new();
    object.insert("size".into(), json!(n));
    object.insert("grid".into(), json!(grid));
    let mut unread = Vec::new();
    let mut cages = Vec::new();
    for cage in puzzle
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let cells: Vec<(usize, usize)> = cage
            .get("cells")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(cell_of)
            .collect();
        if cells.is_empty() {
            continue; // metadata: title, author, rules, solution
        }
        let named: Vec<String> = cells
            .iter()
            .map(|&(r, c)| format!("R{}C{}", r + 1, c + 1))
            .collect();
        let value = cage.get("value").and_then(|v| {
            v.as_str()
                .map(str::to_string)
                .or_else(|| v.as_u64().map(|v| v.to_string()))
        });
        match value.filter(|v| v.trim().parse::<u64>().is_ok()) {
            Some(sum) => cages.push(json!({ "cells": named, "value": sum })),
            None if cage.get("unique") == Some(&Value::Bool(true)) => {
                cages.push(json!({ "cells": named }))
            }
            None => unread.push("a cage without a sum".to_string()),
        }
    }
    crate::rule::add_fpuzzles_cages(&mut object, cages);
    for rule in puzzle
        .get("global")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = rule.as_str().unwrap_or("");
        let global = crate::rule::global(name).ok_or_else(|| {
            format!("the SudokuPad puzzle names a global rule mipsolve does not know: \"{name}\"")
        })?;
        (global.keys)(&mut object);
    }
    for (key, what) in [
        ("lines", "lines"),
        ("arrows", "arrows"),
        ("overlays", "overlays"),
        ("underlays", "underlays"),
    ] {
        let count = puzzle
            .get(key)
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if count > 0 {
            unread.push(format!("{count} {what}"));
        }
    }
    let metadata = puzzle.get("metadata");
    if metadata.and_then(|m| m.get("bgimage")).is_some() {
        unread.push("a background image".to_string());
    }
    let warning = (!unread.is_empty()).then(|| format!(
        "this SudokuPad link also draws {}: SudokuPad keeps rules other than givens, regions, cages and a few named ones only as drawings, which mipsolve does not read, so the answer keeps only those (for the whole puzzle, use its f-puzzles link)",
        unread.join(", ")
    ));
    Ok((object, warning))
}

/// A 0-based `[r, c]` cell.
fn cell_of(value: &Value) -> Option<(usize, usize)> {
    match value.as_array()?.as_slice() {
        [r, c] => Some((r.as_u64()? as usize, c.as_u64()? as usize)),
        _ => None,
    }
}

/// `value` with SudokuPad's short keys spelt out, at every depth.
fn renamed(value: Value) -> Value {
    match value {
        Value::Object(object) => Value::Object(
            (object.into_iter())
                .map(|(k, v)| {
                    let long = KEYS
                        .iter()
                        .find(|(short, _)| *short == k)
                        .map(|(_, long)| long.to_string());
                    (long.unwrap_or(k), renamed(v))
                })
                .collect(),
        ),
        Value::Array(list) => Value::Array(list.into_iter().map(renamed).collect()),
        other => other,
    }
}

/// A reader of SudokuPad's zipped JSON: bare keys, single or double quotes, empty array slots
/// (`[,,]`, each an empty object), `t`/`f`, colours written bare (`#0`, `#F`, `ff0000`).
struct Loose<'a> {
    text: &'a [u8],
    at: usize,
    /// How deep in objects and arrays the reader is.
    depth: usize,
}

/// The deepest nesting read (a puzzle needs four or five levels).
const MAX_DEPTH: usize = 64;

impl<'a> Loose<'a> {
    fn new(text: &'a str) -> Self {
        Loose {
            text: text.as_bytes(),
            at: 0,
            depth: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!(
            "the SudokuPad puzzle does not read: {what} at character {}",
            self.at + 1
        ))
    }

    fn value(&mut self) -> Result<Value, String> {
        if self.depth > MAX_DEPTH {
            return self.fail("nesting too deep");
        }
        self.depth += 1;
        let value = self.nested();
        self.depth -= 1;
        value
    }

    fn nested(&mut self) -> Result<Value, String> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'\'' | b'"') => self.string().map(Value::String),
            Some(_) => self.word(),
            None => self.fail("the text ends"),
        }
    }

    fn object(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut object = Map::new();
        loop {
            match self.peek() {
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(object));
                }
                Some(b',') => self.at += 1,
                Some(b'\'' | b'"') => {
                    let key = self.string()?;
                    self.colon()?;
                    object.insert(key, self.value()?);
                }
                Some(_) => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
                    {
                        self.at += 1;
                    }
                    if self.at == start {
                        return self.fail("a key was expected");
                    }
                    let key = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
                    self.colon()?;
                    object.insert(key, self.value()?);
                }
                None => return self.fail("an object is not closed"),
            }
        }
    }

    fn colon(&mut self) -> Result<(), String> {
        match self.peek() {
            Some(b':') => {
                self.at += 1;
                Ok(())
            }
            _ => self.fail("':' was expected"),
        }
    }

    fn array(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut list = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(list));
        }
        loop {
            // An empty slot (`[,` `,,` `,]`) is an empty object.
            match self.peek() {
                Some(b',' | b']') => list.push(Value::Object(Map::new())),
                _ => list.push(self.value()?),
            }
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(list));
                }
                _ => return self.fail("',' or ']' was expected"),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        let quote = self.text[self.at];
        self.at += 1;
        let mut out = Vec::new();
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'\\' => {
                    let escaped = self.peek().ok_or("a string is not closed")?;
                    self.at += 1;
                    out.push(match escaped {
                        b'n' => b'\n',
                        b't' => b'\t',
                        other => other,
                    });
                }
                b if b == quote => return Ok(String::from_utf8_lossy(&out).into_owned()),
                b => out.push(b),
            }
        }
        self.fail("a string is not closed")
    }

    fn word(&mut self) -> Result<Value, String> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|b| !matches!(b, b',' | b']' | b'}' | b':'))
        {
            self.at += 1;
        }
        let word = String::from_utf8_lossy(&self.text[start..self.at])
            .trim()
            .to_string();
        Ok(match word.as_str() {
            "" => return self.fail("a value was expected"),
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            _ => match serde_json::from_str::<serde_json::Number>(&word) {
                Ok(number) => Value::Number(number),
                Err(_) => Value::String(word),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zipped_form_reads_and_deep_nesting_is_an_error() {
        let value = Loose::new("{ce:[[,{v:3}]],c:#0,r:t}").value().unwrap();
        assert_eq!(
            renamed(value),
            json!({"cells": [[{}, {"value": 3}]], "color": "#000000", "rounded": true})
        );
        let deep = "[".repeat(200_000);
        let error = Loose::new(&deep).value().unwrap_err();
        assert!(error.contains("nesting too deep"), "{error}");
    }

    /// A 4x4 SudokuPad puzzle (no givens) with `global` rules.
    fn with_globals(global: Value) -> Map<String, Value> {
        let cells = vec![vec![json!({}); 4]; 4];
        let puzzle = json!({ "cells": cells, "global": global });
        puzzle.as_object().unwrap().clone()
    }

    #[test]
    fn global_rules_become_the_keys_of_their_readers() {
        let globals = json!(["antiknight", "antiking", "disjoint", "antiratio", "antixv"]);
        let (object, warning) = as_fpuzzles(&with_globals(globals)).unwrap();
        assert_eq!(warning, None);
        for flag in ["antiknight", "antiking", "disjointgroups"] {
            assert_eq!(object.get(flag), Some(&json!(true)), "{flag}");
        }
        for dots in ["ratio", "xv"] {
            assert_eq!(object.get(dots), Some(&json!([])), "{dots}");
        }
        assert_eq!(object.get("negative"), Some(&json!(["ratio", "xv"])));
    }

    #[test]
    fn an_unknown_global_rule_is_an_error_naming_it() {
        let error = as_fpuzzles(&with_globals(json!(["antiwhatever"]))).unwrap_err();
        assert_eq!(
            error,
            "the SudokuPad puzzle names a global rule mipsolve does not know: \"antiwhatever\""
        );
    }
}
