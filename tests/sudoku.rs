//! The `sudoku` command end to end: output, uniqueness, errors and exit codes.

mod common;

use common::{grid, repo, run, run_with_stdin, solutions};

const WIKI: &str = "puzzles/sudoku/wikipedia-9x9.txt";

/// An independent Sudoku check for witnesses: rows, columns and boxes hold 1..n once.
fn is_valid_sudoku(g: &[Vec<u32>], box_rows: usize, box_cols: usize) -> bool {
    let n = g.len();
    let full = |cells: Vec<u32>| {
        let mut sorted = cells;
        sorted.sort_unstable();
        sorted == (1..=n as u32).collect::<Vec<_>>()
    };
    (0..n).all(|i| full(g[i].clone()))
        && (0..n).all(|j| full((0..n).map(|i| g[i][j]).collect()))
        && (0..n).all(|b| {
            let (r0, c0) = (b / (n / box_cols) * box_rows, b % (n / box_cols) * box_cols);
            full(
                (0..n)
                    .map(|i| g[r0 + i / box_cols][c0 + i % box_cols])
                    .collect(),
            )
        })
}

#[test]
fn prints_the_solved_wikipedia_grid_as_text() {
    let r = run(&["sudoku", WIKI]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let expected: Vec<String> = solutions(&repo("puzzles/sudoku/wikipedia-9x9.sol"))[0]
        .iter()
        .map(|row| row.iter().map(u32::to_string).collect())
        .collect();
    assert_eq!(r.stdout, expected.join("\n") + "\n");
    assert_eq!(r.stderr, "");
}

#[test]
fn says_unique_in_text_mode() {
    let r = run(&["sudoku", "--check-unique", WIKI]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with("# unique\n"), "{}", r.stdout);
}

#[test]
fn json_line_has_exactly_the_documented_keys() {
    let r = run(&["sudoku", "--format", "json", "--check-unique", WIKI]);
    assert_eq!(r.code, 0);
    let line = r.single();
    let keys = [
        "file", "index", "line", "kind", "variant", "rows", "cols", "status", "unique", "seconds",
        "solution",
    ];
    assert_eq!(line.as_object().unwrap().len(), keys.len());
    let positions: Vec<usize> = keys
        .iter()
        .map(|k| r.stdout.find(&format!("\"{k}\":")).expect("key present"))
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "key order: {}",
        r.stdout
    );
    assert_eq!(line["file"], WIKI);
    assert_eq!(line["index"], 0);
    assert_eq!(line["line"], 2, "after the source comment");
    assert_eq!(line["kind"], "sudoku");
    assert_eq!(line["variant"], serde_json::json!([]), "classic");
    assert_eq!(
        (line["rows"].clone(), line["cols"].clone()),
        (9.into(), 9.into())
    );
    assert_eq!(line["status"], "solved");
    assert_eq!(line["unique"], true);
    assert!(line["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(
        grid(&line["solution"]),
        solutions(&repo("puzzles/sudoku/wikipedia-9x9.sol"))[0]
    );
}

#[test]
fn unique_is_null_without_check_unique() {
    let r = run(&["sudoku", "--format", "json", WIKI]);
    assert_eq!(r.single()["unique"], serde_json::Value::Null);
}

#[test]
fn reads_standard_input() {
    let text = std::fs::read_to_string(repo(WIKI)).unwrap();
    let r = run_with_stdin(&["sudoku", "--format", "json", "-"], &text);
    assert_eq!(r.code, 0);
    let line = r.single();
    assert_eq!(line["file"], "-");
    assert_eq!(line["status"], "solved");
}

#[test]
fn two_solutions_are_reported_with_a_verified_witness() {
    let (first, second) = common::assert_not_unique_with_known_witness(
        "sudoku",
        "puzzles/sudoku/two-solutions-9x9.txt",
    );
    assert!(is_valid_sudoku(&first, 3, 3) && is_valid_sudoku(&second, 3, 3));
}

#[test]
fn conflicting_givens_are_an_input_error_naming_the_cells() {
    let file = "puzzles/sudoku/conflicting-givens-9x9.txt";
    let r = run(&["sudoku", file]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr.starts_with(&format!("{file}:"))
            && r.stderr.ends_with(": row 3 has 5 twice: r3c2, r3c7\n"),
        "{}",
        r.stderr
    );
    let json = run(&["sudoku", "--format", "json", file]).single();
    assert_eq!(json["status"], "error");
    assert_eq!(json["solution"], serde_json::Value::Null);
    assert!(json["error"]
        .as_str()
        .unwrap()
        .ends_with("row 3 has 5 twice: r3c2, r3c7"));
}

#[test]
fn a_puzzle_without_solution_is_infeasible() {
    let file = "puzzles/sudoku/no-solution-9x9.txt";
    let line = common::assert_infeasible(&["sudoku", file]);
    assert_eq!(line["solution"], serde_json::Value::Null);
    let text = run(&["sudoku", file]);
    assert_eq!((text.code, text.stdout.as_str()), (1, ""));
    assert_eq!(text.stderr, format!("{file}: no solution\n"));
}

#[test]
fn a_collection_prints_a_header_per_puzzle() {
    let file = "puzzles/sudoku/hard-9x9.txt";
    let r = run(&["sudoku", "--quiet", file]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with(&format!("# {file} [0]\n")));
    assert!(r.stdout.contains(&format!("# {file} [1]\n")));
    assert_eq!(r.stderr, "");
}

#[test]
fn a_missing_file_is_an_input_error() {
    let r = run(&["sudoku", "no/such/file.txt"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "no/such/file.txt: cannot read: no such file or directory\n"
    );
}

#[test]
fn bad_options_are_usage_errors() {
    assert_eq!(run(&["sudoku", "--box", "2by3", WIKI]).code, 2);
    assert_eq!(run(&["sudoku", "--time-limit", "-1", WIKI]).code, 2);
    assert_eq!(run(&["sudoku", "--frobnicate", WIKI]).code, 2);
    assert_eq!(run(&["sudoku"]).code, 2);
}

#[test]
fn the_box_option_changes_the_areas() {
    let text = "1.....\n......\n......\n......\n......\n......\n";
    let r = run_with_stdin(&["sudoku", "--box", "3x2", "--format", "json", "-"], text);
    assert_eq!(r.code, 0);
    assert!(is_valid_sudoku(&grid(&r.single()["solution"]), 3, 2));
}
