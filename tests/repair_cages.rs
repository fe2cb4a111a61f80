//! `--repair` of cage targets (KenKen, Killer): the number of changed targets checked against
//! every single change of one cage's target tried with a plain solve (not the repair MIP),
//! and every repaired puzzle, printed as JSON, solved again.

mod common;

use std::collections::BTreeSet;

use common::{run_with_stdin, solution_path, solutions};
use mipsolve::pipeline::{self, Question, SolveOptions};
use mipsolve::puzzle::{self, Options};
use serde_json::Value;

/// Whether the puzzle `json` of `kind` has a solution, by a plain solve.
fn solvable(kind: &str, json: &Value) -> bool {
    let reader = puzzle::find(kind).unwrap();
    let entry = (reader.parse)(&json.to_string(), &Options::new())
        .ok()
        .map(|mut e| e.remove(0));
    let Some(Ok(puzzle)) = entry.map(|e| e.puzzle) else {
        return false; // a target no values meet is refused when read
    };
    let options = SolveOptions {
        question: Question::Solve,
        ..SolveOptions::default()
    };
    let outcome = pipeline::run(puzzle.as_ref(), options).unwrap();
    outcome.solution().is_some()
}

/// Every target that values 1..=n in the cage's cells can make with `op` (distinct values
/// when `distinct`), listed by trying them all.
fn targets(op: &str, cells: usize, n: u64, distinct: bool) -> BTreeSet<u64> {
    let mut found = BTreeSet::new();
    let mut values = vec![1u64; cells];
    loop {
        let unique: BTreeSet<u64> = values.iter().copied().collect();
        if !distinct || unique.len() == cells {
            let (hi, lo) = (*values.iter().max().unwrap(), *values.iter().min().unwrap());
            match op {
                "+" => drop(found.insert(values.iter().sum())),
                "*" => drop(found.insert(values.iter().product())),
                "-" => drop(found.insert(hi - lo)),
                "/" if hi % lo == 0 => drop(found.insert(hi / lo)),
                "=" => drop(found.insert(values[0])),
                _ => {}
            }
        }
        let Some(i) = values.iter().position(|&v| v < n) else {
            return found;
        };
        values[..i].fill(1);
        values[i] += 1;
    }
}

/// Whether changing one cage's target (`key`: `target` or `sum`) gives `json` a solution.
fn one_change_solves(kind: &str, json: &Value, key: &str) -> bool {
    let n = json["size"].as_u64().unwrap();
    let cages = json["cages"].as_array().unwrap();
    (0..cages.len()).any(|i| {
        let cage = &cages[i];
        let op = cage.get("op").and_then(Value::as_str).unwrap_or("+");
        let cells = cage["cells"].as_array().unwrap().len();
        let all = targets(op, cells, n, key == "sum");
        all.into_iter().any(|t| {
            let mut changed = json.clone();
            changed["cages"][i][key] = t.into();
            t != cage[key].as_u64().unwrap() && solvable(kind, &changed)
        })
    })
}

/// `--repair` of `json` as `kind`: exit 1 (no solution), its `repair` object.
fn repair(kind: &str, json: &Value) -> Value {
    let result = run_with_stdin(
        &[kind, "--repair", "--format", "json", "-"],
        &json.to_string(),
    );
    assert_eq!(result.code, 1, "{}", result.stderr);
    result.single()["repair"].clone()
}

/// The repaired puzzle solved by the tool with `--check-unique`: its grid, and whether the
/// tool proved it unique, which must be what the repair said.
fn solve_repaired(kind: &str, found: &Value) -> Vec<Vec<u32>> {
    let text = found["puzzle"].as_str().expect("the repaired puzzle");
    let result = run_with_stdin(&[kind, "--check-unique", "--format", "json", "-"], text);
    let line = result.single();
    assert_eq!(line["unique"], found["unique"], "{found}");
    common::grid(&line["solution"])
}

fn fixture(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(common::repo(path)).unwrap()).unwrap()
}

fn edit(cage: usize, from: u64, to: u64) -> Value {
    serde_json::json!({"edit": "changed", "cage": cage, "from": from, "to": to})
}

#[test]
fn a_kenken_with_one_wrong_target_gets_it_back_in_one_optimal_edit() {
    let path = "puzzles/kenken/doc-6x6.json";
    let mut wrong = fixture(path);
    wrong["cages"][6]["target"] = 120.into(); // cage 7 is 240*
    assert!(!solvable("kenken", &wrong));
    let found = repair("kenken", &wrong);
    assert_eq!(found["edits"], Value::from(vec![edit(7, 120, 240)]));
    assert_eq!(found["optimal"], true);
    assert_eq!(found["unique"], true);
    let known = solutions(&solution_path(&common::repo(path)));
    assert_eq!(solve_repaired("kenken", &found), known[0]);
}

#[test]
fn a_kenken_with_two_wrong_targets_needs_two_edits_as_trying_every_single_change_shows() {
    let mut wrong = fixture("puzzles/kenken/doc-6x6.json");
    assert!(solvable("kenken", &wrong));
    wrong["cages"][0]["target"] = 10.into(); // 11+
    wrong["cages"][12]["target"] = 8.into(); // 9+
    assert!(!solvable("kenken", &wrong));
    assert!(!one_change_solves("kenken", &wrong, "target"));
    let found = repair("kenken", &wrong);
    assert_eq!(found["edits"].as_array().unwrap().len(), 2, "{found}");
    assert_eq!(found["optimal"], true);
    solve_repaired("kenken", &found);
}

#[test]
fn a_killer_with_two_sums_mistyped_gets_two_changed_sums_and_solves_again() {
    let path = "puzzles/sudoku/killer-4x4.json";
    let mut wrong = fixture(path);
    assert!(solvable("sudoku", &wrong));
    // 3 and 7 typed as 4 and 6: the sums still total 40, so the file reads.
    wrong["cages"][0]["sum"] = 4.into();
    wrong["cages"][1]["sum"] = 6.into();
    assert!(!solvable("sudoku", &wrong));
    assert!(!one_change_solves("sudoku", &wrong, "sum"));
    let found = repair("sudoku", &wrong);
    assert_eq!(
        found["edits"],
        Value::from(vec![edit(1, 4, 3), edit(2, 6, 7)])
    );
    assert_eq!(found["optimal"], true);
    let known = solutions(&solution_path(&common::repo(path)));
    assert_eq!(solve_repaired("sudoku", &found), known[0]);
}

#[test]
fn cage_edits_are_said_in_text() {
    let mut wrong = fixture("puzzles/kenken/doc-6x6.json");
    wrong["cages"][6]["target"] = 120.into();
    let result = run_with_stdin(&["kenken", "--repair", "-"], &wrong.to_string());
    assert_eq!(result.code, 1);
    let first = result.stdout.lines().next().unwrap();
    assert_eq!(
        first,
        "# repair: changed cage 7 target 120 -> 240 (1 edit, optimal)"
    );
    assert!(result
        .stdout
        .contains("# repaired puzzle:\n{\n  \"size\": 6,\n"));
}
