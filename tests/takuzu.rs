//! The `takuzu` command end to end.

mod common;

use common::{grid, repo, run, solutions};

const DUP: &str = "puzzles/takuzu/dup-rows-only-solution.txt";

#[test]
fn a_puzzle_needing_equal_rows_is_infeasible_by_default() {
    common::assert_infeasible(&["takuzu", DUP]);
}

#[test]
fn allowing_duplicate_lines_solves_it() {
    let r = run(&[
        "takuzu",
        "--allow-duplicate-lines",
        "--check-unique",
        "--format",
        "json",
        DUP,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let known = solutions(&repo("puzzles/takuzu/dup-rows-only-solution.sol"));
    assert_eq!(grid(&r.single()["solution"]), known[0]);
}

#[test]
fn prints_rows_of_digits() {
    let r = run(&["takuzu", "puzzles/takuzu/4x4.txt"]);
    assert_eq!(r.code, 0);
    let known = solutions(&repo("puzzles/takuzu/4x4.sol"));
    let text: String = known[0]
        .iter()
        .map(|row| row.iter().map(u32::to_string).collect::<String>() + "\n")
        .collect();
    assert_eq!(r.stdout, text);
}

#[test]
fn two_solutions_are_reported_with_a_known_witness() {
    common::assert_not_unique_with_known_witness("takuzu", "puzzles/takuzu/two-solutions.txt");
}

#[test]
fn a_puzzle_without_solution_is_infeasible() {
    common::assert_infeasible(&["takuzu", "puzzles/takuzu/infeasible.txt"]);
}

#[test]
fn givens_breaking_a_rule_exit_2_naming_the_line() {
    let r = common::run_with_stdin(&["takuzu", "-"], "0101\n....\n0101\n....\n");
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr, "-:3: rows 1 and 3 are equal\n");
}
