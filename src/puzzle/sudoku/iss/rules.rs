//! The rules' ISS forms (lines, cages, marks, flags, clues outside the grid), each written
//! as its f-puzzles keys.

use serde_json::{json, Value};

use super::diagonals::diagonals;
use super::reader::Reader;
use super::ItemError;
use crate::rule::engine::entry::{set_flag, set_negative, IssForm};
use crate::rule::{EXTRA_REGIONS, WEIGHTED_SUMS};

/// The pairs of values (1..=n) ISS's relation key allows: URL-safe base64, six bits a
/// character, lowest first; bit `(a - 1) * n + (b - 1)` when the first cell may be `a` and the
/// second `b`.
fn allowed_pairs(code: &str, n: usize) -> Result<Vec<[usize; 2]>, ItemError> {
    const DIGITS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let sixes: Vec<usize> = (code.chars())
        .map(|ch| {
            DIGITS
                .find(ch)
                .ok_or(ItemError::Form("a relation key is URL-safe base64"))
        })
        .collect::<Result<_, _>>()?;
    let bit = |t: usize| sixes.get(t / 6).is_some_and(|six| six >> (t % 6) & 1 == 1);
    Ok((0..n * n)
        .filter(|&t| bit(t))
        .map(|t| [t / n + 1, t % n + 1])
        .collect())
}

/// Groups of cells, each after its `_name` (percent-encoded) or an empty argument: the name
/// (empty when none) and the cells.
fn named_groups<'a>(args: &[&'a str]) -> Vec<(String, Vec<&'a str>)> {
    let (mut groups, mut name, mut cells) = (Vec::new(), String::new(), Vec::new());
    for &arg in args.iter().chain([&""]) {
        if arg.is_empty() || arg.starts_with('_') {
            if !cells.is_empty() {
                groups.push((name.clone(), std::mem::take(&mut cells)));
            }
            if let Some(named) = arg.strip_prefix('_') {
                let decoded = percent_encoding::percent_decode_str(named).decode_utf8_lossy();
                name = decoded.into_owned();
            }
        } else {
            cells.push(arg);
        }
    }
    groups
}

/// A region clue's cell, offset and region cells.
type RegionClueArgs<'a> = ((usize, usize), i64, Vec<&'a str>);

/// A whole number argument.
fn number(text: &str) -> Result<i64, ItemError> {
    (text.parse::<i64>()).map_err(|_| ItemError::NotANumber(text.to_string()))
}

impl Reader {
    /// Writes the keys of rule `key` from an item's arguments read as `form`; `false` when the
    /// form does not take them (another direction, modulus or size).
    pub(super) fn rule(
        &mut self,
        key: &'static str,
        form: IssForm,
        args: &[&str],
    ) -> Result<bool, ItemError> {
        match form {
            IssForm::Line => self.line(key, args)?,
            IssForm::LineOnNine if self.n == 9 => self.line(key, args)?,
            IssForm::LineOnNine => return Ok(false),
            IssForm::LineWith(default) => self.line_with(key, default, args)?,
            IssForm::NumberedLine(_, looping) => {
                let (number, cells) = args.split_first().ok_or(ItemError::Form("no number"))?;
                let number = self::number(number)?;
                let (cells, looped) = match cells.split_last() {
                    Some((&"LOOP", rest)) if looping => (rest, true),
                    _ => (cells, false),
                };
                let line = self.names(cells)?;
                let mut item = json!({"lines": [line], "value": number.to_string(), "jumps": true});
                if looped {
                    item["loop"] = json!(true);
                }
                self.push(key, item);
            }
            IssForm::FlagOnNine if self.top == 9 => {
                set_flag(&mut self.keys, key);
                self.flags.push(key);
            }
            IssForm::FlagOnNine => return Ok(false),
            IssForm::CountPairs => self.count_pairs(key, args)?,
            IssForm::Arrow => self.circled_line(key, 1, args)?,
            IssForm::Pill => {
                let (size, cells) = args.split_first().ok_or(ItemError::Form("no pill size"))?;
                let size = (size.parse::<usize>()).map_err(|_| ItemError::Form("no pill size"))?;
                self.circled_line(key, size, cells)?
            }
            IssForm::Cage => self.cage(key, args)?,
            IssForm::SumCage => self.sum_cage(key, args)?,
            IssForm::Cells => {
                if args.iter().all(|a| a.is_empty()) {
                    return Err(ItemError::Form("no cells"));
                }
                let cells = self.names(args)?;
                self.push(key, json!({ "cells": cells }));
            }
            IssForm::WeightedSum => self.weighted_sum(key, args)?,
            IssForm::Sets => {
                let (count, cells) = args.split_first().ok_or(ItemError::Form("no set count"))?;
                let count = usize::try_from(number(count)?).unwrap_or(0);
                if count == 0 || cells.is_empty() || cells.len() % count != 0 {
                    return Err(ItemError::Form(
                        "the cells do not split into that many sets",
                    ));
                }
                let sets = (cells.chunks(cells.len() / count))
                    .map(|set| self.names(set))
                    .collect::<Result<Vec<_>, _>>()?;
                self.push(key, json!({ "sets": sets }));
            }
            IssForm::Relation(every) => self.relation(key, every, args)?,
            IssForm::Machine => self.machine(key, args)?,
            IssForm::Pattern => self.pattern(key, args)?,
            IssForm::CellAndCells => match args.split_first() {
                Some((cell, cells)) if !cells.is_empty() => {
                    let item = json!({"cell": self.name(cell)?, "cells": self.names(cells)?});
                    self.push(key, item);
                }
                _ => return Err(ItemError::Form("a cell and the cells it speaks of")),
            },
            IssForm::Values(exact) => {
                let (values, cells) = args.split_first().ok_or(ItemError::Form("no values"))?;
                let values: Vec<i64> = (values.split('_').filter(|v| !v.is_empty()))
                    .map(number)
                    .collect::<Result<_, _>>()?;
                let item = json!({"cells": self.names(cells)?, "values": values, "exact": exact});
                self.push(key, item);
            }
            IssForm::RowOrColumn(row) => match args.split_first() {
                Some((_, [])) => return Err(ItemError::Form("no cells")),
                Some((kind, cells)) if (*kind == "R") == row => {
                    let cells = self.names(cells)?;
                    self.push(key, json!({ "cells": cells }));
                }
                _ => return Ok(false),
            },
            IssForm::Segments => {
                let segments = (args.split(|a| *a == "-"))
                    .map(|segment| self.names(segment))
                    .collect::<Result<Vec<_>, _>>()?;
                self.push(key, json!({ "segments": segments }));
            }
            IssForm::Mark(value) => self.mark(key, value, args)?,
            // Written only: ISS reads given candidates as givens.
            IssForm::Parity(_) | IssForm::FlagsFor(_) | IssForm::OwnLine => return Ok(false),
            IssForm::Word => match args {
                [word] if !word.is_empty() => {
                    self.keys.insert(key.to_string(), json!(word));
                }
                _ => return Err(ItemError::Form("expected one word")),
            },
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
            IssForm::Windows => self.windows(key),
            IssForm::Quad => self.quad(key, args)?,
            IssForm::Diagonal => self.diagonal_sum(key, args)?,
            IssForm::Before => self.before(key, args)?,
            IssForm::BothEnds => self.both_ends(key, args)?,
            IssForm::Regions => {
                let size = self.box_size.filter(|&size| size != self.top);
                self.keys
                    .insert(key.into(), size.map_or(json!(true), |size| json!(size)));
            }
            IssForm::RegionRun => self.region_run(key, args)?,
            IssForm::RegionCount => self.region_count(key, args)?,
            IssForm::ValueGroup => match args {
                [group, ..] if !group.is_empty() => {
                    return Err(ItemError::Form(
                        "mipsolve reads this type over the grid, not over extra cells",
                    ))
                }
                [_, values, rest @ ..] if rest.len() <= 1 => {
                    let values: Vec<i64> = (values.split(['_', ',']).filter(|v| !v.is_empty()))
                        .map(number)
                        .collect::<Result<_, _>>()?;
                    let mut item = json!({ "values": values });
                    if let Some(size) = rest.first().filter(|s| !s.is_empty()) {
                        item["size"] = json!(number(size)?);
                    }
                    self.push(key, item);
                }
                _ => return Err(ItemError::Form("a group, values and a size")),
            },
        }
        Ok(true)
    }

    /// A region cell (`CC1` is the first cell's region, in reading order) or a grid cell,
    /// as the grid cell it speaks of.
    fn region_cell(&self, id: &str) -> Result<(usize, usize), ItemError> {
        let n = self.n;
        match id.strip_prefix("CC").map(str::parse::<usize>) {
            Some(Ok(i)) if (1..=n * n).contains(&i) => Ok(((i - 1) / n, (i - 1) % n)),
            Some(_) => Err(ItemError::NoCell {
                id: id.to_string(),
                n,
            }),
            None => self.cell(id),
        }
    }

    /// A region clue's cell and offset, then its region cells (none when left out).
    fn region_clue<'a>(&self, args: &[&'a str]) -> Result<RegionClueArgs<'a>, ItemError> {
        let (cell, rest) = args.split_first().ok_or(ItemError::Form("no cell"))?;
        let (offset, cells) = rest.split_first().map_or(("", &[][..]), |(o, c)| (*o, c));
        let offset = if offset.is_empty() {
            0
        } else {
            number(offset)?
        };
        Ok((self.cell(cell)?, offset, cells.to_vec()))
    }

    /// A region run: arms of region cells split at `-`, or the four from the cell.
    fn region_run(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let ((r, c), offset, cells) = self.region_clue(args)?;
        let n = self.n as i64;
        let arms: Vec<Vec<(usize, usize)>> = match cells.is_empty() {
            true => [(0, -1), (0, 1), (-1, 0), (1, 0)]
                .iter()
                .map(|&(dr, dc)| {
                    (0..)
                        .map(|k| (r as i64 + k * dr, c as i64 + k * dc))
                        .take_while(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
                        .map(|(r, c)| (r as usize, c as usize))
                        .collect()
                })
                .collect(),
            false => (cells.split(|a| *a == "-"))
                .map(|arm| arm.iter().map(|id| self.region_cell(id)).collect())
                .collect::<Result<_, _>>()?,
        };
        let name = |&(r, c): &(usize, usize)| json!(format!("R{}C{}", r + 1, c + 1));
        let arms: Vec<Vec<Value>> = arms
            .iter()
            .map(|arm| arm.iter().map(name).collect())
            .collect();
        let item = json!({"cell": name(&(r, c)), "offset": offset, "arms": arms});
        self.push(key, item);
        Ok(())
    }

    /// A region count: region cells, or the cell and its eight neighbours.
    fn region_count(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let ((r, c), offset, cells) = self.region_clue(args)?;
        let n = self.n as i64;
        let counted: Vec<(usize, usize)> = match cells.is_empty() {
            true => [
                (0, 0),
                (-1, 0),
                (1, 0),
                (0, -1),
                (0, 1),
                (-1, -1),
                (-1, 1),
                (1, -1),
                (1, 1),
            ]
            .iter()
            .map(|&(dr, dc)| (r as i64 + dr, c as i64 + dc))
            .filter(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
            .map(|(r, c)| (r as usize, c as usize))
            .collect(),
            false => (cells.iter().map(|id| self.region_cell(id))).collect::<Result<_, _>>()?,
        };
        let name = |&(r, c): &(usize, usize)| json!(format!("R{}C{}", r + 1, c + 1));
        let counted: Vec<Value> = counted.iter().map(name).collect();
        let item = json!({"cell": name(&(r, c)), "offset": offset, "cells": counted});
        self.push(key, item);
        Ok(())
    }

    /// A line with its number (a whisper's difference, a modular line's modulus), or ISS's
    /// `default` when the first argument is a cell.
    fn line_with(&mut self, key: &str, default: i64, args: &[&str]) -> Result<(), ItemError> {
        let (number, cells) = match args.first().map(|a| a.parse::<i64>()) {
            Some(Ok(d)) => (d, &args[1..]),
            _ => (default, args),
        };
        let line = self.names(cells)?;
        let item = json!({"lines": [line], "value": number.to_string(), "jumps": true});
        self.push(key, item);
        Ok(())
    }

    /// A look-and-say clue, (count, value) digit pairs, then the cells: the values held exactly
    /// as often as counted, those counted 0 absent.
    fn count_pairs(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let (clue, cells) = args.split_first().ok_or(ItemError::Form("no clue"))?;
        let digits: Option<Vec<u32>> = clue.chars().map(|ch| ch.to_digit(10)).collect();
        let digits = (digits.filter(|d| !d.is_empty() && d.len() % 2 == 0)).ok_or(
            ItemError::Form("a look-and-say clue is (count, value) digit pairs"),
        )?;
        let (mut values, mut absent, mut counted) = (Vec::new(), Vec::new(), Vec::new());
        for pair in digits.chunks(2) {
            let (count, value) = (pair[0], pair[1]);
            if count > 0 && counted.contains(&value) {
                return Err(ItemError::Form("a look-and-say clue counts a value twice"));
            }
            match count {
                // ISS leaves a value past the grid's out of the cells anyway.
                0 if !(1..=self.n as u32).contains(&value) => {}
                0 => absent.push(value),
                _ => {
                    counted.push(value);
                    values.extend(std::iter::repeat_n(value, count as usize));
                }
            }
        }
        let item = json!({"cells": self.names(cells)?, "values": values, "exact": true,
            "absent": absent});
        self.push(key, item);
        Ok(())
    }

    /// A cage: its sum (none when empty or 0), then its cells.
    fn cage(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let (sum, cells) = args.split_first().ok_or(ItemError::Form("no sum"))?;
        let mut item = json!({ "cells": self.names(cells)? });
        if !sum.is_empty() && number(sum)? != 0 {
            item["value"] = json!(sum.to_string());
        }
        self.push(key, item);
        Ok(())
    }

    /// A sum cage, as [`Reader::cage`]; when a cell is listed more than once, an extra region
    /// of its cells and a sum weighing each as often as it is listed (as ISS counts it).
    fn sum_cage(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let (sum, cells) = args.split_first().ok_or(ItemError::Form("no sum"))?;
        let (once, weights) = self.weighed(cells, &vec![1; cells.len()])?;
        if once.len() == cells.len() {
            return self.cage(key, args);
        }
        self.push(EXTRA_REGIONS.key, json!({ "cells": once }));
        if !sum.is_empty() && number(sum)? != 0 {
            let item = json!({"cells": once, "value": number(sum)?, "weights": weights});
            self.push(WEIGHTED_SUMS.key, item);
        }
        Ok(())
    }

    /// The cells listed once each, in order, and each one's weights added up.
    fn weighed(
        &self,
        cells: &[&str],
        weights: &[i64],
    ) -> Result<(Vec<Value>, Vec<i64>), ItemError> {
        let mut once: Vec<Value> = Vec::new();
        let mut total: Vec<i64> = Vec::new();
        for (id, &w) in cells.iter().zip(weights) {
            let name = self.name(id)?;
            match once.iter().position(|c| *c == name) {
                Some(i) => total[i] += w,
                None => {
                    once.push(name);
                    total.push(w);
                }
            }
        }
        Ok((once, total))
    }

    /// A sum: its total, or `total_=_w1_w2...` with a weight per cell, then the cells (a cell
    /// listed more than once weighed as often).
    fn weighted_sum(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let (sum, cells) = args.split_first().ok_or(ItemError::Form("no sum"))?;
        let mut parts = sum.split('_');
        let total = number(parts.next().unwrap_or(""))?;
        let given: Option<Vec<i64>> = match parts.next() {
            Some("=") => Some(parts.map(number).collect::<Result<_, _>>()?),
            _ => None,
        };
        if given.as_ref().is_some_and(|w| w.len() != cells.len()) {
            return Err(ItemError::Form("a sum's weights are one per cell"));
        }
        let weights = given.clone().unwrap_or_else(|| vec![1; cells.len()]);
        let (once, weights) = self.weighed(cells, &weights)?;
        let mut item = json!({ "cells": once, "value": total });
        if given.is_some() || once.len() != cells.len() {
            item["weights"] = json!(weights);
        }
        self.push(key, item);
        Ok(())
    }

    /// A relation: ISS's key, then groups of cells, each after its `_name` or an empty
    /// argument.
    fn relation(&mut self, key: &str, every: bool, args: &[&str]) -> Result<(), ItemError> {
        let (code, groups) = args
            .split_first()
            .ok_or(ItemError::Form("no relation key"))?;
        // Pairs of written values (the key's are by place among the values).
        let shift = self.first as usize;
        let allowed: Vec<[usize; 2]> = (allowed_pairs(code, self.n)?.into_iter())
            .map(|pair| pair.map(|v| v - 1 + shift))
            .collect();
        for (name, cells) in named_groups(groups) {
            let item = json!({"cells": self.names(&cells)?, "allowed": allowed,
                "name": name, "every": every});
            self.push(key, item);
        }
        Ok(())
    }

    /// An automaton: ISS's encoded NFA, then groups of cells as a relation's, each group's
    /// segments split at `-`.
    fn machine(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let (code, groups) = args.split_first().ok_or(ItemError::Form("no NFA"))?;
        for (name, cells) in named_groups(groups) {
            let segments = (cells.split(|a| *a == "-"))
                .map(|segment| self.names(segment))
                .collect::<Result<Vec<_>, _>>()?;
            if segments.iter().any(Vec::is_empty) {
                return Err(ItemError::Form("a segment has no cells"));
            }
            let item = json!({"segments": segments, "machine": code, "name": name});
            self.push(key, item);
        }
        Ok(())
    }

    /// A regular expression (base64, or percent-encoded when it holds `%` or `.`), then
    /// groups of cells split off by empty arguments.
    fn pattern(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        use base64::Engine as _;
        let (code, groups) = args.split_first().ok_or(ItemError::Form("no pattern"))?;
        let pattern = match code.contains(['%', '.']) {
            true => Some(
                percent_encoding::percent_decode_str(code)
                    .decode_utf8_lossy()
                    .into_owned(),
            ),
            false => (base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(code.trim_end_matches('='))
                .ok())
            .and_then(|bytes| String::from_utf8(bytes).ok()),
        };
        let pattern = pattern.ok_or(ItemError::Form("the pattern is not base64"))?;
        for cells in groups.split(|a| a.is_empty()).filter(|g| !g.is_empty()) {
            let item = json!({"cells": self.names(cells)?, "regex": pattern});
            self.push(key, item);
        }
        Ok(())
    }

    /// Marks between two cells, with their letter, or Kropki dots (`None`): ISS writes the
    /// marks of one type as one item, a mark between each two side-by-side cells listed (a
    /// cell beside none of the others adds none; an item with no such pair is an error).
    fn mark(&mut self, key: &str, value: Option<&str>, args: &[&str]) -> Result<(), ItemError> {
        let cells: Vec<(usize, usize)> = args
            .iter()
            .map(|id| self.cell(id))
            .collect::<Result<_, _>>()?;
        let beside =
            |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
        let mut any = false;
        for (i, &a) in cells.iter().enumerate() {
            for &b in cells[i + 1..].iter().filter(|&&b| beside(a, b)) {
                let name = |(r, c): (usize, usize)| json!(format!("R{}C{}", r + 1, c + 1));
                let mut item = json!({ "cells": [name(a), name(b)] });
                match value {
                    Some(letter) => item["value"] = json!(letter),
                    None => self.dots = true,
                }
                self.push(key, item);
                any = true;
            }
        }
        match any {
            true => Ok(()),
            false => Err(ItemError::Form("a mark needs two side-by-side cells")),
        }
    }

    /// The windows, as ISS places them: boxes of the region size (the values' count unless
    /// `RegionSize` says), one cell in from the top left, a cell apart (the four of a 9x9).
    fn windows(&mut self, key: &str) {
        let size = self.box_size.unwrap_or(self.top);
        let Some((h, w)) = super::reader::box_shape(self.n, size) else {
            return;
        };
        let n = self.n;
        for left in (1..).step_by(w + 1).take_while(|&c| c + w < n) {
            for top in (1..).step_by(h + 1).take_while(|&r| r + h < n) {
                let cells: Vec<Value> = (0..size)
                    .map(|k| json!(format!("R{}C{}", top + k % h + 1, left + k / h + 1)))
                    .collect();
                self.push(key, json!({ "cells": cells }));
            }
        }
    }

    /// A quadruple: the top-left cell of a 2x2 square, then its values.
    fn quad(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let (corner, values) = args.split_first().ok_or(ItemError::Form("no cell"))?;
        let (r, c) = self.cell(corner)?;
        if r + 1 >= self.n || c + 1 >= self.n {
            return Err(ItemError::NoQuad(corner.to_string()));
        }
        let cells: Vec<Value> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            .iter()
            .map(|(r, c)| json!(format!("R{}C{}", r + 1, c + 1)))
            .collect();
        let values: Vec<i64> = values.iter().map(|v| number(v)).collect::<Result<_, _>>()?;
        self.push(key, json!({ "cells": cells, "values": values }));
        Ok(())
    }

    /// Pushes an outside clue, replacing an earlier one of `key` at the same place (ISS keeps
    /// the last clue of a type on a side of a line).
    fn push_outside(&mut self, key: &str, item: Value) {
        if let Some(Value::Array(items)) = self.keys.get_mut(key) {
            items.retain(|other| other.get("cell") != item.get("cell"));
        }
        self.push(key, item);
    }

    /// A clue before a row or column: its sum, then the line.
    fn before(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let [sum, line] = args[..] else {
            return Err(ItemError::Form(
                "expected a sum and a row or column (R1, C3)",
            ));
        };
        let place = self.outside(line, true)?;
        self.push_outside(key, json!({"cell": place, "value": sum}));
        Ok(())
    }

    /// Clues at both ends of a row or column: the line, then the front clue and the back one
    /// (either may be empty).
    fn both_ends(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let (line, clues) = args
            .split_first()
            .ok_or(ItemError::Form("no row or column"))?;
        for (front, clue) in [(true, clues.first()), (false, clues.get(1))] {
            if let Some(clue) = clue.filter(|c| !c.is_empty()) {
                let place = self.outside(line, front)?;
                self.push_outside(key, json!({"cell": place, "value": clue}));
            }
        }
        Ok(())
    }

    /// A circle or pill (the first `size` cells, read in reading order) and the line from it.
    fn circled_line(&mut self, key: &str, size: usize, cells: &[&str]) -> Result<(), ItemError> {
        if cells.len() <= size {
            return Err(ItemError::Form("an arrow needs a shaft"));
        }
        let mut pill: Vec<(usize, usize)> = (cells[..size].iter())
            .map(|id| self.cell(id))
            .collect::<Result<_, _>>()?;
        pill.sort_unstable();
        let pill: Vec<Value> = (pill.iter())
            .map(|(r, c)| json!(format!("R{}C{}", r + 1, c + 1)))
            .collect();
        let line = self.names(&cells[size - 1..])?;
        self.push(
            key,
            json!({ "cells": pill, "lines": [line], "jumps": true }),
        );
        Ok(())
    }

    /// A sum along a diagonal, from the first cell of the diagonal (ISS's id): the clue outside the
    /// grid before it, and the direction along it, as ISS lists the diagonals (left side down
    /// and right, right side up and left, top down and left, bottom up and right; each
    /// diagonal once, by its first listing).
    fn diagonal_sum(&mut self, key: &str, args: &[&str]) -> Result<(), ItemError> {
        let [sum, first] = args[..] else {
            return Err(ItemError::Form("expected a sum and a cell"));
        };
        let start = self.cell(first)?;
        let listed = diagonals(self.n)
            .into_iter()
            .find(|(cells, _)| cells[0] == start);
        let (_, (dr, dc)) = listed.ok_or_else(|| ItemError::NoDiagonal(first.to_string()))?;
        let direction = match (dr, dc) {
            (1, 1) => "DR",
            (-1, -1) => "UL",
            (1, -1) => "DL",
            _ => "UR",
        };
        let (r, c) = (start.0 as i64, start.1 as i64);
        let clue = format!("R{}C{}", r - dr + 1, c - dc + 1);
        self.push(
            key,
            json!({"cell": clue, "direction": direction, "value": sum}),
        );
        Ok(())
    }

    /// The clue cell beside row `R<r>` or column `C<c>`: before it (`front`) or after it.
    fn outside(&self, line: &str, front: bool) -> Result<String, ItemError> {
        let n = self.n;
        let index = |text: &str| text.parse::<usize>().ok().filter(|&i| (1..=n).contains(&i));
        let edge = if front { 0 } else { n + 1 };
        match line.split_at(line.len().min(1)) {
            ("R", i) => index(i).map(|r| format!("R{r}C{edge}")),
            ("C", i) => index(i).map(|c| format!("R{edge}C{c}")),
            _ => None,
        }
        .ok_or_else(|| ItemError::NoLine(line.to_string()))
    }
}
