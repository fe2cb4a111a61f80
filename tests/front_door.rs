//! What a newcomer meets first: a hint that never gives a solution away, grids past the
//! compact alphabet that read back, large generators that end instead of crashing, time limits
//! that cover a count's printing, and messages that never echo raw control characters.

mod common;

use std::time::{Duration, Instant};

use common::{grid, repo, run, solutions};

/// The two solutions of the KenKen fixture, from its `.sol` file.
fn kenken_solutions() -> Vec<Vec<Vec<u32>>> {
    solutions(&repo("puzzles/kenken/two-solutions-4x4.sol"))
}

/// Whether `text` holds a full row of any of `grids`, written compact or spaced.
fn shows_a_row_of(text: &str, grids: &[Vec<Vec<u32>>]) -> bool {
    let rows = grids.iter().flatten();
    rows.flat_map(|row| {
        let cells: Vec<String> = row.iter().map(u32::to_string).collect();
        [cells.concat(), cells.join(" ")]
    })
    .any(|row| text.lines().any(|line| line.trim() == row))
}

#[test]
fn a_hint_on_a_puzzle_with_two_solutions_shows_no_grid_and_names_the_cells_without_values() {
    let known = kenken_solutions();
    let result = run(&["kenken", "--hint", "puzzles/kenken/two-solutions-4x4.json"]);
    assert_eq!(result.code, 1, "{}", result.stderr);
    assert!(!shows_a_row_of(&result.stdout, &known), "{}", result.stdout);
    // The cells where the fixture's two solutions differ, named without values.
    let differ: Vec<String> = (0..16)
        .map(|i| (i / 4, i % 4))
        .filter(|&(r, c)| known[0][r][c] != known[1][r][c])
        .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
        .collect();
    let expected = format!(
        "# hint: none, the puzzle has several solutions (two differ at {})\n",
        differ.join(", ")
    );
    assert_eq!(result.stdout, expected);
}

#[test]
fn a_hint_in_json_on_a_half_filled_sudoku_with_two_solutions_carries_no_solution() {
    let result = run(&[
        "sudoku",
        "--hint",
        "--format",
        "json",
        "tests/fixtures/count/two-solutions-4x4.txt",
    ]);
    assert_eq!(result.code, 1, "{}", result.stderr);
    let record = result.single();
    assert!(record["solution"].is_null(), "{record}");
    assert!(record.get("second_solution").is_none(), "{record}");
    assert_eq!(record["unique"], false);
    let known = every_4x4_completion("123434122.......");
    assert_eq!(known.len(), 2);
    let differ: Vec<[usize; 2]> = (0..16)
        .map(|i| (i / 4, i % 4))
        .filter(|&(r, c)| known[0][r][c] != known[1][r][c])
        .map(|(r, c)| [r + 1, c + 1])
        .collect();
    let found: Vec<[usize; 2]> = serde_json::from_value(record["differs"].clone()).unwrap();
    assert_eq!(found, differ);
}

/// Every completion of a 4x4 Sudoku (row by row, `.` blank), by brute force: an engine of
/// its own, independent of the tool.
fn every_4x4_completion(givens: &str) -> Vec<Vec<Vec<u32>>> {
    let cells: Vec<u32> = givens
        .chars()
        .map(|ch| ch.to_digit(10).unwrap_or(0))
        .collect();
    let fits = |g: &[u32], i: usize, v: u32| {
        (0..16).all(|j| {
            let same =
                j / 4 == i / 4 || j % 4 == i % 4 || (j / 8 == i / 8 && j % 4 / 2 == i % 4 / 2);
            j == i || !same || g[j] != v
        })
    };
    let mut found = Vec::new();
    let mut stack = vec![cells];
    while let Some(g) = stack.pop() {
        match g.iter().position(|&v| v == 0) {
            None => found.push(g.chunks(4).map(<[u32]>::to_vec).collect()),
            Some(i) => {
                for v in (1..=4).filter(|&v| fits(&g, i, v)) {
                    let mut next = g.clone();
                    next[i] = v;
                    stack.push(next);
                }
            }
        }
    }
    found
}

/// The pattern solution of a Sudoku with `b` x `b` boxes: `(b (r mod b) + r div b + c) mod n + 1`.
fn pattern(b: usize) -> Vec<Vec<u32>> {
    let n = b * b;
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| ((b * (r % b) + r / b + c) % n + 1) as u32)
                .collect()
        })
        .collect()
}

/// The grid of spaced numbers in `text` (comment lines skipped).
fn spaced_grid(text: &str) -> Vec<Vec<u32>> {
    (text.lines())
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect()
}

#[test]
fn a_36x36_compact_grid_prints_its_solution_as_spaced_numbers_equal_to_the_known_one() {
    let result = run(&[
        "sudoku",
        "--check-unique",
        "tests/forms/sudoku-compact-36x36.txt",
    ]);
    assert_eq!(result.code, 0, "{}", result.stderr);
    assert_eq!(spaced_grid(&result.stdout), pattern(6));
}

#[test]
fn a_64x64_compact_grid_prints_a_solution_that_reads_back_through_verify() {
    let path = "tests/forms/sudoku-compact-64x64.txt";
    let solved = run(&["sudoku", path]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let grid = spaced_grid(&solved.stdout);
    assert_eq!(grid.len(), 64);
    assert!(grid.iter().all(|row| row.len() == 64), "{}", solved.stdout);
    let file = std::env::temp_dir().join(format!("mipsolve-64-{}.txt", std::process::id()));
    std::fs::write(&file, &solved.stdout).unwrap();
    let verified = run(&["sudoku", "--verify", file.to_str().unwrap(), path]);
    let _ = std::fs::remove_file(&file);
    assert_eq!(verified.code, 0, "{}", verified.stderr);
    assert!(verified.stdout.ends_with("# verified: a solution\n"));
}

#[test]
fn generating_a_64x64_ends_as_a_timeout_instead_of_overflowing_the_stack() {
    let args = [
        "generate",
        "sudoku",
        "--box",
        "8x8",
        "--seed",
        "1",
        "--time-limit",
        "3",
        "-q",
    ];
    let result = run(&args);
    assert_eq!(result.code, 1, "{}", result.stderr);
    assert!(
        result
            .stderr
            .starts_with("mipsolve: puzzle of seed 1: time limit reached"),
        "{}",
        result.stderr
    );
}

#[test]
fn a_count_with_a_time_limit_ends_with_its_solutions_printed_within_the_limit() {
    let empty = ".........\n".repeat(9);
    let file = std::env::temp_dir().join(format!("mipsolve-empty-{}.txt", std::process::id()));
    std::fs::write(&file, empty).unwrap();
    let started = Instant::now();
    let result = run(&[
        "sudoku",
        "--count",
        "1000000",
        "--time-limit",
        "1",
        "--format",
        "json",
        file.to_str().unwrap(),
    ]);
    let elapsed = started.elapsed();
    let _ = std::fs::remove_file(&file);
    assert_eq!(result.code, 1, "{}", result.stderr);
    let record = result.single();
    assert_eq!(record["status"], "timeout");
    let count = record["count"].as_u64().unwrap() as usize;
    let listed = record["solutions"].as_array().unwrap();
    assert_eq!(listed.len(), count);
    assert!(count > 0);
    // A behaviour, not a speed: the process ends near its limit (it took 2.6 times it).
    assert!(elapsed < Duration::from_millis(1800), "{elapsed:?}");
    for solution in listed {
        assert_eq!(grid(solution).len(), 9);
    }
}

#[test]
fn a_control_character_from_the_file_is_escaped_in_the_message() {
    let result = run(&["sudoku", "tests/bad/sudoku-control-character.txt"]);
    assert_eq!(result.code, 2);
    assert_eq!(
        result.stderr,
        "tests/bad/sudoku-control-character.txt:2: unexpected character '\\u{1b}' \
         (cells are 1-9 and A-Z; blanks are '.', '0' or '_')\n"
    );
    assert!(!result.stderr.contains('\u{1b}'));
}

#[test]
fn svg_output_of_several_puzzles_is_refused_naming_picture_dir() {
    let result = run(&["sudoku", "--format", "svg", "puzzles/sudoku/hard-9x9.txt"]);
    assert_eq!(result.code, 2);
    assert_eq!(result.stdout, "");
    assert!(
        result
            .stderr
            .starts_with("mipsolve: --format svg writes one picture, and this run has"),
        "{}",
        result.stderr
    );
    assert!(result.stderr.contains("--picture DIR"), "{}", result.stderr);
}

#[test]
fn the_stated_largest_time_limit_is_accepted() {
    let result = run(&[
        "sudoku",
        "--time-limit",
        "1000000000",
        "puzzles/sudoku/small-4x4.txt",
    ]);
    assert_eq!(result.code, 0, "{}", result.stderr);
    let known = solutions(&repo("puzzles/sudoku/small-4x4.sol"));
    let printed: Vec<Vec<u32>> = (result.stdout.lines())
        .map(|l| l.chars().map(|ch| ch.to_digit(10).unwrap()).collect())
        .collect();
    assert_eq!(printed, known[0]);
}

/// The LP file `--write-model` writes for the Takuzu fixture with these options.
fn takuzu_model(options: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!(
        "mipsolve-lp-{}-{}",
        std::process::id(),
        options.len()
    ));
    let dir_text = dir.to_str().unwrap().to_string();
    let args = [
        &["takuzu", "--write-model", &dir_text][..],
        options,
        &["puzzles/takuzu/4x4.txt"],
    ]
    .concat();
    let result = run(&args);
    assert_eq!(result.code, 0, "{}", result.stderr);
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    text
}

#[test]
fn the_takuzu_documents_model_writes_givens_as_the_documents_do() {
    let text = takuzu_model(&["--formulation", "documents"]);
    // The fixture's first row `...0` and second row `1...` give r1c4 = 0 and r2c1 = 1.
    assert!(text.contains("\n given_r1c4: x_r1c4 = 0\n"), "{text}");
    assert!(text.contains("\n given_r2c1: x_r2c1 = 1\n"), "{text}");
}

#[test]
fn the_takuzu_reduced_model_explains_its_names_with_a_takuzu_value() {
    let text = takuzu_model(&[]);
    assert!(
        text.contains("\\ x_r1c2_1 = 1: cell r1c2 holds 1\n"),
        "{text}"
    );
    assert!(!text.contains("holds 5"), "{text}");
}

#[test]
fn a_repair_that_runs_out_of_time_says_so_and_prints_no_edits() {
    let path = "tests/fixtures/repair/wrong-given-25x25.txt";
    let result = run(&["sudoku", "--repair", "--time-limit", "8", path]);
    assert_eq!(result.code, 1, "{}", result.stderr);
    // A machine fast enough to prove the fewest edits in time gives the fixture's own change;
    // an answer not proven the fewest is never printed.
    match result.stdout.contains("changed") {
        true => assert!(
            result
                .stdout
                .starts_with("# repair: changed r1c1=3 -> 16 (1 edit, optimal"),
            "{}",
            result.stdout
        ),
        false => assert_eq!(
            result.stdout,
            "# repair: time limit reached before the fewest edits were found and proven\n"
        ),
    }
}

#[test]
fn a_repair_changes_one_of_two_clashing_givens_and_the_repaired_puzzle_is_unique_by_highs() {
    let path = "puzzles/sudoku/conflicting-givens-9x9.txt";
    let refused = run(&["sudoku", path]);
    assert_eq!(
        refused.code, 2,
        "a plain solve still refuses clashing givens"
    );
    let result = run(&["sudoku", "--repair", path]);
    assert_eq!(result.code, 1, "{}", result.stderr);
    let first = result.stdout.lines().next().unwrap();
    // The fixture's row 3 holds 5 at r3c2 and r3c7: one of them must change.
    let one_edit = [
        "# repair: changed r3c2=5 -> ",
        "# repair: changed r3c7=5 -> ",
    ];
    assert!(one_edit.iter().any(|p| first.starts_with(p)), "{first}");
    assert!(first.ends_with("(1 edit, optimal)"), "{first}");
    let repaired = result.stdout.split("# repaired puzzle:\n").nth(1).unwrap();
    let checked = common::run_with_stdin(
        &["sudoku", "--check-unique", "--solver", "highs", "-"],
        repaired,
    );
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    assert!(checked.stdout.ends_with("# unique\n"), "{}", checked.stdout);
}

#[test]
fn an_explanation_names_the_two_clashing_givens() {
    let result = run(&[
        "sudoku",
        "--explain",
        "puzzles/sudoku/conflicting-givens-9x9.txt",
    ]);
    assert_eq!(result.code, 1);
    assert!(
        result
            .stderr
            .contains("these 2 givens cannot all hold together, and no smaller set of them conflicts: r3c2=5, r3c7=5"),
        "{}",
        result.stderr
    );
}
