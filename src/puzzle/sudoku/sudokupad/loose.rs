//! SudokuPad's zipped JSON, read loosely, and its short keys spelt out.

use serde_json::{Map, Value};

/// Where the loose reader stopped: what it expected there, and at which character (from 1).
#[derive(Debug, thiserror::Error)]
#[error("the SudokuPad puzzle does not read: {what} at character {at}")]
pub struct LooseError {
    what: &'static str,
    at: usize,
}

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

/// `value` with SudokuPad's short keys spelt out, at every depth.
pub(super) fn renamed(value: Value) -> Value {
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
pub(super) struct Loose<'a> {
    text: &'a [u8],
    at: usize,
    /// How deep in objects and arrays the reader is.
    depth: usize,
}

/// The deepest nesting read (a puzzle needs four or five levels).
const MAX_DEPTH: usize = 64;

impl<'a> Loose<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Loose {
            text: text.as_bytes(),
            at: 0,
            depth: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn fail<T>(&self, what: &'static str) -> Result<T, LooseError> {
        Err(LooseError {
            what,
            at: self.at + 1,
        })
    }

    pub(super) fn value(&mut self) -> Result<Value, LooseError> {
        if self.depth > MAX_DEPTH {
            return self.fail("nesting too deep");
        }
        self.depth += 1;
        let value = self.nested();
        self.depth -= 1;
        value
    }

    fn nested(&mut self) -> Result<Value, LooseError> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'\'' | b'"') => self.string().map(Value::String),
            Some(_) => self.word(),
            None => self.fail("the text ends"),
        }
    }

    fn object(&mut self) -> Result<Value, LooseError> {
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

    fn colon(&mut self) -> Result<(), LooseError> {
        match self.peek() {
            Some(b':') => {
                self.at += 1;
                Ok(())
            }
            _ => self.fail("':' was expected"),
        }
    }

    fn array(&mut self) -> Result<Value, LooseError> {
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

    fn string(&mut self) -> Result<String, LooseError> {
        let quote = self.text[self.at];
        self.at += 1;
        let mut out = Vec::new();
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'\\' => {
                    let Some(escaped) = self.peek() else {
                        return self.fail("a string is not closed");
                    };
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

    fn word(&mut self) -> Result<Value, LooseError> {
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
