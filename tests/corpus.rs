//! Every puzzle shipped in `puzzles/` has its expected result in a `.sol` file beside it: a
//! header `# solutions: 0`, `1` or `2` (2: several) or `# error: LINE: message`, an optional
//! `# options: ...` line, then the known solution grids (one per puzzle of a collection).
//! Each fixture is solved on its own with `--check-unique` and must give exactly one record
//! per puzzle, with that verdict, those grids and the matching exit code. Each fixture is a
//! test of its own, named after its file.

mod common;

use std::path::{Path, PathBuf};

use common::{grid, repo, run, solutions, Run};
use libtest_mimic::{Arguments, Trial};
use serde_json::Value;

/// What a `.sol` header expects.
enum Expected {
    /// This many solutions (2 stands for several).
    Solutions(usize),
    /// An input error with this `LINE: message` after the file name.
    Error(String),
}

/// The header of a `.sol` file: its options and the expected result.
fn header(sol: &Path) -> (Vec<String>, Expected) {
    let text = std::fs::read_to_string(sol).unwrap_or_else(|e| panic!("{sol:?}: {e}"));
    let mut options = Vec::new();
    let mut expected = None;
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("# options:") {
            options = rest.split_whitespace().map(str::to_string).collect();
        } else if let Some(rest) = line.strip_prefix("# solutions:") {
            let count = rest.trim().parse().expect("a count of solutions");
            expected = Some(Expected::Solutions(count));
        } else if let Some(rest) = line.strip_prefix("# error:") {
            expected = Some(Expected::Error(rest.trim().to_string()));
        }
    }
    (
        options,
        expected.unwrap_or_else(|| panic!("{sol:?}: no expected result header")),
    )
}

/// The puzzle files of a folder, by extension, sorted.
fn fixtures(folder: &str, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    files.sort();
    files
}

/// One test per fixture of `folder`, named after its file: solve it on its own and check
/// it against its `.sol`.
fn trials(kind: &'static str, folder: &'static str, extension: &str) -> Vec<Trial> {
    let files = fixtures(folder, extension);
    assert!(!files.is_empty(), "no fixtures in {folder}");
    (files.into_iter())
        .map(|file| {
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            let relative = format!("{folder}/{name}");
            Trial::test(relative.clone(), move || {
                let sol = file.with_extension("sol");
                assert!(
                    sol.exists(),
                    "{file:?} has no .sol with its expected result"
                );
                let (options, expected) = header(&sol);
                let mut args = vec![kind, "--check-unique", "--format", "json", "--quiet"];
                args.extend(options.iter().map(String::as_str));
                args.push(&relative);
                let result = run(&args);
                check_fixture(&relative, &result, &expected, &solutions(&sol));
                Ok(())
            })
        })
        .collect()
}

fn check_fixture(file: &str, result: &Run, expected: &Expected, known: &[Vec<Vec<u32>>]) {
    let records = result.json();
    let status = |r: &Value| r["status"].as_str().unwrap_or("").to_string();
    match *expected {
        Expected::Error(ref message) => {
            assert_eq!(result.code, 2, "{file}");
            assert_eq!(records.len(), 1, "{file}: one error record");
            assert_eq!(status(&records[0]), "error", "{file}");
            assert_eq!(records[0]["error"], format!("{file}:{message}"), "{file}");
        }
        Expected::Solutions(0) => {
            assert_eq!(result.code, 1, "{file}");
            assert_eq!(records.len(), 1, "{file}: one record");
            assert_eq!(status(&records[0]), "infeasible", "{file}");
        }
        Expected::Solutions(1) => {
            assert_eq!(result.code, 0, "{file}: {}", result.stderr);
            assert!(!known.is_empty(), "{file}: the .sol lists no solution");
            assert_eq!(records.len(), known.len(), "{file}: one record per puzzle");
            for (i, (record, solution)) in records.iter().zip(known).enumerate() {
                assert_eq!(record["index"], i, "{file}");
                assert_eq!(status(record), "solved", "{file} [{i}]");
                assert_eq!(record["unique"], true, "{file} [{i}]");
                assert_eq!(&grid(&record["solution"]), solution, "{file} [{i}]");
            }
        }
        Expected::Solutions(_) => {
            assert_eq!(result.code, 1, "{file}");
            assert_eq!(records.len(), 1, "{file}: one record");
            let record = &records[0];
            assert_eq!(record["unique"], false, "{file}");
            let (first, second) = (grid(&record["solution"]), grid(&record["second_solution"]));
            assert_ne!(first, second, "{file}: the witness repeats the solution");
            assert!(
                known.contains(&first),
                "{file}: solution not among the known ones"
            );
            assert!(
                known.contains(&second),
                "{file}: witness not among the known ones"
            );
        }
    }
}

fn main() {
    let args = Arguments::from_args();
    let trials = [
        trials("sudoku", "puzzles/sudoku", "txt"),
        trials("sudoku", "puzzles/sudoku", "json"),
        trials("kenken", "puzzles/kenken", "json"),
        trials("kenken", "puzzles/kenken", "txt"),
        trials("takuzu", "puzzles/takuzu", "txt"),
    ]
    .into_iter()
    .flatten()
    .collect();
    libtest_mimic::run(&args, trials).exit();
}
