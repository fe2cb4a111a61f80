//! Killer cages (`killercage`: `[{"cells": [...], "value": "17"}]`): a cage's values differ
//! and, when it has a value, add up to it. Summed cages join the puzzle's cages (checked and
//! drawn with them); a cage without a sum is an area, and a summed cage that overlaps another
//! (f-puzzles allows it) an area and a sum.

use std::sync::Arc;

use serde_json::Value;

use crate::error::{CageLabel, Problem};
use crate::geometry::{Area, AreaName};
use crate::grid::Cell;
use crate::picture::Label;
use crate::rule::engine::entry::{Keys, Placement, RuleKind};
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::reading::{at, cells, items, number, wrong, Board, Found};
use crate::rule::engine::sums::{Equation, Sums};

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("killercage", read);

/// The registry entry of mipsolve's `cages`: `[{"sum": 15, "cells": [[1, 1], [1, 2]]}]`.
pub static OWN: RuleKind = RuleKind::new("cages", read_own);

/// `generate --variant killer`: sum cages drawn over the solution, no digit twice in one.
pub static PLACED: Placement = Placement {
    name: "killer",
    about: "sum cages",
    fixed: None,
    drawn: Some(|solution, rng, rules| {
        let cages = crate::cage::draw::sum_cages(solution, rng);
        rules.insert(OWN.key.into(), own_json(&cages));
    }),
};

/// Sum cages in mipsolve's form: `[{"sum": 15, "cells": [[1, 1], [1, 2]]}]`.
pub fn own_json(cages: &[(u64, Vec<Cell>)]) -> Value {
    let one = |(sum, cells): &(u64, Vec<Cell>)| {
        let cells: Vec<Value> = cells.iter().map(crate::grid::cell_json).collect();
        serde_json::json!({ "sum": sum, "cells": cells })
    };
    Value::Array(cages.iter().map(one).collect())
}

/// Adds sum cages in f-puzzles' form (`{"cells": ["R1C1", ...], "value": "17"}`, the value
/// left out for a cage without a sum), for the readers of other forms.
pub fn add_fpuzzles_cages(keys: &mut Keys, cages: Vec<Value>) {
    if !cages.is_empty() {
        keys.insert(KIND.key.into(), Value::Array(cages));
    }
}

fn read_own(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut found = Found::none();
    for (i, item) in items(value)?.into_iter().enumerate() {
        let label = CageLabel {
            number: i + 1,
            rule: match item.get("sum") {
                Some(sum) => format!("sum {}", crate::json_values::written(sum)),
                None => "no sum".into(),
            },
        };
        let place = || label.to_string();
        if let Some(key) = item
            .keys()
            .find(|k| !["sum", "cells"].contains(&k.as_str()))
        {
            let problem = Problem::UnknownKey {
                key: key.clone(),
                like: None,
            };
            return Err(at(place(), problem));
        }
        let sum = match item.get("sum") {
            None => return Err(at(place(), Problem::MissingKey("sum"))),
            Some(sum) => crate::json_values::whole_number(sum).filter(|&s| s > 0),
        };
        let sum = sum.ok_or_else(|| at(place(), Problem::Target))?;
        let cage = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        found.cages.push((label, sum, cage));
    }
    if !found.cages.is_empty() {
        found.names.push("killer");
    }
    Ok(found)
}

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let listed = items(value)?;
    let mut all = Vec::with_capacity(listed.len());
    for (i, item) in listed.iter().enumerate() {
        let place = || format!("killer cage {}", i + 1);
        let cage = cells(item, "cells", board.n).map_err(|p| at(place(), p))?;
        if cage.is_empty() {
            return Err(at(place(), wrong("the cage has no cells")));
        }
        all.push(cage);
    }
    // Cages may overlap in f-puzzles: a summed cage that shares a cell is a sum and an area,
    // not one of the puzzle's cages (which partition what they cover).
    let mut uses = vec![0usize; board.n * board.n];
    all.iter()
        .flatten()
        .for_each(|&(r, c)| uses[r * board.n + c] += 1);
    let mut found = Found::none();
    let (mut kept, mut equations, mut dashed) = (Vec::new(), Vec::new(), Vec::new());
    for (i, (item, cage)) in listed.iter().zip(all).enumerate() {
        let place = || format!("killer cage {}", i + 1);
        let blank = |v: &Value| v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty());
        let area = |cells: Vec<Cell>| Area {
            name: AreaName::Extra(place()),
            cells,
        };
        let Some(written) = item.get("value").filter(|v| !blank(v)) else {
            kept.push(Value::Object((*item).clone()));
            found.areas.push(area(cage));
            continue;
        };
        let sum = number(item, "value", None).map_err(|p| at(place(), p))?;
        // The sum of mipsolve's values 1..top, the clue's being of written ones.
        let terms: Vec<(Cell, i64)> = cage.iter().map(|&cell| (cell, 1)).collect();
        let sum = u64::try_from(board.total(&terms, sum))
            .ok()
            .filter(|&s| s > 0)
            .ok_or(at(place(), Problem::Target))?;
        let (k, n) = (cage.len() as u64, board.top as u64);
        let (least, most) = (
            k * (k + 1) / 2,
            (k * n).saturating_sub(k * k.saturating_sub(1) / 2),
        );
        if k > n || !(least..=most).contains(&sum) {
            let cells: Vec<String> = cage.iter().map(|&c| crate::grid::cell_name(c)).collect();
            // Told in written values: each of the k cells' values shifted alike.
            let written = board.written();
            let shift = k as i64 * written.offset();
            let told = |total: u64| total as i64 + shift;
            let problem = Problem::NeverHolds(format!(
                "the cage {} sums to {}, but {k} different values of {}..{} add up to {} to {}",
                cells.join(" "),
                told(sum),
                written.first,
                written.last(),
                told(least),
                told(most)
            ));
            return Err(at(place(), problem));
        }
        // A cage over a cell of another, or on values written from 0 (whose cages as the
        // puzzle's would be written and drawn with mipsolve's sums), is an area and a sum.
        if board.first != 1 || cage.iter().any(|&(r, c)| uses[r * board.n + c] > 1) {
            kept.push(Value::Object((*item).clone()));
            equations.push(Equation {
                terms: cage.iter().map(|&cell| (cell, 1)).collect(),
                total: sum as i64,
                clue: place(),
            });
            let text = crate::json_values::written(written)
                .trim_matches('"')
                .to_string();
            dashed.push(Label {
                cells: cage.clone(),
                text,
            });
            found.areas.push(area(cage));
            continue;
        }
        let label = CageLabel {
            number: i + 1,
            rule: format!("sum {}", crate::json_values::written(written)),
        };
        found.cages.push((label, sum, cage));
    }
    // What is not one of the puzzle's cages is written back under the key.
    let json = (KIND.key, Value::Array(kept));
    if !equations.is_empty() {
        let sums = Sums {
            equations,
            ..Sums::default()
        };
        let mut rule = Keyed::of("killer", sums, json);
        rule.dashed = dashed;
        found.rules.push(Arc::new(rule));
    } else if !json.1.as_array().is_some_and(Vec::is_empty) {
        found.rules.push(Arc::new(Keyed::of("killer", (), json)));
    }
    if !found.areas.is_empty() || !found.cages.is_empty() {
        found.names.push("killer");
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn summed_cages_join_the_cages_and_others_are_areas() {
        let json = r#"{"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R2C1", "R2C2"]}]}"#;
        let found = read(json, 9);
        assert_eq!(found.cages.len(), 1);
        assert_eq!(found.cages[0].1, 3);
        assert_eq!(found.areas.len(), 1);
        let own = read(r#"{"cages": [{"sum": 3, "cells": [[1, 1], [1, 2]]}]}"#, 9);
        assert_eq!(own.cages[0].2, [(0, 0), (0, 1)]);
        let overlapping = r#"{"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R1C2", "R1C3"], "value": "4"}]}"#;
        let found = read(overlapping, 9);
        assert!(
            found.cages.is_empty(),
            "overlapping cages are sums and areas"
        );
        assert_eq!((found.areas.len(), found.rules.len()), (2, 1));
        let d = narrowed(&*found.rules[0], candidates(1, 3, 9, &[((0, 0), &[2])])).unwrap();
        assert_eq!(values(&d, (0, 1)), [1]);
        assert_eq!(values(&d, (0, 2)), [3]);
        let twice = r#"{"killercage": [{"cells": ["R1C1", "R1C2", "R1C1"], "value": "6"}]}"#;
        assert_eq!(
            read_error(twice, 9),
            "killer cage 1: cell [1,1] is listed twice"
        );
        let high = r#"{"killercage": [{"cells": ["R1C1", "R1C2"], "value": "18"}]}"#;
        assert_eq!(
            read_error(high, 9),
            "killer cage 1: the cage r1c1 r1c2 sums to 18, but 2 different values of 1..9 add up to 3 to 17"
        );
        let bad = r#"{"cages": [{"sum": 0, "cells": [[1, 1]]}]}"#;
        assert_eq!(
            read_error(bad, 9),
            "cage 1 (sum 0): the target must be a positive integer below 2^64"
        );
    }
}
