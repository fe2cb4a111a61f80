//! A variant's rule items as clues, for the explanations and repairs: each item of a rule
//! key's list (a sandwich sum, a thermometer) and each rule that is on (`antiknight`) is a
//! clue, and the puzzle can be built again from its keys with some of them left out or with
//! another value.

use std::fmt;

use serde_json::{Map, Value};

use super::latin::Latin;
use crate::clue::Clue;
use crate::grid::Grid;
use crate::rule::has_rule_clues;

/// Builds the puzzle again from other rule keys and givens; `None` when they do not read.
pub type Rebuild = Box<dyn Fn(Map<String, Value>, Grid) -> Option<Latin> + Send + Sync>;

/// The rule keys a puzzle was read from, and how to build it from others.
pub struct Source {
    /// The rule keys as read.
    pub rules: Map<String, Value>,
    /// The puzzle from other keys and givens.
    pub rebuild: Rebuild,
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source")
            .field("rules", &self.rules)
            .finish()
    }
}

/// A rule key's item number (`"value": "12"` or `12`), if it has one.
fn number(item: &Value) -> Option<i64> {
    match item.get("value")? {
        Value::Number(v) => v.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Where an item is, as written: its clue cell (`"cell"`), else its first cell or the first
/// cell of its first line.
fn place(item: &Value) -> Option<String> {
    let first = |v: &Value| v.as_array().and_then(|l| l.first()).cloned();
    let at = (item.get("cell").cloned())
        .or_else(|| item.get("cells").and_then(first))
        .or_else(|| item.get("lines").and_then(first).and_then(|l| first(&l)))?;
    at.as_str().map(str::to_string)
}

impl Source {
    /// Every rule clue, in key order.
    pub fn clues(&self) -> Vec<Clue> {
        let mut clues = Vec::new();
        for (key, value) in self.rules.iter().filter(|(k, _)| has_rule_clues(k)) {
            match value {
                Value::Bool(true) => clues.push(Clue::Rule {
                    key: key.clone(),
                    index: None,
                    value: None,
                    at: None,
                }),
                Value::Array(items) => {
                    clues.extend(items.iter().enumerate().map(|(i, item)| Clue::Rule {
                        key: key.clone(),
                        index: Some(i),
                        value: number(item),
                        at: place(item),
                    }))
                }
                _ => {}
            }
        }
        clues
    }

    /// The rule keys with only the rule clues of `clues` (and their values), or `None` when
    /// they are all there as read.
    pub fn keeping(&self, clues: &[Clue]) -> Option<Map<String, Value>> {
        let kept = |key: &str, index: Option<usize>| {
            clues.iter().find_map(|c| match c {
                Clue::Rule {
                    key: k,
                    index: i,
                    value,
                    ..
                } if k == key && *i == index => Some(*value),
                _ => None,
            })
        };
        let mut rules = Map::new();
        let mut changed = false;
        for (key, value) in &self.rules {
            let value = match value {
                _ if !has_rule_clues(key) => Some(value.clone()),
                Value::Bool(true) => kept(key, None).map(|_| value.clone()),
                Value::Array(items) => {
                    let mut list = Vec::with_capacity(items.len());
                    for (i, item) in items.iter().enumerate() {
                        match kept(key, Some(i)) {
                            Some(v) if v != number(item) => {
                                let mut item = item.clone();
                                item["value"] =
                                    Value::from(v.map_or(String::new(), |v| v.to_string()));
                                list.push(item);
                                changed = true;
                            }
                            Some(_) => list.push(item.clone()),
                            None => changed = true,
                        }
                    }
                    Some(Value::Array(list))
                }
                _ => Some(value.clone()),
            };
            match value {
                Some(value) => drop(rules.insert(key.clone(), value)),
                None => changed = true,
            }
        }
        changed.then_some(rules)
    }
}
