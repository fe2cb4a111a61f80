//! f-puzzles links and strings (`https://www.f-puzzles.com/?load=...`, SudokuPad's
//! `sudokupad.app/fpuzzles...`, or the bare string): lz-string's `compressToBase64` of a JSON
//! object holding the size, a grid of cells (givens, regions, pencil marks) and one key per
//! rule, which the rule registry reads. Pasted links are often damaged: they are
//! percent-decoded and spaces turned back into `+`; what still does not decode is refused.

use serde_json::{Map, Value};

use super::variant::{default_style, Layout, Spec};
use super::MAX_SIZE;
use crate::clue::Clue;
use crate::error::{ParseError, Problem};
use crate::grid::{Cell, Grid};
use crate::puzzle::json::written;
use crate::puzzle::latin::Latin;
use crate::puzzle::Entry;

/// Where an f-puzzles string starts in the links that carry one, longest first
/// (`sudokupad.app/?puzzleid=fpuzzles...` holds it after `=fpuzzles`).
const PREFIXES: [&str; 6] = [
    "?load=",
    "/fpuzzles",
    "=fpuzzles",
    "/fpuz",
    "=fpuz",
    "#fpuzzles",
];

/// The sites whose links carry a puzzle: f-puzzles, SudokuPad and Cracking the Cryptic's app.
const SITES: [&str; 3] = ["f-puzzles.com", "sudokupad.", "crackingthecryptic.com"];

/// Characters that end a link inside a line of text (a CSV field, quotes, brackets).
const ENDS: [char; 13] = [
    ',', ';', '"', '\'', '<', '>', '(', ')', '[', ']', '{', '}', '|',
];

/// Whether a word of text is an f-puzzles or SudokuPad link, or a bare f-puzzles string
/// (which starts `N4Ig`: `{"` compressed).
fn is_link(word: &str) -> bool {
    SITES.iter().any(|site| word.contains(site)) || word.starts_with("N4Ig")
}

/// Whether a line shows cells (16 digits or dots at least): a puzzle, never a title.
fn shows_cells(line: &str) -> bool {
    line.chars()
        .filter(|ch| ch.is_ascii_digit() || *ch == '.')
        .count()
        >= 16
}

/// Whether `text` is a file of links: some line holds one, no line shows cells, and it is no
/// JSON (whose strings may hold a link). Its other lines are titles, notes or a CSV header.
pub fn holds_links(text: &str) -> bool {
    let content = || (text.lines().map(str::trim)).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let json = text.trim_start().starts_with(['{', '[']);
    !json
        && content().any(|l| !links_in(l).is_empty())
        && content().all(|l| !links_in(l).is_empty() || !shows_cells(l))
}

/// The links of one line, in order: each word that is a link, read up to the next space or
/// field end; with the words after it that could be its string cut by spaces (a pasted link
/// whose `+` became spaces), as a second reading tried when the first does not decode.
fn links_in(line: &str) -> Vec<(String, Option<String>)> {
    let mut links: Vec<(String, Option<String>)> = Vec::new();
    for field in line.split(ENDS) {
        // The offset in `field` where the open link starts.
        let mut open: Option<usize> = None;
        for word in field.split_whitespace() {
            let at = word.as_ptr() as usize - field.as_ptr() as usize;
            let base64 = |ch: char| ch.is_ascii_alphanumeric() || "+/=%-_".contains(ch);
            if is_link(word) {
                links.push((word.to_string(), None));
                open = Some(at);
            } else if let (Some(start), true) = (open, word.chars().all(base64)) {
                // The text as pasted, spaces and all: the decoder turns them back into `+`.
                let glued = &field[start..at + word.len()];
                links.last_mut().expect("an open link").1 = Some(glued.to_string());
            } else {
                open = None;
            }
        }
    }
    links
}

/// Reads each link of `text` as one puzzle (several on one line are several puzzles); the
/// lines with none (titles, notes, a CSV header) are skipped and named in a warning on the
/// first puzzle.
pub fn parse_links(text: &str) -> Vec<Entry<Latin>> {
    let mut entries = Vec::new();
    let mut skipped = Vec::new();
    let lines = (text.lines().enumerate()).map(|(i, l)| (i + 1, l.trim()));
    for (line, l) in lines.filter(|(_, l)| !l.is_empty() && !l.starts_with('#')) {
        let links = links_in(l);
        if links.is_empty() {
            skipped.push(line);
        }
        for (link, glued) in links {
            let puzzle = match glued.map(|g| read_link(&g)) {
                Some(Ok(puzzle)) => Ok(puzzle),
                Some(Err(e)) => read_link(&link).map_err(|_| e),
                None => read_link(&link),
            };
            let puzzle = puzzle.map_err(|mut e| {
                e.line.get_or_insert(line);
                e
            });
            entries.push(Entry { line, puzzle });
        }
    }
    let first = entries.iter_mut().find(|e| e.puzzle.is_ok());
    if let (
        Some(Entry {
            puzzle: Ok(first), ..
        }),
        false,
    ) = (first, skipped.is_empty())
    {
        let listed: Vec<String> = skipped.iter().take(5).map(usize::to_string).collect();
        let more = if skipped.len() > 5 { ", ..." } else { "" };
        let (s, they) = if skipped.len() == 1 {
            ("", "it holds")
        } else {
            ("s", "they hold")
        };
        let warning = format!(
            "line{s} {}{more} skipped: {they} no link (a title, a note or a header?)",
            listed.join(", ")
        );
        first.add_warning(warning);
    }
    entries
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
        None if !link.contains("f-puzzles.com") => return Err(fail("this is a short link (a puzzle id): its puzzle is stored on the website, and mipsolve does not fetch from the network; copy the puzzle's full link (SudokuPad: the share dialog's long link, or f-puzzles' Export) instead".into())),
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

/// The keys f-puzzles and SudokuPad write in a cell: its digit and whether it is given, the
/// solver's and the setter's pencil marks, a parity mark, its region and its colours.
const CELL_KEYS: [&str; 10] = [
    "value",
    "given",
    "centerPencilMarks",
    "cornerPencilMarks",
    "givenPencilMarks",
    "parity",
    "region",
    "highlight",
    "c",
    "cArray",
];

/// A cell's region as written: the default box, none (`region: null`) or another.
enum Region {
    Default,
    Nothing,
    Index(usize),
}

/// What one cell says of the puzzle: its given digit and its region (its pencil marks and
/// parity are the pencil-mark rule's; an entered digit that is not given is the solver's).
struct ReadCell {
    given: Option<u32>,
    entered: Option<u32>,
    region: Region,
}

/// One cell object of an f-puzzles grid on a side of `n`, every key checked.
fn read_cell(cell: &Value, n: usize) -> Result<ReadCell, String> {
    let object = cell.as_object().ok_or_else(|| {
        format!(
            "expected a cell object such as {{\"value\": 5, \"given\": true}}, found {}",
            written(cell)
        )
    })?;
    if let Some(key) = object.keys().find(|k| !CELL_KEYS.contains(&k.as_str())) {
        return Err(format!(
            "unknown cell key \"{key}\": a cell holds {}",
            CELL_KEYS.join(", ")
        ));
    }
    let digits = |key: &str| -> Result<(), String> {
        let Some(list) = object.get(key).filter(|v| !v.is_null()) else {
            return Ok(());
        };
        let ok = (list.as_array()).is_some_and(|l| l.iter().all(|v| digit(v, n).is_some()));
        match ok {
            true => Ok(()),
            false => Err(format!(
                "\"{key}\" must be a list of values 1..{n}, found {}",
                written(list)
            )),
        }
    };
    digits("centerPencilMarks")?;
    digits("cornerPencilMarks")?;
    for key in ["highlight", "c"] {
        if let Some(v) = object.get(key).filter(|v| !v.is_null() && !v.is_string()) {
            return Err(format!("\"{key}\" must be a colour, found {}", written(v)));
        }
    }
    let given = match object.get("given") {
        None | Some(Value::Bool(false)) => false,
        Some(Value::Bool(true)) => true,
        Some(other) => {
            return Err(format!(
                "\"given\" must be true or false, found {}",
                written(other)
            ))
        }
    };
    let value = match object.get("value").filter(|v| !v.is_null()) {
        None => None,
        Some(v) => Some(
            digit(v, n).ok_or_else(|| format!("a value must be 1..{n}, found {}", written(v)))?,
        ),
    };
    if given && value.is_none() {
        return Err("a given cell has no \"value\"".into());
    }
    let region = match object.get("region") {
        None => Region::Default,
        Some(Value::Null) => Region::Nothing,
        Some(v) => Region::Index(
            (v.as_u64().filter(|&i| (i as usize) < n))
                .ok_or_else(|| format!("a region must be 0..{}, found {}", n - 1, written(v)))?
                as usize,
        ),
    };
    Ok(ReadCell {
        given: value.filter(|_| given),
        entered: value.filter(|_| !given),
        region,
    })
}

/// A value 1..`n` written as a JSON integer.
fn digit(value: &Value, n: usize) -> Option<u32> {
    (value.as_u64())
        .filter(|v| (1..=n as u64).contains(v))
        .map(|v| v as u32)
}

/// A puzzle from an f-puzzles object.
pub fn from_object(object: &Map<String, Value>) -> Result<Latin, ParseError> {
    let whole = ParseError::whole;
    let rows = match object.get("grid") {
        Some(Value::Array(rows)) => rows,
        Some(other) => {
            return Err(whole(Problem::Link(format!(
                "\"grid\" must be a list of rows of cell objects, found {}",
                written(other)
            ))))
        }
        None => return Err(whole(Problem::Link("the puzzle has no \"grid\"".into()))),
    };
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
    let mut entered = Vec::new();
    // Each cell's region: its default box, another (`region: 2`) or none (`region: null`).
    let mut region: Vec<Option<usize>> = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            let place = || format!("grid r{}c{}", r + 1, c + 1);
            let fail = |message: String| {
                whole(Problem::In {
                    place: place(),
                    problem: Box::new(Problem::Link(message)),
                })
            };
            let cell = read_cell(cell, n).map_err(fail)?;
            if let Some(v) = cell.given {
                givens.set(r, c, v);
            }
            if let Some(value) = cell.entered {
                entered.push(Clue::Given {
                    cell: (r, c),
                    value,
                });
            }
            region.push(match cell.region {
                Region::Default => Some((r / h) * h + c / w),
                Region::Nothing => None,
                Region::Index(i) => Some(i),
            });
        }
    }
    let mut regions: Vec<Vec<Cell>> = vec![Vec::new(); n];
    for (i, k) in region.iter().enumerate() {
        if let Some(k) = k {
            regions[*k].push((i / n, i % n));
        }
    }
    if let Some(cells) = regions.iter().find(|cells| cells.len() > n) {
        let names: Vec<String> = cells.iter().map(|&c| crate::grid::cell_name(c)).collect();
        return Err(whole(Problem::Link(format!(
            "a region holds {} cells ({}): a region holds at most {n}, its values all different",
            cells.len(),
            names.join(" ")
        ))));
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
    Ok(spec.build()?.with_entered(entered))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(object: serde_json::Value) -> String {
        let object = object.as_object().expect("an object").clone();
        from_object(&object).expect_err("refused").to_string()
    }

    fn grid(cell: serde_json::Value) -> serde_json::Value {
        let mut rows = vec![vec![serde_json::json!({}); 4]; 4];
        rows[0][0] = cell;
        serde_json::json!({"size": 4, "grid": rows})
    }

    #[test]
    fn every_cell_key_is_read_or_refused() {
        use serde_json::json;
        let expected =
            "grid r1c1: expected a cell object such as {\"value\": 5, \"given\": true}, found 5";
        assert_eq!(error(grid(json!(5))), expected);
        assert!(error(grid(json!(null))).ends_with("found null"));
        let yes = error(grid(json!({"value": 1, "given": "yes"})));
        assert_eq!(yes, "grid r1c1: \"given\" must be true or false, found yes");
        let big = error(grid(json!({"value": 7, "given": true})));
        assert_eq!(big, "grid r1c1: a value must be 1..4, found 7");
        let unknown = error(grid(json!({"value": 1, "colour": "red"})));
        assert!(unknown.starts_with("grid r1c1: unknown cell key \"colour\""));
        let empty = error(grid(json!({"given": true})));
        assert_eq!(empty, "grid r1c1: a given cell has no \"value\"");
        let text = error(json!({"size": 4, "grid": "abc"}));
        assert_eq!(
            text,
            "\"grid\" must be a list of rows of cell objects, found abc"
        );
        // An entered digit that is not given is the solver's, not a clue.
        let entered = grid(json!({"value": 3, "centerPencilMarks": [1, 2], "highlight": "#fff"}));
        let puzzle = from_object(entered.as_object().unwrap()).expect("read");
        assert_eq!(puzzle.givens().get(0, 0), 0);
    }

    #[test]
    fn a_region_of_more_than_n_cells_is_refused() {
        let mut object = grid(serde_json::json!({}));
        for c in 0..4 {
            object["grid"][2][c] = serde_json::json!({"region": 0});
        }
        let message = error(object);
        assert!(
            message.starts_with("a region holds 8 cells (r1c1 r1c2 r2c1 r2c2 r3c1"),
            "{message}"
        );
    }

    #[test]
    fn links_are_found_among_titles_and_fields() {
        let links = links_in("Killer #3: https://f-puzzles.com/?load=N4Ig,by Bob");
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].0, "https://f-puzzles.com/?load=N4Ig");
        let two = links_in("N4IgAAA N4IgBBB");
        assert_eq!(two.len(), 2);
        let spaced = links_in("https://f-puzzles.com/?load=N4Ig abc");
        assert_eq!(
            spaced[0].1.as_deref(),
            Some("https://f-puzzles.com/?load=N4Ig abc")
        );
        assert!(holds_links(
            "title,link\n\"A\",https://sudokupad.app/fpuzzlesN4Ig\n"
        ));
        assert!(!holds_links("530070000600195000098000060800060003400803001700020006060000280000419005000080079\nhttps://sudokupad.app/fpuzzlesN4Ig\n"));
    }
}
