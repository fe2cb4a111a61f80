//! A setter's trial: the forms that gave wrong answers with exit 0 are read right or refused
//! with exit 2 naming what is wrong; broken clues are input errors; links are read where
//! people paste them. Expected solutions come from CP-SAT's fixtures (`tests/fixtures/fpuzzles/
//! expected.json`). Each text, cell and clue of the small tables below is a test of its own.

mod common;

use common::{cases, grid, repo, run_with_stdin, tests};
use libtest_mimic::Arguments;
use serde_json::{json, Value};

/// CP-SAT's solution of the anti-king fixture, and its link.
fn antiking() -> (Vec<Vec<u32>>, String) {
    let text = std::fs::read_to_string(repo("tests/fixtures/fpuzzles/expected.json")).unwrap();
    let expected: Value = serde_json::from_str(&text).unwrap();
    let link = std::fs::read_to_string(repo("tests/fixtures/fpuzzles/antiking.txt")).unwrap();
    (
        grid(&expected["antiking.txt"]["solution"]),
        link.trim().to_string(),
    )
}

/// A 4x4 f-puzzles object with the givens r1c1 = 1 and r2c3 = 3, and `rules`.
fn small(rules: Value) -> Value {
    let mut rows = vec![vec![json!({}); 4]; 4];
    rows[0][0] = json!({"value": 1, "given": true});
    rows[1][2] = json!({"value": 3, "given": true});
    let mut object = json!({"size": 4, "grid": rows});
    for (k, v) in rules.as_object().unwrap() {
        object[k] = v.clone();
    }
    object
}

fn records(args: &[&str], stdin: &str) -> (i32, Vec<Value>, String) {
    let mut all = vec!["sudoku", "--format", "json", "--quiet"];
    all.extend_from_slice(args);
    all.push("-");
    let out = run_with_stdin(&all, stdin);
    (out.code, out.json(), out.stderr)
}

/// The same two f-puzzles objects as a JSON array and as JSON lines, by name.
fn two_objects() -> Vec<(String, String)> {
    let one = small(json!({}));
    let array = serde_json::to_string(&json!([one, one])).unwrap();
    let lines = format!("{one}\n{one}\n");
    vec![
        ("a JSON array".to_string(), array),
        ("JSON lines".to_string(), lines),
    ]
}

/// Two objects in one text both solve, each keeping its givens.
fn a_json_array_and_json_lines_of_f_puzzles_objects_keep_every_grids_givens(text: String) {
    let (code, records, stderr) = records(&[], &text);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(records.len(), 2);
    for record in records {
        let solved = grid(&record["solution"]);
        assert_eq!((solved[0][0], solved[1][2]), (1, 3), "givens kept");
    }
}

fn a_bad_json_line_is_named_with_its_line_and_column_and_the_others_solve() {
    let one = small(json!({}));
    let (code, records, _) = records(&[], &format!("{one}\n{{\"size\": 4,, }}\n"));
    assert_eq!(code, 2);
    assert_eq!(records[0]["status"], "solved");
    assert_eq!(records[1]["status"], "error");
    assert_eq!(records[1]["error"], "-:2: key must be a string (column 12)");
}

/// Cells written otherwise than f-puzzles writes them, each with the end of the message that
/// refuses it, named by the cell as written.
fn odd_cells() -> Vec<(String, (Value, &'static str))> {
    [
        (json!(5), "found 5"),
        (
            json!({"value": 2, "given": "yes"}),
            "\"given\" must be true or false, found yes",
        ),
    ]
    .into_iter()
    .map(|(cell, message)| (cell.to_string(), (cell, message)))
    .collect()
}

/// The cell, written at r4c4, is refused with exit 2 naming the cell and why.
fn cells_written_otherwise_than_f_puzzles_writes_them_are_refused((cell, message): (Value, &str)) {
    let mut object = small(json!({}));
    object["grid"][3][3] = cell;
    let (code, records, _) = records(&[], &object.to_string());
    assert_eq!(code, 2);
    let error = records[0]["error"].as_str().unwrap();
    assert!(
        error.starts_with("-:1: grid r4c4: ") && error.ends_with(message),
        "{error}"
    );
}

fn an_unknown_name_in_negative_is_refused() {
    let object = small(json!({"negative": ["ratio", "dots"]}));
    let (code, records, _) = records(&[], &object.to_string());
    assert_eq!(code, 2);
    assert_eq!(
        records[0]["error"],
        "-:1: \"negative\": mipsolve knows no negative form of dots: the list may name \"ratio\", \"xv\""
    );
}

/// Broken clues, each with the message that names it, named by that message.
fn broken_clues() -> Vec<(String, (Value, &'static str))> {
    [
        (
            json!({"killercage": [{"cells": ["R1C2", "R1C3", "R1C2"], "value": "6"}]}),
            "killer cage 1: cell [1,2] is listed twice",
        ),
        (
            json!({"sandwichsum": [{"cell": "R0C2", "value": "-3"}]}),
            "sandwich 1: the clue at R0C2 is -3, but a sandwich on a 4x4 is 0 to 5",
        ),
        (
            json!({"littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "5"}]}),
            "little killer 1: its clue R2C2 is inside the grid",
        ),
        (
            json!({"killercage": [{"cells": ["R3C1", "R3C2"], "value": "9"}]}),
            "killer cage 1: the cage r3c1 r3c2 sums to 9, but 2 different values of 1..4 add up to 3 to 7",
        ),
    ]
    .into_iter()
    .map(|(rules, message)| (message.to_string(), (rules, message)))
    .collect()
}

/// The broken clue is an input error, exit 2, whose message names it.
fn broken_clues_are_input_errors_naming_the_clue((rules, message): (Value, &str)) {
    let (code, records, _) = records(&[], &small(rules).to_string());
    assert_eq!(code, 2, "{message}");
    let error = records[0]["error"].as_str().unwrap();
    assert!(error.contains(message), "{error}");
}

fn links_beside_titles_on_one_line_and_in_every_site_form_are_all_read() {
    let (solution, link) = antiking();
    let payload = link.split("?load=").nth(1).unwrap();
    let text = format!(
        "Anti-king by a setter\n{link} {link}\ntitle,link\n\"Anti\",https://sudokupad.app/?puzzleid=fpuzzles{payload},x\n\
         https://app.crackingthecryptic.com/sudoku/fpuzzles{payload}\n"
    );
    let (code, records, stderr) = records(&[], &text);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(records.len(), 4);
    for record in &records {
        assert_eq!(grid(&record["solution"]), solution);
    }
    assert_eq!(
        records[0]["warnings"][0],
        "lines 1, 3 skipped: they hold no link (a title, a note or a header?)"
    );
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 2, 4, 5]);
}

fn a_short_sudokupad_link_is_refused_naming_the_network() {
    let out = run_with_stdin(&["sudoku", "-"], "https://sudokupad.app/abc123\n");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("mipsolve does not fetch from the network"),
        "{}",
        out.stderr
    );
}

fn a_json_line_of_fifteen_thousand_characters_is_read() {
    let texts: Vec<Value> = (0..300)
        .map(|_| json!({"cells": ["R1C1"], "value": "x".repeat(40)}))
        .collect();
    let object = small(json!({"text": texts}));
    let line = object.to_string();
    assert!(line.len() > 15_000);
    let (code, records, stderr) = records(&[], &format!("{line}\n{line}\n"));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(records.len(), 2);
}

fn json_nested_past_the_readers_limit_names_the_limit() {
    let deep = format!(
        "{{\"size\": 4, \"grid\": {}{}}}",
        "[".repeat(200),
        "]".repeat(200)
    );
    let (code, records, _) = records(&[], &deep);
    assert_eq!(code, 2);
    assert_eq!(
        records[0]["error"],
        "-:1: the JSON nests deeper than 128 lists and objects, the reader's limit (column 147)"
    );
}

/// The Wikipedia 9x9 as an f-puzzles object, with `entered` values typed in as a solver
/// would (a value without `given`), and its known solution.
fn wikipedia_with(entered: &[((usize, usize), u32)]) -> (String, Vec<Vec<u32>>) {
    let text = std::fs::read_to_string(repo("puzzles/sudoku/wikipedia-9x9.txt")).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut grid = vec![vec![json!({}); 9]; 9];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if let Some(v) = ch.to_digit(10) {
                grid[r][c] = json!({"value": v, "given": true});
            }
        }
    }
    for &((r, c), v) in entered {
        grid[r][c] = json!({"value": v});
    }
    let solution = common::solutions(&repo("puzzles/sudoku/wikipedia-9x9.sol")).remove(0);
    (json!({"size": 9, "grid": grid}).to_string(), solution)
}

fn a_hint_names_a_wrong_entered_value_before_any_step() {
    let (_, solution) = wikipedia_with(&[]);
    let wrong = if solution[0][5] == 7 { 6 } else { 7 };
    let (text, _) = wikipedia_with(&[((0, 5), wrong), ((0, 2), solution[0][2])]);
    let out = run_with_stdin(&["sudoku", "--hint", "-"], &text);
    assert_eq!(
        out.stdout.trim(),
        format!(
            "# hint: r1c6 is {wrong}, the solution has {}",
            solution[0][5]
        )
    );
}

fn a_hint_starts_from_right_entered_values() {
    // Without entries the first hint places r1c6 (the README's example); entered, it is not
    // hinted again.
    let (plain, solution) = wikipedia_with(&[]);
    let first = run_with_stdin(&["sudoku", "--hint", "-"], &plain);
    assert!(
        first.stdout.starts_with("# hint: r1c6 = "),
        "{}",
        first.stdout
    );
    let (text, _) = wikipedia_with(&[((0, 5), solution[0][5])]);
    let out = run_with_stdin(&["sudoku", "--hint", "-"], &text);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("# hint: "), "{}", out.stdout);
    assert!(!out.stdout.starts_with("# hint: r1c6"), "{}", out.stdout);
}

fn an_explanation_names_clue_values_and_a_repair_changes_one() {
    // CP-SAT found no solution for this fixture (expected.json): one of its sandwich sums
    // was changed from its solution's.
    let file = "tests/fixtures/fpuzzles/sandwich-none.txt";
    assert_eq!(expected_solutions(file), 0);
    let explained = common::run(&["sudoku", "--explain", "--format", "json", file]);
    let conflict = &explained.single()["conflict"];
    let rules = conflict["rules"].as_array().expect("rule clues named");
    assert!(
        rules
            .iter()
            .any(|r| r.as_str().unwrap().starts_with("sandwichsum ")),
        "{conflict}"
    );
    let repaired = common::run(&["sudoku", "--repair", "--format", "json", file]);
    let record = repaired.single();
    let edits = record["repair"]["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{record}");
    assert!(
        edits[0]["clue"]
            .as_str()
            .unwrap()
            .starts_with("sandwichsum "),
        "{record}"
    );
    assert_eq!(record["repair"]["unique"], true);
    // A second engine: HiGHS alone proves the repaired puzzle unique.
    let puzzle = record["repair"]["puzzle"].as_str().unwrap();
    let check = run_with_stdin(
        &["sudoku", "--check-unique", "--solver", "highs", "-"],
        puzzle,
    );
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(check.stdout.contains("# unique"), "{}", check.stdout);
}

/// CP-SAT's solution count of a fixture of tests/fixtures/fpuzzles.
fn expected_solutions(file: &str) -> u64 {
    let text = std::fs::read_to_string(repo("tests/fixtures/fpuzzles/expected.json")).unwrap();
    let expected: Value = serde_json::from_str(&text).unwrap();
    let name = file.rsplit('/').next().unwrap();
    expected[name]["solutions"].as_u64().unwrap()
}

fn main() {
    let mut trials = cases(
        "a_json_array_and_json_lines_of_f_puzzles_objects_keep_every_grids_givens",
        two_objects,
        a_json_array_and_json_lines_of_f_puzzles_objects_keep_every_grids_givens,
    );
    trials.extend(cases(
        "cells_written_otherwise_than_f_puzzles_writes_them_are_refused",
        odd_cells,
        cells_written_otherwise_than_f_puzzles_writes_them_are_refused,
    ));
    trials.extend(cases(
        "broken_clues_are_input_errors_naming_the_clue",
        broken_clues,
        broken_clues_are_input_errors_naming_the_clue,
    ));
    trials.extend(tests![
        a_bad_json_line_is_named_with_its_line_and_column_and_the_others_solve,
        an_unknown_name_in_negative_is_refused,
        links_beside_titles_on_one_line_and_in_every_site_form_are_all_read,
        a_short_sudokupad_link_is_refused_naming_the_network,
        a_json_line_of_fifteen_thousand_characters_is_read,
        json_nested_past_the_readers_limit_names_the_limit,
        a_hint_names_a_wrong_entered_value_before_any_step,
        a_hint_starts_from_right_entered_values,
        an_explanation_names_clue_values_and_a_repair_changes_one,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
