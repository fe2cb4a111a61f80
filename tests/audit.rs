//! `--audit`: the givens a unique puzzle does without, one at a time. The expected lists
//! (`tests/fixtures/audit/*.audit`) are CP-SAT's, from `bench/cpsat_rules.py audit FILE`, a
//! model written apart from mipsolve; the 17-clue puzzle must be minimal in any case, since no
//! Sudoku with 16 givens is unique.

mod common;

use common::{cases, repo, run, tests};
use libtest_mimic::Arguments;
use serde_json::Value;

/// The audit of one fixture, in JSON.
fn audit(file: &str) -> Value {
    let result = run(&["sudoku", "--audit", "--format", "json", file]);
    assert_eq!(result.code, 0, "{file}: {}", result.stderr);
    let record = result.single();
    assert_eq!(record["unique"], true, "{file}");
    record["audit"].clone()
}

/// The audit fixtures (every file of `tests/fixtures/audit/` beside its `.audit`), by path
/// from the repository root, with the redundant givens CP-SAT found.
fn audit_fixtures() -> Vec<(String, (String, Value))> {
    let mut found = Vec::new();
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
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        found.push((name, (file, expected)));
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(found.len(), 3, "every audit fixture is checked");
    found
}

fn each_fixture_names_the_givens_cp_sat_finds_redundant((file, expected): (String, Value)) {
    let found = audit(&file);
    assert_eq!(found["redundant"], expected, "{file}");
    let none = expected.as_array().unwrap().is_empty();
    assert_eq!(found["minimal"], none, "{file}");
}

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

/// A unique 4x4 KenKen (generated for this test) some of whose operators can be hidden alone.
const KENKEN: &str = r#"{"size": 4, "cages": [
  {"op": "/", "target": 2, "cells": [[1, 1], [2, 1]]},
  {"op": "-", "target": 2, "cells": [[1, 2], [2, 2]]},
  {"op": "*", "target": 2, "cells": [[1, 3], [1, 4]]},
  {"op": "+", "target": 5, "cells": [[2, 3], [3, 3]]},
  {"op": "-", "target": 1, "cells": [[2, 4], [3, 4]]},
  {"op": "+", "target": 7, "cells": [[3, 1], [3, 2]]},
  {"op": "+", "target": 6, "cells": [[4, 1], [4, 2], [4, 3]]},
  {"op": "=", "target": 4, "cells": [[4, 4]]}
]}"#;

/// Every 4x4 Latin square, row by row.
fn latin_squares() -> Vec<Vec<Vec<u64>>> {
    let rows: Vec<Vec<u64>> = (0..24u64)
        .map(|mut code| {
            let mut left = vec![1, 2, 3, 4];
            (0..4)
                .map(|i| {
                    let pick = (code % (4 - i)) as usize;
                    code /= 4 - i;
                    left.remove(pick)
                })
                .collect()
        })
        .collect();
    let mut squares = Vec::new();
    for a in &rows {
        for b in &rows {
            for c in &rows {
                for d in &rows {
                    let square = vec![a.clone(), b.clone(), c.clone(), d.clone()];
                    let columns_differ = (0..4)
                        .all(|j| (0..4).all(|i| (0..i).all(|k| square[i][j] != square[k][j])));
                    if columns_differ {
                        squares.push(square);
                    }
                }
            }
        }
    }
    squares
}

/// Whether `values` meet `op` and `target` (`?`: any operator the cage's size allows).
fn meets(op: &str, target: u64, values: &[u64]) -> bool {
    let (hi, lo) = (*values.iter().max().unwrap(), *values.iter().min().unwrap());
    match op {
        "?" => ["+", "*", "-", "/"]
            .iter()
            .filter(|o| values.len() == 2 || ["+", "*"].contains(o))
            .any(|o| meets(o, target, values)),
        "=" => values[0] == target,
        "+" => values.iter().sum::<u64>() == target,
        "*" => values.iter().product::<u64>() == target,
        "-" => hi - lo == target,
        "/" => hi % lo == 0 && hi / lo == target,
        _ => panic!("op {op}"),
    }
}

fn a_kenken_audit_names_the_operators_that_trying_every_latin_square_shows_redundant() {
    let puzzle: Value = serde_json::from_str(KENKEN).unwrap();
    let cages = puzzle["cages"].as_array().unwrap();
    let squares = latin_squares();
    assert_eq!(squares.len(), 576);
    let solutions = |hidden: Option<usize>| {
        (squares.iter())
            .filter(|square| {
                cages.iter().enumerate().all(|(i, cage)| {
                    let values: Vec<u64> = (cage["cells"].as_array().unwrap().iter())
                        .map(|cell| {
                            let rc = cell.as_array().unwrap();
                            let (r, c) = (rc[0].as_u64().unwrap(), rc[1].as_u64().unwrap());
                            square[r as usize - 1][c as usize - 1]
                        })
                        .collect();
                    let op = match hidden == Some(i) {
                        true => "?",
                        false => cage["op"].as_str().unwrap(),
                    };
                    meets(op, cage["target"].as_u64().unwrap(), &values)
                })
            })
            .count()
    };
    assert_eq!(solutions(None), 1);
    let expected: Vec<usize> = (0..cages.len())
        .filter(|&i| cages[i]["cells"].as_array().unwrap().len() > 1 && solutions(Some(i)) == 1)
        .map(|i| i + 1)
        .collect();
    assert!(!expected.is_empty() && expected.len() < 7, "{expected:?}");
    let result = common::run_with_stdin(&["kenken", "--audit", "--format", "json", "-"], KENKEN);
    let found = result.single()["audit"].clone();
    assert_eq!(found["operators"], Value::from(expected), "{found}");
    assert_eq!(found["redundant"], Value::from(Vec::<Value>::new()));
    assert_eq!(found["minimal"], false);
    let text = common::run_with_stdin(&["kenken", "--audit", "-"], KENKEN);
    assert_eq!(
        text.stdout.lines().last().unwrap(),
        "# redundant, each alone: the operators of cages 2, 4, 5, 6, 7 (5 of 7 operators); \
         not minimal"
    );
}

fn a_killer_audit_speaks_of_givens_never_of_operators() {
    let file = common::public("variants/killer-janko/002.json");
    let result = run(&["sudoku", "--audit", file.to_str().unwrap()]);
    assert_eq!(result.code, 0, "{}", result.stderr);
    assert!(result.stdout.contains("# unique"), "{}", result.stdout);
    assert!(!result.stdout.contains("operator"), "{}", result.stdout);
}

fn main() {
    let mut trials = cases(
        "each_fixture_names_the_givens_cp_sat_finds_redundant",
        audit_fixtures,
        each_fixture_names_the_givens_cp_sat_finds_redundant,
    );
    trials.extend(tests![
        a_seventeen_clue_puzzle_is_minimal,
        the_text_lists_the_redundant_givens_and_their_share,
        a_puzzle_that_is_not_unique_gets_no_audit,
        audit_and_count_exclude_each_other,
        a_kenken_audit_names_the_operators_that_trying_every_latin_square_shows_redundant,
        a_killer_audit_speaks_of_givens_never_of_operators,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
