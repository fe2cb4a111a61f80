//! `mipsolve generate`. Each generated puzzle is read back by the solver and proven unique by
//! a second engine (HiGHS, where the generator used its own search and CaDiCaL), with the
//! solution the generator printed; seeds give the same puzzles with any number of jobs;
//! `--minimal` puzzles lose uniqueness with any one given removed (HiGHS counting two
//! solutions); the givens keep the asked symmetry (checked here, by the maps themselves);
//! the asked level is `--grade`'s; consecutive marks are exactly the side-by-side pairs of the
//! solution that differ by 1; and Simon Tatham's own games accept the game IDs. Each design,
//! symmetry, level and seed is a test of its own, so that a failing case hides none of the
//! others.

mod common;

use std::process::{Command, Stdio};

use common::{grid, run, run_with_stdin, Run};
use serde_json::Value;

/// The designs the round trip covers, a module each: `name: [generate arguments] solved by
/// [the solver's subcommand and options]`. Each gets the test
/// `reads_back_as_a_unique_puzzle_with_the_printed_solution`; those marked `with_game_id` (the
/// designs Tatham's game for the kind has: Keen has no hidden operators, Solo no consecutive
/// marks) also `its_game_ids_read_back_as_the_same_puzzles` and
/// `tathams_game_accepts_its_game_ids`.
macro_rules! designs {
    ($($name:ident: [$($design:literal),+] solved by [$($solver:literal),+] $($ids:ident)?;)*) => {
        $(mod $name {
            const DESIGN: &[&str] = &[$($design),+];
            const SOLVER: &[&str] = &[$($solver),+];

            #[test]
            fn reads_back_as_a_unique_puzzle_with_the_printed_solution() {
                super::reads_back_as_a_unique_puzzle_with_the_printed_solution(DESIGN, SOLVER);
            }

            $(designs!(@$ids);)?
        })*
    };
    (@with_game_id) => {
        #[test]
        fn its_game_ids_read_back_as_the_same_puzzles() {
            super::game_ids_read_back_as_the_same_puzzles(DESIGN, SOLVER);
        }

        #[test]
        fn tathams_game_accepts_its_game_ids() {
            super::tathams_game_accepts_the_game_ids(DESIGN);
        }
    };
}

designs! {
    sudoku_9x9: ["sudoku"] solved by ["sudoku"] with_game_id;
    sudoku_4x4: ["sudoku", "--size", "4"] solved by ["sudoku"] with_game_id;
    sudoku_boxes_2x3: ["sudoku", "--box", "2x3"] solved by ["sudoku"] with_game_id;
    sudoku_16x16: ["sudoku", "--size", "16"] solved by ["sudoku"] with_game_id;
    killer: ["sudoku", "--variant", "killer"] solved by ["sudoku"] with_game_id;
    x: ["sudoku", "--variant", "x"] solved by ["sudoku"] with_game_id;
    consecutive_6x6: ["sudoku", "--variant", "consecutive", "--size", "6"]
        solved by ["sudoku"];
    jigsaw: ["sudoku", "--variant", "jigsaw"] solved by ["sudoku"] with_game_id;
    killer_x_jigsaw_6x6: ["sudoku", "--variant", "killer,x,jigsaw", "--size", "6"]
        solved by ["sudoku"] with_game_id;
    kenken_4x4: ["kenken", "--size", "4"] solved by ["kenken"] with_game_id;
    kenken_7x7: ["kenken", "--size", "7"] solved by ["kenken"] with_game_id;
    kenken_6x6_products_only: ["kenken", "--size", "6", "--ops", "*"]
        solved by ["kenken"] with_game_id;
    kenken_5x5_differences_and_quotients_only: ["kenken", "--size", "5", "--ops", "-/"]
        solved by ["kenken"] with_game_id;
    kenken_5x5_hidden_operators: ["kenken", "--size", "5", "--hidden-ops"]
        solved by ["kenken"];
    takuzu_6x6: ["takuzu", "--size", "6"] solved by ["takuzu"] with_game_id;
    takuzu_10x6: ["takuzu", "--size", "10x6"] solved by ["takuzu"] with_game_id;
    takuzu_8x8_with_duplicate_lines: ["takuzu", "--size", "8", "--allow-duplicate-lines"]
        solved by ["takuzu", "--allow-duplicate-lines"] with_game_id;
}

/// One test per case of a check: `check { case(arguments); ... }` makes a module named after
/// the check holding, for each case, a test that calls the function `check(arguments)` (the
/// arguments may name the constants of this file).
macro_rules! each_case {
    ($check:ident { $($case:ident($($arg:expr),*);)* }) => {
        mod $check {
            #[allow(unused_imports)] // the cases of some checks name no constant
            use super::*;

            $(
                #[test]
                fn $case() {
                    super::$check($($arg),*);
                }
            )*
        }
    };
}

fn generate(args: &[&str]) -> Run {
    let result = run(&[&["generate"], args, &["-q"]].concat());
    assert_eq!(result.code, 0, "{args:?}: {}", result.stderr);
    result
}

/// Solves `text` with `solver` args through standard input, proving uniqueness with HiGHS.
fn solve_unique(solver: &[&str], text: &str) -> Vec<Value> {
    let args = [
        solver,
        &[
            "--check-unique",
            "--solver",
            "highs",
            "--format",
            "json",
            "-q",
            "-",
        ],
    ];
    let result = run_with_stdin(&args.concat(), text);
    assert_eq!(result.code, 0, "{solver:?}: {}\n{text}", result.stderr);
    result.json()
}

fn reads_back_as_a_unique_puzzle_with_the_printed_solution(design: &[&str], solver: &[&str]) {
    let seed = ["--seed", "11", "-n", "3"];
    let records = generate(&[design, &seed[..], &["--format", "json"]].concat()).json();
    assert_eq!(records.len(), 3, "{design:?}");
    let text = generate(&[design, &seed[..]].concat()).stdout;
    let solved = solve_unique(solver, &text);
    assert_eq!(solved.len(), 3, "{design:?}: {text}");
    for (record, solved) in records.iter().zip(&solved) {
        assert_eq!(solved["status"], "solved", "{design:?}: {solved}");
        assert_eq!(solved["unique"], true, "{design:?}: {solved}");
        assert_eq!(
            grid(&solved["solution"]),
            grid(&record["solution"]),
            "{design:?}"
        );
        // The JSON record's puzzle is the text form of the same puzzle.
        let alone = match &record["puzzle"] {
            Value::String(text) => text.clone(),
            object => object.to_string(),
        };
        let again = solve_unique(solver, &alone);
        assert_eq!(grid(&again[0]["solution"]), grid(&record["solution"]));
    }
}

fn game_ids_read_back_as_the_same_puzzles(design: &[&str], solver: &[&str]) {
    let seed = ["--seed", "5", "-n", "2"];
    let records = generate(&[design, &seed[..], &["--format", "json"]].concat()).json();
    let ids = generate(&[design, &seed[..], &["--format", "gameid"]].concat()).stdout;
    let from_ids = solve_unique(&solver[..1], &ids);
    let lines: Vec<&str> = ids.lines().collect();
    assert_eq!(lines.len(), 2, "{design:?}: {ids}");
    for ((record, solved), line) in records.iter().zip(&from_ids).zip(lines) {
        assert_eq!(record["gameid"], line, "{design:?}");
        assert_eq!(
            grid(&solved["solution"]),
            grid(&record["solution"]),
            "{design:?}: {ids}"
        );
    }
}

/// Tatham's program for a kind, as Debian installs it.
fn tatham(kind: &str) -> String {
    let game = match kind {
        "sudoku" => "solo",
        "kenken" => "keen",
        _ => "unruly",
    };
    format!("/usr/games/sgt-{game}")
}

fn tathams_game_accepts_the_game_ids(design: &[&str]) {
    let ids = generate(
        &[
            design,
            &["--seed", "3", "-n", "2", "--format", "gameid"][..],
        ]
        .concat(),
    )
    .stdout;
    // `--print` reads game IDs from standard input and fails on one it cannot parse.
    let program = tatham(design[0]);
    let mut child = Command::new(&program)
        .args(["--print", "1x1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} (Debian's sgt-puzzles) must be installed: {e}"));
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), ids.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{design:?}: {ids}\n{stderr}");
}

/// The consecutive marks of a generated puzzle (`generate sudoku --variant consecutive
/// --format json`, the design and seed given) are exactly the side-by-side cell pairs whose
/// values in the printed solution differ by 1, there is at least one, and every other pair is
/// marked as not consecutive (`negative`).
fn marks_are_the_solutions_consecutive_pairs(size: &str, seed: &str) {
    let args = [
        "sudoku",
        "--variant",
        "consecutive",
        "--size",
        size,
        "--seed",
        seed,
        "--format",
        "json",
    ];
    let record = generate(&args).single();
    let solution = grid(&record["solution"]);
    let puzzle = &record["puzzle"];
    let n = solution.len();
    assert_eq!(n.to_string(), size, "{record}");
    // Cells as the JSON writes them: [row, column], from 1.
    let mut expected = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 < n && c2 < n && solution[r][c].abs_diff(solution[r2][c2]) == 1 {
                    expected.push([[r + 1, c + 1], [r2 + 1, c2 + 1]]);
                }
            }
        }
    }
    let marks: Vec<[[usize; 2]; 2]> = serde_json::from_value(puzzle["consecutive"].clone())
        .unwrap_or_else(|e| panic!("no list of consecutive marks ({e}): {puzzle}"));
    assert!(!marks.is_empty(), "seed {seed}: no mark drawn: {record}");
    let sorted = |mut pairs: Vec<[[usize; 2]; 2]>| {
        for pair in &mut pairs {
            pair.sort();
        }
        pairs.sort();
        pairs
    };
    assert_eq!(
        sorted(marks),
        sorted(expected),
        "seed {seed}: the marks are not the pairs of the solution that differ by 1: {record}"
    );
    assert_eq!(puzzle["negative"], true, "seed {seed}: {record}");
}

each_case!(marks_are_the_solutions_consecutive_pairs {
    seed_1_on_6x6("6", "1");
    seed_2_on_6x6("6", "2");
    seed_3_on_6x6("6", "3");
    seed_4_on_6x6("6", "4");
    seed_5_on_6x6("6", "5");
    seed_6_on_6x6("6", "6");
    seed_1_on_9x9("9", "1");
    seed_2_on_9x9("9", "2");
    seed_3_on_9x9("9", "3");
});

fn a_seed_gives_the_same_puzzles_with_any_number_of_jobs_and_alone(design: &[&str]) {
    let batch = |jobs: &str| {
        generate(&[design, &["--seed", "40", "-n", "6", "-j", jobs][..]].concat()).stdout
    };
    let one = batch("1");
    assert_eq!(one, batch("2"), "{design:?}");
    let fourth = generate(&[design, &["--seed", "43", "--format", "json"][..]].concat()).single();
    let all =
        generate(&[design, &["--seed", "40", "-n", "6", "--format", "json"][..]].concat()).json();
    assert_eq!(all[3]["puzzle"], fourth["puzzle"], "{design:?}");
    assert_eq!(all[3]["seed"], 43);
    assert_ne!(all[0]["puzzle"], all[1]["puzzle"]);
}

each_case!(a_seed_gives_the_same_puzzles_with_any_number_of_jobs_and_alone {
    sudoku(&["sudoku"]);
    kenken_6x6(&["kenken", "--size", "6"]);
    takuzu_8x8(&["takuzu", "--size", "8"]);
});

/// Which cells of a compact grid-form puzzle hold givens (`.` blank).
fn givens(text: &str) -> Vec<Vec<bool>> {
    (text.lines())
        .map(|line| {
            line.chars()
                .filter(|ch| !ch.is_whitespace())
                .map(|ch| ch != '.')
                .collect()
        })
        .collect()
}

fn minimal_puzzles_lose_uniqueness_with_any_one_given_removed(design: &[&str]) {
    let records = generate(
        &[
            design,
            &["--minimal", "--seed", "2", "-n", "2", "--format", "json"][..],
        ]
        .concat(),
    )
    .json();
    for record in records {
        let text = record["puzzle"].as_str().unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut removed = 0;
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.char_indices().filter(|(_, ch)| *ch != '.') {
                let mut fewer = lines.clone();
                let row = format!("{}.{}", &line[..c], &line[c + ch.len_utf8()..]);
                fewer[r] = &row;
                let args = [
                    design[0], "--count", "2", "--solver", "highs", "--format", "json", "-q", "-",
                ];
                let counted = run_with_stdin(&args, &fewer.join("\n")).single();
                assert_eq!(
                    counted["solutions"].as_array().map(Vec::len),
                    Some(2),
                    "{design:?} r{r}c{c}:\n{text}"
                );
                removed += 1;
            }
        }
        assert_eq!(removed, record["givens"].as_u64().unwrap() as usize);
    }
}

each_case!(minimal_puzzles_lose_uniqueness_with_any_one_given_removed {
    sudoku(&["sudoku"]);
    sudoku_with_half_turn_symmetry(&["sudoku", "--symmetry", "r2"]);
    takuzu_6x6(&["takuzu", "--size", "6"]);
});

/// The cell a symmetry sends `(r, c)` to on an `n` x `n` grid, for each of its maps.
fn images(symmetry: &str, (r, c): (usize, usize), n: usize) -> Vec<(usize, usize)> {
    let m = n - 1;
    let (rot, mir, flip, diag, anti) = ((c, m - r), (r, m - c), (m - r, c), (c, r), (m - c, m - r));
    let half = (m - r, m - c);
    match symmetry {
        "r2" => vec![half],
        "r4" => vec![rot, half, (m - c, r)],
        "m2" => vec![mir],
        "md2" => vec![diag],
        "m4" => vec![mir, flip, half],
        "md4" => vec![diag, anti, half],
        "m8" => vec![rot, half, (m - c, r), mir, flip, diag, anti],
        other => panic!("no maps for symmetry {other}"),
    }
}

fn givens_keep_the_asked_symmetry(design: &[&str], symmetry: &str) {
    let text = generate(&[design, &["--symmetry", symmetry, "--seed", "9"][..]].concat()).stdout;
    let held = givens(&text);
    let n = held.len();
    for r in 0..n {
        for c in 0..n {
            for (ir, ic) in images(symmetry, (r, c), n) {
                assert_eq!(
                    held[r][c], held[ir][ic],
                    "{symmetry} {design:?} r{r}c{c}:\n{text}"
                );
            }
        }
    }
}

const SUDOKU: &[&str] = &["sudoku"];
const TAKUZU_8X8: &[&str] = &["takuzu", "--size", "8"];

each_case!(givens_keep_the_asked_symmetry {
    sudoku_r2(SUDOKU, "r2");
    sudoku_r4(SUDOKU, "r4");
    sudoku_m2(SUDOKU, "m2");
    sudoku_md2(SUDOKU, "md2");
    sudoku_m4(SUDOKU, "m4");
    sudoku_md4(SUDOKU, "md4");
    sudoku_m8(SUDOKU, "m8");
    takuzu_8x8_r2(TAKUZU_8X8, "r2");
    takuzu_8x8_r4(TAKUZU_8X8, "r4");
    takuzu_8x8_m2(TAKUZU_8X8, "m2");
    takuzu_8x8_md2(TAKUZU_8X8, "md2");
    takuzu_8x8_m4(TAKUZU_8X8, "m4");
    takuzu_8x8_md4(TAKUZU_8X8, "md4");
    takuzu_8x8_m8(TAKUZU_8X8, "m8");
});

fn the_asked_level_is_what_grade_says(design: &[&str], level: &str) {
    let text = generate(
        &[
            design,
            &["--difficulty", level, "--seed", "1", "-n", "2"][..],
        ]
        .concat(),
    )
    .stdout;
    let args = [design[0], "--grade", "--format", "json", "-q", "-"];
    let graded = run_with_stdin(&args, &text);
    assert_eq!(graded.code, 0, "{}", graded.stderr);
    for record in graded.json() {
        assert_eq!(record["grade"]["level"], *level, "{design:?}:\n{text}");
    }
}

const KENKEN_6X6: &[&str] = &["kenken", "--size", "6"];

// Every level of each kind's ladder, as `--grade` names them (the test below checks that
// this is the whole ladder).
each_case!(the_asked_level_is_what_grade_says {
    sudoku_trivial(SUDOKU, "trivial");
    sudoku_basic(SUDOKU, "basic");
    sudoku_intermediate(SUDOKU, "intermediate");
    sudoku_advanced(SUDOKU, "advanced");
    sudoku_extreme(SUDOKU, "extreme");
    sudoku_unreasonable(SUDOKU, "unreasonable");
    kenken_6x6_easy(KENKEN_6X6, "easy");
    kenken_6x6_normal(KENKEN_6X6, "normal");
    kenken_6x6_hard(KENKEN_6X6, "hard");
    kenken_6x6_extreme(KENKEN_6X6, "extreme");
    kenken_6x6_unreasonable(KENKEN_6X6, "unreasonable");
    takuzu_8x8_trivial(TAKUZU_8X8, "trivial");
    takuzu_8x8_easy(TAKUZU_8X8, "easy");
    takuzu_8x8_normal(TAKUZU_8X8, "normal");
    takuzu_8x8_unreasonable(TAKUZU_8X8, "unreasonable");
});

#[test]
fn the_level_tests_cover_every_level_of_each_ladder() {
    use mipsolve::deduce::Ladder;
    assert_eq!(
        Ladder::Solo.levels(),
        [
            "trivial",
            "basic",
            "intermediate",
            "advanced",
            "extreme",
            "unreasonable"
        ]
    );
    assert_eq!(
        Ladder::Keen.levels(),
        ["easy", "normal", "hard", "extreme", "unreasonable"]
    );
    assert_eq!(
        Ladder::Unruly.levels(),
        ["trivial", "easy", "normal", "unreasonable"]
    );
}

#[test]
fn clue_counts_stay_in_the_asked_range() {
    let records = generate(&[
        "sudoku", "--givens", "28..30", "--seed", "4", "-n", "3", "--format", "json",
    ])
    .json();
    for record in records {
        let count = record["givens"].as_u64().unwrap();
        assert!((28..=30).contains(&count), "{record}");
        let text = record["puzzle"].as_str().unwrap();
        assert_eq!(
            text.chars().filter(|ch| ch.is_ascii_digit()).count() as u64,
            count
        );
    }
}

#[test]
fn a_request_no_attempt_meets_fails_with_exit_1_and_says_so() {
    let result = run(&[
        "generate",
        "sudoku",
        "--size",
        "4",
        "--difficulty",
        "extreme",
        "--seed",
        "1",
        "-q",
    ]);
    assert_eq!(result.code, 1);
    assert_eq!(result.stdout, "");
    assert_eq!(
        result.stderr,
        "mipsolve: puzzle of seed 1: no puzzle met the request in 20000 attempts\n"
    );
}

#[test]
fn a_puzzle_that_runs_out_of_time_is_reported_as_a_timeout_with_exit_1() {
    let args = [
        "generate",
        "sudoku",
        "--size",
        "25",
        "--time-limit",
        "1",
        "--seed",
        "1",
        "-q",
    ];
    let result = run(&args);
    assert_eq!(result.code, 1);
    assert_eq!(result.stdout, "");
    assert!(
        result.stderr.starts_with(
            "mipsolve: puzzle of seed 1: time limit reached before a puzzle met the request"
        ),
        "{}",
        result.stderr
    );
}

fn a_game_id_outside_what_tathams_game_has_is_refused_not_left_blank(args: &[&str], game: &str) {
    let all = [
        &["generate"][..],
        args,
        &["--format", "gameid", "--seed", "2", "-q"],
    ]
    .concat();
    let result = run(&all);
    assert_eq!(result.code, 1, "{args:?}");
    assert_eq!(result.stdout, "", "{args:?}");
    let expected =
        format!("mipsolve: puzzle of seed 2: Simon Tatham's {game} has no game ID for it\n");
    assert_eq!(result.stderr, expected, "{args:?}");
}

each_case!(a_game_id_outside_what_tathams_game_has_is_refused_not_left_blank {
    kenken_12x12(&["kenken", "--size", "12"], "Keen");
    takuzu_4x4(&["takuzu", "--size", "4"], "Unruly");
    sudoku_boxes_1x4(&["sudoku", "--box", "1x4"], "Solo");
});
