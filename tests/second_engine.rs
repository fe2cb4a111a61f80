//! Every verdict of the default engine (reductions, split and CaDiCaL) confirmed by a second
//! one: a sample of every public set is solved with `--check-unique` under the default and
//! under single-solver configurations (the documents' model, which has no reductions at all,
//! with HiGHS, CBC and, where it has exact clauses, CaDiCaL; HiGHS, CBC and CaDiCaL on the
//! reduced model with each cage option), and the verdicts must agree: status, uniqueness, and
//! the grid of every unique puzzle. Samples are sized so the whole file runs in about a
//! minute; each test names its sample.

mod common;

use std::path::PathBuf;

use common::{public, public_text, run, VARIANT_FOLDERS};
use serde_json::Value;

/// The documents' model under HiGHS, then under CBC.
const DOCUMENTS: [&[&str]; 2] = [
    &["--formulation", "documents"],
    &["--formulation", "documents", "--solver", "cbc"],
];

/// The documents' model under CaDiCaL (Sudoku and Takuzu: the KenKen products are
/// logarithms, which have no exact clauses).
const DOCUMENTS_CADICAL: &[&str] = &["--formulation", "documents", "--solver", "cadical"];

/// CaDiCaL alone on the reduced model.
const CADICAL: &[&str] = &["--solver", "cadical"];

/// The first `n` content lines of a public line collection, as a file of their own.
fn first_lines(file: &str, n: usize, tag: &str) -> String {
    let text = public_text(file);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .collect();
    let path = std::env::temp_dir().join(format!("mipsolve-2nd-{tag}-{}.txt", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_string_lossy().to_string()
}

/// The first `n` files of a public folder, in name order.
fn first_files(folder: &str, n: usize) -> Vec<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(public(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    (files.into_iter().take(n))
        .map(|p| p.to_string_lossy().to_string())
        .collect()
}

/// Status, uniqueness and (for a unique puzzle) the grid of each record.
fn verdicts(kind: &str, args: &[&str], files: &[String]) -> Vec<(Value, Value, Value)> {
    let mut all = vec![kind, "--check-unique", "--format", "json", "--quiet"];
    all.extend_from_slice(args);
    all.extend(files.iter().map(String::as_str));
    let result = run(&all);
    assert!(result.code <= 1, "{kind} {args:?}: {}", result.stderr);
    (result.json().iter())
        .map(|r| {
            let grid = match r["unique"] == true {
                true => r["solution"].clone(),
                false => Value::Null,
            };
            (r["status"].clone(), r["unique"].clone(), grid)
        })
        .collect()
}

/// The default engine and each of `engines` give the same verdicts on `files`.
fn agree(kind: &str, base: &[&str], engines: &[&[&str]], files: &[String]) {
    let expected = verdicts(kind, base, files);
    assert!(!expected.is_empty(), "an empty sample");
    assert!(
        expected.iter().all(|v| v.0 != "error" && v.0 != "timeout"),
        "{expected:?}"
    );
    for engine in engines {
        let args = [base, engine].concat();
        assert_eq!(
            verdicts(kind, &args, files),
            expected,
            "{kind} {args:?} on {files:?}"
        );
    }
}

#[test]
fn sudoku_top95_hardest_17clue_and_tdoku_samples_agree_with_the_documents_model() {
    let files = vec![
        first_lines("sudoku-top95.txt", 10, "top95"),
        first_lines("sudoku-hardest.txt", 5, "hardest"),
        first_lines("sudoku-17clue-royle.txt", 5, "17clue"),
        // unique, with no solution and with several
        first_lines("sudoku-tdoku-test.txt", 20, "tdoku"),
    ];
    agree("sudoku", &[], &DOCUMENTS[..1], &files);
    agree(
        "sudoku",
        &[],
        &[
            &["--solver", "highs"],
            &["--solver", "cbc"],
            CADICAL,
            DOCUMENTS_CADICAL,
        ],
        &files,
    );
}

#[test]
fn gecode_25x25_samples_agree_with_cadical_on_the_documents_model() {
    // The four the default engine proves quickest; the documents' model has no reductions,
    // so its verdicts come from CaDiCaL alone.
    let files: Vec<String> = ["19", "20", "89", "90"]
        .iter()
        .map(|n| format!("sudoku-gecode/gecode-sudoku-{n}-25.txt"))
        .map(|f| public(&f).to_string_lossy().to_string())
        .collect();
    agree("sudoku", &[], &[DOCUMENTS_CADICAL], &files);
}

#[test]
fn pkit_16x16_sudokus_agree_with_the_documents_model() {
    agree(
        "sudoku",
        &[],
        &[DOCUMENTS[0], CADICAL, DOCUMENTS_CADICAL],
        &first_files("pkit/sudoku", 3),
    );
}

#[test]
fn killer_jigsaw_and_x_variant_samples_agree_with_the_documents_model() {
    let mut files = Vec::new();
    for folder in VARIANT_FOLDERS {
        files.extend(first_files(&format!("variants/{folder}"), 2));
    }
    files.retain(|f| f.ends_with(".json") || f.ends_with(".txt"));
    agree("sudoku", &[], &DOCUMENTS, &files);
    agree("sudoku", &[], &[CADICAL, DOCUMENTS_CADICAL], &files);
}

#[test]
fn pkit_kenkens_agree_under_every_cage_and_product_option() {
    let small = first_files("pkit/kenken", 12);
    agree("kenken", &[], &DOCUMENTS, &small);
    let mut all = first_files("pkit/kenken", 400);
    all.retain(|f| f.contains("_9x9"));
    all.truncate(8);
    for options in [
        &["--cages", "table"][..],
        &["--cages", "arithmetic"],
        &["--cages", "arithmetic", "--products", "log"],
    ] {
        // Logarithms of products have no exact clauses: CaDiCaL takes the other two.
        let engines: &[&[&str]] = match options.contains(&"log") {
            true => &[&["--solver", "highs"], &["--solver", "cbc"]],
            false => &[&["--solver", "highs"], &["--solver", "cbc"], CADICAL],
        };
        agree("kenken", options, engines, &all);
    }
}

#[test]
fn hidden_operator_kenkens_agree_with_the_documents_model_and_cbc() {
    let mut files = first_files("pkit/kenken-hidden-op", 100);
    files.retain(|f| f.ends_with("_5x5.json") || f.ends_with("_6x6.json"));
    files.truncate(6);
    agree("kenken", &[], &DOCUMENTS, &files);
    agree(
        "kenken",
        &["--cages", "arithmetic"],
        &[&["--solver", "cbc"], CADICAL],
        &files,
    );
}

#[test]
fn takuzus_agree_with_the_documents_model_with_and_without_distinct_lines() {
    let mut files = first_files("pkit/takuzu", 3);
    files.push(first_lines(
        "takuzu-binarypuzzle-com-hard-08.txt",
        5,
        "bp08",
    ));
    files.push(first_lines(
        "takuzu-binarypuzzle-com-veryhard-10.txt",
        3,
        "bp10",
    ));
    agree("takuzu", &[], &DOCUMENTS, &files);
    agree("takuzu", &["--allow-duplicate-lines"], &DOCUMENTS, &files);
    agree("takuzu", &[], &[CADICAL, DOCUMENTS_CADICAL], &files);
    agree(
        "takuzu",
        &["--allow-duplicate-lines"],
        &[CADICAL, DOCUMENTS_CADICAL],
        &files,
    );
}
