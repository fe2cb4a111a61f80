//! The `kenken` command end to end.

mod common;

use common::{grid, repo, run, solutions};

#[test]
fn solves_the_documents_puzzle_uniquely() {
    let r = run(&["kenken", "--check-unique", "puzzles/kenken/doc-6x6.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "563412\n614523\n452361\n341256\n236145\n125634\n# unique\n"
    );
}

#[test]
fn every_formulation_gives_the_known_answers_of_big_product_cages() {
    for file in [
        "big-product-9x9",
        "near-twin-a-9x9",
        "near-twin-b-9x9",
        "doc-6x6",
    ] {
        let path = format!("puzzles/kenken/{file}.json");
        let known = solutions(&repo(&format!("puzzles/kenken/{file}.sol")));
        for cages in ["table", "arithmetic"] {
            for products in ["exact", "log"] {
                let args = ["--cages", cages, "--products", products, "--format", "json"];
                let r = run(&[&["kenken"][..], &args, &[&path]].concat());
                let how = format!("{file} --cages {cages} --products {products}");
                assert_eq!(r.code, 0, "{how}: {}", r.stderr);
                assert_eq!(grid(&r.single()["solution"]), known[0], "{how}");
            }
        }
    }
}

#[test]
fn two_solutions_are_reported_with_a_known_witness() {
    common::assert_not_unique_with_known_witness("kenken", "puzzles/kenken/two-solutions-4x4.json");
}

#[test]
fn unmeetable_cages_are_infeasible_not_an_input_error() {
    common::assert_infeasible(&["kenken", "puzzles/kenken/infeasible-4x4.json"]);
}

#[test]
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

#[test]
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

#[test]
fn the_documents_formulation_refuses_cage_options_it_does_not_state() {
    for (option, value) in [("--cages", "table"), ("--products", "exact")] {
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
