//! Puzzles written back in the form they are read (what `--repair` prints): every JSON
//! fixture of KenKen and the Sudoku variants, written and read again, has the same clues and
//! rules, writes the same text again, and its known solution passes the re-read puzzle's
//! verifier.

mod common;

use std::path::Path;

use common::{solution_path, solutions};
use mipsolve::grid::Grid;
use mipsolve::puzzle::{self, FromRules, Options, Puzzle};

fn read(kind: &str, text: &str, from: &Path) -> Vec<Box<dyn Puzzle>> {
    let reader = puzzle::find(kind).unwrap();
    let entries = (reader.parse)(text, &Options::new())
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", from.display()));
    entries.into_iter().map(|e| e.puzzle.unwrap()).collect()
}

fn round_trip(kind: &str, folder: &str) -> usize {
    let mut checked = 0;
    let mut paths: Vec<_> = std::fs::read_dir(common::repo(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let known = solutions(&solution_path(&path));
        for (i, original) in read(kind, &text, &path).into_iter().enumerate() {
            let written = original.render_puzzle().expect("a written form");
            let again = read(kind, &written, &path).remove(0);
            let at = format!("{} #{i}:\n{written}", path.display());
            assert_eq!(again.clues(), original.clues(), "{at}");
            assert_eq!(again.variant(), original.variant(), "{at}");
            assert_eq!(again.render_puzzle().as_ref(), Some(&written), "{at}");
            if let Some(grid) = known.get(i) {
                let grid = Grid::from_rows(grid.clone()).unwrap();
                assert_eq!(again.verify(&grid), Ok(()), "{at}");
                assert_eq!(original.verify(&grid), Ok(()), "{at}");
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn kenken_json_reads_back_as_the_same_puzzle() {
    assert!(round_trip("kenken", "puzzles/kenken") >= 8);
}

#[test]
fn sudoku_variant_json_reads_back_as_the_same_puzzle() {
    assert!(round_trip("sudoku", "puzzles/sudoku") >= 10);
}
