//! `--count N`: solutions counted by repeated no-good cuts, checked against published counts
//! (`../shared/puzzles-public`, when it is beside the repository): tdoku's test puzzles
//! (0 to 847 solutions), and Takuzus with 559, 4,140 and 11,222 solutions.

mod common;

use std::collections::BTreeSet;

use common::{public, public_text, run, Run};

/// Runs `mipsolve KIND --count N --format json -q ARGS FILE` on a public file.
fn count(kind: &str, n: &str, args: &[&str], file: &str) -> Run {
    let path = public(file).to_string_lossy().to_string();
    let mut all = vec![kind, "--count", n, "--format", "json", "-q"];
    all.extend_from_slice(args);
    all.push(&path);
    run(&all)
}

#[test]
fn tdoku_test_puzzles_have_their_published_counts() {
    let result = count("sudoku", "1000", &[], "sudoku-tdoku-test.txt");
    let counts = public_text("solutions/sudoku-tdoku-test.counts.txt");
    let counts: Vec<usize> = counts.lines().map(|l| l.trim().parse().unwrap()).collect();
    let records = result.json();
    assert_eq!(records.len(), counts.len());
    for (record, &expected) in records.iter().zip(&counts) {
        let index = &record["index"];
        if expected == 0 {
            assert_eq!(record["status"], "infeasible", "puzzle {index}");
            continue;
        }
        assert_eq!(record["count"], expected, "puzzle {index}");
        assert_eq!(record["count_complete"], true, "puzzle {index}");
        assert_eq!(record["unique"], expected == 1, "puzzle {index}");
        let solutions = record["solutions"].as_array().unwrap();
        let distinct: BTreeSet<String> = solutions.iter().map(|s| s.to_string()).collect();
        assert_eq!(distinct.len(), expected, "puzzle {index}: distinct grids");
        assert_eq!(record["solution"], solutions[0], "puzzle {index}");
    }
    assert_eq!(result.code, 1, "some puzzles have no solution");
}

#[test]
fn a_count_that_reaches_its_limit_is_not_complete() {
    let result = count("sudoku", "20", &[], "sudoku-tdoku-test.txt");
    let record = result
        .json()
        .into_iter()
        .find(|r| r["count"] == 20)
        .unwrap();
    assert_eq!(record["count_complete"], false);
    assert_eq!(record["status"], "solved");
}

fn takuzu_count(file: &str, args: &[&str], expected: usize) {
    let result = count("takuzu", "20000", args, file);
    let record = result.single();
    assert_eq!(record["count"], expected, "{file}");
    assert_eq!(record["count_complete"], true, "{file}");
    assert_eq!(result.code, 0, "{file}");
}

#[test]
fn letheed_grid4_has_559_solutions() {
    takuzu_count("takuzu/letheed-grid4.txt", &[], 559);
}

#[test]
fn the_empty_6x6_takuzu_has_4140_solutions_and_11222_without_distinct_lines() {
    let empty = "takuzu/yoeriapts-predef0-6x6-empty.txt";
    takuzu_count(empty, &[], 4140);
    takuzu_count(empty, &["--allow-duplicate-lines"], 11222);
}

#[test]
fn count_and_check_unique_exclude_each_other() {
    let result = run(&["sudoku", "--count", "2", "--check-unique", "x.txt"]);
    assert_eq!(result.code, 2);
    assert!(
        result.stderr.contains("cannot be used with"),
        "{}",
        result.stderr
    );
}
