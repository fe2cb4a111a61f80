//! A sample of the public ISS puzzle index (`tests/fixtures/iss-index/`): every string is read
//! and solved (a grid the verifier passed, or the time limit), or refused with an error that
//! names the ISS type or shape mipsolve does not read; never another error. The folder is
//! solved in one run, and each file is a test of its own that reads its record.

mod common;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use common::{cases, repo, run};
use libtest_mimic::{Arguments, Trial};
use serde_json::Value;

const GROUP: &str = "iss_index_strings_solve_or_are_refused_by_name";

/// The fewest of the sample that must read (a guard against losing a type).
const READ_AT_LEAST: usize = 244;

/// A folder solved with uniqueness, 10 s a puzzle, as JSON records.
fn solve_json(folder: &std::path::Path) -> common::Run {
    let args = [
        "sudoku",
        "--check-unique",
        "--time-limit",
        "10",
        "--format",
        "json",
        "-q",
    ];
    run(&[&args[..], &[folder.to_str().unwrap()]].concat())
}

/// The folder's records, by file name.
fn records() -> &'static BTreeMap<String, Value> {
    static RUN: OnceLock<BTreeMap<String, Value>> = OnceLock::new();
    RUN.get_or_init(|| {
        let folder = repo("tests/fixtures/iss-index");
        let result = solve_json(&folder);
        (result.json().into_iter())
            .map(|r| {
                let file = r["file"].as_str().unwrap_or_default();
                let name = file.rsplit('/').next().unwrap_or_default().to_string();
                (name, r)
            })
            .collect()
    })
}

/// Whether the record is read: solved, or out of time.
fn read(record: &Value) -> bool {
    matches!(record["status"].as_str(), Some("solved" | "timeout"))
}

fn check(name: String) {
    let record = records()
        .get(&name)
        .unwrap_or_else(|| panic!("no record of {name}"));
    if read(record) {
        return;
    }
    let error = record["error"].as_str().unwrap_or_default();
    let named = error.contains("does not read the ISS type") || error.contains("mipsolve reads");
    assert!(named, "{name}: neither read nor refused by name: {record}");
}

/// Every string read is written back as an ISS string (`--format iss`, one a line, in the
/// folder's order) and reads to the same answer: the same verdict, the same grid when unique.
fn round_trip() -> Result<(), String> {
    let folder = repo("tests/fixtures/iss-index");
    let args = ["sudoku", "--format", "iss", "-q", "--time-limit", "1"];
    let written = run(&[&args[..], &[folder.to_str().unwrap()]].concat());
    let strings: Vec<&str> = written.stdout.lines().collect();
    let readable: Vec<(&String, &Value)> = records().iter().filter(|(_, r)| read(r)).collect();
    if strings.len() != readable.len() {
        return Err(format!(
            "{} strings written for {} read",
            strings.len(),
            readable.len()
        ));
    }
    let dir = std::env::temp_dir().join(format!("mipsolve-iss-round-trip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for ((name, _), string) in readable.iter().zip(&strings) {
        std::fs::write(dir.join(name), string).map_err(|e| e.to_string())?;
    }
    let again = solve_json(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    let mut wrong = Vec::new();
    for record in again.json() {
        let name = record["file"]
            .as_str()
            .unwrap_or_default()
            .rsplit('/')
            .next()
            .unwrap_or_default();
        let first = &records()[name];
        let timed_out = [first, &record].iter().any(|r| r["status"] == "timeout");
        let same = first["status"] == record["status"]
            && first["unique"] == record["unique"]
            && (first["unique"] != true || first["solution"] == record["solution"]);
        if !timed_out && !same {
            wrong.push(format!("{name}: read {first}, written back {record}"));
        }
    }
    match wrong.is_empty() {
        true => Ok(()),
        false => Err(wrong.join("\n")),
    }
}

fn main() {
    let files = || {
        let folder = repo("tests/fixtures/iss-index");
        let mut names: Vec<String> = (std::fs::read_dir(folder).expect("the sample").flatten())
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n.ends_with(".iss"))
            .collect();
        names.sort();
        assert_eq!(names.len(), 250, "the sample's 250 strings");
        names.into_iter().map(|n| (n.clone(), n)).collect()
    };
    let mut trials = cases(GROUP, files, check);
    trials.push(Trial::test("iss_index_reads_at_least_its_share", || {
        let count = records().values().filter(|r| read(r)).count();
        match count >= READ_AT_LEAST {
            true => Ok(()),
            false => Err(format!("{count} of 250 read, fewer than {READ_AT_LEAST}").into()),
        }
    }));
    trials.push(Trial::test(
        "iss_strings_are_written_back_and_read_alike",
        || round_trip().map_err(Into::into),
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
