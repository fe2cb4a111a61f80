//! A Sudoku written as an ISS constraint string: its shape and layout, givens and candidate
//! marks, sum cages, and each rule key's items in the form its ISS type reads (the registry's
//! [`IssForm`] run backwards), so that the string reads back as the same puzzle. A rule with no
//! ISS form, or an item no form takes, is an error naming it, never left out.

use base64::Engine as _;
use serde_json::{Map, Value};

use super::diagonals::diagonals;
use crate::grid::{Cell, Grid};
use crate::rule::engine::entry::{IssForm, IssType};
use crate::rule::engine::reading::{cell, position};
use crate::rule::{CHOICES, ISS_TYPES};

/// Why a puzzle has no ISS string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("mipsolve cannot write this puzzle as an ISS string: {0}")]
pub struct Unwritable(pub String);

/// What an ISS string says of a Sudoku.
pub struct IssPuzzle<'a> {
    /// The side.
    pub n: usize,
    /// The greatest value (values 1..=top; the side but for a value range).
    pub top: usize,
    /// The value written for 1 (0 for values from 0, else 1): the givens are mipsolve's
    /// values, the rules' keys written values already.
    pub first: u32,
    /// The boxes or regions.
    pub layout: Layout,
    /// The givens, 0 for a blank.
    pub givens: &'a Grid,
    /// Sum cages: sum and cells.
    pub cages: Vec<(u64, Vec<Cell>)>,
    /// The rules under their keys, as the variant JSON writes them.
    pub rules: &'a Map<String, Value>,
}

/// How the grid is cut into areas whose values differ.
pub enum Layout {
    /// ISS's boxes for the size.
    Boxes,
    /// Rows and columns only.
    NoBoxes,
    /// Regions, each its cells.
    Regions(Vec<Vec<Cell>>),
}

/// Region labels in a Jigsaw layout.
const LABELS: &[u8] = b"123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The puzzle's ISS string, one item after another.
pub fn write(p: &IssPuzzle) -> Result<String, Unwritable> {
    let n = p.n;
    if n > 16 {
        return Err(Unwritable(format!(
            "ISS's grids go up to 16x16, this one is {n}x{n}"
        )));
    }
    let mut out = format!(".Shape~{n}x{n}");
    match p.first {
        1 if p.top == n => {}
        first => out += &format!("~{first}-{}", p.top as u32 - 1 + first),
    }
    match &p.layout {
        Layout::Boxes => {}
        Layout::NoBoxes => out += ".NoBoxes",
        // n regions of n cells each are a Jigsaw; others are areas whose values differ.
        Layout::Regions(regions) => {
            let mut labels = vec![usize::MAX; n * n];
            for (k, region) in regions.iter().enumerate() {
                region.iter().for_each(|&(r, c)| labels[r * n + c] = k);
            }
            let whole = regions.len() == n && regions.iter().all(|r| r.len() == n);
            if whole && n <= LABELS.len() && !labels.contains(&usize::MAX) {
                let layout: String = labels.iter().map(|&k| LABELS[k] as char).collect();
                out += &format!(".NoBoxes.Jigsaw~{layout}");
            } else {
                out += ".NoBoxes";
                for region in regions {
                    out += &format!(".AllDifferent~{}", ids(region));
                }
            }
        }
    }
    let mut given: Vec<String> = Vec::new();
    for (r, c) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
        match p.givens.get(r, c) {
            0 => {}
            v => given.push(format!("{}_{}", id((r, c)), v - 1 + p.first)),
        }
    }
    let cages: String = (p.cages.iter())
        .map(|(sum, cells)| format!(".Cage~{sum}~{}", ids(cells)))
        .collect();
    Ok(out + &keys_items(p.rules, given, (n, p.top, p.first))? + &cages)
}

/// The ISS items of rule keys, after the givens (`R1C1_5`) and the keys' candidate marks
/// (`"grid"`) as one item; a choice (`or`) as `Or`, each option one item or an `And` group.
fn keys_items(
    keys: &Map<String, Value>,
    mut given: Vec<String>,
    (n, top, first): (usize, usize, u32),
) -> Result<String, Unwritable> {
    let mut rules = keys.clone();
    if let Some(Value::Array(rows)) = rules.remove("grid") {
        given.extend(candidate_marks(&rows, (n, top, first)));
    }
    let mut out = String::new();
    if !given.is_empty() {
        out += &format!(".~{}", given.join("~"));
    }
    let negated = negated(&mut rules)?;
    if let Some(choices) = rules.remove(CHOICES.key) {
        for choice in choices.as_array().map(Vec::as_slice).unwrap_or_default() {
            out += ".Or";
            let options = choice.get("options").and_then(Value::as_array);
            for option in options.map(Vec::as_slice).unwrap_or_default() {
                let keys = option.as_object().cloned().unwrap_or_default();
                let items = keys_items(&keys, Vec::new(), (n, top, first))?;
                match items.matches('.').count() {
                    1 => out += &items,
                    _ => out += &format!(".And{items}.End"),
                }
            }
            out += ".End";
        }
    }
    for (key, value) in &rules {
        out += &rule_items(key, value, &rules, (n, top, first))?;
    }
    Ok(out + &negated)
}

/// ISS's id of a cell: `R1C1`, rows and columns past 9 as `a`..`g`.
fn id((r, c): Cell) -> String {
    let digit = |i: usize| std::char::from_digit(i as u32 + 1, 17).unwrap_or('?');
    format!("R{}C{}", digit(r), digit(c))
}

fn ids(cells: &[Cell]) -> String {
    cells.iter().map(|&c| id(c)).collect::<Vec<_>>().join("~")
}

/// The setter's candidate marks (written values) as given candidates (`R1C1_1_2`).
fn candidate_marks(rows: &[Value], (n, top, first): (usize, usize, u32)) -> Vec<String> {
    let mut found = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
        for (c, cell) in row.iter().enumerate().filter(|_| r < n) {
            let mut marks: Vec<u64> = match cell.get("givenPencilMarks") {
                Some(Value::Array(m)) => m.iter().filter_map(Value::as_u64).collect(),
                _ => (0..top as u64).map(|k| k + u64::from(first)).collect(),
            };
            match cell.get("parity").and_then(Value::as_str) {
                Some("Odd") => marks.retain(|v| v % 2 == 1),
                Some("Even") => marks.retain(|v| v % 2 == 0),
                _ => {}
            }
            if marks.len() < top {
                let values: Vec<String> = marks.iter().map(u64::to_string).collect();
                found.push(format!("{}_{}", id((r, c)), values.join("_")));
            }
        }
    }
    found
}

/// The negative forms (`negative: ["ratio", "xv"]`) as ISS's strict types, taken out of
/// `rules`; the strict Kropki type also says the rule against neighbours one apart.
fn negated(rules: &mut Map<String, Value>) -> Result<String, Unwritable> {
    let Some(Value::Array(list)) = rules.remove("negative") else {
        return Ok(String::new());
    };
    let mut out = String::new();
    for name in list.iter().filter_map(Value::as_str) {
        let strict = ISS_TYPES
            .iter()
            .find(|t| t.kind.key == name && t.form == IssForm::Negative);
        let strict = strict.ok_or_else(|| Unwritable(format!("the negative {name:?}")))?;
        // ISS's type may stand for more keys (StrictKropki: no 1:2 and no neighbours one
        // apart); each of them must be on.
        for other in ISS_TYPES
            .iter()
            .filter(|t| t.name == strict.name && t.form == IssForm::Flag)
        {
            if rules.remove(other.kind.key) != Some(Value::Bool(true)) {
                return Err(Unwritable(format!(
                    "the negative {name:?} without {:?} (ISS's {} says both)",
                    other.kind.key, strict.name
                )));
            }
        }
        out += &format!(".{}", strict.name);
    }
    Ok(out)
}

/// The ISS items of rule `key`.
fn rule_items(
    key: &str,
    value: &Value,
    rules: &Map<String, Value>,
    (n, top, first): (usize, usize, u32),
) -> Result<String, Unwritable> {
    let types: Vec<&IssType> = ISS_TYPES.iter().filter(|t| t.kind.key == key).collect();
    if types.is_empty() {
        return Err(Unwritable(format!("the rule {key:?} has no ISS type")));
    }
    if let Value::String(word) = value {
        let t = types.iter().find(|t| t.form == IssForm::Word);
        let t = t.ok_or_else(|| Unwritable(format!("the rule {key:?} as {value}")))?;
        return Ok(format!(".{}~{word}", t.name));
    }
    if let Value::Bool(on) = value {
        let on_nine = |t: &&&IssType| t.form == IssForm::FlagOnNine && top == 9;
        let flag = types
            .iter()
            .find(|t| flag_form(t.form, rules) || on_nine(t));
        return match (on, flag) {
            (false, _) => Ok(String::new()),
            (true, Some(t)) => Ok(match t.form {
                IssForm::FlagFor(direction) => format!(".{}~{direction}", t.name),
                IssForm::FlagsFor(directions) => directions
                    .iter()
                    .map(|d| format!(".{}~{d}", t.name))
                    .collect(),
                _ => format!(".{}", t.name),
            }),
            (true, None) => Err(Unwritable(format!(
                "{key:?} beside Kropki dots (ISS's rule applies beside them too)"
            ))),
        };
    }
    // An item of several lines (an arrow's shafts, a list of lines) is one ISS item a line.
    let mut items: Vec<Value> = Vec::new();
    for item in value.as_array().map(Vec::as_slice).unwrap_or_default() {
        match item.get("lines").and_then(Value::as_array) {
            Some(lines) if lines.len() > 1 => items.extend(lines.iter().map(|line| {
                let mut one = item.clone();
                one["lines"] = Value::Array(vec![line.clone()]);
                one
            })),
            _ => items.push(item.clone()),
        }
    }
    let mut out = String::new();
    for item in &items {
        // A line in mipsolve's own form is a list of cells.
        if let (Some(t), Some(list)) = (
            types.iter().find(|t| t.form == IssForm::OwnLine),
            item.as_array(),
        ) {
            let cells: Option<Vec<Cell>> = list.iter().map(|c| cell(c, n).ok()).collect();
            let cells = cells
                .ok_or_else(|| Unwritable(format!("a {key:?} item that is no line: {item}")))?;
            out += &format!(".{}~{}", t.name, ids(&cells));
            continue;
        }
        let object = item.as_object();
        let written =
            (types.iter()).find_map(|t| Some((t.name, args(t.form, object?, (n, first))?)));
        let (name, args) = written
            .ok_or_else(|| Unwritable(format!("a {key:?} item ISS has no form for: {item}")))?;
        out += &format!(".{name}~{}", args.join("~"));
    }
    Ok(out)
}

/// Whether a flag's form says the rule as mipsolve means it: ISS's rule against neighbours
/// one apart applies beside Kropki dots too, f-puzzles' spares them.
fn flag_form(form: IssForm, rules: &Map<String, Value>) -> bool {
    let dotted = ["difference", "ratio"].iter().any(|k| {
        rules
            .get(*k)
            .and_then(Value::as_array)
            .is_some_and(|l| !l.is_empty())
    });
    match form {
        IssForm::Flag | IssForm::FlagFor(_) | IssForm::FlagsFor(_) | IssForm::Regions => true,
        IssForm::FlagUnspared => !dotted,
        _ => false,
    }
}

/// An item's ISS arguments in `form` on a side of `n` with values written from `first`;
/// `None` when the form does not say the item.
fn args(form: IssForm, item: &Map<String, Value>, (n, first): (usize, u32)) -> Option<Vec<String>> {
    let cells_of = |v: &Value| -> Option<Vec<Cell>> {
        (v.as_array()?.iter()).map(|c| cell(c, n).ok()).collect()
    };
    let list = |key: &str| item.get(key).and_then(cells_of);
    let lines = || -> Option<Vec<Vec<Cell>>> {
        item.get("lines")?
            .as_array()?
            .iter()
            .map(cells_of)
            .collect()
    };
    let one_line = || lines().filter(|l| l.len() == 1).map(|mut l| l.remove(0));
    let text = |key: &str| {
        item.get(key)
            .map(|v| v.as_str().map_or(v.to_string(), str::to_string))
    };
    let strings = |cells: &[Cell]| cells.iter().map(|&c| id(c)).collect::<Vec<_>>();
    Some(match form {
        IssForm::Line | IssForm::LineOnNine if item.get("value").is_none() => {
            (form == IssForm::Line || n == 9).then_some(())?;
            strings(&one_line()?)
        }
        IssForm::LineWith(default) => {
            let value = text("value").unwrap_or_else(|| default.to_string());
            [vec![value], strings(&one_line()?)].concat()
        }
        IssForm::NumberedLine(default, looping) => {
            let looped = item.get("loop").and_then(Value::as_bool).unwrap_or(false);
            (looping || !looped).then_some(())?;
            let value = text("value").unwrap_or_else(|| default.to_string());
            // ISS's sum lines go up to 30.
            (!looping || value.parse::<i64>().is_ok_and(|v| v <= 30)).then_some(())?;
            let tail = looped.then(|| "LOOP".to_string());
            [
                vec![value],
                strings(&one_line()?),
                tail.into_iter().collect(),
            ]
            .concat()
        }
        IssForm::CountPairs => {
            (item.get("exact").and_then(Value::as_bool) == Some(true)).then_some(())?;
            let numbers = |key: &str| -> Option<Vec<u64>> {
                item.get(key).map_or(Some(Vec::new()), |v| {
                    (v.as_array()?.iter()).map(Value::as_u64).collect()
                })
            };
            let (values, absent) = (numbers("values")?, numbers("absent")?);
            let mut clue = String::new();
            let mut counted: Vec<u64> = values.clone();
            counted.dedup();
            counted.sort_unstable();
            counted.dedup();
            for v in counted {
                let count = values.iter().filter(|&&w| w == v).count();
                (count <= 9 && v <= 9).then_some(())?;
                clue += &format!("{count}{v}");
            }
            for v in absent {
                (v <= 9).then_some(())?;
                clue += &format!("0{v}");
            }
            (!clue.is_empty()).then_some(())?;
            [vec![clue], strings(&list("cells")?)].concat()
        }
        IssForm::Arrow | IssForm::Pill => {
            let (circle, line) = (list("cells")?, one_line()?);
            let size = circle.len();
            let pill =
                (size >= 2 && form == IssForm::Pill) || (size == 1 && form == IssForm::Arrow);
            (pill && circle.contains(line.first()?)).then_some(())?;
            // The pill in any order but the cell its line leaves from last (ISS's reading).
            let mut circle: Vec<Cell> = circle.into_iter().filter(|&c| c != line[0]).collect();
            circle.push(line[0]);
            let head = (form == IssForm::Pill).then(|| size.to_string());
            head.into_iter()
                .chain(strings(&circle))
                .chain(strings(&line[1..]))
                .collect()
        }
        IssForm::Cells => strings(&list("cells")?),
        IssForm::Cage | IssForm::SumCage => [
            vec![text("value").unwrap_or_default()],
            strings(&list("cells")?),
        ]
        .concat(),
        IssForm::WeightedSum => {
            let weights: Option<Vec<String>> = item.get("weights").map(|w| {
                (w.as_array().into_iter().flatten())
                    .map(|x| x.to_string())
                    .collect()
            });
            let total = text("value")?;
            let head = match weights {
                Some(w) => format!("{total}_=_{}", w.join("_")),
                None => total,
            };
            [vec![head], strings(&list("cells")?)].concat()
        }
        IssForm::Segments => segments(item, n)?
            .iter()
            .map(|s| strings(s))
            .collect::<Vec<_>>()
            .join(&vec!["-".to_string()][..]),
        IssForm::Sets => {
            let sets = segments_under(item, "sets", n)?;
            [
                vec![sets.len().to_string()],
                sets.iter().flat_map(|s| strings(s)).collect(),
            ]
            .concat()
        }
        IssForm::Relation(every) => {
            (item.get("every").and_then(Value::as_bool).unwrap_or(false) == every).then_some(())?;
            let pairs: Vec<(u64, u64)> = (item.get("allowed")?.as_array()?.iter())
                .map(|p| Some((p.get(0)?.as_u64()?, p.get(1)?.as_u64()?)))
                .collect::<Option<_>>()?;
            let name = text("name").unwrap_or_default();
            [
                vec![
                    relation_key(&pairs, (n, first)),
                    format!("_{}", encode_name(&name)),
                ],
                strings(&list("cells")?),
            ]
            .concat()
        }
        IssForm::RowOrColumn(row) => [
            vec![if row { "R" } else { "C" }.to_string()],
            strings(&list("cells")?),
        ]
        .concat(),
        IssForm::Machine => {
            let code = text("machine")?;
            let parts = match list("cells") {
                Some(cells) => vec![cells],
                None => segments(item, n)?,
            };
            let name = format!("_{}", encode_name(&text("name").unwrap_or_default()));
            let joined = parts
                .iter()
                .map(|s| strings(s))
                .collect::<Vec<_>>()
                .join(&vec!["-".to_string()][..]);
            [vec![code, name], joined].concat()
        }
        IssForm::Pattern => {
            let pattern = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text("regex")?);
            [vec![pattern], strings(&list("cells")?)].concat()
        }
        IssForm::Values(exact) => {
            (item.get("exact").and_then(Value::as_bool).unwrap_or(false) == exact).then_some(())?;
            let absent = item.get("absent").and_then(Value::as_array);
            absent.is_none_or(Vec::is_empty).then_some(())?;
            let values: Vec<String> = (item.get("values")?.as_array()?.iter())
                .map(|v| v.to_string())
                .collect();
            [vec![values.join("_")], strings(&list("cells")?)].concat()
        }
        IssForm::Parity(rest) => {
            let values = (1..=n as i64)
                .filter(|v| v % 2 == rest)
                .map(|v| v.to_string());
            let at = id(cell(item.get("cell")?, n).ok()?);
            vec![format!("{at}_{}", values.collect::<Vec<_>>().join("_"))]
        }
        IssForm::CellAndCells => [
            vec![id(cell(item.get("cell")?, n).ok()?)],
            strings(&list("cells")?),
        ]
        .concat(),
        IssForm::Mark(letter) => {
            let written = text("value");
            (written.as_deref() == letter).then_some(())?;
            strings(&list("cells")?)
        }
        IssForm::Quad => {
            let mut cells = list("cells")?;
            cells.sort_unstable();
            let values: Vec<String> = (item.get("values")?.as_array()?.iter())
                .map(|v| v.to_string())
                .collect();
            [vec![id(cells[0])], values].concat()
        }
        IssForm::Diagonal => {
            // A little killer sums its diagonal either way: ISS names the diagonal by the
            // first cell of its listing.
            let (r, c) = position(item.get("cell")?).ok()?;
            let (dr, dc) = match text("direction")?.as_str() {
                "DR" => (1, 1),
                "UL" => (-1, -1),
                "DL" => (1, -1),
                _ => (-1, 1),
            };
            let along = (1..=n as i64)
                .map(|k| (r - 1 + k * dr, c - 1 + k * dc))
                .take_while(|&(r, c)| (0..n as i64).contains(&r) && (0..n as i64).contains(&c))
                .map(|(r, c)| (r as usize, c as usize));
            let mut cells: Vec<Cell> = along.collect();
            cells.sort_unstable();
            let listed = diagonals(n).into_iter().find(|(d, _)| {
                let mut sorted = d.clone();
                sorted.sort_unstable();
                sorted == cells
            })?;
            vec![text("value")?, id(listed.0[0])]
        }
        IssForm::Before | IssForm::BothEnds => {
            let (r, c) = position(item.get("cell")?).ok()?;
            let n = n as i64;
            let (line, front) = match (r, c) {
                (r, 0) => (format!("R{r}"), true),
                (r, c) if c == n + 1 => (format!("R{r}"), false),
                (0, c) => (format!("C{c}"), true),
                (_, c) => (format!("C{c}"), false),
            };
            let value = text("value")?;
            match (form, front) {
                (IssForm::Before, _) => vec![value, line],
                (_, true) => vec![line, value, String::new()],
                (_, false) => vec![line, String::new(), value],
            }
        }
        IssForm::RegionRun | IssForm::RegionCount => {
            let region = |&(r, c): &Cell| format!("CC{}", r * n + c + 1);
            let cells: Vec<String> = match form {
                IssForm::RegionRun => {
                    let arms = segments_under(item, "arms", n)?;
                    let arms: Vec<String> = (arms.iter())
                        .map(|arm| arm.iter().map(region).collect::<Vec<_>>().join("~"))
                        .collect();
                    arms.join("~-~").split('~').map(str::to_string).collect()
                }
                _ => list("cells")?.iter().map(region).collect(),
            };
            let cell = cell(item.get("cell")?, n).ok()?;
            [
                vec![id(cell), text("offset").unwrap_or_else(|| "0".into())],
                cells,
            ]
            .concat()
        }
        IssForm::ValueGroup => {
            let values: Vec<String> = (item.get("values")?.as_array()?.iter())
                .map(|v| v.as_u64().map(|v| v.to_string()))
                .collect::<Option<_>>()?;
            let size = item.get("size").map(|s| s.to_string());
            [
                vec![String::new(), values.join("_")],
                size.into_iter().collect(),
            ]
            .concat()
        }
        _ => return None,
    })
}

/// The segments of an item (`"segments"`).
fn segments(item: &Map<String, Value>, n: usize) -> Option<Vec<Vec<Cell>>> {
    segments_under(item, "segments", n)
}

fn segments_under(item: &Map<String, Value>, key: &str, n: usize) -> Option<Vec<Vec<Cell>>> {
    (item.get(key)?.as_array()?.iter())
        .map(|s| (s.as_array()?.iter()).map(|c| cell(c, n).ok()).collect())
        .collect()
}

/// ISS's relation key of the allowed pairs of values written from `first`: bit
/// `(a - first) n + (b - first)`, six bits a character, lowest first, in URL-safe base64's
/// alphabet, trailing zero characters left off.
fn relation_key(pairs: &[(u64, u64)], (n, first): (usize, u32)) -> String {
    const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut sixes = vec![0usize; (n * n).div_ceil(6)];
    for &(a, b) in pairs {
        let index = |v: u64| (v - u64::from(first)) as usize;
        let bit = index(a) * n + index(b);
        sixes[bit / 6] |= 1 << (bit % 6);
    }
    while sixes.last() == Some(&0) {
        sixes.pop();
    }
    sixes.iter().map(|&s| DIGITS[s] as char).collect()
}

/// A name percent-encoded as ISS's arguments are.
fn encode_name(name: &str) -> String {
    percent_encoding::utf8_percent_encode(name, percent_encoding::NON_ALPHANUMERIC).to_string()
}

#[cfg(test)]
mod tests {
    use super::relation_key;

    #[test]
    fn a_relation_key_sets_one_bit_a_pair() {
        // 1-2 is bit 1 (the first character's second bit: 'C'); 9-9 is bit 80 (the 14th
        // character's third bit: 'E'), with zeros between.
        assert_eq!(relation_key(&[(1, 2)], (9, 1)), "C");
        assert_eq!(relation_key(&[(1, 2), (9, 9)], (9, 1)), "CAAAAAAAAAAAAE");
        assert_eq!(relation_key(&[(0, 1), (8, 8)], (9, 0)), "CAAAAAAAAAAAAE");
    }
}
