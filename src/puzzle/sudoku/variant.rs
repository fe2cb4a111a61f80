//! Sudoku variants as data: givens over boxes, irregular regions (Jigsaw) or neither (a Latin
//! square), and the variant's rules as keyed data, which the rule registry reads. JSON files,
//! f-puzzles links, Tatham's game IDs and janko's bar-code form all become a [`Spec`],
//! checked once by [`Spec::build`].

use serde::Deserialize;
use serde_json::{Map, Value};

use super::parse::{read_rows, Line};
use super::{box_for, MAX_SIZE};
use crate::cage::listing::shared_areas;
use crate::cage::{Cage, Op, Table};
use crate::domains::Domains;
use crate::error::{CageLabel, ParseError, Problem};
use crate::geometry::{boxes, columns, regions, rows, Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::json_values::{whole_number, written};
use crate::puzzle::json::{entries, strip_position};
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::rule_clues::Source;
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::Entry;
use crate::rule::read_rules;

/// What fills the grid besides rows and columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// Boxes of this shape (rows, columns), or the default shape for the size.
    Boxes(Option<(usize, usize)>),
    /// Irregular regions: a label per cell, row by row.
    Regions(Vec<Vec<String>>),
    /// Regions that need not cover the grid nor hold n cells (f-puzzles' `region: null`),
    /// each all-different.
    Partial(Vec<Vec<Cell>>),
    /// Neither: a Latin square (rows and columns only).
    Latin,
}

/// A Sudoku of any variant, before it is checked.
#[derive(Debug, Clone)]
pub struct Spec {
    /// Givens, 0 for a blank (n x n).
    pub givens: Grid,
    /// Boxes or regions.
    pub layout: Layout,
    /// The variant's rules under the registry's keys (mipsolve's and f-puzzles').
    pub rules: Map<String, Value>,
    /// How the answer is printed.
    pub style: Style,
}

/// The keys of the layout, read before the rules.
const LAYOUT_KEYS: &[&str] = &["size", "givens", "box", "regions", "values"];

/// The values of a puzzle of side `n`: how many, and the first. mipsolve's `values` key says
/// so: `m` (values 1..m, as an Interactive Sudoku Solver string's `Shape~7x7~1-9` says) or a
/// range `"0-8"` (values from 0, ISS's `Shape~9x9~0-8`); values 1..n without it.
pub(super) fn values(rules: &Map<String, Value>, n: usize) -> Result<(usize, u32), ParseError> {
    let Some(value) = rules.get("values") else {
        return Ok((n, 1));
    };
    let range = match value.as_str().and_then(|text| text.split_once('-')) {
        Some((first, last)) => first
            .trim()
            .parse::<u32>()
            .ok()
            .zip(last.trim().parse::<u32>().ok()),
        None => whole_number(value).map(|m| (1, m as u32)),
    };
    match range {
        Some((first @ (0 | 1), last)) if last >= first && (n..=64).contains(&((last + 1 - first) as usize)) => {
            Ok(((last + 1 - first) as usize, first))
        }
        _ => Err(ParseError::whole(Problem::Link(format!(
            "\"values\" must be m (values 1..m) or a range \"0-m\" or \"1-m\", of the side {n} to 64 values, found {}",
            written(value)
        )))),
    }
}

impl Spec {
    /// Checks regions and cages and builds the puzzle: rows, columns, boxes or regions,
    /// diagonals and cages are its areas (a cage's digits differ), and each cage's sum a cage.
    pub fn build(self) -> Result<Latin, ParseError> {
        let source = self.source();
        let n = self.givens.rows();
        let mut areas = [rows(n, n), columns(n, n)].concat();
        let mut variant = Vec::new();
        match &self.layout {
            Layout::Boxes(shape) => {
                let (r, c) = box_for(n, *shape).map_err(ParseError::whole)?;
                areas.extend(boxes(n, r, c));
            }
            Layout::Regions(labels) => {
                areas.extend(checked_regions(labels, n)?);
                variant.push("jigsaw");
            }
            Layout::Partial(regions) => {
                areas.extend((regions.iter().enumerate()).map(|(k, cells)| Area {
                    name: AreaName::Region((k + 1).to_string()),
                    cells: cells.clone(),
                }));
                variant.push("jigsaw");
            }
            Layout::Latin => variant.push("latin"),
        }
        let (top, first) = values(&self.rules, n)?;
        let regions = layout_regions(&self.layout, n);
        let found = read_rules(&self.rules, LAYOUT_KEYS, (n, top, first), &regions)?;
        for area in found.areas {
            if !areas.iter().any(|a| a.name == area.name) {
                areas.push(area);
            }
        }
        variant.extend(found.names);
        let cages = checked_cages(found.cages, (n, top), &areas)?;
        for (i, cage) in cages.iter().enumerate() {
            let cells = cage.cells.clone();
            areas.push(Area {
                name: AreaName::Cage(i),
                cells,
            });
        }
        let sudoku = Latin::new(areas, cages, self.givens, self.style)
            .with_values(top, first)
            .with_rules(found.rules)
            .with_variant(variant);
        let sudoku = match source {
            Some(source) => sudoku.with_source(source),
            None => sudoku,
        };
        match sudoku.conflict() {
            Some((_, violation)) => Err(ParseError::whole(violation.written_from(first).into())),
            None => Ok(sudoku),
        }
    }
}

impl Spec {
    /// Its rule keys and how to build it again from others, when it has rule clues.
    fn source(&self) -> Option<Source> {
        // Most puzzles (classic, Killer, Jigsaw) have none: their keys are not copied.
        if !self
            .rules
            .keys()
            .any(|key| crate::rule::has_rule_clues(key))
        {
            return None;
        }
        let (layout, style) = (self.layout.clone(), self.style);
        let source = Source {
            rules: self.rules.clone(),
            rebuild: Box::new(move |rules, givens| {
                let spec = Spec {
                    givens,
                    layout: layout.clone(),
                    rules,
                    style,
                };
                spec.build().ok()
            }),
        };
        (!source.clues().is_empty()).then_some(source)
    }
}

/// The regions of a label grid, which must be n regions of n cells.
fn checked_regions(labels: &[Vec<String>], n: usize) -> Result<Vec<Area>, ParseError> {
    let place = |what: String, problem| {
        ParseError::whole(Problem::In {
            place: what,
            problem: Box::new(problem),
        })
    };
    if labels.len() != n {
        let problem = Problem::RowCount {
            expected: n,
            found: labels.len(),
        };
        return Err(place("regions".into(), problem));
    }
    for (r, row) in labels.iter().enumerate() {
        if row.len() != n {
            let problem = Problem::CellCount {
                expected: n,
                found: row.len(),
            };
            return Err(place(format!("regions row {}", r + 1), problem));
        }
    }
    let areas = regions(labels);
    for area in &areas {
        if area.cells.len() != n {
            let AreaName::Region(label) = &area.name else {
                continue;
            };
            let (label, cells, size) = (label.clone(), area.cells.len(), n);
            return Err(ParseError::whole(Problem::RegionSize {
                label,
                cells,
                size,
            }));
        }
    }
    Ok(areas)
}

/// Sum cages checked: cells in the grid and in one cage, a sum distinct digits can make.
fn checked_cages(
    raw: Vec<(CageLabel, u64, Vec<Cell>)>,
    (n, top): (usize, usize),
    areas: &[Area],
) -> Result<Vec<Cage>, ParseError> {
    let full = Domains::full(n, n, (1..=top as i64).collect());
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cages = Vec::with_capacity(raw.len());
    for (i, (label, target, cells)) in raw.into_iter().enumerate() {
        let fail = |problem| ParseError::in_cage(label.clone(), problem);
        if cells.is_empty() {
            return Err(fail(Problem::EmptyCage));
        }
        for &cell in &cells {
            match owner[cell.0 * n + cell.1] {
                Some(j) if j == i => return Err(fail(Problem::CellTwice(cell))),
                Some(other) => return Err(fail(Problem::CellInTwoCages { cell, other })),
                None => owner[cell.0 * n + cell.1] = Some(i),
            }
        }
        let cage = Cage {
            op: Op::Add,
            target,
            cells,
        };
        // The cage's own cells differ too: list it over the areas plus itself.
        let own = Area {
            name: AreaName::Cage(i),
            cells: cage.cells.clone(),
        };
        let with_own: Vec<Area> = areas.iter().cloned().chain([own]).collect();
        let table = Table::new(&cage, &shared_areas(&cage.cells, &with_own), &full);
        if table.is_some_and(|t| t.is_empty()) {
            return Err(fail(Problem::CageUnmeetable(n)));
        }
        cages.push(cage);
    }
    // Cages covering every cell hold each row's 1..n: their sums must total n * n(n+1)/2.
    if !cages.is_empty() && owner.iter().all(Option::is_some) {
        let found = cages.iter().map(|c| u128::from(c.target)).sum::<u128>();
        let expected = (n * n * (n + 1) / 2) as u128;
        if found != expected {
            return Err(ParseError::whole(Problem::CageTotal { n, found, expected }));
        }
    }
    Ok(cages)
}

/// A puzzle as JSON: every key optional but what fixes the size; other keys are the
/// registry's rules (f-puzzles keys and forms).
#[derive(Deserialize)]
struct RawSpec {
    size: Option<Value>,
    givens: Option<Vec<String>>,
    #[serde(rename = "box")]
    box_shape: Option<String>,
    regions: Option<Vec<String>>,
    /// The rules, under the registry's keys.
    #[serde(flatten)]
    rest: Map<String, Value>,
}

/// Reads a JSON puzzle, array of puzzles or JSON Lines; a bad puzzle fails only itself. An
/// object with a `grid` and no `givens` is f-puzzles' (its givens are in its grid's cells).
pub fn parse_json(text: &str, alphabet: Option<Alphabet>) -> Result<Vec<Entry<Latin>>, ParseError> {
    entries(text, |raw: Map<String, Value>, line| {
        let puzzle = match raw.contains_key("grid") && !raw.contains_key("givens") {
            true => super::fpuzzles::from_object(&raw),
            false => serde_json::from_value(Value::Object(raw))
                .map_err(|e| ParseError::whole(Problem::Json(strip_position(&e))))
                .and_then(|raw| spec(raw, alphabet))
                .and_then(Spec::build),
        };
        puzzle.map_err(|e| placed(e, text, line))
    })
}

/// An error of the object on `line` of `text`, placed there; an unknown key on its own line
/// when one object holds it.
pub(super) fn placed(mut e: ParseError, text: &str, line: usize) -> ParseError {
    if let Problem::UnknownKey { key, .. } = &e.problem {
        let quoted = format!("\"{key}\"");
        let at = text.lines().position(|l| l.contains(&quoted));
        let one = !text.trim_start().starts_with('[');
        e.line = e.line.or(at.map(|i| i + 1).filter(|_| one));
    }
    e.line.get_or_insert(line);
    e
}

/// The spec of a JSON puzzle: its size, givens, layout and cages.
fn spec(raw: RawSpec, alphabet: Option<Alphabet>) -> Result<Spec, ParseError> {
    let whole = ParseError::whole;
    let size = match &raw.size {
        Some(value) => Some(whole_number(value).ok_or_else(|| {
            whole(Problem::NotANumber {
                what: "size",
                found: written(value),
            })
        })? as usize),
        None => None,
    };
    let n = (size.or(raw.givens.as_ref().map(Vec::len)))
        .or(raw.regions.as_ref().map(Vec::len))
        .ok_or(whole(Problem::NoPuzzle))?;
    if !(4..=MAX_SIZE).contains(&n) {
        return Err(whole(Problem::Size {
            size: n,
            min: 4,
            max: MAX_SIZE,
        }));
    }
    let (top, first) = values(&raw.rest, n)?;
    let (givens, style) = match &raw.givens {
        // Values from 0 are written one character a cell, `0` the first (`0-9A-Z`).
        Some(rows) if first == 0 => match given_rows(rows, (n, top), Some(Alphabet::ZeroDigits))? {
            (givens, style @ Style::Compact(Alphabet::ZeroDigits)) => (givens, style),
            _ => {
                return Err(whole(Problem::Link(
                    "givens of values from 0 are written one character a cell: 0-9, then A-Z; blanks . or _".into(),
                )))
            }
        },
        Some(rows) => given_rows(rows, (n, top), alphabet)?,
        None => (Grid::filled(n, n, 0), default_style(n)),
    };
    let layout = match (raw.regions, raw.box_shape) {
        (Some(rows), _) => Layout::Regions(rows.iter().map(|r| labels(r)).collect()),
        (None, Some(text)) if text.trim().eq_ignore_ascii_case("none") => Layout::Latin,
        (None, Some(text)) => Layout::Boxes(Some(box_shape(&text)?)),
        (None, None) => Layout::Boxes(None),
    };
    Ok(Spec {
        givens,
        layout,
        rules: raw.rest,
        style,
    })
}

/// How a grid of side `n` is printed when the input shows no style.
pub fn default_style(n: usize) -> Style {
    match n <= 9 {
        true => Style::Compact(Alphabet::Digits),
        false => Style::Spaced,
    }
}

/// Givens rows in the grid form's row syntax, `n` of them.
fn given_rows(
    rows: &[String],
    (n, top): (usize, usize),
    alphabet: Option<Alphabet>,
) -> Result<(Grid, Style), ParseError> {
    let in_row = |e: ParseError| {
        ParseError::whole(Problem::In {
            place: format!("givens row {}", e.line.unwrap_or(0)),
            problem: Box::new(e.problem),
        })
    };
    if rows.len() != n {
        let problem = Problem::RowCount {
            expected: n,
            found: rows.len(),
        };
        return Err(ParseError::whole(Problem::In {
            place: "givens".into(),
            problem: Box::new(problem),
        }));
    }
    let lines: Vec<Line> = (rows.iter().enumerate())
        .map(|(i, text)| Line {
            number: i + 1,
            text: text.trim(),
        })
        .collect();
    let (values, style) = read_rows(&lines, (n, top), alphabet).map_err(in_row)?;
    let givens = Grid::from_rows(values).ok_or(ParseError::whole(Problem::NoPuzzle))?;
    Ok((givens, style))
}

/// The labels of one row of regions: whitespace-separated tokens, else one per character.
fn labels(row: &str) -> Vec<String> {
    let tokens: Vec<String> = row.split_whitespace().map(String::from).collect();
    match tokens.len() {
        1 => row.trim().chars().map(String::from).collect(),
        _ => tokens,
    }
}

/// A `box` value such as `3x3`, read as `--box` is.
fn box_shape(text: &str) -> Result<(usize, usize), ParseError> {
    super::parse_box(text).map_err(|e| {
        ParseError::whole(Problem::Option {
            name: "box",
            message: e.to_string(),
        })
    })
}

/// Each region's cells in reading order (boxes, or labelled regions in label order), for the
/// rules that look at regions; none for a Latin square or a box shape that does not fit.
pub fn layout_regions(layout: &Layout, n: usize) -> Vec<Vec<Cell>> {
    match layout {
        Layout::Boxes(shape) => match box_for(n, *shape) {
            Ok((r, c)) => boxes(n, r, c).into_iter().map(|a| a.cells).collect(),
            Err(_) => Vec::new(),
        },
        Layout::Regions(labels) => {
            let mut order: Vec<&String> = Vec::new();
            let mut found: Vec<Vec<Cell>> = Vec::new();
            for (r, row) in labels.iter().enumerate() {
                for (c, label) in row.iter().enumerate() {
                    match order.iter().position(|l| *l == label) {
                        Some(i) => found[i].push((r, c)),
                        None => {
                            order.push(label);
                            found.push(vec![(r, c)]);
                        }
                    }
                }
            }
            found
        }
        Layout::Partial(regions) => regions.clone(),
        Layout::Latin => Vec::new(),
    }
}
