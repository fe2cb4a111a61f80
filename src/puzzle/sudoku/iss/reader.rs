//! The f-puzzles object an ISS string is read into: cells, layout, givens, and the items'
//! dispatch to their rules.

use serde_json::{json, Map, Value};

use super::super::fpuzzles::default_box;
use super::fail;
use super::{ItemError, LEGACY};
use crate::error::ParseError;
use crate::rule::engine::entry::{set_flag, IssType};
use crate::rule::{EXTRA_REGIONS, ISS_TYPES, SAME_VALUES};

/// The f-puzzles object being written from the items.
pub(super) struct Reader {
    pub(super) n: usize,
    /// How many values.
    pub(super) top: usize,
    /// The first value (0 or 1).
    pub(super) first: u32,
    /// The cells of a box, when `RegionSize` sets it.
    pub(super) box_size: Option<usize>,
    /// A Jigsaw's pieces, each its cells.
    pieces: Vec<Vec<Value>>,
    /// Whether the largest regions hold one set of values (`RegionSameValues`).
    same_values: bool,
    pub(super) keys: Map<String, Value>,
    pub(super) grid: Vec<Vec<Value>>,
    pub(super) boxes: bool,
    /// Kropki dots were read (marks with no value of their own).
    pub(super) dots: bool,
    /// A rule ISS applies beside dots too, read where f-puzzles' spares them (its key).
    pub(super) unspared: Option<&'static str>,
    /// Rules turned on as f-puzzles means them.
    pub(super) flags: Vec<&'static str>,
}

impl Reader {
    /// An `n` x `n` grid with boxes and nothing read yet.
    pub(super) fn new(n: usize) -> Self {
        Reader {
            n,
            top: n,
            first: 1,
            box_size: None,
            pieces: Vec::new(),
            same_values: false,
            keys: Map::new(),
            grid: vec![vec![json!({}); n]; n],
            boxes: true,
            dots: false,
            unspared: None,
            flags: Vec::new(),
        }
    }

    /// A cell id (`R1C1`; rows and columns past 9 are `a`..`g`), as f-puzzles writes it.
    pub(super) fn cell(&self, id: &str) -> Result<(usize, usize), ItemError> {
        if id.starts_with("CC") {
            return Err(ItemError::RegionCell(id.to_string()));
        }
        let chars: Vec<char> = id.chars().collect();
        let digit = |ch: char| ch.to_digit(17).filter(|&d| d >= 1).map(|d| d as usize - 1);
        let at = match chars[..] {
            [r, row, c, col] if "Rr".contains(r) && "Cc".contains(c) => digit(row).zip(digit(col)),
            _ => None,
        };
        at.filter(|&(r, c)| r < self.n && c < self.n)
            .ok_or_else(|| ItemError::NoCell {
                id: id.to_string(),
                n: self.n,
            })
    }

    pub(super) fn name(&self, id: &str) -> Result<Value, ItemError> {
        let (r, c) = self.cell(id)?;
        Ok(json!(format!("R{}C{}", r + 1, c + 1)))
    }

    pub(super) fn names(&self, ids: &[&str]) -> Result<Vec<Value>, ItemError> {
        ids.iter().map(|id| self.name(id)).collect()
    }

    pub(super) fn push(&mut self, key: &str, item: Value) {
        let list = self.keys.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(items) = list {
            items.push(item);
        }
    }

    pub(super) fn line(&mut self, key: &str, cells: &[&str]) -> Result<(), ItemError> {
        let line = self.names(cells)?;
        self.push(key, json!({ "lines": [line], "jumps": true }));
        Ok(())
    }

    /// Reads one item: the layout and givens here, a rule's type as the registry says.
    pub(super) fn item(&mut self, kind: &str, args: &[&str]) -> Result<(), ItemError> {
        match kind {
            "" | "Given" => return self.givens(args),
            // An `And` outside an `Or` only groups items that hold anyway.
            "Shape" | "End" | "And" => return Ok(()),
            "NoBoxes" => self.boxes = false,
            // Read before the other items (`region_size`).
            "RegionSize" => return Ok(()),
            "Jigsaw" => return self.jigsaw(args.last().copied().unwrap_or("")),
            "SearchPriority" => return self.priority(args),
            "RegionSameValues" if args.iter().all(|a| a.is_empty()) => self.same_values = true,
            "RegionSameValues" => {
                return Err(ItemError::Form("RegionSameValues takes no arguments"))
            }
            name if LEGACY.iter().any(|(old, _)| *old == name) => {
                let (_, new) = LEGACY.iter().find(|(old, _)| *old == name).unwrap();
                let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                if let Some(key) = args.first_mut() {
                    *key = key
                        .chars()
                        .map(|ch| match ch {
                            '-' => '_',
                            '_' => '-',
                            other => other,
                        })
                        .collect();
                }
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                return self.item(new, &args);
            }
            name => {
                let types: Vec<&IssType> = ISS_TYPES.iter().filter(|t| t.name == name).collect();
                let mut read = false;
                for t in &types {
                    read |= self.rule(t.kind.key, t.form, args)?;
                }
                if !read {
                    return Err(ItemError::Unread(name.to_string()));
                }
            }
        }
        Ok(())
    }

    /// A search hint: its priority (a number) and cells, checked; it allows every solution.
    fn priority(&self, args: &[&str]) -> Result<(), ItemError> {
        let (priority, cells) = args.split_first().ok_or(ItemError::Form("no priority"))?;
        (priority.parse::<f64>()).map_err(|_| ItemError::NotANumber(priority.to_string()))?;
        cells.iter().try_for_each(|id| self.cell(id).map(|_| ()))
    }

    /// The givens (`R1C1_5`) and given candidates (`R1C1_1_2_3`).
    fn givens(&mut self, args: &[&str]) -> Result<(), ItemError> {
        for arg in args {
            let mut parts = arg.split('_');
            let (r, c) = self.cell(parts.next().unwrap_or(""))?;
            let values: Vec<u32> = (parts.map(|v| v.parse::<u32>()))
                .collect::<Result<_, _>>()
                .map_err(|_| ItemError::NotGiven(arg.to_string()))?;
            if values.is_empty() {
                return Err(ItemError::NoValue(arg.to_string()));
            }
            // A cell given again keeps the values both allow, as ISS does.
            let cell = &mut self.grid[r][c];
            let before: Option<Vec<u32>> = match (cell.get("value"), cell.get("givenPencilMarks")) {
                (Some(v), _) => serde_json::from_value(json!([v])).ok(),
                (None, Some(marks)) => serde_json::from_value(marks.clone()).ok(),
                (None, None) => None,
            };
            let values: Vec<u32> = match before {
                Some(before) => values.into_iter().filter(|v| before.contains(v)).collect(),
                None => values,
            };
            if let Some(object) = cell.as_object_mut() {
                for key in ["value", "given", "givenPencilMarks"] {
                    object.remove(key);
                }
            }
            match values[..] {
                [v] => {
                    cell["value"] = json!(v);
                    cell["given"] = json!(true);
                }
                _ => cell["givenPencilMarks"] = json!(values),
            }
        }
        Ok(())
    }

    /// Jigsaw regions from a layout of one label per cell, in reading order, as ISS reads
    /// them: a piece of N to M cells (the side to the greatest value) keeps its values
    /// distinct, and one piece of another size may be left over, holding no rule (a grid
    /// only partly divided). N pieces of N cells are the grid's regions; other pieces
    /// (ISS's "squishdoku", or N cells with a `RegionSize`) are extra regions.
    fn jigsaw(&mut self, layout: &str) -> Result<(), ItemError> {
        let n = self.n;
        let chars: Vec<char> = layout.chars().collect();
        if chars.len() != n * n {
            return Err(ItemError::Layout {
                cells: chars.len(),
                grid: n * n,
            });
        }
        let mut labels: Vec<char> = Vec::new();
        let mut pieces: Vec<Vec<usize>> = Vec::new();
        for (i, ch) in chars.iter().enumerate() {
            match labels.iter().position(|l| l == ch) {
                Some(k) => pieces[k].push(i),
                None => {
                    labels.push(*ch);
                    pieces.push(vec![i]);
                }
            }
        }
        let fits = |piece: &Vec<usize>| (n..=self.top).contains(&piece.len());
        if pieces.iter().filter(|p| !fits(p)).count() > 1 {
            return Err(ItemError::Regions {
                least: n,
                most: self.top,
            });
        }
        pieces.retain(fits);
        let name = |&i: &usize| json!(format!("R{}C{}", i / n + 1, i % n + 1));
        let whole = pieces.len() == n && pieces.iter().all(|p| p.len() == n);
        match whole && self.box_size.is_none_or(|k| k == n) {
            true => (pieces.iter().enumerate())
                .flat_map(|(k, piece)| piece.iter().map(move |&i| (k, i)))
                .for_each(|(k, i)| self.grid[i / n][i % n]["region"] = json!(k)),
            false => {
                for piece in &pieces {
                    let cells: Vec<Value> = piece.iter().map(name).collect();
                    self.push(EXTRA_REGIONS.key, json!({ "cells": cells }));
                }
            }
        }
        self.pieces = (pieces.iter())
            .map(|piece| piece.iter().map(name).collect())
            .collect();
        Ok(())
    }

    /// The f-puzzles object: the grid (no boxes when `NoBoxes` and no Jigsaw), the keys, and
    /// the negative rules.
    pub(super) fn finish(mut self) -> Result<Map<String, Value>, ParseError> {
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
        // Boxes of another size than the side (ISS's `RegionSize`): extra regions, as ISS
        // shapes them (none when no box of that size tiles the grid).
        let resized = self.box_size.filter(|&k| k != self.n);
        if self.same_values {
            self.same_value_regions();
        }
        if let (Some(size), true, false) = (resized, self.boxes, jigsaw) {
            self.boxes = false;
            for cells in box_cells(self.n, size) {
                self.push(EXTRA_REGIONS.key, json!({ "cells": cells }));
            }
        }
        match self.first {
            1 if self.top == self.n => {}
            1 => _ = self.keys.insert("values".into(), json!(self.top)),
            first => {
                let last = self.top as u32 - 1 + first;
                self.keys
                    .insert("values".into(), json!(format!("{first}-{last}")));
            }
        }
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

impl Reader {
    /// ISS's `RegionSameValues`: the largest regions (rows, columns, boxes, pieces) hold one
    /// set of values, as a `samevalues` rule over them. Regions of as many cells as values
    /// hold every value already: nothing to add.
    fn same_value_regions(&mut self) {
        let n = self.n;
        let name = |(r, c): (usize, usize)| json!(format!("R{}C{}", r + 1, c + 1));
        let mut regions: Vec<Vec<Value>> = (0..n)
            .flat_map(|i| {
                [
                    (0..n).map(|j| name((i, j))).collect(),
                    (0..n).map(|j| name((j, i))).collect(),
                ]
            })
            .collect();
        regions.extend(self.pieces.iter().cloned());
        // ISS keeps the boxes beside a Jigsaw's pieces unless told NoBoxes.
        if self.boxes {
            regions.extend(box_cells(n, self.box_size.unwrap_or(n)));
        }
        let largest = regions.iter().map(Vec::len).max().unwrap_or(0);
        regions.retain(|r| r.len() == largest);
        if largest != self.top && regions.len() >= 2 {
            self.push(SAME_VALUES.key, json!({ "sets": regions }));
        }
    }
}

/// The shape (rows, columns) of a box of `size` cells on an `n` x `n` grid, as ISS shapes it:
/// the most nearly square one that tiles the grid, its shorter side tried from the square
/// root down; `None` when there is none.
pub(super) fn box_shape(n: usize, size: usize) -> Option<(usize, usize)> {
    (2..=size.isqrt()).rev().find_map(|small| {
        let large = size / small;
        let tiles = n.is_multiple_of(small) && n.is_multiple_of(large);
        (size.is_multiple_of(small) && tiles).then_some((small, large))
    })
}

/// The boxes of `size` cells on an `n` x `n` grid, as ISS shapes them (none when no box of
/// that size tiles the grid).
fn box_cells(n: usize, size: usize) -> Vec<Vec<Value>> {
    let Some((h, w)) = box_shape(n, size) else {
        return Vec::new();
    };
    let mut boxes = Vec::new();
    for top in (0..n).step_by(h) {
        for left in (0..n).step_by(w) {
            let cells = (0..size)
                .map(|k| json!(format!("R{}C{}", top + k / w + 1, left + k % w + 1)))
                .collect();
            boxes.push(cells);
        }
    }
    boxes
}
