//! Puzzles written back in the form they are read (what `--repair` prints): every JSON
//! fixture of KenKen and the Sudoku variants, written and read again, has the same clues and
//! rules, writes the same text again, and its known solution passes the re-read puzzle's
//! verifier. Each puzzle of each fixture is a test of its own, named `FILE #INDEX`; a fixture
//! that does not read is a test named by its file; each folder's count of puzzles is one more.

mod common;

use std::path::{Path, PathBuf};

use common::{cases, solution_path, solutions};
use libtest_mimic::{Arguments, Trial};
use mipsolve::grid::Grid;
use mipsolve::puzzle::{self, FromRules, Options, Puzzle};

fn read(kind: &str, text: &str, from: &Path) -> Vec<Box<dyn Puzzle>> {
    let reader = puzzle::find(kind).unwrap();
    let entries = (reader.parse)(text, &Options::new())
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", from.display()));
    entries.into_iter().map(|e| e.puzzle.unwrap()).collect()
}

/// The JSON fixtures of `folder`, sorted.
fn fixtures(folder: &str) -> Vec<PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(common::repo(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
}

/// How many puzzles a fixture holds, or `None` when it does not read as `kind`.
fn puzzles_in(kind: &str, path: &Path) -> Option<usize> {
    let text = std::fs::read_to_string(path).unwrap();
    let reader = puzzle::find(kind).unwrap();
    let entries = (reader.parse)(&text, &Options::new()).ok()?;
    if entries.iter().any(|e| e.puzzle.is_err()) {
        return None;
    }
    Some(entries.len())
}

/// Every puzzle of the fixtures of `folder`, named `FOLDER/FILE #INDEX`, as its path and
/// index; a fixture that does not read is one case named `FOLDER/FILE`, with no index, whose
/// check reads it and says why it fails.
fn puzzles(kind: &str, folder: &str) -> Vec<(String, (PathBuf, Option<usize>))> {
    let mut out = Vec::new();
    for path in fixtures(folder) {
        let name = format!("{folder}/{}", path.file_name().unwrap().to_string_lossy());
        match puzzles_in(kind, &path) {
            None => out.push((name, (path, None))),
            Some(count) => {
                for i in 0..count {
                    out.push((format!("{name} #{i}"), (path.clone(), Some(i))));
                }
            }
        }
    }
    out
}

/// One puzzle of a fixture, written and read again: the same clues and rules, the same text
/// written again, and its known solution (if the `.sol` has one at its index) passes both
/// verifiers. Without an index, the fixture is read, which fails saying why.
fn round_trip(kind: &str, path: &Path, index: Option<usize>) {
    let text = std::fs::read_to_string(path).unwrap();
    let known = solutions(&solution_path(path));
    let mut all = read(kind, &text, path);
    let i = index.expect("a fixture that reads has an index");
    let original = all.remove(i);
    let written = original.render_puzzle().expect("a written form");
    let again = read(kind, &written, path).remove(0);
    let at = format!("{} #{i}:\n{written}", path.display());
    assert_eq!(again.clues(), original.clues(), "{at}");
    assert_eq!(again.variant(), original.variant(), "{at}");
    assert_eq!(again.render_puzzle().as_ref(), Some(&written), "{at}");
    if let Some(grid) = known.get(i) {
        let grid = Grid::from_rows(grid.clone()).unwrap();
        assert_eq!(again.verify(&grid), Ok(()), "{at}");
        assert_eq!(original.verify(&grid), Ok(()), "{at}");
    }
}

/// The fixtures of `folder` hold at least `least` puzzles, every one read.
fn count(kind: &str, folder: &str, least: usize) {
    let mut checked = 0;
    for path in fixtures(folder) {
        let count = puzzles_in(kind, &path);
        checked += count.unwrap_or_else(|| panic!("{}: does not read", path.display()));
    }
    assert!(checked >= least, "{checked} puzzles in {folder}");
}

/// The two folders: the kind, the folder, the fewest puzzles it holds and the name of its
/// tests.
const FOLDERS: [(&str, &str, usize, &str); 2] = [
    (
        "kenken",
        "puzzles/kenken",
        8,
        "kenken_json_reads_back_as_the_same_puzzle",
    ),
    (
        "sudoku",
        "puzzles/sudoku",
        10,
        "sudoku_variant_json_reads_back_as_the_same_puzzle",
    ),
];

fn main() {
    let mut trials = Vec::new();
    for (kind, folder, least, group) in FOLDERS {
        trials.extend(cases(
            group,
            || puzzles(kind, folder),
            move |(path, index): (PathBuf, Option<usize>)| round_trip(kind, &path, index),
        ));
        trials.push(Trial::test(
            format!("{group}: the folder's puzzles"),
            move || {
                count(kind, folder, least);
                Ok(())
            },
        ));
    }
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
