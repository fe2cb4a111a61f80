//! A Latin-grid puzzle written back as the JSON its reader takes: KenKen's size and cages, or
//! a Sudoku variant's givens, layout, sum cages and other rules. One key per
//! line; rows, cages and rule items one per line.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::Latin;
use crate::cage::Cage;
use crate::geometry::AreaName;
use crate::grid::cell_json;

impl Latin {
    /// The puzzle as KenKen JSON.
    pub(super) fn kenken_json(&self) -> String {
        let cages = self.cages.iter().map(|cage| {
            let op = Value::from(cage.op.symbol());
            let (target, cells) = (cage.target, cells(cage));
            format!("{{\"op\": {op}, \"target\": {target}, \"cells\": {cells}}}")
        });
        let keys = [("size", self.size.to_string()), ("cages", items(cages))];
        object(&keys)
    }

    /// The puzzle as Sudoku variant JSON.
    pub(super) fn variant_json(&self) -> String {
        let mut keys = vec![("size", self.size.to_string())];
        match self.first {
            1 if self.top == self.size => {}
            1 => keys.push(("values", self.top.to_string())),
            first => keys.push((
                "values",
                format!("\"{first}-{}\"", self.top as u32 - 1 + first),
            )),
        }
        let givens = self.write_grid(&self.givens, Some("."));
        keys.push((
            "givens",
            items(givens.lines().map(|row| compact(&row.into()))),
        ));
        let named =
            |wanted: fn(&AreaName) -> bool| self.areas.iter().filter(move |a| wanted(&a.name));
        let first_box = named(|name| *name == AreaName::Box(0)).next();
        if named(|name| matches!(name, AreaName::Region(_)))
            .next()
            .is_some()
        {
            let mut labels = vec![vec![String::new(); self.size]; self.size];
            for area in named(|name| matches!(name, AreaName::Region(_))) {
                if let AreaName::Region(label) = &area.name {
                    area.cells
                        .iter()
                        .for_each(|&(r, c)| labels[r][c] = label.clone());
                }
            }
            let rows = labels.iter().map(|row| compact(&row.join(" ").into()));
            keys.push(("regions", items(rows)));
        } else if let Some(first) = first_box {
            let rows: BTreeSet<usize> = first.cells.iter().map(|cell| cell.0).collect();
            let cols: BTreeSet<usize> = first.cells.iter().map(|cell| cell.1).collect();
            keys.push(("box", format!("\"{}x{}\"", rows.len(), cols.len())));
        } else {
            keys.push(("box", "\"none\"".into()));
        }
        if !self.cages.is_empty() {
            let cages = (self.cages.iter())
                .map(|cage| format!("{{\"sum\": {}, \"cells\": {}}}", cage.target, cells(cage)));
            keys.push(("cages", items(cages)));
        }
        let mut rules = Map::new();
        self.rules
            .iter()
            .for_each(|rule| rule.write_json(&mut rules));
        let rules: Vec<(&str, String)> = (rules.iter())
            .map(|(key, value)| match value {
                Value::Array(list) => (key.as_str(), items(list.iter().map(compact))),
                other => (key.as_str(), compact(other)),
            })
            .collect();
        keys.extend(rules);
        object(&keys)
    }
}

/// A cage's cells, `[[1, 1], [1, 2]]`.
fn cells(cage: &Cage) -> String {
    compact(&cage.cells.iter().map(cell_json).collect())
}

/// An object of one key per line.
fn object(keys: &[(&str, String)]) -> String {
    let lines: Vec<String> = (keys.iter())
        .map(|(key, value)| format!("  \"{key}\": {value}"))
        .collect();
    format!("{{\n{}\n}}\n", lines.join(",\n"))
}

/// An array of one item per line, inside an object.
fn items(items: impl Iterator<Item = String>) -> String {
    let lines: Vec<String> = items.map(|item| format!("    {item}")).collect();
    match lines.is_empty() {
        true => "[]".into(),
        false => format!("[\n{}\n  ]", lines.join(",\n")),
    }
}

/// `value` on one line, with a space after each comma.
fn compact(value: &Value) -> String {
    match value {
        Value::Array(list) => {
            let inner: Vec<String> = list.iter().map(compact).collect();
            format!("[{}]", inner.join(", "))
        }
        other => other.to_string(),
    }
}
