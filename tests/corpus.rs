//! Every puzzle shipped in `puzzles/` with a known solution beside it (`.sol`) is solved to
//! exactly that solution, with uniqueness decided as the solution file says. A `.sol` whose
//! first line is `# options: ...` is checked only in the run with those options.

mod common;

use std::path::Path;

use common::{grid, repo, run, solutions};
use serde_json::Value;

/// Solves every file of `folder` in one batch and checks each record against its `.sol`.
fn check_folder(kind: &str, folder: &str, extra: &[&str]) {
    let path = repo(folder);
    let mut args = vec![kind, "--check-unique", "--format", "json", "--quiet"];
    args.extend_from_slice(extra);
    let path_text = path.to_string_lossy().to_string();
    args.push(&path_text);
    let result = run(&args);
    let records = result.json();
    let mut checked = 0;
    for record in &records {
        let file = Path::new(record["file"].as_str().expect("file"));
        let sol_path = file.with_extension("sol");
        if !sol_path.exists() {
            continue;
        }
        if sol_options(&sol_path) != extra {
            continue;
        }
        let known = solutions(&sol_path);
        let index = record["index"].as_u64().expect("index") as usize;
        check_record(record, &known, index, file);
        checked += 1;
    }
    assert!(checked >= 1, "no puzzle of {folder} was checked");
}

/// The options named on a `# options: ...` first line of a solution file.
fn sol_options(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let first = text.lines().next().unwrap_or("");
    first
        .strip_prefix("# options:")
        .map(|rest| rest.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

fn check_record(record: &Value, known: &[Vec<Vec<u32>>], index: usize, file: &Path) {
    assert_eq!(record["status"], "solved", "{file:?} [{index}]: {record}");
    let found = grid(&record["solution"]);
    let collection = known.len() > 1 && record["unique"] == true;
    if collection || known.len() == 1 {
        assert_eq!(found, known[index], "{file:?} [{index}]");
        assert_eq!(record["unique"], true, "{file:?} [{index}]");
    } else {
        assert_eq!(record["unique"], false, "{file:?}");
        let second = grid(&record["second_solution"]);
        assert_ne!(found, second, "{file:?}: the witness repeats the solution");
        assert!(
            known.contains(&found),
            "{file:?}: solution not among the known ones"
        );
        assert!(
            known.contains(&second),
            "{file:?}: witness not among the known ones"
        );
    }
}

#[test]
fn shipped_sudokus_match_their_known_solutions() {
    check_folder("sudoku", "puzzles/sudoku", &[]);
}

#[test]
fn shipped_kenkens_match_their_known_solutions() {
    check_folder("kenken", "puzzles/kenken", &[]);
}

#[test]
fn shipped_takuzus_match_their_known_solutions() {
    check_folder("takuzu", "puzzles/takuzu", &[]);
}

#[test]
fn shipped_takuzus_with_equal_lines_allowed_match_their_known_solutions() {
    check_folder("takuzu", "puzzles/takuzu", &["--allow-duplicate-lines"]);
}
