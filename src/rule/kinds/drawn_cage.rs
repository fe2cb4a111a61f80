//! f-puzzles' cosmetic cages (`cage`): drawn, with no rule, except those marked `DR<n>`, which
//! a solver's userscript reads as digital-root cages; mipsolve does not know that rule, so such
//! a puzzle is refused rather than solved without it.

use serde_json::Value;

use crate::error::Problem;
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::reading::{at, items, wrong, Board, Found};

/// The registry entry.
pub static KIND: RuleKind = RuleKind { key: "cage", read };

fn read(value: &Value, _: &Board) -> Result<Found, Problem> {
    for (i, item) in items(value)?.into_iter().enumerate() {
        let text = item.get("value").and_then(Value::as_str).unwrap_or("");
        let marked = text
            .strip_prefix("DR")
            .is_some_and(|n| n.trim().parse::<u32>().is_ok());
        if marked {
            let problem = wrong(format!("\"{text}\" marks a digital-root cage, a rule mipsolve does not know, so it cannot solve the puzzle with it"));
            return Err(at(format!("cage {}", i + 1), problem));
        }
    }
    Ok(Found::none())
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_drawn_cage_is_no_rule_but_a_digital_root_cage_is_refused() {
        assert!(
            read(r#"{"cage": [{"cells": ["R1C1"], "value": "title: x"}]}"#, 9)
                .rules
                .is_empty()
        );
        let marked = r#"{"cage": [{"cells": ["R1C1", "R1C2"], "value": "DR5"}]}"#;
        assert_eq!(
            read_error(marked, 9),
            "cage 1: \"DR5\" marks a digital-root cage, a rule mipsolve does not know, so it cannot solve the puzzle with it"
        );
    }
}
