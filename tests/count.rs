//! `--count N`: solutions counted by repeated no-good cuts, checked against published counts
//! (`../shared/puzzles-public`, when it is beside the repository): tdoku's test puzzles
//! (0 to 847 solutions), and Takuzus with 559, 4,140 and 11,222 solutions.

mod common;

use std::collections::BTreeSet;

use common::{cases, public, public_text, run, run_with_stdin, tests, Run};
use libtest_mimic::Arguments;

/// Runs `mipsolve KIND --count N --format json -q ARGS FILE` on a public file.
fn count(kind: &str, n: &str, args: &[&str], file: &str) -> Run {
    let path = public(file).to_string_lossy().to_string();
    let mut all = vec![kind, "--count", n, "--format", "json", "-q"];
    all.extend_from_slice(args);
    all.push(&path);
    run(&all)
}

/// tdoku's test puzzles with their published counts, named by their index in the file.
fn tdoku_counts() -> Vec<(String, (String, usize))> {
    let puzzles = public_text("sudoku-tdoku-test.txt");
    let counts = public_text("solutions/sudoku-tdoku-test.counts.txt");
    let counts: Vec<usize> = counts.lines().map(|l| l.trim().parse().unwrap()).collect();
    let puzzles: Vec<&str> = puzzles.lines().collect();
    assert_eq!(puzzles.len(), counts.len());
    assert!(counts.contains(&0), "some puzzles have no solution");
    (puzzles.into_iter().zip(counts).enumerate())
        .map(|(index, (puzzle, count))| (format!("puzzle {index}"), (puzzle.to_string(), count)))
        .collect()
}

/// One tdoku puzzle, counted on its own (from standard input), has its published count.
fn tdoku_test_puzzles_have_their_published_counts((puzzle, expected): (String, usize)) {
    let args = ["sudoku", "--count", "1000", "--format", "json", "-q", "-"];
    let result = run_with_stdin(&args, &puzzle);
    let record = result.single();
    if expected == 0 {
        assert_eq!(record["status"], "infeasible", "{puzzle}");
        assert_eq!(result.code, 1, "{puzzle}: no solution");
        return;
    }
    assert_eq!(record["count"], expected, "{puzzle}");
    assert_eq!(record["count_complete"], true, "{puzzle}");
    assert_eq!(record["unique"], expected == 1, "{puzzle}");
    let solutions = record["solutions"].as_array().unwrap();
    let distinct: BTreeSet<String> = solutions.iter().map(|s| s.to_string()).collect();
    assert_eq!(distinct.len(), expected, "{puzzle}: distinct grids");
    assert_eq!(record["solution"], solutions[0], "{puzzle}");
}

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

fn letheed_grid4_has_559_solutions() {
    takuzu_count("takuzu/letheed-grid4.txt", &[], 559);
}

/// The empty 6x6 Takuzu has 4,140 solutions, and 11,222 without distinct lines.
const EMPTY_6X6: [(&str, &[&str], usize); 2] = [
    ("distinct lines", &[], 4140),
    (
        "--allow-duplicate-lines",
        &["--allow-duplicate-lines"],
        11222,
    ),
];

fn the_empty_6x6_takuzu_has_4140_solutions_and_11222_without_distinct_lines(
    (args, expected): (&[&str], usize),
) {
    takuzu_count("takuzu/yoeriapts-predef0-6x6-empty.txt", args, expected);
}

fn count_and_check_unique_exclude_each_other() {
    let result = run(&["sudoku", "--count", "2", "--check-unique", "x.txt"]);
    assert_eq!(result.code, 2);
    assert!(
        result.stderr.contains("cannot be used with"),
        "{}",
        result.stderr
    );
}

fn main() {
    let mut trials = cases(
        "tdoku_test_puzzles_have_their_published_counts",
        tdoku_counts,
        tdoku_test_puzzles_have_their_published_counts,
    );
    trials.extend(cases(
        "the_empty_6x6_takuzu_has_4140_solutions_and_11222_without_distinct_lines",
        || {
            (EMPTY_6X6.into_iter())
                .map(|(name, args, expected)| (name.to_string(), (args, expected)))
                .collect()
        },
        the_empty_6x6_takuzu_has_4140_solutions_and_11222_without_distinct_lines,
    ));
    trials.extend(tests![
        a_count_that_reaches_its_limit_is_not_complete,
        letheed_grid4_has_559_solutions,
        count_and_check_unique_exclude_each_other,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
