//! Sudoku variants as data: givens over boxes, irregular regions (Jigsaw) or neither (a Latin
//! square), optionally both diagonals (X), sum cages whose digits never repeat (Killer),
//! consecutive marks and thermometers. JSON files, Tatham's game IDs and the consecutive
//! bar-code form all become a [`Spec`], checked once by [`Spec::build`].

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::parse::{read_rows, Line};
use super::{box_for, MAX_SIZE};
use crate::cage::listing::shared_areas;
use crate::cage::{Cage, Op, Table};
use crate::domains::Domains;
use crate::error::{CageLabel, ParseError, Problem};
use crate::geometry::{boxes, columns, diagonals, regions, rows, Area, AreaName};
use crate::grid::{Cell, Grid};
use crate::puzzle::json::{self, entries, whole_number, written};
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::Entry;
use crate::rule::reading::Found;
use crate::rule::{read_rules, side_by_side, Consecutive, Rule, Thermometers};

/// What fills the grid besides rows and columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// Boxes of this shape (rows, columns), or the default shape for the size.
    Boxes(Option<(usize, usize)>),
    /// Irregular regions: a label per cell, row by row.
    Regions(Vec<Vec<String>>),
    /// Neither: a Latin square (rows and columns only).
    Latin,
}

/// Rules beyond areas and cages, as read.
#[derive(Debug, Clone, Default)]
pub struct OtherRules {
    /// Consecutive marks: pairs of cells whose values differ by 1.
    pub bars: Vec<(Cell, Cell)>,
    /// Side-by-side cells without a mark are not consecutive.
    pub negative: bool,
    /// Thermometers, each from its bulb.
    pub thermometers: Vec<Vec<Cell>>,
    /// What the registry's rules read (f-puzzles keys).
    pub extra: Found,
}

/// A Sudoku of any variant, before it is checked.
#[derive(Debug, Clone)]
pub struct Spec {
    /// Givens, 0 for a blank (n x n).
    pub givens: Grid,
    /// Boxes or regions.
    pub layout: Layout,
    /// Both main diagonals hold every value once (X).
    pub diagonals: bool,
    /// Killer cages: sum and cells, each with its label for messages.
    pub cages: Vec<(CageLabel, u64, Vec<Cell>)>,
    /// Consecutive marks and thermometers.
    pub other: OtherRules,
    /// How the answer is printed.
    pub style: Style,
}

impl Spec {
    /// Checks regions and cages and builds the puzzle: rows, columns, boxes or regions,
    /// diagonals and cages are its areas (a cage's digits differ), and each cage's sum a cage.
    pub fn build(mut self) -> Result<Latin, ParseError> {
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
            Layout::Latin => variant.push("latin"),
        }
        if !self.cages.is_empty() {
            variant.push("killer");
        }
        if self.diagonals {
            areas.extend(diagonals(n));
            variant.push("x");
        }
        let extra = std::mem::take(&mut self.other.extra);
        for area in extra.areas {
            if !areas.iter().any(|a| a.name == area.name) {
                areas.push(area);
            }
        }
        for name in &extra.names {
            if !variant.contains(name) {
                variant.push(name);
            }
        }
        let mut all_cages = self.cages;
        all_cages.extend(extra.cages);
        let cages = checked_cages(all_cages, n, &areas)?;
        for (i, cage) in cages.iter().enumerate() {
            let cells = cage.cells.clone();
            areas.push(Area {
                name: AreaName::Cage(i),
                cells,
            });
        }
        let mut rules = checked_rules(self.other, n)?;
        variant.extend(rules.iter().map(|rule| rule.name()));
        rules.extend(extra.rules);
        let sudoku = Latin::new(areas, cages, self.givens, self.style)
            .with_rules(rules)
            .with_variant(variant);
        match sudoku.conflict() {
            Some((_, violation)) => Err(ParseError::whole(violation.into())),
            None => Ok(sudoku),
        }
    }
}

/// Consecutive marks between side-by-side cells, and thermometers of at least two cells,
/// each cell a neighbour of the one before (diagonals too) and none twice, as rules.
fn checked_rules(other: OtherRules, n: usize) -> Result<Vec<Arc<dyn Rule>>, ParseError> {
    let place = |what: String, problem| {
        ParseError::whole(Problem::In {
            place: what,
            problem: Box::new(problem),
        })
    };
    let not_next = |(first, second), how| Problem::NotNext { first, second, how };
    let mut rules: Vec<Arc<dyn Rule>> = Vec::new();
    let apart = (other.bars.iter().enumerate()).find(|(_, &(a, b))| !side_by_side(a, b));
    if let Some((i, &pair)) = apart {
        let what = format!("consecutive mark {}", i + 1);
        return Err(place(what, not_next(pair, "side by side")));
    }
    if !other.bars.is_empty() || other.negative {
        rules.push(Arc::new(Consecutive::new(n, &other.bars, other.negative)));
    }
    for (i, cells) in other.thermometers.iter().enumerate() {
        let what = || format!("thermometer {}", i + 1);
        if cells.len() < 2 {
            return Err(place(what(), Problem::ShortThermometer(cells.len())));
        }
        if cells.len() > n {
            // Its values strictly rise from the bulb: 1..=n holds at most n of them.
            let problem = Problem::LongThermometer {
                cells: cells.len(),
                n,
            };
            return Err(place(what(), problem));
        }
        let touching =
            |a: Cell, b: Cell| a != b && a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1;
        if let Some(pair) = cells.windows(2).find(|p| !touching(p[0], p[1])) {
            return Err(place(what(), not_next((pair[0], pair[1]), "neighbours")));
        }
        let repeated = (cells.iter().enumerate()).find(|&(j, c)| cells[..j].contains(c));
        if let Some((_, &cell)) = repeated {
            return Err(place(what(), Problem::CellTwice(cell)));
        }
    }
    if !other.thermometers.is_empty() {
        rules.push(Arc::new(Thermometers(other.thermometers)));
    }
    Ok(rules)
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

/// Killer cages checked: cells in the grid and in one cage, a sum distinct digits can make.
fn checked_cages(
    raw: Vec<(CageLabel, u64, Vec<Cell>)>,
    n: usize,
    areas: &[Area],
) -> Result<Vec<Cage>, ParseError> {
    let full = Domains::full(n, n, (1..=n as i64).collect());
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

/// The keys the variant reader reads itself.
const OWN_KEYS: &[&str] = &[
    "size",
    "givens",
    "box",
    "regions",
    "diagonals",
    "cages",
    "consecutive",
    "negative",
    "thermometers",
];

/// A puzzle as JSON: every key optional but what fixes the size; other keys are the
/// registry's rules (f-puzzles keys and forms).
#[derive(Deserialize)]
struct RawSpec {
    size: Option<Value>,
    givens: Option<Vec<String>>,
    #[serde(rename = "box")]
    box_shape: Option<String>,
    regions: Option<Vec<String>>,
    #[serde(default)]
    diagonals: bool,
    #[serde(default)]
    cages: Vec<RawCage>,
    /// Pairs of cells `[[r1, c1], [r2, c2]]` joined by a consecutive mark.
    #[serde(default)]
    consecutive: Vec<Vec<Value>>,
    /// Side-by-side cells without a mark are not consecutive.
    #[serde(default)]
    negative: bool,
    /// Thermometers, each a list of cells from the bulb.
    #[serde(default)]
    thermometers: Vec<Vec<Value>>,
    /// The registry's keys.
    #[serde(flatten)]
    rest: Map<String, Value>,
}

/// A Killer cage as JSON: its sum and 1-based cells.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    sum: Value,
    cells: Vec<Value>,
}

/// Reads a JSON puzzle or array of puzzles; a bad puzzle in an array fails only itself.
pub fn parse_json(text: &str, alphabet: Option<Alphabet>) -> Result<Vec<Entry<Latin>>, ParseError> {
    // An f-puzzles object as its link holds it (a `grid` of cell objects).
    if let Ok(Value::Object(object)) =
        serde_json::from_str::<Value>(text.trim_start_matches('\u{feff}'))
    {
        if super::fpuzzles::is_object(&Value::Object(object.clone())) {
            let line = 1;
            return Ok(vec![Entry {
                line,
                puzzle: super::fpuzzles::from_object(&object),
            }]);
        }
    }
    entries(text, |raw: RawSpec, line| {
        spec(raw, alphabet).and_then(Spec::build).map_err(|mut e| {
            // An unknown key is named on its own line when one object holds it.
            if let Problem::UnknownKey { key, .. } = &e.problem {
                let quoted = format!("\"{key}\"");
                let at = text.lines().position(|l| l.contains(&quoted));
                e.line = e.line.or(at
                    .map(|i| i + 1)
                    .filter(|_| !text.trim_start().starts_with('[')));
            }
            e.line.get_or_insert(line);
            e
        })
    })
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
    let (givens, style) = match &raw.givens {
        Some(rows) => given_rows(rows, n, alphabet)?,
        None => (Grid::filled(n, n, 0), default_style(n)),
    };
    let layout = match (raw.regions, raw.box_shape) {
        (Some(rows), _) => Layout::Regions(rows.iter().map(|r| labels(r)).collect()),
        (None, Some(text)) if text.trim().eq_ignore_ascii_case("none") => Layout::Latin,
        (None, Some(text)) => Layout::Boxes(Some(box_shape(&text)?)),
        (None, None) => Layout::Boxes(None),
    };
    let cages = (raw.cages.into_iter().enumerate())
        .map(|(i, c)| cage(i, c, n))
        .collect::<Result<Vec<_>, _>>()?;
    let cells = |place: String, values: &[Value]| {
        (values.iter())
            .map(|v| json::cell(v, n))
            .collect::<Result<Vec<Cell>, Problem>>()
            .map_err(|problem| {
                ParseError::whole(Problem::In {
                    place: place.clone(),
                    problem: Box::new(problem),
                })
            })
    };
    let mut bars = Vec::with_capacity(raw.consecutive.len());
    for (i, pair) in raw.consecutive.iter().enumerate() {
        let place = format!("consecutive mark {}", i + 1);
        match cells(place.clone(), pair)?[..] {
            [a, b] => bars.push((a, b)),
            _ => {
                return Err(ParseError::whole(Problem::In {
                    place,
                    problem: Box::new(Problem::Json(
                        "expected a pair of cells [[r1, c1], [r2, c2]]".into(),
                    )),
                }))
            }
        }
    }
    let thermometers = (raw.thermometers.iter().enumerate())
        .map(|(i, t)| cells(format!("thermometer {}", i + 1), t))
        .collect::<Result<Vec<_>, _>>()?;
    let extra = read_rules(&raw.rest, OWN_KEYS, n, &layout_regions(&layout, n))?;
    Ok(Spec {
        givens,
        layout,
        diagonals: raw.diagonals,
        cages,
        other: OtherRules {
            bars,
            negative: raw.negative,
            thermometers,
            extra,
        },
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
    n: usize,
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
    let (values, style) = read_rows(&lines, n, alphabet).map_err(in_row)?;
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
    super::parse_box(text).map_err(|message| {
        ParseError::whole(Problem::Option {
            name: "box",
            message,
        })
    })
}

/// A Killer cage: a positive sum and 1-based cells inside the grid.
fn cage(i: usize, raw: RawCage, n: usize) -> Result<(CageLabel, u64, Vec<Cell>), ParseError> {
    let label = CageLabel {
        number: i + 1,
        rule: format!("sum {}", written(&raw.sum)),
    };
    let fail = |problem| ParseError::in_cage(label.clone(), problem);
    let sum = whole_number(&raw.sum)
        .filter(|&s| s > 0)
        .ok_or(fail(Problem::Target))?;
    let mut cells = Vec::with_capacity(raw.cells.len());
    for value in &raw.cells {
        cells.push(json::cell(value, n).map_err(fail)?);
    }
    Ok((label, sum, cells))
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
        Layout::Latin => Vec::new(),
    }
}
