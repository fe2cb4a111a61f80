//! Sharding through GNU parallel (Debian's `parallel`, which CI installs): a collection cut
//! into blocks of lines and solved by several jobs, and a generation cut into seed ranges,
//! give the records of one run, indices, lines and errors included.

mod common;

use std::process::{Command, Stdio};

use common::{public_text, repo};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_mipsolve");

/// Runs a shell command line from the repository root: standard output and the exit code.
fn shell(line: &str) -> (String, i32) {
    let out = Command::new("bash")
        .args(["-c", line])
        .current_dir(repo(""))
        .stderr(Stdio::inherit())
        .output()
        .expect("bash runs");
    let code = out.status.code().expect("an exit code");
    (String::from_utf8(out.stdout).expect("UTF-8"), code)
}

/// GNU parallel must be there: a sharding test that cannot run must not pass.
fn parallel() -> &'static str {
    let found = Command::new("parallel").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "GNU parallel is not installed (Debian: apt-get install parallel)"
    );
    "parallel"
}

/// JSON records without their timings, which differ from run to run.
fn records(text: &str) -> Vec<Value> {
    (text.lines())
        .map(|l| {
            let mut record: Value = serde_json::from_str(l).expect("a JSON line");
            if let Some(fields) = record.as_object_mut() {
                fields.remove("seconds");
            }
            record
        })
        .collect()
}

#[test]
fn a_collection_sharded_through_parallel_gives_the_records_of_one_run() {
    // Unique puzzles, puzzles with none or several solutions, and a line that is no puzzle.
    let top95: Vec<&str> = public_text("sudoku-top95.txt").leak().lines().collect();
    let tdoku: Vec<&str> = public_text("sudoku-tdoku-test.txt")
        .leak()
        .lines()
        .collect();
    let lines = [&top95[..40], &tdoku[..6], &["12345garbage"], &top95[40..52]].concat();
    let file = std::env::temp_dir().join(format!("mipsolve-shard-{}.txt", std::process::id()));
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let input = file.display();
    let options = "sudoku --check-unique --format json -q --stdin-name big.txt";
    let (one, one_code) = shell(&format!("{BIN} {options} - < {input}"));
    let offset = "'{= $_=($job->seq()-1)*7 =}'";
    let (sharded, _) = shell(&format!(
        "{} --will-cite --pipe -N 7 -j 3 --keep-order --joblog {input}.log {BIN} {options} \
         --index-offset {offset} --line-offset {offset} - < {input}",
        parallel()
    ));
    let log = std::fs::read_to_string(format!("{input}.log")).unwrap();
    let _ = std::fs::remove_file(format!("{input}.log"));
    let _ = std::fs::remove_file(&file);
    let (one, sharded) = (records(&one), records(&sharded));
    assert_eq!(one.len(), lines.len());
    assert_eq!(sharded, one);
    // The garbage line is an error record at its own line of the whole file.
    let bad = &one[46];
    assert_eq!(bad["status"], "error");
    assert_eq!(bad["line"], 47);
    assert!(bad["error"].as_str().unwrap().starts_with("big.txt:47: "));
    // The worst exit code of the shards is the one run's (2: an input error).
    let worst = (log.lines().skip(1))
        .filter_map(|l| l.split('\t').nth(6)?.parse::<i32>().ok())
        .max();
    assert_eq!(one_code, 2);
    assert_eq!(worst, Some(one_code));
}

#[test]
fn a_generation_sharded_by_seed_ranges_gives_the_puzzles_of_one_run() {
    let options = "generate sudoku --format json -q";
    let (one, code) = shell(&format!("{BIN} {options} --seed 100 -n 6"));
    assert_eq!(code, 0);
    let (sharded, code) = shell(&format!(
        "{} --will-cite -j 3 --keep-order {BIN} {options} -n 2 --seed {{}} ::: 100 102 104",
        parallel()
    ));
    assert_eq!(code, 0);
    let one = records(&one);
    assert_eq!(one.len(), 6);
    assert_eq!(records(&sharded), one);
}
