//! The 88 public KenKens with hidden operators (`?`; `../shared/puzzles-public/pkit/
//! kenken-hidden-op`, when that folder is beside the repository) solve to their published
//! solutions and are proven unique, with cage tables and with the arithmetic formulation.

mod common;

use std::collections::BTreeMap;

use common::{grid, public, public_text, run};
use serde_json::Value;

fn check(formulation: &[&str]) {
    let root = public("pkit");
    let text = public_text("pkit/solutions.json");
    let known: BTreeMap<String, Value> = serde_json::from_str(&text).expect("solutions.json");
    let folder = root.join("kenken-hidden-op").to_string_lossy().to_string();
    let mut args = vec!["kenken", "--check-unique", "--format", "json", "--quiet"];
    args.extend_from_slice(formulation);
    args.push(&folder);
    let result = run(&args);
    assert_eq!(result.code, 0, "{}", result.stderr);
    let records = result.json();
    assert_eq!(records.len(), 88);
    for record in records {
        let file = record["file"].as_str().expect("file");
        let key = file.split("pkit/").nth(1).expect("under pkit/");
        assert_eq!(record["unique"], true, "{key}");
        assert_eq!(grid(&record["solution"]), grid(&known[key]), "{key}");
        assert!(
            record["operators"].is_array(),
            "{key}: the hidden operators are named"
        );
    }
}

#[test]
fn hidden_operator_kenkens_solve_with_cage_tables() {
    check(&[]);
}

#[test]
fn hidden_operator_kenkens_solve_with_arithmetic_cages() {
    check(&["--cages", "arithmetic"]);
}
