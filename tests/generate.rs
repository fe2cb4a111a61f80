//! `mipsolve generate`. Each generated puzzle is read back by the solver and proven unique by
//! a second engine (HiGHS, where the generator used its own search and CaDiCaL), with the
//! solution the generator printed; seeds give the same puzzles with any number of jobs;
//! `--minimal` puzzles lose uniqueness with any one given removed (HiGHS counting two
//! solutions); the givens keep the asked symmetry (checked here, by the maps themselves);
//! the asked level is `--grade`'s; and Simon Tatham's own games accept the game IDs.

mod common;

use std::process::{Command, Stdio};

use common::{grid, run, run_with_stdin, Run};
use mipsolve::deduce::Ladder;
use serde_json::Value;

/// Designs the round trip covers: generate arguments and the solver's subcommand and options.
const DESIGNS: &[(&[&str], &[&str])] = &[
    (&["sudoku"], &["sudoku"]),
    (&["sudoku", "--size", "4"], &["sudoku"]),
    (&["sudoku", "--box", "2x3"], &["sudoku"]),
    (&["sudoku", "--size", "16"], &["sudoku"]),
    (&["sudoku", "--variant", "killer"], &["sudoku"]),
    (&["sudoku", "--variant", "x"], &["sudoku"]),
    (
        &["sudoku", "--variant", "consecutive", "--size", "6"],
        &["sudoku"],
    ),
    (&["sudoku", "--variant", "jigsaw"], &["sudoku"]),
    (
        &["sudoku", "--variant", "killer,x,jigsaw", "--size", "6"],
        &["sudoku"],
    ),
    (&["kenken", "--size", "4"], &["kenken"]),
    (&["kenken", "--size", "7"], &["kenken"]),
    (&["kenken", "--size", "6", "--ops", "*"], &["kenken"]),
    (&["kenken", "--size", "5", "--ops", "-/"], &["kenken"]),
    (&["kenken", "--size", "5", "--hidden-ops"], &["kenken"]),
    (&["takuzu", "--size", "6"], &["takuzu"]),
    (&["takuzu", "--size", "10x6"], &["takuzu"]),
    (
        &["takuzu", "--size", "8", "--allow-duplicate-lines"],
        &["takuzu", "--allow-duplicate-lines"],
    ),
];

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

#[test]
fn every_design_reads_back_as_a_unique_puzzle_with_the_printed_solution() {
    for (design, solver) in DESIGNS {
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
}

#[test]
fn game_ids_read_back_as_the_same_puzzles() {
    for (design, solver) in DESIGNS.iter().filter(|(d, _)| has_game_id(d)) {
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
}

/// Whether Tatham's game for the kind has the design: Keen has no hidden operators, Solo no
/// consecutive marks.
fn has_game_id(design: &[&str]) -> bool {
    !design.contains(&"--hidden-ops") && !design.contains(&"consecutive")
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

#[test]
fn tathams_games_accept_the_game_ids() {
    for (design, _) in DESIGNS.iter().filter(|(d, _)| has_game_id(d)) {
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
}

#[test]
fn a_seed_gives_the_same_puzzles_with_any_number_of_jobs_and_alone() {
    for design in [
        &["sudoku"][..],
        &["kenken", "--size", "6"],
        &["takuzu", "--size", "8"],
    ] {
        let batch = |jobs: &str| {
            generate(&[design, &["--seed", "40", "-n", "6", "-j", jobs][..]].concat()).stdout
        };
        let one = batch("1");
        assert_eq!(one, batch("2"), "{design:?}");
        let fourth =
            generate(&[design, &["--seed", "43", "--format", "json"][..]].concat()).single();
        let all =
            generate(&[design, &["--seed", "40", "-n", "6", "--format", "json"][..]].concat())
                .json();
        assert_eq!(all[3]["puzzle"], fourth["puzzle"], "{design:?}");
        assert_eq!(all[3]["seed"], 43);
        assert_ne!(all[0]["puzzle"], all[1]["puzzle"]);
    }
}

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

#[test]
fn minimal_puzzles_lose_uniqueness_with_any_one_given_removed() {
    for design in [
        &["sudoku"][..],
        &["sudoku", "--symmetry", "r2"],
        &["takuzu", "--size", "6"],
    ] {
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
                        design[0], "--count", "2", "--solver", "highs", "--format", "json", "-q",
                        "-",
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
}

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
        _ => vec![],
    }
}

#[test]
fn givens_keep_the_asked_symmetry() {
    for symmetry in ["r2", "r4", "m2", "md2", "m4", "md4", "m8"] {
        for design in [&["sudoku"][..], &["takuzu", "--size", "8"]] {
            let text =
                generate(&[design, &["--symmetry", symmetry, "--seed", "9"][..]].concat()).stdout;
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
    }
}

#[test]
fn the_asked_level_is_what_grade_says() {
    // Every level of each kind's ladder, as `--grade` names them.
    let cases: &[(&[&str], Ladder)] = &[
        (&["sudoku"], Ladder::Solo),
        (&["kenken", "--size", "6"], Ladder::Keen),
        (&["takuzu", "--size", "8"], Ladder::Unruly),
    ];
    for (design, ladder) in cases {
        for level in ladder.levels() {
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
    }
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
        "mipsolve: puzzle of seed 1: no puzzle met the request in 2000 attempts\n"
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

#[test]
fn a_game_id_outside_what_tathams_game_has_is_refused_not_left_blank() {
    for (args, game) in [
        (&["kenken", "--size", "12"][..], "Keen"),
        (&["takuzu", "--size", "4"], "Unruly"),
        (&["sudoku", "--box", "1x4"], "Solo"),
    ] {
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
}
