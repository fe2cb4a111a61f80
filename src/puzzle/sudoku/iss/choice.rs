//! ISS's `Or ... End`: each item directly inside is an option, an `And ... End` one option of
//! all its items; the options are read as puzzles of their own and become an `or` rule's
//! options (at least one holds).

use serde_json::{json, Map, Value};

use super::reader::Reader;
use super::replicate::closing;
use super::{fail, Item, ItemError};
use crate::error::ParseError;
use crate::rule::CHOICES;

/// Reads `items` (composites copied out already) onto `reader`, each `Or` as an `or` rule.
pub(super) fn read_items(reader: &mut Reader, items: &[Item]) -> Result<(), ParseError> {
    let mut i = 0;
    while i < items.len() {
        let item = &items[i];
        if item.kind == "Or" {
            let end = closing(items, i);
            let mut options = Vec::new();
            for group in options_of(&items[i + 1..end.min(items.len())]) {
                let mut option = Reader::new(reader.n);
                read_items(&mut option, group)?;
                let keys = option.option().map_err(|e| placed(item, &e))?;
                options.push(Value::Object(keys));
            }
            if options.is_empty() {
                return Err(placed(item, &ItemError::Form("an Or with no options")));
            }
            reader.push(CHOICES.key, json!({ "options": options }));
            i = end + 1;
            continue;
        }
        let args: Vec<&str> = item.args.iter().map(String::as_str).collect();
        reader
            .item(&item.kind, &args)
            .map_err(|message| placed(item, &message))?;
        i += 1;
    }
    Ok(())
}

/// The error of `item`, named by its place and type.
fn placed(item: &Item, message: &ItemError) -> ParseError {
    let name = if item.kind.is_empty() {
        "Given"
    } else {
        &item.kind
    };
    fail(format!("ISS item {} ({name}): {message}", item.number))
}

/// The options of an `Or`'s inside: each item, or each `And` group with its items.
fn options_of(inside: &[Item]) -> Vec<&[Item]> {
    let mut options = Vec::new();
    let mut i = 0;
    while i < inside.len() {
        match inside[i].kind.as_str() {
            "And" => {
                let end = closing(inside, i).min(inside.len());
                options.push(&inside[i + 1..end]);
                i = end + 1;
            }
            "End" => i += 1,
            "Or" => {
                let end = closing(inside, i).min(inside.len() - 1);
                options.push(&inside[i..=end]);
                i = end + 1;
            }
            _ => {
                options.push(&inside[i..=i]);
                i += 1;
            }
        }
    }
    options
}

impl Reader {
    /// The keys of an option: its rules, and its givens and candidates as marks under
    /// `"grid"`; a layout (no boxes, a jigsaw) has no meaning inside an `Or`.
    pub(super) fn option(self) -> Result<Map<String, Value>, ItemError> {
        let jigsaw = (self.grid.iter().flatten()).any(|c| c.get("region").is_some());
        if !self.boxes || jigsaw {
            return Err(ItemError::Form("a layout (NoBoxes, Jigsaw) inside an Or"));
        }
        let mut keys = self.keys;
        if let Some(key) = self.unspared {
            crate::rule::engine::entry::set_flag(&mut keys, key);
        }
        let marked = |cell: &Value| match (cell.get("value"), cell.get("givenPencilMarks")) {
            (Some(v), _) => json!({ "givenPencilMarks": [v] }),
            (None, Some(marks)) => json!({ "givenPencilMarks": marks }),
            _ => json!({}),
        };
        if self.grid.iter().flatten().any(|c| c != &json!({})) {
            let grid: Vec<Vec<Value>> = (self.grid.iter())
                .map(|row| row.iter().map(marked).collect())
                .collect();
            keys.insert("grid".into(), json!(grid));
        }
        Ok(keys)
    }
}
