//! Batch solving: folders walked in order, bad files isolated, parallel output in order.

mod common;

use common::{run, run_with_stdin, Run};
use serde_json::Value;

const FOLDER: &str = "tests/fixtures/batch";

fn batch(jobs: &str) -> Run {
    run(&[
        "sudoku",
        "--check-unique",
        "--format",
        "json",
        "--jobs",
        jobs,
        FOLDER,
    ])
}

/// The records without their timings, which differ from run to run.
fn without_seconds(r: &Run) -> Vec<Value> {
    r.json()
        .into_iter()
        .map(|mut v| {
            v.as_object_mut().unwrap().remove("seconds");
            v
        })
        .collect()
}

#[test]
fn a_folder_is_solved_in_sorted_order_and_bad_files_do_not_stop_it() {
    let r = batch("2");
    assert_eq!(
        r.code, 2,
        "the worst verdict (an input error) sets the exit code"
    );
    let summary: Vec<(String, Value, String, Value)> = r
        .json()
        .iter()
        .map(|v| {
            let file = v["file"]
                .as_str()
                .unwrap()
                .trim_start_matches(FOLDER)
                .to_string();
            (
                file,
                v["index"].clone(),
                v["status"].as_str().unwrap().to_string(),
                v["unique"].clone(),
            )
        })
        .collect();
    let expected = [
        ("/a-good.txt", 0, "solved", Value::Bool(true)),
        ("/b-infeasible.txt", 0, "infeasible", Value::Null),
        ("/c-not-unique.txt", 0, "solved", Value::Bool(false)),
        ("/d-malformed.txt", 0, "error", Value::Null),
        ("/nested/e-good-4x4.txt", 0, "solved", Value::Bool(true)),
        ("/nested/f-collection.txt", 0, "solved", Value::Bool(true)),
        ("/nested/f-collection.txt", 1, "solved", Value::Bool(true)),
        ("/nested/f-collection.txt", 2, "error", Value::Null),
    ];
    let expected: Vec<(String, Value, String, Value)> = expected
        .into_iter()
        .map(|(f, i, s, u)| (f.to_string(), Value::from(i), s.to_string(), u))
        .collect();
    assert_eq!(summary, expected);
    let errors: Vec<String> = r
        .json()
        .iter()
        .filter_map(|v| v.get("error").and_then(Value::as_str).map(str::to_string))
        .collect();
    assert_eq!(
        errors,
        [
            "tests/fixtures/batch/d-malformed.txt:2: expected 9 cells, found 8",
            "tests/fixtures/batch/nested/f-collection.txt:4: a one-line puzzle needs n*n cells \
             (16, 36, 64, 81, ... 1225), found 80",
        ]
    );
    assert!(r.stderr.contains(
        "mipsolve: 8 puzzles: 4 solved, 1 infeasible, 1 not unique, 0 timeout, 2 error;"
    ));
}

#[test]
fn one_job_and_four_jobs_give_identical_output() {
    assert_eq!(without_seconds(&batch("1")), without_seconds(&batch("4")));
}

#[test]
fn quiet_suppresses_the_summary() {
    let r = run(&["sudoku", "--quiet", "--format", "json", FOLDER]);
    assert!(!r.stderr.contains("mipsolve:"), "{}", r.stderr);
}

#[test]
fn text_mode_prints_headers_and_errors_on_stderr() {
    let r = run(&["sudoku", "--quiet", FOLDER]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.starts_with("# tests/fixtures/batch/a-good.txt\n"));
    assert!(r
        .stdout
        .contains("# tests/fixtures/batch/nested/f-collection.txt [1]\n"));
    assert_eq!(
        r.stderr,
        "tests/fixtures/batch/b-infeasible.txt: no solution\n\
         tests/fixtures/batch/d-malformed.txt:2: expected 9 cells, found 8\n\
         tests/fixtures/batch/nested/f-collection.txt:4: a one-line puzzle needs n*n cells \
         (16, 36, 64, 81, ... 1225), found 80\n"
    );
}

#[test]
fn standard_input_joins_a_batch() {
    let text = std::fs::read_to_string(common::repo("tests/fixtures/batch/a-good.txt")).unwrap();
    let r = run_with_stdin(&["sudoku", "--format", "json", "-q", "-", FOLDER], &text);
    let lines = r.json();
    assert_eq!(lines[0]["file"], "-");
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines.len(), 9);
}

#[test]
fn an_empty_folder_is_an_error() {
    let dir = std::env::temp_dir().join(format!("mipsolve-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let r = run(&["sudoku", "--format", "json", dir.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    let line = r.single();
    assert_eq!(line["status"], "error");
    assert!(line["error"]
        .as_str()
        .unwrap()
        .ends_with(": no puzzle files (.txt, .sdk, .ss, .sdm, .csv, .json, .iss) found"));
    std::fs::remove_dir_all(&dir).unwrap();
}
