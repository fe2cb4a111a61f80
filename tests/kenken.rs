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
