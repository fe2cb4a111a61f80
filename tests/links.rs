//! Links as setters paste them: f-puzzles links, SudokuPad's `fpuzzles`/`fpuz` links and the
//! bare string (one collection), percent-encoded and with `+` turned into spaces, all read as
//! the same puzzle and solved to its published solution; a link cut short, a short `?id=` link
//! and an unknown rule refused naming why; a SudokuPad `scl` link read for its givens and
//! regions with a warning naming what it only draws; every public f-puzzles link solved to its
//! published solution and proven unique.

mod common;

use common::{cases, grid, public, public_text, run, tests, trial};
use libtest_mimic::Arguments;
use serde_json::Value;

/// The published solution of janko's Killer 042 (the shared collection's `solutions.json`).
fn killer_042() -> Vec<Vec<u32>> {
    let all: Value = serde_json::from_str(&public_text("fpuzzles/solutions.json")).unwrap();
    grid(&all["killer-janko-042.txt"]["solution"])
}

/// The fixtures that write janko's Killer 042 in each form of a link.
const FORMS: [&str; 4] = [
    "fpuzzles-killer-janko-042.txt",
    "fpuzzles-percent-encoded.txt",
    "fpuzzles-spaces.txt",
    "fpuzzles-forms.txt",
];

fn every_form_of_a_link_reads_as_the_same_puzzle(file: &str) {
    let solution = killer_042();
    let path = format!("tests/fixtures/links/{file}");
    let result = run(&[
        "sudoku",
        "--check-unique",
        "--format",
        "json",
        "--quiet",
        &path,
    ]);
    assert_eq!(result.code, 0, "{file}: {}", result.stdout);
    for record in result.json() {
        assert_eq!(record["unique"], true, "{file}");
        assert_eq!(grid(&record["solution"]), solution, "{file}");
    }
}

const REFUSED: &str = "a_damaged_link_a_short_link_and_an_unknown_rule_are_refused_naming_why";

/// A damaged link and a short link, each with the message that refuses it.
const DAMAGED: [(&str, &str); 2] = [
    ("tests/fixtures/links/fpuzzles-cut-short.txt", "1: the f-puzzles string (356 characters) does not decode: it may be cut short or damaged; copy the whole link again"),
    ("tests/fixtures/links/fpuzzles-short-link.txt", "1: this is a short link: its puzzle is stored on the website, and mipsolve does not fetch from the network; open it in f-puzzles and copy the full link (Export, Get link) instead"),
];

fn a_damaged_link_or_a_short_link_is_refused_naming_why((path, message): (&str, &str)) {
    let result = run(&["sudoku", path]);
    assert_eq!(result.code, 2, "{path}");
    assert_eq!(result.stderr.trim(), format!("{path}:{message}"), "{path}");
    assert!(result.stdout.is_empty(), "{path}: {}", result.stdout);
}

fn an_unknown_rule_is_refused_naming_why() {
    let dir = std::env::temp_dir().join(format!("mipsolve-links-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let frobnicate = dir.join("frobnicate.json");
    std::fs::write(
        &frobnicate,
        r#"{"size": 9, "grid": [], "frobnicate": [{"lines": [["R1C1", "R1C2"]]}]}"#,
    )
    .unwrap();
    let path = frobnicate.to_string_lossy().to_string();
    let result = run(&["sudoku", &path]);
    assert_eq!(result.code, 2);
    assert_eq!(
        result.stderr.trim(),
        format!("{path}:1: the grid is not 9 rows of 9 cells")
    );
    let grid: Vec<Vec<Value>> = vec![vec![serde_json::json!({}); 4]; 4];
    let text =
        serde_json::json!({"size": 4, "grid": grid, "frobnicate": [{"lines": [["R1C1", "R1C2"]]}]});
    std::fs::write(&frobnicate, text.to_string()).unwrap();
    let result = run(&["sudoku", &path]);
    assert_eq!(result.code, 2);
    let expected = format!("{path}:1: unknown key \"frobnicate\": mipsolve does not know this rule, so it cannot solve the puzzle with it");
    assert_eq!(result.stderr.trim(), expected);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn a_sudokupad_link_is_read_for_its_givens_and_regions_and_warns_of_its_drawings() {
    let path = "tests/fixtures/links/sudokupad-scl-parity-fish.txt";
    let result = run(&["sudoku", "--format", "json", "--quiet", path]);
    let record = result.single();
    assert_eq!(record["status"], "solved");
    let warning = record["warnings"][0].as_str().unwrap();
    assert!(
        warning.starts_with("this SudokuPad link also draws 21 overlays, a background image:"),
        "{warning}"
    );
    // What it read: an empty 9x9 with boxes; the answer is a Sudoku solution.
    let solution = grid(&record["solution"]);
    for i in 0..9 {
        let mut row: Vec<u32> = solution[i].clone();
        let mut column: Vec<u32> = solution.iter().map(|r| r[i]).collect();
        let mut square: Vec<u32> = (0..9)
            .map(|k| solution[i / 3 * 3 + k / 3][i % 3 * 3 + k % 3])
            .collect();
        for line in [&mut row, &mut column, &mut square] {
            line.sort_unstable();
            assert_eq!(*line, (1..=9).collect::<Vec<u32>>());
        }
    }
    let text = run(&["sudoku", path]);
    assert!(
        text.stdout
            .starts_with("# warning: this SudokuPad link also draws 21 overlays"),
        "{}",
        text.stdout
    );
}

/// The shared collection's f-puzzles links, by file name, with their published solutions.
fn public_links() -> Vec<(String, (String, String, Value))> {
    let all: Value = serde_json::from_str(&public_text("fpuzzles/solutions.json")).unwrap();
    let files = all.as_object().unwrap();
    assert_eq!(files.len(), 57, "the shared collection's links");
    (files.iter())
        .map(|(name, known)| {
            let path = public(&format!("fpuzzles/{name}"));
            let path = path.to_string_lossy().to_string();
            (
                name.clone(),
                (name.clone(), path, known["solution"].clone()),
            )
        })
        .collect()
}

/// One link, solved on its own: exit 0, unique, its published solution.
fn every_public_f_puzzles_link_solves_to_its_published_solution(
    (listed, path, solution): (String, String, Value),
) {
    let args = [
        "sudoku",
        "--check-unique",
        "--format",
        "json",
        "--quiet",
        &path,
    ];
    let result = run(&args);
    assert_eq!(result.code, 0, "{path}: {}", result.stderr);
    let record = result.single();
    let file = record["file"].as_str().unwrap();
    let name = file.rsplit('/').next().unwrap();
    assert_eq!(name, listed, "the record of another file");
    assert_eq!(record["unique"], true, "{name}");
    assert_eq!(grid(&record["solution"]), grid(&solution), "{name}");
}

fn main() {
    let mut trials = cases(
        "every_form_of_a_link_reads_as_the_same_puzzle",
        || FORMS.map(|file| (file.to_string(), file)).to_vec(),
        every_form_of_a_link_reads_as_the_same_puzzle,
    );
    trials.extend(cases(
        REFUSED,
        || {
            DAMAGED
                .map(|case| (case.0.rsplit('/').next().unwrap().to_string(), case))
                .to_vec()
        },
        a_damaged_link_or_a_short_link_is_refused_naming_why,
    ));
    trials.push(trial(
        &format!("{REFUSED}: an unknown rule"),
        an_unknown_rule_is_refused_naming_why,
    ));
    trials.extend(tests![
        a_sudokupad_link_is_read_for_its_givens_and_regions_and_warns_of_its_drawings
    ]);
    trials.extend(cases(
        "every_public_f_puzzles_link_solves_to_its_published_solution",
        public_links,
        every_public_f_puzzles_link_solves_to_its_published_solution,
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
