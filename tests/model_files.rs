//! `--write-model`: every written file, read back by HiGHS's own LP and MPS readers and
//! solved, gives a grid the puzzle's verifier accepts; the certificate with the solutions
//! cut off is infeasible exactly when they are all. Each puzzle is a test of its own with each
//! model format and formulation, and the certificate of a unique puzzle with each formulation.

mod common;

use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};

use common::{cases, run, tests};
use libtest_mimic::Arguments;
use mipsolve::grid::Grid;
use mipsolve::puzzle::{self, FromRules, Options, Puzzle};

/// What HiGHS made of a model file: infeasible, or a solution by variable name.
#[derive(Debug)]
enum Read {
    Infeasible,
    Solved(Vec<(String, f64)>),
}

/// Reads `path` with HiGHS's file reader and solves it.
fn highs_solve(path: &Path) -> Read {
    let name = CString::new(path.to_string_lossy().as_bytes()).unwrap();
    // SAFETY: the HiGHS C API on a fresh instance, with buffers sized by HiGHS's own counts
    // and its documented name length limit.
    unsafe {
        let highs = highs_sys::Highs_create();
        let quiet = CString::new("output_flag").unwrap();
        highs_sys::Highs_setBoolOptionValue(highs, quiet.as_ptr(), 0);
        let status = highs_sys::Highs_readModel(highs, name.as_ptr());
        assert_eq!(status, highs_sys::STATUS_OK, "HiGHS reads {path:?}");
        highs_sys::Highs_run(highs);
        let model_status = highs_sys::Highs_getModelStatus(highs);
        let read = match model_status {
            highs_sys::MODEL_STATUS_INFEASIBLE => Read::Infeasible,
            highs_sys::MODEL_STATUS_OPTIMAL | highs_sys::MODEL_STATUS_MODEL_EMPTY => {
                let cols = highs_sys::Highs_getNumCol(highs) as usize;
                let rows = highs_sys::Highs_getNumRow(highs) as usize;
                let mut values = vec![0.0; cols];
                let (mut col_dual, mut row_value, mut row_dual) =
                    (vec![0.0; cols], vec![0.0; rows], vec![0.0; rows]);
                highs_sys::Highs_getSolution(
                    highs,
                    values.as_mut_ptr(),
                    col_dual.as_mut_ptr(),
                    row_value.as_mut_ptr(),
                    row_dual.as_mut_ptr(),
                );
                let mut named = Vec::new();
                for (col, value) in values.into_iter().enumerate() {
                    let mut buffer = vec![0 as std::os::raw::c_char; 1024];
                    highs_sys::Highs_getColName(highs, col as _, buffer.as_mut_ptr());
                    let name = CStr::from_ptr(buffer.as_ptr())
                        .to_string_lossy()
                        .into_owned();
                    named.push((name, value));
                }
                Read::Solved(named)
            }
            other => panic!("{path:?}: HiGHS model status {other}"),
        };
        highs_sys::Highs_destroy(highs);
        read
    }
}

/// The grid a solution of a written model stands for, from its columns alone (decided cells
/// are columns fixed to 1): `x_r1c2_5`, `y_r1c2_3_5` and (binary puzzles) `x_r1c2`.
fn decode(solution: &[(String, f64)], shape: (usize, usize)) -> Grid {
    let mut grid = Grid::filled(shape.0, shape.1, u32::MAX);
    let cell = |name: &str| -> (usize, usize) {
        let (r, c) = name.trim_start_matches('r').split_once('c').unwrap();
        (
            r.parse::<usize>().unwrap() - 1,
            c.parse::<usize>().unwrap() - 1,
        )
    };
    for (name, value) in solution {
        let on = *value > 0.5;
        let parts: Vec<&str> = name.split('_').collect();
        match parts[..] {
            ["x", at, v] if on => grid.set(cell(at).0, cell(at).1, v.parse().unwrap()),
            ["x", at] => grid.set(cell(at).0, cell(at).1, u32::from(on)),
            ["y", at, low, high] => {
                let v = if on { high } else { low };
                grid.set(cell(at).0, cell(at).1, v.parse().unwrap());
            }
            _ => {}
        }
    }
    grid
}

/// The puzzle in `file`, parsed as `kind`.
fn puzzle(kind: &str, file: &str) -> Box<dyn Puzzle> {
    let text = std::fs::read_to_string(common::repo(file)).unwrap();
    let kind = puzzle::find(kind).unwrap();
    (kind.parse)(&text, &Options::new())
        .unwrap()
        .remove(0)
        .puzzle
        .unwrap()
}

/// Runs `mipsolve KIND ARGS --write-model DIR FILE` into a fresh folder named `tag`.
fn write_models(kind: &str, args: &[&str], file: &str, tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mipsolve-models-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_string_lossy().to_string();
    let mut all = vec![kind, "-q", "--write-model", &dir_text];
    all.extend_from_slice(args);
    all.push(file);
    let result = run(&all);
    assert!(result.code <= 1, "{}", result.stderr);
    dir
}

/// Reads `path` back with HiGHS and checks its solution with the puzzle's verifier.
fn assert_solves_to_a_verified_grid(path: &Path, puzzle: &dyn Puzzle) -> Grid {
    let Read::Solved(solution) = highs_solve(path) else {
        panic!("{path:?} has a solution");
    };
    let grid = decode(&solution, puzzle.shape());
    assert_eq!(puzzle.verify(&grid), Ok(()), "{path:?}");
    grid
}

const CASES: [(&str, &str, &str); 5] = [
    (
        "sudoku",
        "puzzles/sudoku/two-solutions-9x9.txt",
        "two-solutions-9x9",
    ),
    ("sudoku", "puzzles/sudoku/killer-9x9.json", "killer-9x9"),
    ("kenken", "puzzles/kenken/pkit-129-8x8.json", "pkit-129-8x8"),
    (
        "kenken",
        "puzzles/kenken/pkit-hidden-07-5x5.json",
        "pkit-hidden-07-5x5",
    ),
    (
        "takuzu",
        "puzzles/takuzu/two-solutions.txt",
        "two-solutions",
    ),
];

/// A puzzle of [`CASES`] (its kind, file and stem) with a model format and a formulation.
type Written = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// Each puzzle of [`CASES`] with each model format and formulation, named `STEM
/// --model-format FORMAT --formulation FORMULATION`.
fn written_cases() -> Vec<(String, Written)> {
    let mut out = Vec::new();
    for (kind, file, stem) in CASES {
        for format in ["lp", "mps"] {
            for formulation in ["reduced", "documents"] {
                let name = format!("{stem} --model-format {format} --formulation {formulation}");
                out.push((name, (kind, file, stem, format, formulation)));
            }
        }
    }
    out
}

/// One puzzle's model, written in one format and formulation, read back by HiGHS, solves to
/// a grid the puzzle's verifier accepts.
fn written_models_in_both_formats_and_formulations_solve_to_verified_grids(
    (kind, file, stem, format, formulation): Written,
) {
    let checked = puzzle(kind, file);
    let args = ["--model-format", format, "--formulation", formulation];
    let tag = format!("{stem}-{format}-{formulation}");
    let dir = write_models(kind, &args, file, &tag);
    let path = dir.join(format!("{stem}.{format}"));
    assert_solves_to_a_verified_grid(&path, checked.as_ref());
    let _ = std::fs::remove_dir_all(dir);
}

const FORMULATIONS: [&str; 2] = ["reduced", "documents"];

/// The documents' unique 6x6 in one formulation: its model solves to a verified grid, and its
/// certificate (the solution cut off) is infeasible.
fn the_certificate_of_a_unique_puzzle_is_infeasible_in_both_formulations(formulation: &str) {
    let (kind, file) = ("kenken", "puzzles/kenken/doc-6x6.json");
    let args = ["--check-unique", "--formulation", formulation];
    let dir = write_models(kind, &args, file, &format!("unique-{formulation}"));
    assert_solves_to_a_verified_grid(&dir.join("doc-6x6.lp"), puzzle(kind, file).as_ref());
    let certificate = dir.join("doc-6x6-nogood.lp");
    assert!(matches!(highs_solve(&certificate), Read::Infeasible));
    let _ = std::fs::remove_dir_all(dir);
}

fn a_certificate_is_feasible_until_every_solution_is_cut_off() {
    let (kind, file) = ("sudoku", "puzzles/sudoku/two-solutions-9x9.txt");
    let checked = puzzle(kind, file);
    let dir = write_models(kind, &["--count", "1"], file, "count-one");
    let certificate = dir.join("two-solutions-9x9-nogood.lp");
    let other = assert_solves_to_a_verified_grid(&certificate, checked.as_ref());
    let first = run(&["sudoku", "--format", "json", file]).single();
    assert_ne!(
        common::grid(&first["solution"]),
        other.to_rows(),
        "a second grid"
    );
    let _ = std::fs::remove_dir_all(dir);
    let dir = write_models(kind, &["--count", "10"], file, "count-all");
    let certificate = dir.join("two-solutions-9x9-nogood.lp");
    assert!(matches!(highs_solve(&certificate), Read::Infeasible));
    let _ = std::fs::remove_dir_all(dir);
}

fn a_puzzle_with_no_solution_writes_a_model_that_says_so() {
    let (kind, file) = ("sudoku", "puzzles/sudoku/no-solution-9x9.txt");
    let dir = write_models(kind, &[], file, "infeasible");
    assert!(matches!(
        highs_solve(&dir.join("no-solution-9x9.lp")),
        Read::Infeasible
    ));
    assert!(!dir.join("no-solution-9x9-nogood.lp").exists());
    let _ = std::fs::remove_dir_all(dir);
}

fn main() {
    let mut trials = cases(
        "written_models_in_both_formats_and_formulations_solve_to_verified_grids",
        written_cases,
        written_models_in_both_formats_and_formulations_solve_to_verified_grids,
    );
    trials.extend(cases(
        "the_certificate_of_a_unique_puzzle_is_infeasible_in_both_formulations",
        || FORMULATIONS.map(|f| (f.to_string(), f)).to_vec(),
        the_certificate_of_a_unique_puzzle_is_infeasible_in_both_formulations,
    ));
    trials.extend(tests![
        a_certificate_is_feasible_until_every_solution_is_cut_off,
        a_puzzle_with_no_solution_writes_a_model_that_says_so,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
