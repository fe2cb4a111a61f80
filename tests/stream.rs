//! A collection longer than one block of lines is read while it is solved: every puzzle gets
//! its record, in order, with its index and line in the whole file, and the same verdict and
//! grid as the published solutions say.

mod common;

use common::{public_text, run};

#[test]
fn a_collection_of_many_blocks_streams_with_every_record_numbered_as_in_the_file() {
    let puzzles: Vec<&str> = public_text("sudoku-17clue-royle.txt")
        .leak()
        .lines()
        .collect();
    let solutions: Vec<&str> = (public_text("solutions/sudoku-17clue-royle.txt").leak())
        .lines()
        .collect();
    // 20,000 puzzles (past 19 blocks of 1,024 lines), a comment line and a bad line among them.
    let count = 20_000;
    let mut lines: Vec<&str> = puzzles[..count].to_vec();
    lines.insert(9_000, "# a comment in a later block");
    lines.insert(17_000, "12345garbage");
    let path = std::env::temp_dir().join(format!("mipsolve-stream-{}.txt", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let result = run(&["sudoku", "--format", "json", "-q", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(result.code, 2, "an input error is the worst verdict");
    let records = result.json();
    assert_eq!(records.len(), count + 1);
    // Every record is checked and every wrong one named: the first failure does not hide the rest.
    let mut puzzle = 0;
    let mut wrong = Vec::new();
    for (index, record) in records.iter().enumerate() {
        // Line numbers in the whole file: the comment (line 9001) shifts those after it.
        let line = index + 1 + usize::from(index >= 9_000);
        if record["index"] != index || record["line"] != line {
            wrong.push(format!("record {index} is numbered wrong: {record}"));
        }
        if line == 17_001 {
            let error = record["error"].as_str().unwrap_or_default();
            if record["status"] != "error" || !error.contains(":17001: ") {
                wrong.push(format!(
                    "the bad line 17001 is no error naming it: {record}"
                ));
            }
            continue;
        }
        let solution: String = (record["solution"].as_array().into_iter().flatten())
            .flat_map(|row| row.as_array().into_iter().flatten().map(|v| v.to_string()))
            .collect();
        if solution != solutions[puzzle] {
            wrong.push(format!(
                "puzzle {puzzle} (line {line}) is not its published solution: {record}"
            ));
        }
        puzzle += 1;
    }
    assert!(
        wrong.is_empty(),
        "{} of {} records wrong:\n{}",
        wrong.len(),
        records.len(),
        wrong.join("\n")
    );
}
