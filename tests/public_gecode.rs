//! The Gecode 25x25 Sudokus that the split settles in about a second (`../shared/puzzles-public/
//! sudoku-gecode`, when that folder is beside the repository) solve to their published
//! solutions and are proven unique. HiGHS finds no solution to these in a minute: only the
//! split's complete area filtering and failure-driven branching settle them.

mod common;

use std::path::PathBuf;

use common::{cases, grid, public, run};
use libtest_mimic::Arguments;

/// A solution file: 25 rows of `1`-`9`, `A`-`P`.
fn read_solution(text: &str) -> Vec<Vec<u32>> {
    let value = |c: char| c.to_digit(10).unwrap_or_else(|| c as u32 - 'A' as u32 + 10);
    (text.lines())
        .map(|line| line.trim().chars().map(value).collect())
        .collect()
}

/// The two 25x25s, by name, each with its folder.
fn gecode_puzzles() -> Vec<(String, (PathBuf, &'static str))> {
    let root = public("sudoku-gecode");
    (["gecode-sudoku-89-25", "gecode-sudoku-90-25"].into_iter())
        .map(|name| (name.to_string(), (root.clone(), name)))
        .collect()
}

fn gecode_25x25s_solve_to_their_known_solutions_and_are_proven_unique(
    (root, name): (PathBuf, &str),
) {
    let puzzle = root
        .join(format!("{name}.txt"))
        .to_string_lossy()
        .to_string();
    let solution = std::fs::read_to_string(root.join(format!("{name}.sol"))).expect("sol");
    // The limit only keeps a slowed-down build from hanging the suite.
    let result = run(&[
        "sudoku",
        "--check-unique",
        "--time-limit",
        "300",
        "--format",
        "json",
        &puzzle,
    ]);
    assert_eq!(result.code, 0, "{name}: {}", result.stderr);
    let record = result.single();
    assert_eq!(record["unique"], true, "{name}");
    assert_eq!(
        grid(&record["solution"]),
        read_solution(&solution),
        "{name}"
    );
}

fn main() {
    let trials = cases(
        "gecode_25x25s_solve_to_their_known_solutions_and_are_proven_unique",
        gecode_puzzles,
        gecode_25x25s_solve_to_their_known_solutions_and_are_proven_unique,
    );
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
