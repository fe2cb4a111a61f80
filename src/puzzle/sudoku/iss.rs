//! Interactive Sudoku Solver constraint strings (`.Shape~9x9.Cage~15~R1C1~R1C2.Thermo~R2C2~R2C3`,
//! alone, in a file, or in a link `.../Interactive-Sudoku-Solver/?q=...`): items separated by
//! `.`, each `Type~arg~arg...` (an empty type is a given, `R1C1_5`, or candidates,
//! `R1C1_1_2_3`), whitespace ignored. Each type mipsolve knows becomes its f-puzzles key, and
//! the f-puzzles reader reads the puzzle; any other type is an error naming it and its place.

use serde_json::{json, Map, Value};

use super::fpuzzles::{default_box, from_object};
use crate::error::{ParseError, Problem};
use crate::puzzle::latin::Latin;
use crate::puzzle::Entry;
use crate::rule::engine::entry::{set_flag, set_negative, IssForm, IssType};
use crate::rule::{EXTRA_REGIONS, ISS_TYPES};

/// Where a link's constraint string starts.
const QUERY: &str = "?q=";

/// Whether `text` is an ISS string or a file of ISS links.
pub fn holds_iss(text: &str) -> bool {
    let squeezed: String = text.split_whitespace().collect();
    let item = squeezed
        .strip_prefix('.')
        .and_then(|s| s.split(['.', '~']).next());
    // A type (letters, or none for a given) and a `~` somewhere, or a known type alone: a
    // one-line Sudoku starting with blanks has neither.
    let typed = item.is_some_and(|i| i.chars().all(|ch| ch.is_ascii_alphabetic()));
    let string =
        typed && (squeezed.contains('~') || item.is_some_and(|i| !i.is_empty() && known(i)));
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
    let line = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1;
    let puzzle = read(text).map_err(|mut e| {
        e.line.get_or_insert(line);
        e
    });
    vec![Entry { line, puzzle }]
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
const LAYOUT: [&str; 5] = ["Shape", "NoBoxes", "Jigsaw", "Given", "End"];

/// Whether `name` is an ISS type mipsolve reads.
fn known(name: &str) -> bool {
    LAYOUT.contains(&name) || ISS_TYPES.iter().any(|t| t.name == name)
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
    let items: Vec<(&str, Vec<&str>)> = (body.split('.'))
        .map(|item| {
            let mut parts = item.split('~');
            (parts.next().unwrap_or(""), parts.collect())
        })
        .collect();
    let n = size(&items)?;
    let mut reader = Reader {
        n,
        keys: Map::new(),
        grid: vec![vec![json!({}); n]; n],
        boxes: true,
        dots: false,
        unspared: None,
        flags: Vec::new(),
    };
    for (i, (kind, args)) in items.iter().enumerate() {
        reader.item(kind, args).map_err(|message| {
            let name = if kind.is_empty() { "Given" } else { kind };
            fail(format!("ISS item {} ({name}): {message}", i + 1))
        })?;
    }
    from_object(&reader.finish()?)
}

/// The side the `Shape` item gives (9 without one).
fn size(items: &[(&str, Vec<&str>)]) -> Result<usize, ParseError> {
    let Some((_, args)) = items.iter().find(|(kind, _)| *kind == "Shape") else {
        return Ok(9);
    };
    let dims = args.first().copied().unwrap_or("");
    let square = dims.split_once('x').and_then(|(r, c)| {
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        (r == c).then_some(r)
    });
    let n = square.ok_or_else(|| {
        fail(format!(
            "Shape~{dims}: mipsolve reads square grids (NxN) only"
        ))
    })?;
    let default_range = format!("1-{n}");
    if args[1..]
        .iter()
        .any(|a| !a.is_empty() && *a != default_range)
    {
        return Err(fail(format!(
            "Shape~{}: mipsolve reads values 1..{n} only",
            args.join("~")
        )));
    }
    Ok(n)
}

/// The f-puzzles object being written from the items.
struct Reader {
    n: usize,
    keys: Map<String, Value>,
    grid: Vec<Vec<Value>>,
    boxes: bool,
    /// Kropki dots were read (marks with no value of their own).
    dots: bool,
    /// A rule ISS applies beside dots too, read where f-puzzles' spares them (its key).
    unspared: Option<&'static str>,
    /// Rules turned on as f-puzzles means them.
    flags: Vec<&'static str>,
}

impl Reader {
    /// A cell id (`R1C1`; rows and columns past 9 are `a`..`g`), as f-puzzles writes it.
    fn cell(&self, id: &str) -> Result<(usize, usize), String> {
        let chars: Vec<char> = id.chars().collect();
        let digit = |ch: char| ch.to_digit(17).filter(|&d| d >= 1).map(|d| d as usize - 1);
        let at = match chars[..] {
            [r, row, c, col] if "Rr".contains(r) && "Cc".contains(c) => digit(row).zip(digit(col)),
            _ => None,
        };
        at.filter(|&(r, c)| r < self.n && c < self.n)
            .ok_or_else(|| format!("\"{id}\" is no cell of the {0}x{0} grid", self.n))
    }

    fn name(&self, id: &str) -> Result<Value, String> {
        let (r, c) = self.cell(id)?;
        Ok(json!(format!("R{}C{}", r + 1, c + 1)))
    }

    fn names(&self, ids: &[&str]) -> Result<Vec<Value>, String> {
        ids.iter().map(|id| self.name(id)).collect()
    }

    fn push(&mut self, key: &str, item: Value) {
        let list = self.keys.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(items) = list {
            items.push(item);
        }
    }

    fn line(&mut self, key: &str, cells: &[&str]) -> Result<(), String> {
        let line = self.names(cells)?;
        self.push(key, json!({ "lines": [line] }));
        Ok(())
    }

    /// Reads one item: the layout and givens here, a rule's type as the registry says.
    fn item(&mut self, kind: &str, args: &[&str]) -> Result<(), String> {
        match kind {
            "" | "Given" => return self.givens(args),
            "Shape" | "End" => return Ok(()),
            "NoBoxes" => self.boxes = false,
            "Jigsaw" => return self.jigsaw(args.last().copied().unwrap_or("")),
            name => {
                let types: Vec<&IssType> = ISS_TYPES.iter().filter(|t| t.name == name).collect();
                let mut read = false;
                for t in &types {
                    read |= self.rule(t.kind.key, t.form, args)?;
                }
                if !read {
                    return Err(format!(
                        "mipsolve does not read the ISS type \"{name}\" (or not with these arguments), so it cannot solve the puzzle with it"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Writes the keys of rule `key` from an item's arguments read as `form`; `false` when the
    /// form does not take them (another direction, modulus or size).
    fn rule(&mut self, key: &'static str, form: IssForm, args: &[&str]) -> Result<bool, String> {
        let number = |text: &str| {
            text.parse::<i64>()
                .map_err(|_| format!("\"{text}\" is not a whole number"))
        };
        match form {
            IssForm::Line => self.line(key, args)?,
            IssForm::LineOnNine if self.n == 9 => self.line(key, args)?,
            IssForm::LineModulo(m) if args.first() == Some(&m) => self.line(key, &args[1..])?,
            IssForm::LineOnNine | IssForm::LineModulo(_) => return Ok(false),
            IssForm::LineApart(default) => {
                // A difference left out is ISS's default.
                let (difference, cells) = match args.first().map(|a| a.parse::<i64>()) {
                    Some(Ok(d)) => (d, &args[1..]),
                    _ => (default, args),
                };
                let line = self.names(cells)?;
                self.push(
                    key,
                    json!({"lines": [line], "value": difference.to_string()}),
                );
            }
            IssForm::Arrow => self.circled_line(key, 1, args)?,
            IssForm::Pill => {
                let (size, cells) = args.split_first().ok_or("no pill size")?;
                let size = size.parse::<usize>().map_err(|_| "no pill size")?;
                self.circled_line(key, size, cells)?
            }
            IssForm::Cage => {
                let (sum, cells) = args.split_first().ok_or("no sum")?;
                let mut item = json!({ "cells": self.names(cells)? });
                if !sum.is_empty() && number(sum)? != 0 {
                    item["value"] = json!(sum.to_string());
                }
                self.push(key, item);
            }
            IssForm::Mark(value) => {
                let [a, b] = args[..] else {
                    return Err("mipsolve reads a mark between two cells only".into());
                };
                let mut item = json!({ "cells": self.names(&[a, b])? });
                match value {
                    Some(letter) => item["value"] = json!(letter),
                    None => self.dots = true,
                }
                self.push(key, item);
            }
            IssForm::Flag => {
                set_flag(&mut self.keys, key);
                self.flags.push(key);
            }
            IssForm::FlagFor(direction) if args.first() == Some(&direction) => {
                set_flag(&mut self.keys, key)
            }
            IssForm::FlagFor(_) => return Ok(false),
            IssForm::FlagUnspared => self.unspared = Some(key),
            IssForm::Negative => set_negative(&mut self.keys, key),
            IssForm::Windows if self.n == 9 => {
                for (r, c) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    let cells: Vec<Value> = (0..9)
                        .map(|k| json!(format!("R{}C{}", r + k / 3 + 1, c + k % 3 + 1)))
                        .collect();
                    self.push(key, json!({ "cells": cells }));
                }
            }
            IssForm::Windows => return Ok(false),
            IssForm::Quad => {
                let (corner, values) = args.split_first().ok_or("no cell")?;
                let (r, c) = self.cell(corner)?;
                if r + 1 >= self.n || c + 1 >= self.n {
                    return Err(format!("{corner} is no 2x2 square's top-left cell"));
                }
                let cells: Vec<Value> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                    .iter()
                    .map(|(r, c)| json!(format!("R{}C{}", r + 1, c + 1)))
                    .collect();
                let values: Vec<i64> =
                    values.iter().map(|v| number(v)).collect::<Result<_, _>>()?;
                self.push(key, json!({ "cells": cells, "values": values }));
            }
            IssForm::Diagonal => self.diagonal_sum(key, args)?,
            IssForm::Before => {
                let [sum, line] = args[..] else {
                    return Err("expected a sum and a row or column (R1, C3)".into());
                };
                let place = self.outside(line, true)?;
                self.push(key, json!({"cell": place, "value": sum}));
            }
            IssForm::BothEnds => {
                let (line, clues) = args.split_first().ok_or("no row or column")?;
                for (front, clue) in [(true, clues.first()), (false, clues.get(1))] {
                    if let Some(clue) = clue.filter(|c| !c.is_empty()) {
                        let place = self.outside(line, front)?;
                        self.push(key, json!({"cell": place, "value": clue}));
                    }
                }
            }
        }
        Ok(true)
    }

    fn givens(&mut self, args: &[&str]) -> Result<(), String> {
        for arg in args {
            let mut parts = arg.split('_');
            let (r, c) = self.cell(parts.next().unwrap_or(""))?;
            let values: Vec<u32> = (parts.map(|v| v.parse::<u32>()))
                .collect::<Result<_, _>>()
                .map_err(|_| format!("\"{arg}\" is not a cell and its values"))?;
            let cell = &mut self.grid[r][c];
            match values[..] {
                [] => return Err(format!("\"{arg}\" gives no value")),
                [v] => {
                    cell["value"] = json!(v);
                    cell["given"] = json!(true);
                }
                _ => cell["givenPencilMarks"] = json!(values),
            }
        }
        Ok(())
    }

    fn jigsaw(&mut self, layout: &str) -> Result<(), String> {
        let n = self.n;
        let chars: Vec<char> = layout.chars().collect();
        if chars.len() != n * n {
            return Err(format!(
                "the layout has {} cells, the grid {}",
                chars.len(),
                n * n
            ));
        }
        let mut labels: Vec<char> = Vec::new();
        for (i, ch) in chars.iter().enumerate() {
            let k = match labels.iter().position(|l| l == ch) {
                Some(k) => k,
                None => {
                    labels.push(*ch);
                    labels.len() - 1
                }
            };
            if k >= n || chars.iter().filter(|c| *c == ch).count() != n {
                return Err(format!("mipsolve reads {n} regions of {n} cells"));
            }
            self.grid[i / n][i % n]["region"] = json!(k);
        }
        Ok(())
    }

    /// A circle or pill (the first `size` cells, read in reading order) and the line from it.
    fn circled_line(&mut self, key: &str, size: usize, cells: &[&str]) -> Result<(), String> {
        if cells.len() <= size {
            return Err("an arrow needs a shaft".into());
        }
        let mut pill: Vec<(usize, usize)> = (cells[..size].iter())
            .map(|id| self.cell(id))
            .collect::<Result<_, _>>()?;
        pill.sort_unstable();
        let pill: Vec<Value> = (pill.iter())
            .map(|(r, c)| json!(format!("R{}C{}", r + 1, c + 1)))
            .collect();
        let line = self.names(&cells[size - 1..])?;
        self.push(key, json!({ "cells": pill, "lines": [line] }));
        Ok(())
    }

    /// A sum along a diagonal, from the first cell of the diagonal (ISS's id): the clue outside the
    /// grid before it, and the direction along it, as ISS lists the diagonals (left side down
    /// and right, right side up and left, top down and left, bottom up and right; each
    /// diagonal once, by its first listing).
    fn diagonal_sum(&mut self, key: &str, args: &[&str]) -> Result<(), String> {
        let [sum, first] = args[..] else {
            return Err("expected a sum and a cell".into());
        };
        let n = self.n as i64;
        let start = self.cell(first)?;
        let mut seen: Vec<Vec<(i64, i64)>> = Vec::new();
        let starts = ((0..n - 1).map(|r| (r, 0, 1, 1)))
            .chain((1..n - 1).map(|r| (r, n - 1, -1, -1)))
            .chain((1..n).map(|c| (0, c, 1, -1)))
            .chain((1..n - 1).map(|c| (n - 1, c, -1, 1)));
        for (r, c, dr, dc) in starts {
            let cells: Vec<(i64, i64)> = (0..n)
                .map(|k| (r + k * dr, c + k * dc))
                .take_while(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
                .collect();
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            if cells.len() <= 1 || seen.contains(&sorted) {
                continue;
            }
            seen.push(sorted);
            if (r, c) == (start.0 as i64, start.1 as i64) {
                let direction = match (dr, dc) {
                    (1, 1) => "DR",
                    (-1, -1) => "UL",
                    (1, -1) => "DL",
                    _ => "UR",
                };
                let clue = format!("R{}C{}", r - dr + 1, c - dc + 1);
                self.push(
                    key,
                    json!({"cell": clue, "direction": direction, "value": sum}),
                );
                return Ok(());
            }
        }
        Err(format!("{first} starts no diagonal ISS lists"))
    }

    /// The clue cell beside row `R<r>` or column `C<c>`: before it (`front`) or after it.
    fn outside(&self, line: &str, front: bool) -> Result<String, String> {
        let n = self.n;
        let index = |text: &str| text.parse::<usize>().ok().filter(|&i| (1..=n).contains(&i));
        let edge = if front { 0 } else { n + 1 };
        match line.split_at(line.len().min(1)) {
            ("R", i) => index(i).map(|r| format!("R{r}C{edge}")),
            ("C", i) => index(i).map(|c| format!("R{edge}C{c}")),
            _ => None,
        }
        .ok_or_else(|| format!("\"{line}\" is no row (R1) or column (C1) of the grid"))
    }

    /// The f-puzzles object: the grid (no boxes when `NoBoxes` and no Jigsaw), the keys, and
    /// the negative rules.
    fn finish(mut self) -> Result<Map<String, Value>, ParseError> {
        // ISS applies it beside dots too, f-puzzles spares dotted pairs: the same only where
        // no dot is drawn, or where the strict rule already turns it on for every other pair.
        if let Some(key) = self.unspared.filter(|key| !self.flags.contains(key)) {
            if self.dots {
                return Err(fail("ISS's rule against neighbours one apart applies beside Kropki dots too, f-puzzles' spares dotted pairs: add StrictKropki, or read it in f-puzzles' form".into()));
            }
            set_flag(&mut self.keys, key);
        }
        let jigsaw = self
            .grid
            .iter()
            .flatten()
            .any(|c| c.get("region").is_some());
        match (self.boxes, jigsaw) {
            (false, false) => {
                for cell in self.grid.iter_mut().flatten() {
                    cell["region"] = Value::Null;
                }
            }
            // ISS keeps the boxes beside a Jigsaw's regions unless told NoBoxes.
            (true, true) => {
                let n = self.n;
                let (h, w) = default_box(n);
                for b in 0..n {
                    let (top, left) = (b / (n / w) * h, b % (n / w) * w);
                    let cells: Vec<Value> = (0..n)
                        .map(|k| json!(format!("R{}C{}", top + k / w + 1, left + k % w + 1)))
                        .collect();
                    self.push(EXTRA_REGIONS.key, json!({ "cells": cells }));
                }
            }
            _ => {}
        }
        self.keys.insert("size".into(), json!(self.n));
        self.keys.insert("grid".into(), json!(self.grid));
        Ok(self.keys)
    }
}
