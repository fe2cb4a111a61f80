//! Every verdict of the default engine (reductions, split and CaDiCaL) confirmed by a second
//! one: a sample of every public set is solved with `--check-unique` under the default and
//! under single-solver configurations (the documents' model, which has no reductions at all,
//! with HiGHS, CBC and, where it has exact clauses, CaDiCaL; HiGHS, CBC and CaDiCaL on the
//! reduced model with each cage option), and the verdicts must agree: status, uniqueness, and
//! the grid of every unique puzzle. Samples are sized so the whole file runs in about a
//! minute. Each sample and engine is a test of its own, named `SAMPLE_agree_with::ENGINE`, so
//! that one engine's disagreement hides none of the others.

mod common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{public, public_text, run, VARIANT_FOLDERS};
use serde_json::Value;

// The engines that confirm the default one, each a function named as the tests that use it.

/// HiGHS on the reduced model.
fn highs() -> &'static [&'static str] {
    &["--solver", "highs"]
}

/// CBC on the reduced model.
fn cbc() -> &'static [&'static str] {
    &["--solver", "cbc"]
}

/// CaDiCaL alone on the reduced model.
fn cadical() -> &'static [&'static str] {
    &["--solver", "cadical"]
}

/// The documents' model (no reductions at all) under HiGHS.
fn the_documents_model_with_highs() -> &'static [&'static str] {
    &["--formulation", "documents"]
}

/// The documents' model under CBC.
fn the_documents_model_with_cbc() -> &'static [&'static str] {
    &["--formulation", "documents", "--solver", "cbc"]
}

/// The documents' model under CaDiCaL (Sudoku and Takuzu: the KenKen products are
/// logarithms, which have no exact clauses).
fn the_documents_model_with_cadical() -> &'static [&'static str] {
    &["--formulation", "documents", "--solver", "cadical"]
}

/// One test per sample and engine: `name: KIND [base options] sample => engine, ...;` makes
/// the module `name` holding a test per engine, named after it, that checks that the default
/// engine and that one, each with the base options, give the same verdicts on the files
/// `sample()` names. A disagreement of one engine hides none of the others.
macro_rules! samples {
    ($($name:ident: $kind:literal [$($base:literal),*] $sample:ident => $($engine:ident),+;)*) => {
        $(mod $name {
            const KIND: &str = $kind;
            const BASE: &[&str] = &[$($base),*];

            $(
                #[test]
                fn $engine() {
                    super::agree(KIND, BASE, super::$engine(), &super::$sample());
                }
            )+
        })*
    };
}

/// The first `n` content lines of a public line collection, as a file of their own.
fn first_lines(file: &str, n: usize, tag: &str) -> String {
    let text = public_text(file);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .collect();
    // A file of its own for each call: tests running at the same time take the same sample.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let call = NEXT.fetch_add(1, Ordering::Relaxed);
    let name = format!("mipsolve-2nd-{tag}-{}-{call}.txt", std::process::id());
    let path = std::env::temp_dir().join(name);
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

/// The default engine and `engine`, each with the `base` options, give the same verdicts on
/// `files`.
fn agree(kind: &str, base: &[&str], engine: &[&str], files: &[String]) {
    let expected = verdicts(kind, base, files);
    assert!(!expected.is_empty(), "an empty sample");
    assert!(
        expected.iter().all(|v| v.0 != "error" && v.0 != "timeout"),
        "{expected:?}"
    );
    let args = [base, engine].concat();
    assert_eq!(
        verdicts(kind, &args, files),
        expected,
        "{kind} {args:?} on {files:?}"
    );
}

// Samples of the public sets, each a function named as the tests that use it.

/// The first lines of top95, the hardest, Royle's 17-clue set and tdoku's test puzzles (unique,
/// with no solution and with several).
fn sudoku_top95_hardest_17clue_and_tdoku() -> Vec<String> {
    vec![
        first_lines("sudoku-top95.txt", 10, "top95"),
        first_lines("sudoku-hardest.txt", 5, "hardest"),
        first_lines("sudoku-17clue-royle.txt", 5, "17clue"),
        first_lines("sudoku-tdoku-test.txt", 20, "tdoku"),
    ]
}

/// Four 25x25 Gecode Sudokus: the four the default engine proves quickest (the documents'
/// model has no reductions, so its verdicts come from CaDiCaL alone).
fn gecode_25x25() -> Vec<String> {
    ["19", "20", "89", "90"]
        .iter()
        .map(|n| format!("sudoku-gecode/gecode-sudoku-{n}-25.txt"))
        .map(|f| public(&f).to_string_lossy().to_string())
        .collect()
}

/// The first three 16x16 Sudokus of the puzzle kit.
fn pkit_16x16_sudokus() -> Vec<String> {
    first_files("pkit/sudoku", 3)
}

/// The first two puzzles of each Killer, Killer-X, Jigsaw, Jigsaw-X and X folder.
fn killer_jigsaw_and_x_variants() -> Vec<String> {
    let mut files = Vec::new();
    for folder in VARIANT_FOLDERS {
        files.extend(first_files(&format!("variants/{folder}"), 2));
    }
    files.retain(|f| f.ends_with(".json") || f.ends_with(".txt"));
    files
}

/// The first twelve KenKens of the puzzle kit.
fn pkit_kenkens() -> Vec<String> {
    first_files("pkit/kenken", 12)
}

/// The first eight 9x9 KenKens of the puzzle kit.
fn pkit_9x9_kenkens() -> Vec<String> {
    let mut all = first_files("pkit/kenken", 400);
    all.retain(|f| f.contains("_9x9"));
    all.truncate(8);
    all
}

/// The first six 5x5 and 6x6 hidden-operator KenKens of the puzzle kit.
fn hidden_operator_kenkens() -> Vec<String> {
    let mut files = first_files("pkit/kenken-hidden-op", 100);
    files.retain(|f| f.ends_with("_5x5.json") || f.ends_with("_6x6.json"));
    files.truncate(6);
    files
}

/// Three Takuzus of the puzzle kit and the first hard 8x8 and very hard 10x10 ones of
/// binarypuzzle.com.
fn takuzus() -> Vec<String> {
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
    files
}

samples! {
    sudoku_top95_hardest_17clue_and_tdoku_samples_agree_with: "sudoku" []
        sudoku_top95_hardest_17clue_and_tdoku => the_documents_model_with_highs, highs, cbc,
        cadical, the_documents_model_with_cadical;
    gecode_25x25_samples_agree_with: "sudoku" []
        gecode_25x25 => the_documents_model_with_cadical;
    pkit_16x16_sudokus_agree_with: "sudoku" []
        pkit_16x16_sudokus => the_documents_model_with_highs, cadical,
        the_documents_model_with_cadical;
    killer_jigsaw_and_x_variant_samples_agree_with: "sudoku" []
        killer_jigsaw_and_x_variants => the_documents_model_with_highs,
        the_documents_model_with_cbc, cadical, the_documents_model_with_cadical;
    pkit_kenkens_agree_with: "kenken" []
        pkit_kenkens => the_documents_model_with_highs, the_documents_model_with_cbc;
    pkit_9x9_kenkens_with_table_cages_agree_with: "kenken" ["--cages", "table"]
        pkit_9x9_kenkens => highs, cbc, cadical;
    pkit_9x9_kenkens_with_arithmetic_cages_agree_with: "kenken" ["--cages", "arithmetic"]
        pkit_9x9_kenkens => highs, cbc, cadical;
    // Logarithms of products have no exact clauses: no CaDiCaL.
    pkit_9x9_kenkens_with_arithmetic_cages_and_log_products_agree_with: "kenken"
        ["--cages", "arithmetic", "--products", "log"] pkit_9x9_kenkens => highs, cbc;
    hidden_operator_kenkens_agree_with: "kenken" []
        hidden_operator_kenkens => the_documents_model_with_highs, the_documents_model_with_cbc;
    hidden_operator_kenkens_with_arithmetic_cages_agree_with: "kenken" ["--cages", "arithmetic"]
        hidden_operator_kenkens => cbc, cadical;
    takuzus_agree_with: "takuzu" []
        takuzus => the_documents_model_with_highs, the_documents_model_with_cbc, cadical,
        the_documents_model_with_cadical;
    takuzus_without_distinct_lines_agree_with: "takuzu" ["--allow-duplicate-lines"]
        takuzus => the_documents_model_with_highs, the_documents_model_with_cbc, cadical,
        the_documents_model_with_cadical;
}
