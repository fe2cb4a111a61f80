//! Interactive Sudoku Solver constraint strings (`.Shape~9x9.Cage~15~R1C1~R1C2.Thermo~R2C2~R2C3`,
//! alone, in a file, or in a link `.../Interactive-Sudoku-Solver/?q=...`): items separated by
//! `.`, each `Type~arg~arg...` (an empty type is a given, `R1C1_5`, or candidates,
//! `R1C1_1_2_3`), whitespace ignored. Each type mipsolve knows becomes its f-puzzles key, and
//! the f-puzzles reader reads the puzzle; any other type is an error naming it and its place.

mod choice;
mod diagonals;
mod reader;
mod replicate;
mod rules;
mod writer;

pub use writer::{write, IssPuzzle, Layout, Unwritable};

use super::fpuzzles::from_object;
use crate::error::{ParseError, Problem};
use crate::puzzle::latin::Latin;
use crate::puzzle::Entry;
use crate::rule::ISS_TYPES;
use reader::Reader;

/// What is wrong with one ISS item (its place is added by the reader: `ISS item 3 (Cage): ...`).
#[derive(Debug, thiserror::Error)]
enum ItemError {
    #[error("\"{id}\" is no cell of the {n}x{n} grid")]
    NoCell { id: String, n: usize },
    #[error(
        "\"{0}\" is a region cell: mipsolve reads region cells only in the types of runs and counts of regions"
    )]
    RegionCell(String),
    #[error("mipsolve does not read the ISS type \"{0}\" (or not with these arguments), so it cannot solve the puzzle with it")]
    Unread(String),
    #[error("\"{0}\" is not a cell and its values")]
    NotGiven(String),
    #[error("\"{0}\" gives no value")]
    NoValue(String),
    #[error("the layout has {cells} cells, the grid {grid}")]
    Layout { cells: usize, grid: usize },
    #[error("ISS reads pieces of {least} to {most} cells, and at most one piece of another size")]
    Regions { least: usize, most: usize },
    #[error("\"{0}\" is not a whole number")]
    NotANumber(String),
    #[error("{0} is no 2x2 square's top-left cell")]
    NoQuad(String),
    #[error("{0} starts no diagonal ISS lists")]
    NoDiagonal(String),
    #[error("\"{0}\" is no row (R1) or column (C1) of the grid")]
    NoLine(String),
    /// Arguments not in the type's form, e.g. `an arrow needs a shaft`.
    #[error("{0}")]
    Form(&'static str),
}

/// Where a link's constraint string starts.
const QUERY: &str = "?q=";

/// Whether `text` is an ISS string or a file of ISS links.
pub fn holds_iss(text: &str) -> bool {
    // The first item's type, whitespace and line breaks ignored: up to its `~` or the next `.`.
    let item = (text.trim_start().strip_prefix('.')).map(|rest| {
        (rest.chars().filter(|ch| !ch.is_whitespace()))
            .take_while(|&ch| ch != '.' && ch != '~')
            .collect::<String>()
    });
    // A type (letters, or none for a given) and a `~` somewhere, or a known type alone: a
    // one-line Sudoku starting with blanks has neither.
    let typed = item
        .as_ref()
        .is_some_and(|i| i.chars().all(|ch| ch.is_ascii_alphabetic()));
    let string = typed && (text.contains('~') || item.is_some_and(|i| !i.is_empty() && known(&i)));
    string || (text.contains("Interactive-Sudoku-Solver") && text.contains(QUERY))
}

/// The puzzles of `text`: one ISS string (whitespace and line breaks ignored), or one ISS
/// link a line.
pub fn parse_iss(text: &str) -> Vec<Entry<Latin>> {
    if !text.trim_start().starts_with('.') {
        let lines = (text.lines().enumerate()).filter(|(_, l)| l.contains(QUERY));
        return lines
            .map(|(i, l)| Entry {
                line: i + 1,
                puzzle: link_string(l).and_then(|s| read(&s)).map_err(|mut e| {
                    e.line.get_or_insert(i + 1);
                    e
                }),
            })
            .collect();
    }
    // A string a line, each from its `Shape` (as `--format iss` writes a collection), or one
    // string over many lines (one item a line, as the index keeps them).
    let starts: Vec<usize> = (text.lines().enumerate())
        .filter(|(_, l)| l.trim_start().starts_with(".Shape~"))
        .map(|(i, _)| i)
        .collect();
    let lines: Vec<&str> = text.lines().collect();
    let chunks: Vec<(usize, String)> = match starts.len() > 1 {
        true => (starts.iter().enumerate())
            .map(|(k, &i)| {
                let end = starts.get(k + 1).copied().unwrap_or(lines.len());
                (i + 1, lines[i..end].join("\n"))
            })
            .collect(),
        false => {
            let line = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1;
            vec![(line, text.to_string())]
        }
    };
    (chunks.into_iter())
        .map(|(line, chunk)| Entry {
            line,
            puzzle: read(&chunk).map_err(|mut e| {
                e.line.get_or_insert(line);
                e
            }),
        })
        .collect()
}

/// The constraint string of a link, percent-decoded.
fn link_string(line: &str) -> Result<String, ParseError> {
    let start = line.find(QUERY).map(|i| i + QUERY.len()).unwrap_or(0);
    let query = line[start..].split(['&', '#']).next().unwrap_or("");
    let query = query.split_whitespace().next().unwrap_or("");
    let spaced = query.replace('+', " ");
    let decoded = percent_encoding::percent_decode_str(&spaced);
    Ok(decoded.decode_utf8_lossy().into_owned())
}

/// The types of the layout and the givens, read here; the rules' types are the registry's.
const LAYOUT: [&str; 9] = [
    "Shape",
    "NoBoxes",
    "Jigsaw",
    "Given",
    "End",
    "And",
    "Or",
    "Replicate",
    "RegionSize",
];

/// ISS's legacy names of a relation, read as the new ones once their key's two swapped
/// base64 characters (`-` and `_`) are swapped back.
const LEGACY: [(&str, &str); 2] = [("Binary", "Pair"), ("BinaryX", "PairX")];

/// Types that allow every solution of a square grid of values 1..N, read and checked but
/// adding no rule: a hint of the order ISS searches cells in (`SearchPriority~priority~cells`),
/// and that the largest regions hold one set of values (`RegionSameValues`: every row,
/// column, box and jigsaw piece holds all N values already).
const SILENT: [&str; 2] = ["SearchPriority", "RegionSameValues"];

/// Whether `name` is an ISS type mipsolve reads.
fn known(name: &str) -> bool {
    LAYOUT.contains(&name)
        || SILENT.contains(&name)
        || LEGACY.iter().any(|(old, _)| *old == name)
        || ISS_TYPES.iter().any(|t| t.name == name)
}

fn fail(message: String) -> ParseError {
    ParseError::whole(Problem::Link(message))
}

/// The puzzle of one ISS string.
fn read(text: &str) -> Result<Latin, ParseError> {
    let squeezed: String = text.split_whitespace().collect();
    let Some(body) = squeezed.strip_prefix('.') else {
        return Err(fail("an ISS string starts with \".\"".into()));
    };
    let items: Vec<Item> = (body.split('.').enumerate())
        .map(|(i, item)| {
            let mut parts = item.split('~').map(str::to_string);
            let kind = parts.next().unwrap_or_default();
            Item {
                number: i + 1,
                kind,
                args: parts.collect(),
            }
        })
        .collect();
    // A type mipsolve does not read is named first, before any item it would explain (a
    // variable cell `VS2` of a `Var`).
    if let Some(item) = (items.iter()).find(|i| !i.kind.is_empty() && !known(&i.kind)) {
        let unread = ItemError::Unread(item.kind.clone());
        return Err(fail(format!(
            "ISS item {} ({}): {unread}",
            item.number, item.kind
        )));
    }
    let (n, top, first) = size(&items)?;
    let mut reader = Reader::new(n);
    (reader.top, reader.first) = (top, first);
    reader.box_size = region_size(&items)?;
    choice::read_items(&mut reader, &replicate::expand(items, n)?)?;
    from_object(&reader.finish()?)
}

/// One item of a string: its place (1-based), type and arguments.
#[derive(Debug, Clone)]
struct Item {
    number: usize,
    kind: String,
    args: Vec<String>,
}

/// The cells of a box (and of a Jigsaw's piece) a `RegionSize` item gives, if any.
fn region_size(items: &[Item]) -> Result<Option<usize>, ParseError> {
    let Some(item) = items.iter().find(|item| item.kind == "RegionSize") else {
        return Ok(None);
    };
    match &item.args[..] {
        [size] => match size.parse::<usize>() {
            Ok(k) if k >= 1 => Ok(Some(k)),
            _ => Err(fail(format!(
                "ISS item {} (RegionSize): RegionSize takes a cell count",
                item.number
            ))),
        },
        _ => Err(fail(format!(
            "ISS item {} (RegionSize): RegionSize takes a cell count",
            item.number
        ))),
    }
}

/// The side, the count of values and the first value the `Shape` item gives (`Shape~7x7`:
/// 7, 7 and 1; `Shape~7x7~9` or `Shape~7x7~1-9`: 7, 9 and 1; `Shape~9x9~0-8`: 9, 9 and 0;
/// a 9x9 of 1..9 without one).
fn size(items: &[Item]) -> Result<(usize, usize, u32), ParseError> {
    let Some(Item { args, .. }) = items.iter().find(|item| item.kind == "Shape") else {
        return Ok((9, 9, 1));
    };
    let dims = args.first().map_or("", String::as_str);
    let square = dims.split_once('x').and_then(|(r, c)| {
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        (r == c).then_some(r)
    });
    let n = square.ok_or_else(|| {
        fail(format!(
            "Shape~{dims}: mipsolve reads square grids (NxN) only"
        ))
    })?;
    // A grid type after the range (ISS's `Raw`: rows and columns free to repeat) is another
    // puzzle than a Sudoku.
    if let Some(kind) = args.get(2) {
        return Err(fail(format!(
            "Shape~{}: mipsolve does not read ISS's grid type \"{kind}\"",
            args.join("~")
        )));
    }
    let range = args.get(1).map_or("", String::as_str);
    // ISS's values start at 1 or 0.
    let values = match range.split_once('-') {
        _ if range.is_empty() => Some((n, 1)),
        None => range.parse::<usize>().ok().map(|top| (top, 1)),
        Some((first @ ("0" | "1"), last)) => (last.parse::<usize>().ok()).and_then(|last| {
            Some((
                last.checked_add(1)?.checked_sub(first.parse().ok()?)?,
                first.parse().ok()?,
            ))
        }),
        Some(_) => None,
    };
    match values.filter(|&(top, _)| (n..=64).contains(&top)) {
        Some((top, first)) => Ok((n, top, first)),
        None => Err(fail(format!(
            "Shape~{}: mipsolve reads values 1..m or 0..m-1, of {n} to 64 values, only",
            args.join("~")
        ))),
    }
}
