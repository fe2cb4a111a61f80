//! Every public Sudoku variant (Killer, Killer-X, Jigsaw, Jigsaw-X, X; `../shared/puzzles-public/
//! variants`, when that folder is beside the repository) solves to its published solution and
//! is proven unique. Each folder is solved in one run, as a batch; each puzzle of
//! `solutions.json` is a test of its own that reads its record from its folder's run, and each
//! folder is one more test (its exit code, and no record of a puzzle that is not listed).

mod common;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use common::{cases, grid, public, public_text, run, VARIANT_FOLDERS};
use libtest_mimic::{Arguments, Trial};
use serde_json::Value;

const GROUP: &str = "public_variants_solve_to_their_known_solutions_and_are_proven_unique";

/// One folder's run: its exit code, its standard error and its records by key (the path
/// under `variants/`).
struct Batch {
    code: i32,
    stderr: String,
    records: BTreeMap<String, Vec<Value>>,
}

/// The run of `sudoku --check-unique` on a folder of [`VARIANT_FOLDERS`], made once and
/// shared by the tests of its puzzles.
fn batch(folder: &str) -> &'static Batch {
    static RUNS: [OnceLock<Batch>; VARIANT_FOLDERS.len()] = [const { OnceLock::new() }; 5];
    let at = VARIANT_FOLDERS.iter().position(|f| *f == folder).unwrap();
    RUNS[at].get_or_init(|| {
        let path = public("variants")
            .join(folder)
            .to_string_lossy()
            .to_string();
        let result = run(&[
            "sudoku",
            "--check-unique",
            "--format",
            "json",
            "--quiet",
            &path,
        ]);
        let mut records: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for record in result.json() {
            let file = record["file"].as_str().expect("file");
            let key = file.split("variants/").nth(1).expect("under variants/");
            records.entry(key.to_string()).or_default().push(record);
        }
        Batch {
            code: result.code,
            stderr: result.stderr,
            records,
        }
    })
}

/// The published solutions, by key (`killer-janko/002.json`); every one lies in a folder of
/// [`VARIANT_FOLDERS`].
fn known() -> Vec<(String, (String, Value))> {
    let text = public_text("variants/solutions.json");
    let known: BTreeMap<String, Value> = serde_json::from_str(&text).expect("solutions.json");
    for key in known.keys() {
        let folder = key.split('/').next().unwrap();
        assert!(
            VARIANT_FOLDERS.contains(&folder),
            "{key}: not in a folder run"
        );
    }
    (known.into_iter())
        .map(|(key, solution)| (key.clone(), (key, solution)))
        .collect()
}

/// A listed puzzle has one record in its folder's run: unique, with the published solution.
fn check(key: &str, expected: &Value) {
    let folder = key.split('/').next().unwrap();
    let found = batch(folder).records.get(key);
    let records = found.unwrap_or_else(|| panic!("{key}: no record in the run of {folder}"));
    assert_eq!(records.len(), 1, "{key}: one record");
    let record = &records[0];
    assert_eq!(record["unique"], true, "{key}");
    assert_eq!(
        grid(&record["solution"]),
        grid(&expected["solution"]),
        "{key}"
    );
}

/// A folder's run ends with exit code 0, and every record it gives is of a listed puzzle.
fn check_folder(folder: &str) {
    let batch = batch(folder);
    assert_eq!(batch.code, 0, "{folder}: {}", batch.stderr);
    let text = public_text("variants/solutions.json");
    let known: BTreeMap<String, Value> = serde_json::from_str(&text).expect("solutions.json");
    for key in batch.records.keys() {
        assert!(known.contains_key(key), "{key}: not in solutions.json");
    }
}

fn main() {
    let mut trials = cases(GROUP, known, |(key, expected): (String, Value)| {
        check(&key, &expected)
    });
    for folder in VARIANT_FOLDERS {
        trials.push(Trial::test(format!("{GROUP}: {folder}/"), move || {
            check_folder(folder);
            Ok(())
        }));
    }
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
