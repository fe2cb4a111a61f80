//! The 88 public KenKens with hidden operators (`?`; `../shared/puzzles-public/pkit/
//! kenken-hidden-op`, when that folder is beside the repository) solve to their published
//! solutions and are proven unique, with cage tables and with the arithmetic formulation. The
//! folder is solved in one run per formulation; each puzzle is a test of its own that reads its
//! record from that run, and each run is one more test (its exit code and its 88 records).

mod common;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use common::{cases, grid, public, public_text, run};
use libtest_mimic::{Arguments, Trial};
use serde_json::Value;

/// The two formulations, each with the name of its tests.
const FORMULATIONS: [(&str, &[&str]); 2] = [
    ("hidden_operator_kenkens_solve_with_cage_tables", &[]),
    (
        "hidden_operator_kenkens_solve_with_arithmetic_cages",
        &["--cages", "arithmetic"],
    ),
];

/// One run on the folder: its exit code, its standard error and its records by key (the path
/// under `pkit/`).
struct Batch {
    code: i32,
    stderr: String,
    records: BTreeMap<String, Vec<Value>>,
}

/// The run of `kenken --check-unique` on the folder with the formulation `at` of
/// [`FORMULATIONS`], made once and shared by the tests of its puzzles.
fn batch(at: usize) -> &'static Batch {
    static RUNS: [OnceLock<Batch>; 2] = [const { OnceLock::new() }; 2];
    RUNS[at].get_or_init(|| {
        let folder = public("pkit").join("kenken-hidden-op");
        let folder = folder.to_string_lossy().to_string();
        let mut args = vec!["kenken", "--check-unique", "--format", "json", "--quiet"];
        args.extend_from_slice(FORMULATIONS[at].1);
        args.push(&folder);
        let result = run(&args);
        let mut records: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for record in result.json() {
            let file = record["file"].as_str().expect("file");
            let key = file.split("pkit/").nth(1).expect("under pkit/");
            records.entry(key.to_string()).or_default().push(record);
        }
        Batch {
            code: result.code,
            stderr: result.stderr,
            records,
        }
    })
}

/// The folder's puzzles, by key (`kenken-hidden-op/FILE`), each with its published solution.
fn puzzles() -> Vec<(String, (String, Value))> {
    let known: BTreeMap<String, Value> =
        serde_json::from_str(&public_text("pkit/solutions.json")).expect("solutions.json");
    let folder = public("pkit").join("kenken-hidden-op");
    let mut keys: Vec<String> = (std::fs::read_dir(&folder).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .map(|name| format!("kenken-hidden-op/{name}"))
        .collect();
    keys.sort();
    assert_eq!(keys.len(), 88, "the folder's puzzles");
    (keys.into_iter())
        .map(|key| {
            let solution = known.get(&key).cloned().unwrap_or(Value::Null);
            (key.clone(), (key, solution))
        })
        .collect()
}

/// A puzzle has one record in the run: unique, its published solution, its operators named.
fn check(at: usize, key: &str, solution: &Value) {
    let found = batch(at).records.get(key);
    let records = found.unwrap_or_else(|| panic!("{key}: no record"));
    assert_eq!(records.len(), 1, "{key}: one record");
    let record = &records[0];
    assert_eq!(record["unique"], true, "{key}");
    assert_eq!(grid(&record["solution"]), grid(solution), "{key}");
    assert!(
        record["operators"].is_array(),
        "{key}: the hidden operators are named"
    );
}

/// The run ends with exit code 0 and gives 88 records.
fn check_run(at: usize) {
    let batch = batch(at);
    assert_eq!(batch.code, 0, "{}", batch.stderr);
    let records: usize = batch.records.values().map(Vec::len).sum();
    assert_eq!(records, 88);
}

fn main() {
    let mut trials = Vec::new();
    for (at, (group, _)) in FORMULATIONS.into_iter().enumerate() {
        trials.extend(cases(group, puzzles, move |(key, solution)| {
            check(at, &key, &solution)
        }));
        trials.push(Trial::test(format!("{group}: the run"), move || {
            check_run(at);
            Ok(())
        }));
    }
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
