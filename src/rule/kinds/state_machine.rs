//! State machines (`statemachine`: `[{"cells": ["R1C1", "R1C2"], "start": [0], "accept": [1],
//! "moves": [[0, 1, 1], [1, 2, 1]]}]`): the cells' values, read in order, are a word the
//! automaton accepts. `"moves"` lists `[from, value, to]`; `"segments"` (lists of cells) may
//! stand for `"cells"`, read with the value `"-"` between segments; `"machine"` may stand for
//! `"start"`, `"accept"` and `"moves"`: the Interactive Sudoku Solver's encoding of an `NFA`
//! (URL-safe base64 of its bit stream), and so may `"regex"`, a regular expression ISS's way
//! (`"[2468]+1?"`: values as digits, 10 and up as letters); `"name"` labels the clue.

use serde_json::{Map, Value};

use crate::error::Problem;
use crate::grid::Cell;
use crate::rule::engine::automaton::{Machine, Word, Words, BREAK, MAX_STATES};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, cell, cells, items, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("statemachine", read);

/// The keys an item may hold.
const KEYS: [&str; 8] = [
    "cells", "segments", "start", "accept", "moves", "machine", "regex", "name",
];

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Words>::new("state machine", "statemachine", value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let name = item.get("name").and_then(Value::as_str).unwrap_or("");
        let place = || match name {
            "" => format!("state machine {}", i + 1),
            name => format!("state machine {} ({name})", i + 1),
        };
        if let Some(key) = item.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(at(place(), wrong(format!("unknown key \"{key}\""))));
        }
        let segments = segments(item, board.n).map_err(|p| at(place(), p))?;
        let machine = machine(item, board).map_err(|p| at(place(), p))?;
        let mut steps = Vec::new();
        for (k, segment) in segments.iter().enumerate() {
            if k > 0 {
                steps.push(None);
            }
            steps.extend(segment.iter().map(|&c| Some(c)));
            rule.under.push(marks::line(segment, 0.08, "#c8a0d8"));
        }
        (rule.part.words).push(Word::new(steps, &machine, place()));
    }
    Ok(rule.found())
}

/// The cells, as one segment, or the segments.
fn segments(item: &Map<String, Value>, n: usize) -> Result<Vec<Vec<Cell>>, Problem> {
    match (item.get("cells"), item.get("segments")) {
        (Some(_), None) => Ok(vec![cells(item, "cells", n)?]),
        (None, Some(Value::Array(list))) if !list.is_empty() => (list.iter())
            .map(|segment| match segment {
                Value::Array(list) if !list.is_empty() => list.iter().map(|c| cell(c, n)).collect(),
                other => Err(wrong(format!(
                    "a segment must be a list of cells, found {other}"
                ))),
            })
            .collect(),
        (Some(_), Some(_)) => Err(wrong("\"cells\" and \"segments\" both given: give one")),
        _ => Err(wrong("no \"cells\" (or \"segments\")")),
    }
}

/// The automaton: from `"machine"`, `"regex"`, or `"start"`, `"accept"` and `"moves"`
/// (exactly one of the three ways). ISS's encoded machine reads values by their place among
/// the grid's, a pattern by their written digits; listed moves name values from 1.
fn machine(item: &Map<String, Value>, board: &Board) -> Result<Machine, Problem> {
    let n = board.top;
    let listed = ["start", "accept", "moves"].map(|k| item.get(k));
    let ways = [
        item.get("machine").is_some(),
        item.get("regex").is_some(),
        listed.iter().any(Option::is_some),
    ];
    if ways.iter().filter(|&&w| w).count() != 1 {
        return Err(wrong(
            "give the automaton one way: \"machine\", \"regex\", or \"start\", \"accept\" and \"moves\"",
        ));
    }
    match (item.get("machine"), item.get("regex"), listed) {
        (Some(Value::String(code)), _, _) => Machine::from_iss(code, n),
        (Some(_), _, _) => Err(wrong("\"machine\" must be ISS's encoded NFA")),
        (_, Some(Value::String(pattern)), _) => Machine::from_regex(pattern, n, board.first),
        (_, Some(_), _) => Err(wrong("\"regex\" must be a pattern (a string)")),
        (_, _, [Some(_), Some(_), Some(_)]) if board.first != 1 => Err(wrong(
            "listed moves name values from 1: on values from 0, give \"machine\" or \"regex\"",
        )),
        (_, _, [Some(start), Some(accept), Some(moves)]) => listed_machine(start, accept, moves, n),
        _ => Err(wrong("\"start\", \"accept\" and \"moves\" go together")),
    }
}

/// A machine written out: states numbered from 0, moves `[from, value, to]` (value 1..n, or
/// `"-"` between segments).
fn listed_machine(
    start: &Value,
    accept: &Value,
    moves: &Value,
    n: usize,
) -> Result<Machine, Problem> {
    let states = |value: &Value, key: &str| -> Result<Vec<usize>, Problem> {
        let bad = || {
            wrong(format!(
                "\"{key}\" must be a list of state numbers, found {value}"
            ))
        };
        let list = value.as_array().ok_or_else(bad)?;
        (list.iter())
            .map(|s| {
                s.as_u64()
                    .and_then(|s| usize::try_from(s).ok())
                    .ok_or_else(bad)
            })
            .collect()
    };
    let (start, accept) = (states(start, "start")?, states(accept, "accept")?);
    let list = moves
        .as_array()
        .ok_or_else(|| wrong("\"moves\" must be a list"))?;
    let mut found = Vec::with_capacity(list.len());
    for m in list {
        let bad = || wrong(format!("a move is [from, value, to], found {m}"));
        let [from, value, to] = m.as_array().map(Vec::as_slice).ok_or_else(bad)? else {
            return Err(bad());
        };
        let state = |v: &Value| {
            v.as_u64()
                .and_then(|s| usize::try_from(s).ok())
                .ok_or_else(bad)
        };
        let symbol = match value {
            Value::String(s) if s == "-" => BREAK,
            v => match v.as_u64() {
                Some(v) if (1..=n as u64).contains(&v) => v as usize - 1,
                _ => {
                    return Err(wrong(format!(
                        "a move's value must be 1..{n} or \"-\", found {v}"
                    )))
                }
            },
        };
        found.push((state(from)?, symbol, state(to)?));
    }
    let count = (start.iter().chain(&accept).copied())
        .chain(found.iter().flat_map(|&(a, _, b)| [a, b]))
        .max()
        .map_or(0, |s| s + 1);
    if count > MAX_STATES {
        return Err(wrong(format!(
            "mipsolve reads machines of up to {MAX_STATES} states"
        )));
    }
    let mut machine = Machine {
        start,
        accept: vec![false; count],
        moves: vec![Vec::new(); count],
    };
    accept.iter().for_each(|&s| machine.accept[s] = true);
    found
        .into_iter()
        .for_each(|(a, k, b)| machine.moves[a].push((k, b)));
    Ok(machine)
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    // Machines encoded by ISS's own serializer (`NFASerializer.serialize`, run under node):
    // "BlRITJCkgA" reads 1 then 2 or 3, and the break between segments back to the start;
    // "BhRRhwwg" reads one or more 4s then a 9 (two moves on 4: plain form).
    #[test]
    fn iss_machines_accept_their_words() {
        let json = r#"{"statemachine": [{"machine": "BlRITJCkgA",
            "segments": [["R1C1", "R1C2"], ["R2C7", "R2C8"]]}]}"#;
        let d = narrowed_square(&*rule(json, 9), 9, &[]);
        assert_eq!(values(&d, (0, 0)), [1]);
        assert_eq!(values(&d, (0, 1)), [2, 3]);
        assert_eq!(values(&d, (1, 7)), [2, 3]);
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 1), 4)]));
        let fours = r#"{"statemachine": [{"machine": "BhRRhwwg",
            "cells": ["R2C1", "R2C2", "R2C6"]}]}"#;
        keeps_only(fours, &sudoku_with(&[((1, 1), 4)]), &sudoku_with(&[]));
    }

    #[test]
    fn regular_expressions_match_whole_lines() {
        // The grid's first row reads 1 2 3; "(12|3)+" matches it, not 1 2 4.
        let json = r#"{"statemachine": [{"regex": "(12|3)+", "cells": ["R1C1", "R1C2", "R1C3"]}]}"#;
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 4)]));
        let d = narrowed_square(&*rule(json, 9), 9, &[]);
        assert_eq!(values(&d, (0, 0)), [1, 3]);
        // A whole match: "1." does not take three cells.
        let short = r#"{"statemachine": [{"regex": "1.", "cells": ["R1C1", "R1C2", "R1C3"]}]}"#;
        keeps_only(
            r#"{"statemachine": [{"regex": "1.3", "cells": ["R1C1", "R1C2", "R1C3"]}]}"#,
            &sudoku_with(&[]),
            &sudoku_with(&[((0, 1), 5), ((0, 2), 4)]),
        );
        assert!(narrowed(&*rule(short, 9), candidates(9, 9, 9, &[])).is_none());
        let escape = read_error(
            r#"{"statemachine": [{"regex": "\\d+", "cells": ["R1C1"]}]}"#,
            9,
        );
        assert!(escape.contains("which ISS's patterns do not"), "{escape}");
    }

    #[test]
    fn listed_machines_read_every_key() {
        // Values rise by one along the line: 1 2 3 of the grid's first row.
        let moves: Vec<String> = (1..9).map(|v| format!("[{v}, {}, {}]", v, v + 1)).collect();
        let json = format!(
            r#"{{"statemachine": [{{"cells": ["R1C1", "R1C2", "R1C3"], "start": [1, 2, 3, 4, 5, 6, 7],
              "accept": [2, 3, 4, 5, 6, 7, 8, 9], "moves": [{}]}}]}}"#,
            moves.join(", ")
        );
        keeps_only(&json, &sudoku_with(&[]), &sudoku_with(&[((0, 2), 4)]));
        let unknown = read_error(
            r#"{"statemachine": [{"cells": ["R1C1"], "machine": "BlRITJCkgA", "alphabet": 3}]}"#,
            9,
        );
        assert!(unknown.contains("unknown key \"alphabet\""), "{unknown}");
        let both = read_error(
            r#"{"statemachine": [{"cells": ["R1C1"], "machine": "BlRITJCkgA", "start": [0]}]}"#,
            9,
        );
        assert!(both.contains("give the automaton one way"), "{both}");
        let value = read_error(
            r#"{"statemachine": [{"cells": ["R1C1"], "start": [0], "accept": [0], "moves": [[0, 10, 0]]}]}"#,
            9,
        );
        assert!(value.contains("must be 1..9 or \"-\", found 10"), "{value}");
    }
}
