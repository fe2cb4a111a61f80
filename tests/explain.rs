//! `--explain`: the conflict named for a puzzle with no solution has no solution on its own,
//! and every one-smaller part of it has one; the givens suggested for a puzzle with several
//! solutions make it unique, and none of them can be left out. Each check is a solve by the
//! tool itself on the puzzle with exactly those clues.

mod common;

use common::{cases, public_text, run, run_with_stdin, tests};
use libtest_mimic::Arguments;
use mipsolve::clue::Clue;
use mipsolve::pipeline::{self, Outcome, Question, SolveOptions};
use mipsolve::puzzle::{self, Options, Puzzle};
use serde_json::Value;

/// The puzzles of `file`, parsed as `kind`.
fn puzzles(kind: &str, file: &str) -> Vec<Box<dyn Puzzle>> {
    puzzles_of(kind, &std::fs::read_to_string(file).unwrap())
}

/// The puzzles of `text`, parsed as `kind`.
fn puzzles_of(kind: &str, text: &str) -> Vec<Box<dyn Puzzle>> {
    let kind = puzzle::find(kind).unwrap();
    let entries = (kind.parse)(text, &Options::new()).unwrap();
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

/// tdoku's test puzzles with no solution (their counts are 0), named by their index in the
/// file.
fn tdoku_without_solution() -> Vec<(String, String)> {
    let text = public_text("sudoku-tdoku-test.txt");
    let counts = public_text("solutions/sudoku-tdoku-test.counts.txt");
    let none: Vec<(String, String)> = (text.lines().zip(counts.lines()).enumerate())
        .filter(|(_, (_, count))| count.trim() == "0")
        .map(|(i, (puzzle, _))| (format!("puzzle {i}"), puzzle.to_string()))
        .collect();
    assert_eq!(none.len(), 10);
    none
}

/// A tdoku puzzle with no solution, explained on its own: its conflict is minimal.
fn tdoku_puzzles_with_no_solution_have_minimal_conflicts(puzzle: String) {
    let result = run_with_stdin(
        &["sudoku", "--explain", "--format", "json", "-q", "-"],
        &puzzle,
    );
    let record = result.single();
    assert_eq!(record["status"], "infeasible");
    let conflict = clues(&record["conflict"]["givens"], None, &[]);
    assert!(!conflict.is_empty());
    let parsed = puzzles_of("sudoku", &puzzle).remove(0);
    assert_minimal_conflict(parsed.as_ref(), &conflict, &puzzle);
}

/// A puzzle with no solution whose conflict may hold cages, by file.
const CONFLICTS: [(&str, &str); 3] = [
    ("kenken", "puzzles/kenken/infeasible-4x4.json"),
    ("takuzu", "puzzles/takuzu/infeasible.txt"),
    ("sudoku", "puzzles/sudoku/no-solution-9x9.txt"),
];

fn conflicts_of_cages_and_of_takuzu_givens_are_minimal((kind, file): (&str, &str)) {
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

/// A puzzle with two solutions of each kind, by file.
const SEVERAL: [(&str, &str); 3] = [
    ("sudoku", "puzzles/sudoku/two-solutions-9x9.txt"),
    ("kenken", "puzzles/kenken/two-solutions-4x4.json"),
    ("takuzu", "puzzles/takuzu/two-solutions.txt"),
];

fn suggested_givens_make_the_puzzle_unique_and_none_can_be_left_out((kind, file): (&str, &str)) {
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

/// The cases of a fixed table, named by their file.
fn by_file(
    table: [(&'static str, &'static str); 3],
) -> Vec<(String, (&'static str, &'static str))> {
    (table.into_iter())
        .map(|(kind, file)| (file.to_string(), (kind, file)))
        .collect()
}

fn main() {
    let mut trials = cases(
        "tdoku_puzzles_with_no_solution_have_minimal_conflicts",
        tdoku_without_solution,
        tdoku_puzzles_with_no_solution_have_minimal_conflicts,
    );
    trials.extend(cases(
        "conflicts_of_cages_and_of_takuzu_givens_are_minimal",
        || by_file(CONFLICTS),
        conflicts_of_cages_and_of_takuzu_givens_are_minimal,
    ));
    trials.extend(tests![a_takuzu_blocked_only_by_distinct_lines_says_so]);
    trials.extend(cases(
        "suggested_givens_make_the_puzzle_unique_and_none_can_be_left_out",
        || by_file(SEVERAL),
        suggested_givens_make_the_puzzle_unique_and_none_can_be_left_out,
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
