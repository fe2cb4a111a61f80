//! `--repair`: the fewest edits of the givens, checked against the smallest fix found by
//! trying every candidate edit with the exact solver (each trial a plain solve, not the
//! repair MIP), and every repaired puzzle solved again. Each 4x4 puzzle of the brute-force
//! comparison is a test of its own (their one run shared), and so is each MIP solver named for
//! a repair.

mod common;

use std::sync::OnceLock;

use common::{cases, grid, run_with_stdin, tests, trial, Run};
use libtest_mimic::Arguments;
use mipsolve::pipeline::{self, Outcome, Question, SolveOptions};
use mipsolve::puzzle::{self, Options};
use serde_json::Value;

/// The Wikipedia 9x9 (`puzzles/sudoku/wikipedia-9x9.txt`) as rows.
const WIKIPEDIA: [&str; 9] = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
];

/// The first puzzle of Gordon Royle's 17-clue collection: minimal, since no 16-clue Sudoku
/// is unique.
const SEVENTEEN: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

fn text(rows: &[String]) -> String {
    rows.iter().map(|r| format!("{r}\n")).collect()
}

fn with(rows: &[&str], edits: &[(usize, usize, char)]) -> Vec<String> {
    let mut rows: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    for &(r, c, ch) in edits {
        rows[r][c] = ch;
    }
    rows.into_iter().map(|r| r.into_iter().collect()).collect()
}

/// The puzzle's verdict by a plain solve: `None` when the text is not a valid puzzle
/// (a given repeated), else the outcome.
fn outcome(text: &str) -> Option<Outcome> {
    let sudoku = puzzle::find("sudoku").unwrap();
    let entry = (sudoku.parse)(text, &Options::new()).ok()?.remove(0);
    let puzzle = entry.puzzle.ok()?;
    let options = SolveOptions {
        question: Question::Unique,
        ..SolveOptions::default()
    };
    Some(pipeline::run(puzzle.as_ref(), options).unwrap())
}

fn repair(text: &str) -> Value {
    let result = run_with_stdin(&["sudoku", "--repair", "--format", "json", "-"], text);
    assert_eq!(result.code, 1, "{}", result.stderr);
    result.single()["repair"].clone()
}

/// The fewest given changes (each given to each other value) that give `rows` a solution,
/// trying one change, then every pair of changed givens.
fn fewest_changes(rows: &[String]) -> usize {
    let givens: Vec<(usize, usize)> = (0..9)
        .flat_map(|r| (0..9).map(move |c| (r, c)))
        .filter(|&(r, c)| rows[r].as_bytes()[c] != b'.')
        .collect();
    let solvable = |edits: &[(usize, usize, char)]| {
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let candidate = text(&with(&refs, edits));
        outcome(&candidate).is_some_and(|o| o.solution().is_some())
    };
    let digits = || "123456789".chars();
    for &(r, c) in &givens {
        if digits().any(|d| solvable(&[(r, c, d)])) {
            return 1;
        }
    }
    for (i, &(r1, c1)) in givens.iter().enumerate() {
        for &(r2, c2) in &givens[i + 1..] {
            for d1 in digits() {
                if digits().any(|d2| solvable(&[(r1, c1, d1), (r2, c2, d2)])) {
                    return 2;
                }
            }
        }
    }
    3
}

fn one_wrong_given_is_one_optimal_change_and_the_repaired_puzzle_is_unique() {
    let wrong = text(&with(&WIKIPEDIA, &[(0, 0, '1')]));
    assert!(matches!(outcome(&wrong), Some(Outcome::Infeasible { .. })));
    let found = repair(&wrong);
    assert_eq!(found["optimal"], true);
    assert_eq!(found["edits"].as_array().unwrap().len(), 1, "{found}");
    let repaired = found["puzzle"].as_str().unwrap();
    let solved = run_with_stdin(
        &["sudoku", "--check-unique", "--format", "json", "-"],
        repaired,
    );
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(solved.single()["unique"], true);
}

fn two_wrong_givens_take_as_many_changes_as_the_smallest_fix_found_by_trying_all() {
    // r1c1 5 -> 1 and r9c9 9 -> 4: each alone already leaves no solution.
    let wrong = with(&WIKIPEDIA, &[(0, 0, '1'), (8, 8, '4')]);
    let wrong_text = text(&wrong);
    assert!(matches!(
        outcome(&wrong_text),
        Some(Outcome::Infeasible { .. })
    ));
    let found = repair(&wrong_text);
    assert_eq!(found["optimal"], true);
    let edits = found["edits"].as_array().unwrap().len();
    assert_eq!(edits, fewest_changes(&wrong), "{found}");
    let repaired = found["puzzle"].as_str().unwrap();
    assert!(outcome(repaired).unwrap().solution().is_some());
}

fn a_minimal_puzzle_missing_a_given_gets_one_addition_from_any_solution() {
    let mut rows: Vec<String> = (0..9)
        .map(|r| SEVENTEEN[r * 9..r * 9 + 9].replace('0', "."))
        .collect();
    // Leave out r2c1 (4): 1,225 solutions, and the first found needs 3 givens of its own
    // values; only the original given, r2c1=4, makes it unique by itself.
    rows[1].replace_range(0..1, ".");
    let puzzle = text(&rows);
    let result = run_with_stdin(&["sudoku", "--repair", "--format", "json", "-"], &puzzle);
    assert_eq!(result.code, 1, "{}", result.stderr);
    let record = result.single();
    assert_eq!(record["unique"], false);
    let found = &record["repair"];
    assert_eq!(found["optimal"], true);
    let edits = found["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{found}");
    let repaired = found["puzzle"].as_str().unwrap();
    assert!(matches!(outcome(repaired), Some(Outcome::Unique(_))));
}

/// Every 4x4 Sudoku (there are 288), by backtracking here.
fn every_4x4() -> Vec<[u8; 16]> {
    fn fill(grid: &mut [u8; 16], at: usize, all: &mut Vec<[u8; 16]>) {
        if at == 16 {
            all.push(*grid);
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for v in 1..=4 {
            let clash = (0..16).any(|i| {
                let (r2, c2) = (i / 4, i % 4);
                i < at
                    && grid[i] == v
                    && (r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2))
            });
            if !clash {
                grid[at] = v;
                fill(grid, at + 1, all);
            }
        }
        grid[at] = 0;
    }
    let mut all = Vec::new();
    fill(&mut [0; 16], 0, &mut all);
    all
}

/// The fewest givens to add to `givens` (0 for a blank) so that one grid of `grids` alone
/// agrees, over every grid that agrees with them: the smallest set of open cells on which
/// some solution's values are its own.
fn fewest_additions_by_brute_force(givens: &[u8; 16], grids: &[[u8; 16]]) -> usize {
    let solutions: Vec<&[u8; 16]> = (grids.iter())
        .filter(|g| (0..16).all(|i| givens[i] == 0 || givens[i] == g[i]))
        .collect();
    let open: u32 = (0..16).filter(|&i| givens[i] == 0).map(|i| 1 << i).sum();
    let mut masks: Vec<u32> = (0..1u32 << 16).filter(|m| m & !open == 0).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        let mut seen = std::collections::HashMap::new();
        for s in &solutions {
            let key: Vec<u8> = (0..16)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| s[i])
                .collect();
            *seen.entry(key).or_insert(0) += 1;
        }
        if seen.values().any(|&n| n == 1) {
            return mask.count_ones() as usize;
        }
    }
    unreachable!("the full grid picks one solution")
}

const ADDITIONS: &str = "additions_are_the_fewest_over_every_solution_as_brute_force_finds_them";

/// How many 4x4 puzzles the brute-force comparison takes.
const PUZZLES: usize = 24;

/// Every 4x4 Sudoku, and [`PUZZLES`] puzzles of 2 to 5 givens taken from them with a fixed
/// pseudo-random sequence, kept when several grids agree with them.
struct Additions {
    grids: Vec<[u8; 16]>,
    puzzles: Vec<[u8; 16]>,
}

/// The grids and puzzles of the comparison, made once and shared by its tests.
fn additions() -> &'static Additions {
    static ADDED: OnceLock<Additions> = OnceLock::new();
    ADDED.get_or_init(|| {
        let grids = every_4x4();
        let mut state = 12345u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut puzzles = Vec::new();
        while puzzles.len() < PUZZLES {
            let grid = grids[next(288) as usize];
            let mut givens = [0u8; 16];
            for _ in 0..2 + next(4) {
                let i = next(16) as usize;
                givens[i] = grid[i];
            }
            let several = (grids.iter())
                .filter(|g| (0..16).all(|i| givens[i] == 0 || givens[i] == g[i]))
                .count()
                >= 2;
            if several && !puzzles.contains(&givens) {
                puzzles.push(givens);
            }
        }
        Additions { grids, puzzles }
    })
}

/// A 4x4 puzzle as a line of its text form.
fn line(g: &[u8; 16]) -> String {
    let cells = g
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char });
    cells.chain(std::iter::once('\n')).collect()
}

/// The one `--repair` run on all the puzzles, made once and shared by their tests.
fn additions_run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        let input: String = additions().puzzles.iter().map(line).collect();
        run_with_stdin(&["sudoku", "--repair", "--format", "json", "-"], &input)
    })
}

/// The fewest additions to puzzle `at` by brute force, found once and shared.
fn fewest_additions(at: usize) -> usize {
    static FEWEST: [OnceLock<usize>; PUZZLES] = [const { OnceLock::new() }; PUZZLES];
    let added = additions();
    *FEWEST[at].get_or_init(|| fewest_additions_by_brute_force(&added.puzzles[at], &added.grids))
}

/// The puzzles, named `puzzle INDEX: LINE`, each as its index; there are 288 grids.
fn addition_cases() -> Vec<(String, usize)> {
    let added = additions();
    assert_eq!(added.grids.len(), 288);
    (added.puzzles.iter().enumerate())
        .map(|(at, givens)| (format!("puzzle {at}: {}", line(givens).trim_end()), at))
        .collect()
}

/// The run ends with exit code 1 and a record per puzzle.
fn the_additions_run_has_a_record_per_puzzle() {
    let result = additions_run();
    assert_eq!(result.code, 1, "{}", result.stderr);
    let records = result.json();
    assert_eq!(records.len(), additions().puzzles.len());
}

/// Puzzle `at`'s repair adds the fewest givens brute force finds, each in an open cell, and
/// leaves one grid agreeing.
fn additions_are_the_fewest_over_every_solution_as_brute_force_finds_them(at: usize) {
    let grids = &additions().grids;
    let givens = &additions().puzzles[at];
    let records = additions_run().json();
    let record = (records.get(at)).unwrap_or_else(|| panic!("{}: no record", line(givens)));
    let found = &record["repair"];
    let fewest = fewest_additions(at);
    let edits = found["edits"].as_array().unwrap();
    assert_eq!(edits.len(), fewest, "{}: {found}", line(givens));
    assert_eq!(found["optimal"], true, "{found}");
    assert_eq!(found["unique"], true, "{found}");
    let mut repaired = *givens;
    for edit in edits {
        assert_eq!(edit["edit"], "added");
        let (r, c) = (
            edit["cell"][0].as_u64().unwrap(),
            edit["cell"][1].as_u64().unwrap(),
        );
        let i = (r as usize - 1) * 4 + c as usize - 1;
        assert_eq!(repaired[i], 0, "{edit} is not an open cell");
        repaired[i] = edit["value"].as_u64().unwrap() as u8;
    }
    let agreeing = (grids.iter())
        .filter(|g| (0..16).all(|i| repaired[i] == 0 || repaired[i] == g[i]))
        .count();
    assert_eq!(agreeing, 1, "{}: {found}", line(&repaired));
}

/// The set holds puzzles where the first solution's own values need more givens than
/// another solution's: the case the search over every solution is for.
fn some_puzzle_needs_more_of_the_first_solutions_own_values() {
    let Additions { grids, puzzles } = additions();
    let records = additions_run().json();
    let mut first_values_not_enough = 0;
    for (at, (givens, record)) in puzzles.iter().zip(&records).enumerate() {
        let fewest = fewest_additions(at);
        // How many the first solution's own values would need.
        let first = grid(&record["solution"]);
        let mut own = *givens;
        (0..16).for_each(|i| own[i] = first[i / 4][i % 4] as u8);
        let needs = (0..1u32 << 16)
            .filter(|m| (0..16).all(|i| m >> i & 1 == 0 || givens[i] == 0))
            .filter(|m| {
                let mut pick = *givens;
                (0..16)
                    .filter(|i| m >> i & 1 == 1)
                    .for_each(|i| pick[i] = own[i]);
                (grids.iter())
                    .filter(|g| (0..16).all(|i| pick[i] == 0 || pick[i] == g[i]))
                    .count()
                    == 1
            })
            .map(u32::count_ones)
            .min();
        if needs.is_some_and(|n| n as usize > fewest) {
            first_values_not_enough += 1;
        }
    }
    assert!(first_values_not_enough > 0, "no puzzle tells the two apart");
}

fn givens_that_clash_are_repaired_like_any_wrong_given() {
    // The Wikipedia 9x9 with a 5 typed at r1c8 as well as at r1c1: read, not refused.
    let wrong = with(&WIKIPEDIA, &[(0, 7, '5')]);
    let found = repair(&text(&wrong));
    assert_eq!(found["optimal"], true);
    assert_eq!(found["edits"].as_array().unwrap().len(), 1, "{found}");
    assert_eq!(fewest_changes(&wrong), 1);
    let repaired = found["puzzle"].as_str().unwrap();
    assert!(outcome(repaired).unwrap().solution().is_some());
}

fn a_16x16_with_a_wrong_given_is_repaired_in_one_change() {
    // The first minimal 16x16 of bench/sudoku-minimal-16x16.txt with r1c3 typed 2, not 4:
    // no solution (by the plain solve below), and no clash with another given.
    let minimal = std::fs::read_to_string(common::repo("bench/sudoku-minimal-16x16.txt")).unwrap();
    let mut line: Vec<char> = minimal.lines().next().unwrap().chars().collect();
    assert_eq!(line[2], '4');
    line[2] = '2';
    let wrong: String = line.into_iter().chain(std::iter::once('\n')).collect();
    assert!(matches!(outcome(&wrong), Some(Outcome::Infeasible { .. })));
    let found = repair(&wrong);
    assert_eq!(found["optimal"], true);
    assert_eq!(found["edits"].as_array().unwrap().len(), 1, "{found}");
    let repaired = found["puzzle"].as_str().unwrap();
    assert!(outcome(repaired).unwrap().solution().is_some());
}

fn a_unique_puzzle_needs_no_repair() {
    let result = run_with_stdin(&["sudoku", "--repair", "-"], &text(&with(&WIKIPEDIA, &[])));
    assert_eq!(result.code, 0, "{}", result.stderr);
    assert!(result
        .stdout
        .ends_with("# unique\n# repair: none needed: the puzzle is unique\n"));
}

fn takuzu_repairs_read_back_as_takuzu_and_solve() {
    // One wrong given (the fixture's own note): one change is the fewest.
    let fixed = common::run(&[
        "takuzu",
        "--repair",
        "--format",
        "json",
        "puzzles/takuzu/infeasible.txt",
    ]);
    let found = fixed.single()["repair"].clone();
    assert_eq!(found["optimal"], true);
    assert_eq!(found["edits"].as_array().unwrap().len(), 1, "{found}");
    let solved = run_with_stdin(
        &["takuzu", "--format", "json", "-"],
        found["puzzle"].as_str().unwrap(),
    );
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    // Two solutions: one added given is the fewest there can be, and it makes the puzzle unique.
    let added = common::run(&[
        "takuzu",
        "--repair",
        "--format",
        "json",
        "puzzles/takuzu/two-solutions.txt",
    ]);
    let found = added.single()["repair"].clone();
    assert_eq!(found["edits"].as_array().unwrap().len(), 1, "{found}");
    let unique = run_with_stdin(
        &["takuzu", "--check-unique", "--format", "json", "-"],
        found["puzzle"].as_str().unwrap(),
    );
    assert_eq!(unique.single()["unique"], true);
}

fn among_the_fewest_changes_one_that_leaves_the_puzzle_unique_is_preferred() {
    // The 17-clue puzzle with its r2c1 given (4) typed as 5: changing it back is one edit and
    // unique; other single changes give a solution but not a unique one.
    let mut rows: Vec<String> = (0..9)
        .map(|r| SEVENTEEN[r * 9..r * 9 + 9].replace('0', "."))
        .collect();
    rows[1].replace_range(0..1, "5");
    let found = repair(&text(&rows));
    assert_eq!(found["optimal"], true);
    assert_eq!(found["unique"], true);
    assert_eq!(found["edits"].as_array().unwrap().len(), 1, "{found}");
    assert!(matches!(
        outcome(found["puzzle"].as_str().unwrap()),
        Some(Outcome::Unique(_))
    ));
}

const EACH_SOLVER: &str = "each_mip_solver_named_minimizes_the_repair_and_cadical_is_refused";

/// The Wikipedia 9x9 with its r1c1 given (5) typed as 1: no solution; one change gives it
/// one, whichever solver minimizes.
fn wrong_wikipedia() -> String {
    text(&with(&WIKIPEDIA, &[(0, 0, '1')]))
}

/// The wrong Wikipedia 9x9 has no solution.
fn the_wrong_wikipedia_has_no_solution() {
    assert!(matches!(
        outcome(&wrong_wikipedia()),
        Some(Outcome::Infeasible { .. })
    ));
}

/// `solver`, named, repairs the wrong Wikipedia 9x9 in one optimal change that gives it a
/// solution.
fn each_mip_solver_named_minimizes_the_repair_and_cadical_is_refused(solver: &str) {
    let wrong = wrong_wikipedia();
    let args = [
        "sudoku", "--repair", "--solver", solver, "--format", "json", "-",
    ];
    let result = run_with_stdin(&args, &wrong);
    assert_eq!(result.code, 1, "{solver}: {}", result.stderr);
    let found = result.single()["repair"].clone();
    assert_eq!(found["optimal"], true, "{solver}");
    assert_eq!(
        found["edits"].as_array().unwrap().len(),
        1,
        "{solver}: {found}"
    );
    let repaired = outcome(found["puzzle"].as_str().unwrap());
    assert!(
        repaired.is_some_and(|o| o.solution().is_some()),
        "{solver}: {found}"
    );
}

/// CaDiCaL, named for a repair, is refused: it does not minimize.
fn cadical_is_refused_for_a_repair() {
    let wrong = wrong_wikipedia();
    let refused = run_with_stdin(&["sudoku", "--repair", "--solver", "cadical", "-"], &wrong);
    assert_eq!(refused.code, 2);
    assert!(refused.stdout.is_empty());
    assert!(
        refused
            .stderr
            .contains("--repair minimizes with a MIP solver"),
        "{}",
        refused.stderr
    );
}

fn main() {
    let mut trials = cases(
        ADDITIONS,
        addition_cases,
        additions_are_the_fewest_over_every_solution_as_brute_force_finds_them,
    );
    trials.push(trial(
        &format!("{ADDITIONS}: the run"),
        the_additions_run_has_a_record_per_puzzle,
    ));
    trials.push(trial(
        &format!("{ADDITIONS}: some puzzle needs more of the first solution's own values"),
        some_puzzle_needs_more_of_the_first_solutions_own_values,
    ));
    trials.push(trial(
        &format!("{EACH_SOLVER}: the puzzle has no solution"),
        the_wrong_wikipedia_has_no_solution,
    ));
    trials.extend(cases(
        EACH_SOLVER,
        || {
            ["highs", "cbc", "microlp"]
                .map(|s| (s.to_string(), s))
                .to_vec()
        },
        each_mip_solver_named_minimizes_the_repair_and_cadical_is_refused,
    ));
    trials.push(trial(
        &format!("{EACH_SOLVER}: cadical is refused"),
        cadical_is_refused_for_a_repair,
    ));
    trials.extend(tests![
        one_wrong_given_is_one_optimal_change_and_the_repaired_puzzle_is_unique,
        two_wrong_givens_take_as_many_changes_as_the_smallest_fix_found_by_trying_all,
        a_minimal_puzzle_missing_a_given_gets_one_addition_from_any_solution,
        givens_that_clash_are_repaired_like_any_wrong_given,
        a_16x16_with_a_wrong_given_is_repaired_in_one_change,
        a_unique_puzzle_needs_no_repair,
        takuzu_repairs_read_back_as_takuzu_and_solve,
        among_the_fewest_changes_one_that_leaves_the_puzzle_unique_is_preferred,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
