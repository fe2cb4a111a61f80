//! Every public Sudoku variant (Killer, Killer-X, Jigsaw, Jigsaw-X, X; `../shared/puzzles-public/
//! variants`, when that folder is beside the repository) solves to its published solution and
//! is proven unique.

mod common;

use std::collections::BTreeMap;

use common::{grid, public, public_text, run, VARIANT_FOLDERS};
use serde_json::Value;

#[test]
fn public_variants_solve_to_their_known_solutions_and_are_proven_unique() {
    let root = public("variants");
    let text = public_text("variants/solutions.json");
    let known: BTreeMap<String, Value> = serde_json::from_str(&text).expect("solutions.json");
    let mut checked = 0;
    for folder in VARIANT_FOLDERS {
        let path = root.join(folder).to_string_lossy().to_string();
        let result = run(&[
            "sudoku",
            "--check-unique",
            "--format",
            "json",
            "--quiet",
            &path,
        ]);
        assert_eq!(result.code, 0, "{folder}: {}", result.stderr);
        for record in result.json() {
            let file = record["file"].as_str().expect("file");
            let key = file.split("variants/").nth(1).expect("under variants/");
            let expected = &known[key];
            assert_eq!(record["unique"], true, "{key}");
            assert_eq!(
                grid(&record["solution"]),
                grid(&expected["solution"]),
                "{key}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, known.len(), "every listed puzzle was checked");
}
