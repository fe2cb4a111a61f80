//! State machines (`statemachine`: `[{"cells": ["R1C1", "R1C2"], "start": [0], "accept": [1],
//! "moves": [[0, 1, 1], [1, 2, 1]]}]`): the cells' values, read in order, are a word the
//! automaton accepts. `"moves"` lists `[from, value, to]`; `"segments"` (lists of cells) may
//! stand for `"cells"`, read with the value `"-"` between segments; `"machine"` may stand for
//! `"start"`, `"accept"` and `"moves"`: the Interactive Sudoku Solver's encoding of an `NFA`
//! (URL-safe base64 of its bit stream); `"name"` labels the clue.

use std::sync::Arc;

use base64::engine::{general_purpose, DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine as _;
use serde_json::{Map, Value};

use crate::error::Problem;
use crate::grid::Cell;
use crate::rule::engine::automaton::{Machine, Word, Words, BREAK};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::marks;
use crate::rule::engine::reading::{at, cell, cells, items, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("statemachine", read);

/// The keys an item may hold.
const KEYS: [&str; 7] = [
    "cells", "segments", "start", "accept", "moves", "machine", "name",
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
        let machine = machine(item, board.n).map_err(|p| at(place(), p))?;
        let mut steps = Vec::new();
        for (k, segment) in segments.iter().enumerate() {
            if k > 0 {
                steps.push(None);
            }
            steps.extend(segment.iter().map(|&c| Some(c)));
            rule.under.push(marks::line(segment, 0.08, "#c8a0d8"));
        }
        let machine = Arc::new(machine);
        (rule.part.words).push(Word {
            steps,
            machine,
            clue: place(),
        });
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

/// The automaton, from `"machine"` or from `"start"`, `"accept"` and `"moves"`.
fn machine(item: &Map<String, Value>, n: usize) -> Result<Machine, Problem> {
    let listed = ["start", "accept", "moves"].map(|k| item.get(k));
    match (item.get("machine"), listed) {
        (Some(Value::String(code)), [None, None, None]) => decoded(code, n),
        (Some(_), [None, None, None]) => Err(wrong("\"machine\" must be ISS's encoded NFA")),
        (Some(_), _) => Err(wrong(
            "\"machine\" and \"start\"/\"accept\"/\"moves\" both given: give one",
        )),
        (None, [Some(start), Some(accept), Some(moves)]) => listed_machine(start, accept, moves, n),
        (None, _) => Err(wrong(
            "no automaton: give \"start\", \"accept\" and \"moves\", or \"machine\"",
        )),
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

/// The most states a machine may have (ISS's encoding allows 2^16).
const MAX_STATES: usize = 1 << 16;

/// ISS's encoded NFA: a header (format, state bits, symbol count, start and accept counts,
/// which starts accept), then per state its moves, plain (a count, then symbol and target
/// pairs) or packed (a mask of symbols, then one target each). Symbol `k` is the value `k + 1`,
/// and the symbol after the grid's values is the break between segments.
fn decoded(code: &str, n: usize) -> Result<Machine, Problem> {
    let config = GeneralPurposeConfig::new()
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true);
    let bytes = GeneralPurpose::new(&base64::alphabet::URL_SAFE, config)
        .decode(code)
        .or_else(|_| general_purpose::STANDARD.decode(code))
        .map_err(|_| wrong("\"machine\" is not base64"))?;
    let mut bits = Bits {
        bytes: &bytes,
        at: 0,
    };
    let broken = || wrong("\"machine\" ends too soon: it is not an ISS NFA");
    let format = bits.read(2).ok_or_else(broken)?;
    let state_bits = bits.read(4).ok_or_else(broken)? as usize + 1;
    let symbols = bits.read(4).ok_or_else(broken)? as usize + 1;
    let starts = bits.read(state_bits).ok_or_else(broken)? as usize;
    let accepts = bits.read(state_bits).ok_or_else(broken)? as usize;
    let start_accepts = bits.read(starts).ok_or_else(broken)?;
    let symbol_bits = usize::BITS as usize - (symbols - 1).leading_zeros() as usize;
    let symbol = |index: u64| match index as usize {
        k if k < n => Ok(k),
        k if k == n => Ok(BREAK),
        k => Err(wrong(format!(
            "\"machine\" reads the value {}, past the grid's {n}",
            k + 1
        ))),
    };
    let mut moves: Vec<Vec<(usize, usize)>> = Vec::new();
    match format {
        0 => {
            let count_bits = bits.read(4).ok_or_else(broken)? as usize;
            while count_bits > 0 && bits.left() >= count_bits {
                let count = bits.read(count_bits).ok_or_else(broken)?;
                let mut state = Vec::new();
                for _ in 0..count {
                    let k = symbol(bits.read(symbol_bits).ok_or_else(broken)?)?;
                    state.push((k, bits.read(state_bits).ok_or_else(broken)? as usize));
                }
                moves.push(state);
            }
        }
        1 => {
            while bits.left() >= symbols {
                let mask = bits.read(symbols).ok_or_else(broken)?;
                let mut state = Vec::new();
                // Bit `k` of the mask (lowest first) is symbol `k`.
                for index in (0..symbols).filter(|&k| mask >> k & 1 == 1) {
                    let target = bits.read(state_bits).ok_or_else(broken)? as usize;
                    state.push((symbol(index as u64)?, target));
                }
                moves.push(state);
            }
        }
        _ => return Err(wrong("\"machine\" is in no ISS NFA format mipsolve knows")),
    }
    let count = (moves.iter().flatten().map(|&(_, t)| t + 1))
        .chain([moves.len(), starts + accepts])
        .max()
        .unwrap_or(0);
    moves.resize(count, Vec::new());
    let mut accept = vec![false; count];
    (0..starts)
        .filter(|&i| start_accepts >> i & 1 == 1)
        .for_each(|i| accept[i] = true);
    (starts..starts + accepts).for_each(|i| accept[i] = true);
    Ok(Machine {
        start: (0..starts).collect(),
        accept,
        moves,
    })
}

/// A stream of bits, the highest bit of each byte first.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn left(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    /// The next `count` bits as a number, the first the highest; `None` past the end.
    fn read(&mut self, count: usize) -> Option<u64> {
        if count > self.left() || count > 64 {
            return None;
        }
        let mut value = 0;
        for _ in 0..count {
            let bit = self.bytes[self.at / 8] >> (7 - self.at % 8) & 1;
            value = value << 1 | u64::from(bit);
            self.at += 1;
        }
        Some(value)
    }
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
        assert!(both.contains("both given"), "{both}");
        let value = read_error(
            r#"{"statemachine": [{"cells": ["R1C1"], "start": [0], "accept": [0], "moves": [[0, 10, 0]]}]}"#,
            9,
        );
        assert!(value.contains("must be 1..9 or \"-\", found 10"), "{value}");
    }
}
