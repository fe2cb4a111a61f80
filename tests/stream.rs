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
    // 20,000 puzzles (past two blocks of 8,192 lines), a comment line and a bad line among them.
    let count = 20_000;
    let mut lines: Vec<&str> = puzzles[..count].to_vec();
    lines.insert(9_000, "# a comment in the second block");
    lines.insert(17_000, "12345garbage");
    let path = std::env::temp_dir().join(format!("mipsolve-stream-{}.txt", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let result = run(&["sudoku", "--format", "json", "-q", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(result.code, 2, "an input error is the worst verdict");
    let records = result.json();
    assert_eq!(records.len(), count + 1);
    let mut puzzle = 0;
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record["index"], index, "{record}");
        // Line numbers in the whole file: the comment (line 9001) shifts those after it.
        let line = index + 1 + usize::from(index >= 9_000);
        assert_eq!(record["line"], line, "{record}");
        if line == 17_001 {
            assert_eq!(record["status"], "error");
            let error = record["error"].as_str().unwrap();
            assert!(error.contains(":17001: "), "{error}");
            continue;
        }
        let solution: String = (record["solution"].as_array().unwrap().iter())
            .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.to_string()))
            .collect();
        assert_eq!(solution, solutions[puzzle], "puzzle {puzzle}");
        puzzle += 1;
    }
}
