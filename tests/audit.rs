//! `--audit`: the givens a unique puzzle does without, one at a time. The expected lists
//! (`tests/fixtures/audit/*.audit`) are CP-SAT's, from `bench/cpsat_rules.py audit FILE`, a
//! model written apart from mipsolve; the 17-clue puzzle must be minimal in any case, since no
//! Sudoku with 16 givens is unique.

mod common;

use common::{repo, run};
use serde_json::Value;

/// The audit of one fixture, in JSON.
fn audit(file: &str) -> Value {
    let result = run(&["sudoku", "--audit", "--format", "json", file]);
    assert_eq!(result.code, 0, "{file}: {}", result.stderr);
    let record = result.single();
    assert_eq!(record["unique"], true, "{file}");
    record["audit"].clone()
}

#[test]
fn each_fixture_names_the_givens_cp_sat_finds_redundant() {
    let mut checked = 0;
    for entry in std::fs::read_dir(repo("tests/fixtures/audit")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x == "audit") {
            continue;
        }
        let expected_file = path.with_extension("audit");
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&expected_file).unwrap()).unwrap();
        let file = path
            .strip_prefix(repo(""))
            .unwrap()
            .to_string_lossy()
            .to_string();
        let found = audit(&file);
        assert_eq!(found["redundant"], expected, "{file}");
        let none = expected.as_array().unwrap().is_empty();
        assert_eq!(found["minimal"], none, "{file}");
        checked += 1;
    }
    assert_eq!(checked, 3, "every audit fixture was checked");
}

#[test]
fn a_seventeen_clue_puzzle_is_minimal() {
    let found = audit("tests/fixtures/audit/royle-17clue-first.txt");
    assert_eq!(found["minimal"], true);
    let text = run(&[
        "sudoku",
        "--audit",
        "tests/fixtures/audit/royle-17clue-first.txt",
    ]);
    assert!(
        text.stdout
            .ends_with("# unique\n# redundant: none of the 17 givens; minimal\n"),
        "{}",
        text.stdout
    );
}

#[test]
fn the_text_lists_the_redundant_givens_and_their_share() {
    let result = run(&[
        "sudoku",
        "--audit",
        "tests/fixtures/audit/consecutive-latin-janko-099-9x9.json",
    ]);
    assert_eq!(result.code, 0, "{}", result.stderr);
    let last = result.stdout.lines().last().unwrap();
    assert_eq!(
        last,
        "# redundant, each alone: r2c2=9, r2c8=5, r3c3=9, r3c7=4, r4c5=1, r5c4=8, r5c6=9, r6c5=8, r7c3=6, \
         r7c7=8, r8c2=1, r8c8=4 (12 of 12 givens); not minimal"
    );
}

#[test]
fn a_puzzle_that_is_not_unique_gets_no_audit() {
    let result = run(&[
        "sudoku",
        "--audit",
        "--format",
        "json",
        "puzzles/sudoku/two-solutions-9x9.txt",
    ]);
    assert_eq!(result.code, 1);
    let record = result.single();
    assert_eq!(record["unique"], false);
    assert!(record.get("audit").is_none(), "{record}");
}

#[test]
fn audit_and_count_exclude_each_other() {
    let result = run(&[
        "sudoku",
        "--audit",
        "--count",
        "2",
        "puzzles/sudoku/wikipedia-9x9.txt",
    ]);
    assert_eq!(result.code, 2);
    assert!(
        result.stderr.contains("cannot be used with"),
        "{}",
        result.stderr
    );
}
