//! `--grade`, `--steps` and `--hint`. The grades are checked against the level Simon Tatham's
//! Solo generated each fixture at (`tests/fixtures/grade/`, made by `bench/grade_fixtures.py`);
//! the steps of every fixture and corpus Sudoku are replayed against its known solution (from
//! CP-SAT or the fixture's `.sol`): each placement is the solution's value, no removed
//! candidate is, and the steps end at the solution.

mod common;

use std::path::{Path, PathBuf};

use common::{repo, run, solution_path, solutions};
use serde_json::Value;

/// The grading fixtures, with the level in their names.
fn fixtures() -> Vec<(PathBuf, String)> {
    let mut found: Vec<(PathBuf, String)> = std::fs::read_dir(repo("tests/fixtures/grade"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            let level = stem.rsplit('-').next().unwrap().to_string();
            (p, level)
        })
        .collect();
    found.sort();
    found
}

fn records(args: &[&str], path: &Path) -> Vec<Value> {
    let path = path.to_string_lossy().to_string();
    let result = run(&[args, &["--format", "json", "-q", &path]].concat());
    assert_eq!(result.code, 0, "{path}: {}", result.stderr);
    result.json()
}

#[test]
fn grades_agree_with_the_level_solo_generated_each_puzzle_at() {
    let all = fixtures();
    assert_eq!(all.len(), 12, "six levels at two sizes");
    for (path, level) in all {
        let graded = records(&["sudoku", "--grade"], &path);
        assert_eq!(graded.len(), 4, "{}", path.display());
        for record in graded {
            assert_eq!(
                record["grade"]["level"],
                level.as_str(),
                "{}",
                path.display()
            );
            let guesses = record["grade"]["guesses"].as_u64().unwrap();
            assert_eq!(guesses > 0, level == "unreasonable", "{record}");
        }
    }
}

/// Replays `steps` on `givens` towards `solution`, on its own plain grid and candidate list.
fn replay(steps: &[Value], givens: &[Vec<u32>], solution: &[Vec<u32>], at: &str) {
    let mut grid = givens.to_vec();
    let cells = |v: &Value| -> Vec<(usize, usize, u32)> {
        (v.as_array().unwrap().iter())
            .map(|t| {
                let n = |i: usize| t[i].as_u64().unwrap();
                (n(0) as usize - 1, n(1) as usize - 1, n(2) as u32)
            })
            .collect()
    };
    for step in steps {
        let (placed, removed) = (cells(&step["placed"]), cells(&step["removed"]));
        assert!(!placed.is_empty() || !removed.is_empty(), "{at}: {step}");
        for (r, c, v) in placed {
            assert_eq!(grid[r][c], 0, "{at}: placed twice: {step}");
            assert_eq!(solution[r][c], v, "{at}: {step}");
            grid[r][c] = v;
        }
        for (r, c, v) in removed {
            assert_ne!(
                solution[r][c], v,
                "{at}: removed the solution's value: {step}"
            );
        }
    }
    assert_eq!(grid, solution, "{at}: the steps end at the solution");
}

/// The givens of every puzzle of a fixture file: one puzzle per line, `.` blank.
fn givens_of(path: &Path, side: usize) -> Vec<Vec<Vec<u32>>> {
    let text = std::fs::read_to_string(path).unwrap();
    let symbols: Vec<char> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| {
            l.split_whitespace()
                .flat_map(|t| t.chars())
                .collect::<Vec<_>>()
        })
        .collect();
    let value = |ch: char| {
        if ch == '.' || ch == '0' {
            0
        } else {
            ch.to_digit(36).unwrap()
        }
    };
    let per = side * side;
    (symbols.chunks(per))
        .map(|p| {
            p.chunks(side)
                .map(|row| row.iter().map(|&ch| value(ch)).collect())
                .collect()
        })
        .collect()
}

#[test]
fn every_step_of_the_solo_fixtures_replays_to_the_known_solution() {
    for (path, _) in fixtures() {
        let known = solutions(&solution_path(&path));
        let side = known[0].len();
        let givens = givens_of(&path, side);
        let stepped = records(&["sudoku", "--steps"], &path);
        assert_eq!(stepped.len(), known.len());
        for (i, record) in stepped.iter().enumerate() {
            let at = format!("{} #{i}", path.display());
            replay(
                record["steps"].as_array().unwrap(),
                &givens[i],
                &known[i],
                &at,
            );
        }
    }
}

#[test]
fn every_step_of_the_corpus_sudokus_replays_to_the_known_solution() {
    for name in [
        "small-4x4",
        "small-6x6",
        "wikipedia-9x9",
        "hard-9x9",
        "pkit-1051-16x16",
    ] {
        let path = repo(&format!("puzzles/sudoku/{name}.txt"));
        let known = solutions(&solution_path(&path));
        let stepped = records(&["sudoku", "--steps"], &path);
        assert_eq!(stepped.len(), known.len(), "{name}");
        for (i, record) in stepped.iter().enumerate() {
            // The givens are the solution's cells that no step places.
            let mut givens = known[i].clone();
            for step in record["steps"].as_array().unwrap() {
                for t in step["placed"].as_array().unwrap() {
                    let (r, c) = (t[0].as_u64().unwrap() - 1, t[1].as_u64().unwrap() - 1);
                    givens[r as usize][c as usize] = 0;
                }
            }
            let at = format!("{name} #{i}");
            replay(record["steps"].as_array().unwrap(), &givens, &known[i], &at);
        }
    }
}

#[test]
fn jigsaw_and_x_sudokus_are_graded_over_their_regions_and_diagonals() {
    for name in ["jigsaw-9x9", "x-9x9", "jigsaw-x-6x6"] {
        let path = repo(&format!("puzzles/sudoku/{name}.json"));
        let record = records(&["sudoku", "--grade", "--steps"], &path).remove(0);
        assert!(record["grade"]["level"].is_string(), "{name}: {record}");
        let known = solutions(&solution_path(&path));
        let mut givens = known[0].clone();
        for step in record["steps"].as_array().unwrap() {
            for t in step["placed"].as_array().unwrap() {
                let (r, c) = (t[0].as_u64().unwrap() - 1, t[1].as_u64().unwrap() - 1);
                givens[r as usize][c as usize] = 0;
            }
        }
        replay(
            record["steps"].as_array().unwrap(),
            &givens,
            &known[0],
            name,
        );
    }
}

#[test]
fn the_text_says_the_grade_and_each_step() {
    let result = run(&[
        "sudoku",
        "--grade",
        "--steps",
        "puzzles/sudoku/small-4x4.txt",
    ]);
    assert_eq!(result.code, 0);
    let lines: Vec<&str> = result.stdout.lines().collect();
    let known = solutions(&repo("puzzles/sudoku/small-4x4.sol")).remove(0);
    let rows: Vec<String> = (known.iter())
        .map(|row| row.iter().map(u32::to_string).collect())
        .collect();
    assert_eq!(lines[..4], rows[..], "{}", result.stdout);
    assert_eq!(lines[4], "# unique");
    let grade = lines[5].strip_prefix("# grade: ").expect("a grade line");
    let (level, rest) = grade.split_once(" (score ").unwrap();
    assert!(["trivial", "basic"].contains(&level), "{grade}");
    assert!(rest.ends_with(", 0 guesses)"), "{grade}");
    assert_eq!(lines[6], format!("# steps ({}):", lines.len() - 7));
    assert!(
        lines[7..].iter().all(|l| l.starts_with("# r")),
        "{}",
        result.stdout
    );
}

#[test]
fn a_hint_is_the_first_step_and_shows_no_solution() {
    let result = run(&["sudoku", "--hint", "puzzles/sudoku/wikipedia-9x9.txt"]);
    assert_eq!(result.code, 0);
    assert_eq!(result.stdout, "# hint: r1c6 = 8: hidden single in box 2\n");
    let json = run(&[
        "sudoku",
        "--hint",
        "--format",
        "json",
        "puzzles/sudoku/wikipedia-9x9.txt",
    ]);
    let record = json.single();
    assert_eq!(record["solution"], Value::Null);
    assert_eq!(record["hint"]["placed"], serde_json::json!([[1, 6, 8]]));
}

#[test]
fn a_hint_on_filled_in_values_that_leave_no_solution_names_the_conflict() {
    let result = run(&["sudoku", "--hint", "puzzles/sudoku/no-solution-9x9.txt"]);
    assert_eq!(result.code, 1);
    assert_eq!(result.stdout, "");
    assert!(
        result.stderr.contains("cannot all hold together"),
        "{}",
        result.stderr
    );
}

#[test]
fn kinds_the_steps_do_not_follow_say_so() {
    let result = run(&["kenken", "--grade", "puzzles/kenken/doc-6x6.json"]);
    assert_eq!(result.code, 0);
    assert!(result
        .stdout
        .contains("# not graded: the step-by-step solver follows"));
}
