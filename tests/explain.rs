//! `--explain`: the conflict named for a puzzle with no solution has no solution on its own,
//! and every one-smaller part of it has one; the givens suggested for a puzzle with several
//! solutions make it unique, and none of them can be left out. Each check is a solve by the
//! tool itself on the puzzle with exactly those clues.

mod common;

use common::{public_text, run};
use mipsolve::clue::Clue;
use mipsolve::pipeline::{self, Outcome, Question, SolveOptions};
use mipsolve::puzzle::{self, Options, Puzzle};
use serde_json::Value;

/// The puzzles of `file`, parsed as `kind`.
fn puzzles(kind: &str, file: &str) -> Vec<Box<dyn Puzzle>> {
    let text = std::fs::read_to_string(file).unwrap();
    let kind = puzzle::find(kind).unwrap();
    let entries = (kind.parse)(&text, &Options::new()).unwrap();
    entries.into_iter().map(|e| e.puzzle.unwrap()).collect()
}

/// The clues a JSON record names: `[[row, col, value], ...]` givens and 1-based cages, as
/// `all` (the puzzle's clues) has them.
fn clues(value: &Value, cages: Option<&Value>, all: &[Clue]) -> Vec<Clue> {
    let number = |v: &Value| v.as_u64().unwrap();
    let mut out: Vec<Clue> = (value.as_array().unwrap().iter())
        .map(|g| Clue::Given {
            cell: (number(&g[0]) as usize - 1, number(&g[1]) as usize - 1),
            value: number(&g[2]) as u32,
        })
        .collect();
    for cage in cages.and_then(Value::as_array).into_iter().flatten() {
        let index = number(cage) as usize - 1;
        let named = |c: &&Clue| matches!(c, Clue::Cage { index: i, .. } if *i == index);
        out.push(
            all.iter()
                .find(named)
                .expect("a cage of the puzzle")
                .clone(),
        );
    }
    out
}

fn outcome(puzzle: &dyn Puzzle, clues: &[Clue], question: Question) -> Outcome {
    let variant = puzzle.with_clues(clues).unwrap();
    let options = SolveOptions {
        question,
        ..SolveOptions::default()
    };
    pipeline::run(variant.as_ref(), options).unwrap()
}

/// The conflict has no solution, and without any one of its clues it has one.
fn assert_minimal_conflict(puzzle: &dyn Puzzle, conflict: &[Clue], name: &str) {
    let infeasible = |clues: &[Clue]| {
        matches!(
            outcome(puzzle, clues, Question::Solve),
            Outcome::Infeasible { .. }
        )
    };
    assert!(infeasible(conflict), "{name}: the conflict alone");
    for i in 0..conflict.len() {
        let mut smaller = conflict.to_vec();
        smaller.remove(i);
        assert!(!infeasible(&smaller), "{name}: without clue {i}");
    }
}

/// Runs `mipsolve KIND --explain --format json -q FILE`.
fn explained(kind: &str, file: &str) -> Vec<Value> {
    run(&[kind, "--explain", "--format", "json", "-q", file]).json()
}

#[test]
fn tdoku_puzzles_with_no_solution_have_minimal_conflicts() {
    let text = public_text("sudoku-tdoku-test.txt");
    let counts = public_text("solutions/sudoku-tdoku-test.counts.txt");
    let none: Vec<&str> = (text.lines().zip(counts.lines()))
        .filter(|(_, count)| count.trim() == "0")
        .map(|(puzzle, _)| puzzle)
        .collect();
    assert_eq!(none.len(), 10);
    let path = std::env::temp_dir().join(format!("mipsolve-none-{}.txt", std::process::id()));
    std::fs::write(&path, none.join("\n")).unwrap();
    let path = path.to_string_lossy().to_string();
    let records = explained("sudoku", &path);
    for (record, puzzle) in records.iter().zip(puzzles("sudoku", &path)) {
        assert_eq!(record["status"], "infeasible");
        let conflict = clues(&record["conflict"]["givens"], None, &[]);
        assert!(!conflict.is_empty());
        assert_minimal_conflict(puzzle.as_ref(), &conflict, &record["index"].to_string());
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn conflicts_of_cages_and_of_takuzu_givens_are_minimal() {
    for (kind, file) in [
        ("kenken", "puzzles/kenken/infeasible-4x4.json"),
        ("takuzu", "puzzles/takuzu/infeasible.txt"),
        ("sudoku", "puzzles/sudoku/no-solution-9x9.txt"),
    ] {
        let record = explained(kind, file).remove(0);
        let conflict = &record["conflict"];
        let puzzle = puzzles(kind, file).remove(0);
        let conflict = clues(
            &conflict["givens"],
            Some(&conflict["cages"]),
            &puzzle.clues(),
        );
        assert_minimal_conflict(puzzle.as_ref(), &conflict, file);
    }
}

#[test]
fn a_takuzu_blocked_only_by_distinct_lines_says_so() {
    let file = "puzzles/takuzu/dup-rows-only-solution.txt";
    let result = run(&["takuzu", "--explain", file]);
    assert_eq!(result.code, 1);
    assert!(
        result.stderr.starts_with(&format!(
            "{file}: no solution with distinct lines; it has one with \
             --allow-duplicate-lines: these "
        )),
        "{}",
        result.stderr
    );
}

#[test]
fn suggested_givens_make_the_puzzle_unique_and_none_can_be_left_out() {
    for (kind, file) in [
        ("sudoku", "puzzles/sudoku/two-solutions-9x9.txt"),
        ("kenken", "puzzles/kenken/two-solutions-4x4.json"),
        ("takuzu", "puzzles/takuzu/two-solutions.txt"),
    ] {
        let record = explained(kind, file).remove(0);
        assert_eq!(record["unique"], false, "{file}");
        assert_eq!(record["repair"]["method"], "greedy");
        let differs = record["differs"].as_array().unwrap();
        assert!(!differs.is_empty(), "{file}");
        let puzzle = puzzles(kind, file).remove(0);
        let added = clues(&record["repair"]["givens"], None, &[]);
        let with = |extra: &[Clue]| [puzzle.clues(), extra.to_vec()].concat();
        let unique = |clues: &[Clue]| {
            matches!(
                outcome(puzzle.as_ref(), clues, Question::Unique),
                Outcome::Unique(_)
            )
        };
        assert!(unique(&with(&added)), "{file}: repaired");
        for i in 0..added.len() {
            let mut fewer = added.clone();
            fewer.remove(i);
            assert!(!unique(&with(&fewer)), "{file}: without added given {i}");
        }
    }
}
