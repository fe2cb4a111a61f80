//! The 150 public consecutive Latin squares (janko.at "Konsekutiv", as the puzzlekit dataset
//! writes them: `../shared/puzzles-public/pkit/consecutive/`), each given to `mipsolve sudoku`
//! as its own `problem` text: every one solves to its published solution and is proven unique,
//! by the default engines and again by the documents' model with HiGHS alone.

mod common;

use common::{cases, grid, public_text, run_with_stdin};
use libtest_mimic::Arguments;
use serde_json::Value;

/// A puzzle of the dataset: name, problem text and published solution.
type Puzzle = (String, String, Vec<Vec<u32>>);

/// The dataset's puzzles.
fn puzzles() -> Vec<Puzzle> {
    let text = public_text("pkit/consecutive/ConsecutiveSudoku_janko_001-150.json");
    let set: Value = serde_json::from_str(&text).expect("the dataset is JSON");
    let data = set["data"].as_object().expect("a data object");
    (data.iter())
        .map(|(name, entry)| {
            let problem = entry["problem"].as_str().expect("a problem").to_string();
            let published = entry["solution"].as_str().expect("a solution");
            let rows = (published.lines().skip(1))
                .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
                .collect();
            (name.clone(), problem, rows)
        })
        .collect()
}

/// The dataset's puzzles, by name: there are 150.
fn all_puzzles() -> Vec<(String, Puzzle)> {
    let puzzles = puzzles();
    assert_eq!(puzzles.len(), 150, "the dataset holds 150 puzzles");
    (puzzles.into_iter())
        .map(|(name, problem, published)| (name.clone(), (name, problem, published)))
        .collect()
}

/// Solves one puzzle with `engine`'s options and checks the published solution, uniqueness
/// and, when named, that `decider` alone decided every question.
fn check(engine: &[&str], decider: Option<&str>, (name, problem, published): Puzzle) {
    let mut args = vec!["sudoku", "--check-unique", "--format", "json", "--stats"];
    args.extend_from_slice(engine);
    args.push("-");
    let result = run_with_stdin(&args, &problem);
    assert_eq!(result.code, 0, "{name}: {}", result.stderr);
    let record = result.single();
    assert_eq!(
        record["variant"],
        serde_json::json!(["latin", "consecutive"])
    );
    assert_eq!(record["unique"], true, "{name}");
    assert_eq!(grid(&record["solution"]), published, "{name}");
    if let Some(decider) = decider {
        let by = record["stats"]["decided_by"].as_array().unwrap();
        assert!(by.iter().all(|e| e == decider), "{name}: decided by {by:?}");
    }
}

fn main() {
    let mut trials = cases(
        "every_consecutive_puzzle_solves_to_its_published_solution_and_is_unique",
        all_puzzles,
        |puzzle| check(&[], None, puzzle),
    );
    trials.extend(cases(
        "the_documents_model_with_highs_alone_confirms_every_solution_and_uniqueness",
        all_puzzles,
        |puzzle| {
            check(
                &["--formulation", "documents", "--solver", "highs"],
                Some("highs"),
                puzzle,
            )
        },
    ));
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
