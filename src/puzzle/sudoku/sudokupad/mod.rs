//! SudokuPad `scl`/`ctc` links (`https://sudokupad.app/scl...`): lz-string's
//! `compressToBase64` of SudokuPad's own puzzle, JSON or its zipped form (bare and shortened
//! keys, single quotes, empty array slots, `t`/`f`, short colours). Such a puzzle carries its
//! givens, regions and cages, and a few rules by name (`global`: those the rule registry's
//! `GLOBALS` lists); every other rule is only drawn
//! (lines, arrows, overlays, underlays). The givens, regions, cages and named rules are read;
//! the drawings are not (a rule is never guessed from a colour), and the puzzle says so in a
//! warning.

mod loose;
mod to_fpuzzles;

use serde_json::{Map, Value};

use crate::error::{ParseError, Problem};
use loose::{renamed, Loose};
use to_fpuzzles::as_fpuzzles;

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
        Err(_) => renamed(Loose::new(&text).value().map_err(|e| fail(e.to_string()))?),
    };
    let Value::Object(puzzle) = puzzle else {
        return Err(fail(
            "the SudokuPad string decodes, but not to a puzzle".into(),
        ));
    };
    as_fpuzzles(&puzzle).map_err(|e| fail(e.to_string()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_zipped_form_reads_and_deep_nesting_is_an_error() {
        let value = Loose::new("{ce:[[,{v:3}]],c:#0,r:t}").value().unwrap();
        assert_eq!(
            renamed(value),
            json!({"cells": [[{}, {"value": 3}]], "color": "#000000", "rounded": true})
        );
        let deep = "[".repeat(200_000);
        let error = Loose::new(&deep).value().unwrap_err().to_string();
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
            error.to_string(),
            "the SudokuPad puzzle names a global rule mipsolve does not know: \"antiwhatever\""
        );
    }
}
