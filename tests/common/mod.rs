//! Helpers shared by the CLI tests: run the binary, read JSON lines and solution files.
#![allow(dead_code)]

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;

use libtest_mimic::{Completion, Failed, Trial};
use serde_json::Value;

/// What one run of the binary gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The standard output as JSON lines.
    pub fn json(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l}: {e}")))
            .collect()
    }

    /// The only JSON line.
    pub fn single(&self) -> Value {
        let mut lines = self.json();
        assert_eq!(
            lines.len(),
            1,
            "expected one JSON line, got {}",
            self.stdout
        );
        lines.remove(0)
    }
}

/// A path inside the repository.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A path inside the public puzzle sets (`$PUZZLES_PUBLIC`, else `../shared/puzzles-public`
/// beside the repository). A missing one fails the test: a check that cannot run must never
/// pass as if it had.
pub fn public(path: &str) -> PathBuf {
    let root = std::env::var_os("PUZZLES_PUBLIC")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo("../shared/puzzles-public"));
    let full = root.join(path);
    assert!(
        full.exists(),
        "{} is missing: the public puzzle sets must be beside the repository \
         (../shared/puzzles-public) or named by PUZZLES_PUBLIC",
        full.display()
    );
    full
}

/// The folders of the public Sudoku variants: Killer, Killer-X, Jigsaw, Jigsaw-X and X.
pub const VARIANT_FOLDERS: [&str; 5] = [
    "killer-janko",
    "killer-x-janko",
    "jigsaw-janko",
    "jigsaw-x-janko",
    "sudoku-x",
];

/// The text of a file of the public puzzle sets (see [`public`]).
pub fn public_text(path: &str) -> String {
    std::fs::read_to_string(public(path)).expect("a readable public file")
}

/// Runs `mipsolve ARGS` from the repository root, with `stdin` as standard input.
pub fn run_with_stdin(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mipsolve"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    let out = child.wait_with_output().expect("the binary ends");
    Run {
        code: out.status.code().expect("exit code"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    }
}

/// Runs `mipsolve ARGS` from the repository root.
pub fn run(args: &[&str]) -> Run {
    run_with_stdin(args, "")
}

/// A grid from JSON (`[[5,3,...],...]`).
pub fn grid(value: &Value) -> Vec<Vec<u32>> {
    serde_json::from_value(value.clone()).unwrap_or_else(|_| panic!("not a grid: {value}"))
}

/// The grids of a `.sol` file: grids of whitespace-separated numbers separated by `#` lines,
/// or one compact line per puzzle (collections).
pub fn solutions(path: &Path) -> Vec<Vec<Vec<u32>>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut grids = vec![Vec::new()];
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') {
            if !grids.last().expect("a grid").is_empty() {
                grids.push(Vec::new());
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let cells: Vec<u32> = if line.contains(char::is_whitespace) {
            line.split_whitespace()
                .map(|t| t.parse().expect("a number"))
                .collect()
        } else {
            line.chars()
                .map(|ch| ch.to_digit(36).expect("a digit"))
                .collect()
        };
        let side = (cells.len() as f64).sqrt() as usize;
        let one_line_grid =
            !line.contains(char::is_whitespace) && side >= 4 && side * side == cells.len();
        if one_line_grid {
            grids.push(cells.chunks(side).map(<[u32]>::to_vec).collect());
            grids.push(Vec::new());
        } else {
            grids.last_mut().expect("a grid").push(cells);
        }
    }
    grids.retain(|g| !g.is_empty());
    grids
}

/// The `.sol` file beside a puzzle file.
pub fn solution_path(puzzle: &Path) -> PathBuf {
    puzzle.with_extension("sol")
}

/// Runs `KIND [OPTIONS] FILE --format json` on a puzzle without solution: exit 1 and status
/// `infeasible`; returns its JSON line.
pub fn assert_infeasible(args: &[&str]) -> Value {
    let r = run(&[args, &["--format", "json"]].concat());
    assert_eq!(r.code, 1, "{}", r.stderr);
    let line = r.single();
    assert_eq!(line["status"], "infeasible");
    line
}

/// Runs `--check-unique` on a puzzle with two solutions: exit 1, `unique: false`, and both the
/// solution and the witness among the known solutions in the `.sol` beside it.
pub fn assert_not_unique_with_known_witness(
    kind: &str,
    puzzle: &str,
) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let r = run(&[kind, "--check-unique", "--format", "json", puzzle]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let line = r.single();
    assert_eq!(line["status"], "solved");
    assert_eq!(line["unique"], false);
    let known = solutions(&solution_path(&repo(puzzle)));
    let (a, b) = (grid(&line["solution"]), grid(&line["second_solution"]));
    assert_ne!(a, b, "the witness repeats the solution");
    assert!(
        known.contains(&a) && known.contains(&b),
        "not among the known solutions"
    );
    (a, b)
}

/// A test of a `harness = false` target, named as its `#[test]` function was: a panic in
/// `test` is its failure.
pub fn trial(name: &str, test: fn()) -> Trial {
    Trial::test(name, move || {
        test();
        Ok(())
    })
}

/// Tests of a `harness = false` target, one per function named (see [`trial`]).
#[allow(unused_macros)]
macro_rules! tests {
    ($($test:ident),* $(,)?) => {
        vec![$($crate::common::trial(stringify!($test), $test)),*]
    };
}
#[allow(unused_imports)]
pub(crate) use tests;

/// What a case's check gives back: nothing (it ran), or a [`Completion`], for a case that the
/// check finds does not apply (reported as ignored, with the reason).
pub trait Checked {
    fn completion(self) -> Completion;
}

impl Checked for () {
    fn completion(self) -> Completion {
        Completion::Completed
    }
}

impl Checked for Completion {
    fn completion(self) -> Completion {
        self
    }
}

/// One test per case, named `GROUP: CASE`, each running `check` on its own case, so that a
/// failing run names every case that fails, not only the first. `list` builds the cases: if
/// it panics (its data is missing or not what it must be) or gives none, a single failing
/// test named `GROUP` says why: a check whose data is missing must never pass as if it had run.
pub fn cases<T, R, F>(group: &str, list: impl FnOnce() -> Vec<(String, T)>, check: F) -> Vec<Trial>
where
    T: Send + 'static,
    R: Checked,
    F: Fn(T) -> R + Send + Sync + 'static,
{
    let listed = catch_unwind(AssertUnwindSafe(list)).map_err(|e| {
        let why = (e.downcast_ref::<String>().cloned())
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("the cases could not be listed: {why}")
    });
    let listed = listed.and_then(|all| match all.is_empty() {
        true => Err("no cases: a test with nothing to check must not pass".to_string()),
        false => Ok(all),
    });
    match listed {
        Err(why) => vec![Trial::test(group, move || Err(Failed::from(why)))],
        Ok(all) => {
            let check = Arc::new(check);
            (all.into_iter())
                .map(|(name, case)| {
                    let check = Arc::clone(&check);
                    Trial::ignorable_test(format!("{group}: {name}"), move || {
                        Ok(check(case).completion())
                    })
                })
                .collect()
        }
    }
}
