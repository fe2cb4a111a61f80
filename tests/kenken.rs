//! The `kenken` command end to end. Each KenKen with big product cages is a test of its own
//! with each cage and product formulation, and each cage option the documents' formulation
//! refuses is one.

mod common;

use common::{cases, grid, repo, run, solutions, tests, trial};
use libtest_mimic::Arguments;

fn solves_the_documents_puzzle_uniquely() {
    let r = run(&["kenken", "--check-unique", "puzzles/kenken/doc-6x6.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "563412\n614523\n452361\n341256\n236145\n125634\n# unique\n"
    );
}

/// The KenKens with big product cages (and the documents' 6x6), each with every cage and
/// product formulation, named `FILE --cages CAGES --products PRODUCTS`.
fn big_product_cases() -> Vec<(String, (&'static str, &'static str, &'static str))> {
    let mut out = Vec::new();
    for file in [
        "big-product-9x9",
        "near-twin-a-9x9",
        "near-twin-b-9x9",
        "doc-6x6",
    ] {
        for cages in ["table", "arithmetic"] {
            for products in ["exact", "log"] {
                let how = format!("{file} --cages {cages} --products {products}");
                out.push((how, (file, cages, products)));
            }
        }
    }
    out
}

/// One KenKen with one formulation solves to its known answer.
fn every_formulation_gives_the_known_answers_of_big_product_cages(
    (file, cages, products): (&str, &str, &str),
) {
    let path = format!("puzzles/kenken/{file}.json");
    let known = solutions(&repo(&format!("puzzles/kenken/{file}.sol")));
    let args = ["--cages", cages, "--products", products, "--format", "json"];
    let r = run(&[&["kenken"][..], &args, &[&path]].concat());
    let how = format!("{file} --cages {cages} --products {products}");
    assert_eq!(r.code, 0, "{how}: {}", r.stderr);
    assert_eq!(grid(&r.single()["solution"]), known[0], "{how}");
}

fn two_solutions_are_reported_with_a_known_witness() {
    common::assert_not_unique_with_known_witness("kenken", "puzzles/kenken/two-solutions-4x4.json");
}

fn unmeetable_cages_are_infeasible_not_an_input_error() {
    common::assert_infeasible(&["kenken", "puzzles/kenken/infeasible-4x4.json"]);
}

fn input_errors_exit_2_with_file_and_cage() {
    let text = r#"{"size": 2, "cages": [{"op": "-", "target": 1, "cells": [[1,1],[1,2],[2,1]]},
                   {"op": "=", "target": 1, "cells": [[2,2]]}]}"#;
    let r = common::run_with_stdin(&["kenken", "-"], text);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "-: cage 1 (op \"-\", target 1): \"-\" needs exactly 2 cells, found 3\n"
    );
}

/// The rows of the model `mipsolve kenken --solver highs ARGS --write-model` writes for the
/// two-solution 4x4, by name.
fn rows_written(tag: &str, args: &[&str]) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("mipsolve-cages-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_string_lossy().to_string();
    let mut all = vec!["kenken", "-q", "--solver", "highs", "--check-unique"];
    all.extend_from_slice(args);
    all.extend([
        "--write-model",
        &dir_arg,
        "puzzles/kenken/two-solutions-4x4.json",
    ]);
    let result = run(&all);
    assert_eq!(result.code, 1, "two solutions: {}", result.stderr);
    let text = std::fs::read_to_string(dir.join("two-solutions-4x4.lp")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (text.lines())
        .filter_map(|l| {
            l.strip_prefix(' ')?
                .split_once(':')
                .map(|(name, _)| name.to_string())
        })
        .collect()
}

fn the_cage_options_change_the_model_a_named_solver_is_handed() {
    let has = |rows: &[String], name: &str| rows.iter().any(|r| r == name);
    let table = rows_written("table", &[]);
    assert!(has(&table, "cage6_choice") && !has(&table, "cage6_sum"));
    let arithmetic = rows_written("arithmetic", &["--cages", "arithmetic"]);
    assert!(has(&arithmetic, "cage6_sum") && !has(&arithmetic, "cage6_choice"));
    assert!(has(&arithmetic, "cage2_quot_p2"), "exact products by prime");
    let log = rows_written("log", &["--cages", "arithmetic", "--products", "log"]);
    assert!(has(&log, "cage2_quot") && !has(&log, "cage2_quot_p2"));
}

const DOCUMENTS: &str = "the_documents_formulation_refuses_cage_options_it_does_not_state";

/// The cage options the documents' formulation does not state, each with its value.
const NOT_STATED: [(&str, &str); 2] = [("--cages", "table"), ("--products", "exact")];

/// With `--formulation documents`, `OPTION VALUE` is refused with exit 2, naming both.
fn the_documents_formulation_refuses_cage_options_it_does_not_state((option, value): (&str, &str)) {
    let file = "puzzles/kenken/doc-6x6.json";
    let result = run(&["kenken", "--formulation", "documents", option, value, file]);
    assert_eq!(result.code, 2, "{option} {value}");
    assert!(
        result.stderr.contains(&format!(
            "{option} {value} cannot be used with --formulation documents"
        )),
        "{}",
        result.stderr
    );
}

/// `--products log` is the documents' own products: accepted with their formulation.
fn the_documents_formulation_takes_its_own_log_products() {
    let log = run(&[
        "kenken",
        "--formulation",
        "documents",
        "--products",
        "log",
        "-q",
        "puzzles/kenken/doc-6x6.json",
    ]);
    assert_eq!(log.code, 0, "the documents' own products: {}", log.stderr);
}

fn main() {
    let mut trials = cases(
        "every_formulation_gives_the_known_answers_of_big_product_cages",
        big_product_cases,
        every_formulation_gives_the_known_answers_of_big_product_cages,
    );
    trials.extend(cases(
        DOCUMENTS,
        || {
            (NOT_STATED.into_iter())
                .map(|(option, value)| (format!("{option} {value}"), (option, value)))
                .collect()
        },
        the_documents_formulation_refuses_cage_options_it_does_not_state,
    ));
    trials.push(trial(
        &format!("{DOCUMENTS}: --products log, the documents' own, is taken"),
        the_documents_formulation_takes_its_own_log_products,
    ));
    trials.extend(tests![
        solves_the_documents_puzzle_uniquely,
        two_solutions_are_reported_with_a_known_witness,
        unmeetable_cages_are_infeasible_not_an_input_error,
        input_errors_exit_2_with_file_and_cage,
        the_cage_options_change_the_model_a_named_solver_is_handed,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
