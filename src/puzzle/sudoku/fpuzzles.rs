//! f-puzzles links and strings (`https://www.f-puzzles.com/?load=...`, SudokuPad's
//! `sudokupad.app/fpuzzles...`, or the bare string): lz-string's `compressToBase64` of a JSON
//! object holding the size, a grid of cells (givens, regions, pencil marks) and one key per
//! rule, which the rule registry reads. Pasted links are often damaged: they are
//! percent-decoded and spaces turned back into `+`; what still does not decode is refused.

use serde_json::{Map, Value};

use super::variant::{default_style, placed, Layout, Spec};
use super::MAX_SIZE;
use crate::error::{ParseError, Problem};
use crate::grid::{Cell, Grid};
use crate::puzzle::latin::Latin;
use crate::puzzle::Entry;

/// Where an f-puzzles string starts in the links that carry one, longest first.
const PREFIXES: [&str; 4] = ["?load=", "/fpuzzles", "/fpuz", "#fpuzzles"];

/// Whether a line is an f-puzzles or SudokuPad link, or a bare f-puzzles string (which starts
/// `N4Ig`: `{"` compressed).
pub fn is_link(line: &str) -> bool {
    let line = line.trim();
    line.contains("f-puzzles.com") || line.contains("sudokupad.") || line.starts_with("N4Ig")
}

/// Whether every line of `text` with content is a link (or a comment).
pub fn holds_links(text: &str) -> bool {
    let mut lines = (text.lines().map(str::trim)).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let first = lines.next();
    first.is_some_and(is_link) && lines.all(is_link)
}

/// Reads each link line of `text` as one puzzle.
pub fn parse_links(text: &str) -> Vec<Entry<Latin>> {
    (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(line, l)| Entry {
            line,
            puzzle: read_link(l).map_err(|mut e| {
                e.line.get_or_insert(line);
                e
            }),
        })
        .collect()
}

/// The puzzle of a JSON text that is an f-puzzles object, as its link holds it (a `grid` of
/// cell objects, no `givens`); `None` for any other text.
pub fn parse_object(text: &str) -> Option<Vec<Entry<Latin>>> {
    if !text.contains("\"grid\"") {
        return None;
    }
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    let object = value.as_object()?;
    let grid = object.get("grid").is_some_and(Value::is_array);
    if !grid || object.contains_key("givens") {
        return None;
    }
    let puzzle = from_object(object).map_err(|e| placed(e, text, 1));
    Some(vec![Entry { line: 1, puzzle }])
}

/// The puzzle of one link: an f-puzzles one, or SudokuPad's own (`scl`/`ctc`), which warns of
/// the rules it only draws.
fn read_link(link: &str) -> Result<Latin, ParseError> {
    let own = super::sudokupad::start(link).filter(|_| !PREFIXES.iter().any(|p| link.contains(p)));
    if own.is_none() || link.contains("?id=") || link.contains("&id=") {
        return decode(link).and_then(|object| from_object(&object));
    }
    let (object, warning) = super::sudokupad::decode(link)?;
    let puzzle = from_object(&object)?;
    Ok(match warning {
        Some(warning) => puzzle.with_warning(warning),
        None => puzzle,
    })
}

/// The JSON object a link or string holds.
fn decode(link: &str) -> Result<Map<String, Value>, ParseError> {
    let fail = |message: String| ParseError::whole(Problem::Link(message));
    if link.contains("?id=") || link.contains("&id=") {
        return Err(fail("this is a short link: its puzzle is stored on the website, and mipsolve does not fetch from the network; open it in f-puzzles and copy the full link (Export, Get link) instead".into()));
    }
    // The first prefix found, longest first (`/fpuzzles` before `/fpuz`).
    let start = (PREFIXES.iter()).find_map(|p| link.find(p).map(|i| i + p.len()));
    let payload = match start {
        Some(i) => &link[i..],
        None if link.starts_with("N4Ig") => link,
        None => return Err(fail("no puzzle in this link: expected https://www.f-puzzles.com/?load=... or https://sudokupad.app/fpuzzles...".into())),
    };
    let payload = payload.split(['&', '#']).next().unwrap_or("");
    let decoded = percent_encoding::percent_decode_str(payload).decode_utf8_lossy();
    let cleaned: String = decoded
        .chars()
        .map(|ch| if ch == ' ' { '+' } else { ch })
        .filter(|ch| !ch.is_whitespace())
        .collect();
    let text = lz_str::decompress_from_base64(&cleaned)
        .and_then(|units| String::from_utf16(&units).ok())
        .filter(|text| !text.is_empty());
    let text = text.ok_or_else(|| fail(format!("the f-puzzles string ({} characters) does not decode: it may be cut short or damaged; copy the whole link again", cleaned.len())))?;
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(object)) => Ok(object),
        _ => Err(fail("the f-puzzles string decodes, but not to a puzzle (a JSON object); copy the whole link again".into())),
    }
}

/// The box shape f-puzzles gives a side by default: the tallest of at most the square root
/// (a prime side: one row per region).
fn default_box(n: usize) -> (usize, usize) {
    let h = (1..=n)
        .take_while(|h| h * h <= n)
        .filter(|h| n.is_multiple_of(*h))
        .max()
        .unwrap_or(1);
    (h, n / h)
}

/// A puzzle from an f-puzzles object.
pub fn from_object(object: &Map<String, Value>) -> Result<Latin, ParseError> {
    let whole = ParseError::whole;
    let rows = object
        .get("grid")
        .and_then(Value::as_array)
        .ok_or(whole(Problem::Link("the puzzle has no \"grid\"".into())))?;
    let n = match object.get("size") {
        Some(size) => size.as_u64().map(|s| s as usize).ok_or_else(|| {
            whole(Problem::NotANumber {
                what: "size",
                found: size.to_string(),
            })
        })?,
        None => rows.len(),
    };
    if !(4..=MAX_SIZE).contains(&n) {
        return Err(whole(Problem::Size {
            size: n,
            min: 4,
            max: MAX_SIZE,
        }));
    }
    if rows.len() != n
        || rows
            .iter()
            .any(|row| row.as_array().is_none_or(|r| r.len() != n))
    {
        return Err(whole(Problem::Link(format!(
            "the grid is not {n} rows of {n} cells"
        ))));
    }
    let (h, w) = default_box(n);
    let mut givens = Grid::filled(n, n, 0);
    // Each cell's region: its default box, another (`region: 2`) or none (`region: null`).
    let mut region: Vec<Option<usize>> = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let place = || format!("grid r{}c{}", r + 1, c + 1);
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let Some(value) = cell.get("value").filter(|_| given) {
                let v = value.as_u64().filter(|v| (1..=n as u64).contains(v));
                let v = v.ok_or_else(|| {
                    whole(Problem::In {
                        place: place(),
                        problem: Box::new(Problem::Link(format!(
                            "a given must be 1..{n}, found {value}"
                        ))),
                    })
                })?;
                givens.set(r, c, v as u32);
            }
            region.push(match cell.get("region") {
                None => Some((r / h) * h + c / w),
                Some(Value::Null) => None,
                Some(v) => Some(v.as_u64().filter(|&i| (i as usize) < n).ok_or_else(|| {
                    whole(Problem::In {
                        place: place(),
                        problem: Box::new(Problem::Link(format!(
                            "a region must be 0..{}, found {v}",
                            n - 1
                        ))),
                    })
                })? as usize),
            });
        }
    }
    let mut regions: Vec<Vec<Cell>> = vec![Vec::new(); n];
    for (i, k) in region.iter().enumerate() {
        if let Some(k) = k {
            regions[*k].push((i / n, i % n));
        }
    }
    regions.retain(|cells| !cells.is_empty());
    let default = region
        .iter()
        .enumerate()
        .all(|(i, k)| *k == Some((i / n / h) * h + (i % n) / w));
    let layout = match (default, h) {
        (true, 1) => Layout::Latin,
        (true, _) => Layout::Boxes(Some((h, w))),
        (false, _)
            if region.iter().all(Option::is_some) && regions.iter().all(|r| r.len() == n) =>
        {
            let label = |k: Option<usize>| k.map_or(String::new(), |k| (k + 1).to_string());
            Layout::Regions(
                (0..n)
                    .map(|r| (0..n).map(|c| label(region[r * n + c])).collect())
                    .collect(),
            )
        }
        // Cells in no region, or regions of other sizes: each region's values still differ.
        (false, _) => Layout::Partial(regions),
    };
    let mut rules = object.clone();
    rules.remove("size");
    let spec = Spec {
        givens,
        layout,
        rules,
        style: default_style(n),
    };
    spec.build()
}
