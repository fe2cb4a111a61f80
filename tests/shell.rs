//! Shell conventions: a failed write is an error, a closed pipe ends the run quietly.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::repo;

#[test]
fn a_failed_write_to_standard_output_is_an_error_with_exit_2() {
    // Every write to /dev/full fails with "no space left on device". Linux always has it (and
    // CI is Linux): without it this check cannot run, and a check that cannot run must fail,
    // never pass as if it had.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap_or_else(|e| {
            panic!("/dev/full cannot be opened for writing ({e}): this test needs it")
        });
    let out = Command::new(env!("CARGO_BIN_EXE_mipsolve"))
        .args(["sudoku", "puzzles/sudoku/wikipedia-9x9.txt"])
        .current_dir(repo(""))
        .stdout(full)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "mipsolve: cannot write the output: no space left on device\n"
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly_without_solving_the_rest() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mipsolve"))
        .args([
            "sudoku",
            "--jobs",
            "1",
            "--quiet",
            "puzzles/sudoku/hard-9x9.txt",
        ])
        .current_dir(repo(""))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    let stdout = child.stdout.take().expect("stdout");
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a line");
    assert_eq!(first, "# puzzles/sudoku/hard-9x9.txt [0]\n");
    // The reader is gone: the next write fails and the run stops without a word.
    let out = child.wait_with_output().expect("the binary ends");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
