//! f-puzzles links of every rule family, with verdicts from an independent engine: CP-SAT
//! (`bench/cpsat_fpuzzles.py`, written from the format's description) made each fixture of
//! `tests/fixtures/fpuzzles/` and counted its solutions (`expected.json`: none, one with the
//! solution, or several with two of them). Each fixture is solved with uniqueness under the
//! default engine, CaDiCaL alone and HiGHS alone, one test per fixture and engine; the true
//! candidates of each fixture are checked against CP-SAT's solutions (a unique puzzle's are
//! its solution; with several, every value of either solution is a candidate, and where CP-SAT
//! enumerated every solution, the candidates are exactly their union).

mod common;

use std::collections::BTreeMap;

use common::{grid, repo, run};
use libtest_mimic::{Arguments, Trial};
use serde_json::Value;

/// The engines every fixture is solved under.
const ENGINES: [(&str, &[&str]); 3] = [
    ("auto", &[]),
    ("cadical", &["--solver", "cadical"]),
    ("highs", &["--solver", "highs"]),
];

/// CP-SAT's verdict on one fixture.
#[derive(Clone)]
struct Expected {
    solutions: u64,
    solution: Option<Vec<Vec<u32>>>,
    second: Option<Vec<Vec<u32>>>,
    /// Each cell's values over every solution, where CP-SAT enumerated them all.
    union: Option<Vec<Vec<Vec<u32>>>>,
}

fn expected() -> BTreeMap<String, Expected> {
    let text = std::fs::read_to_string(repo("tests/fixtures/fpuzzles/expected.json"))
        .expect("tests/fixtures/fpuzzles/expected.json");
    let all: BTreeMap<String, Value> = serde_json::from_str(&text).unwrap();
    all.into_iter()
        .map(|(file, v)| {
            let rows = |key: &str| v.get(key).filter(|g| g.is_array()).map(grid);
            let verdict = Expected {
                solutions: v["solutions"].as_u64().unwrap(),
                solution: rows("solution"),
                second: rows("second"),
                union: v
                    .get("candidates")
                    .map(|c| serde_json::from_value(c.clone()).unwrap()),
            };
            (file, verdict)
        })
        .collect()
}

/// Solves `file` with uniqueness under `engine` and checks CP-SAT's verdict.
fn check(file: &str, engine: &[&str], expected: &Expected) {
    let path = format!("tests/fixtures/fpuzzles/{file}");
    let mut args = vec!["sudoku", "--check-unique", "--format", "json", "--quiet"];
    args.extend_from_slice(engine);
    args.push(&path);
    let result = run(&args);
    let records = result.json();
    assert_eq!(records.len(), 1, "{file}: {}", result.stderr);
    let record = &records[0];
    match expected.solutions {
        // Givens that clash are refused as input (exit 2), naming them.
        0 if record["status"] == "error" => {
            let error = record["error"].as_str().unwrap_or("");
            assert!(error.contains(" twice: "), "{file}: {error}");
            assert_eq!(result.code, 2, "{file}");
        }
        0 => {
            assert_eq!(record["status"], "infeasible", "{file}: {record}");
            assert_eq!(result.code, 1, "{file}");
        }
        1 => {
            assert_eq!(record["unique"], true, "{file}: {record}");
            assert_eq!(
                &grid(&record["solution"]),
                expected.solution.as_ref().unwrap(),
                "{file}"
            );
            assert_eq!(result.code, 0, "{file}");
        }
        _ => {
            assert_eq!(record["unique"], false, "{file}: {record}");
            let (first, second) = (grid(&record["solution"]), grid(&record["second_solution"]));
            assert_ne!(first, second, "{file}: the witness repeats the solution");
            assert_eq!(result.code, 1, "{file}");
        }
    }
}

/// `--candidates` against CP-SAT's solutions.
fn check_candidates(file: &str, expected: &Expected) {
    let path = format!("tests/fixtures/fpuzzles/{file}");
    let result = run(&[
        "sudoku",
        "--candidates",
        "--format",
        "json",
        "--quiet",
        &path,
    ]);
    let record = &result.json()[0];
    if expected.solutions == 0 {
        assert_ne!(record["status"], "solved", "{file}: {record}");
        return;
    }
    let candidates: Vec<Vec<Vec<u32>>> = serde_json::from_value(record["candidates"].clone())
        .unwrap_or_else(|e| panic!("{file}: no candidates ({e}): {record}"));
    let solutions = [&expected.solution, &expected.second];
    for solution in solutions.into_iter().flatten() {
        for (r, row) in solution.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                assert!(
                    candidates[r][c].contains(v),
                    "{file}: r{}c{} lacks {v}",
                    r + 1,
                    c + 1
                );
            }
        }
    }
    if let Some(union) = &expected.union {
        assert_eq!(
            &candidates, union,
            "{file}: the union of CP-SAT's every solution"
        );
    }
    if expected.solutions == 1 {
        let only = expected.solution.as_ref().unwrap();
        let singles: Vec<Vec<Vec<u32>>> = only
            .iter()
            .map(|row| row.iter().map(|&v| vec![v]).collect())
            .collect();
        assert_eq!(
            candidates, singles,
            "{file}: a unique puzzle's candidates are its solution"
        );
    }
}

fn main() {
    let args = Arguments::from_args();
    let all = expected();
    assert!(all.len() >= 70, "the fixtures' verdicts are missing");
    let mut trials = Vec::new();
    for (file, verdict) in &all {
        for (name, engine) in ENGINES {
            let (file, verdict) = (file.clone(), verdict.clone());
            trials.push(Trial::test(format!("{name}: {file}"), move || {
                check(&file, engine, &verdict);
                Ok(())
            }));
        }
        let (file, verdict) = (file.clone(), verdict.clone());
        trials.push(Trial::test(format!("candidates: {file}"), move || {
            check_candidates(&file, &verdict);
            Ok(())
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
