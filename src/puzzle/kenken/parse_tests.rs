use super::*;

fn error(text: &str) -> String {
    match parse_kenkens(text, CageFormulation::default()) {
        Err(e) => e.to_string(),
        Ok(mut all) => match all.remove(0).puzzle {
            Ok(_) => panic!("parsed, expected an error"),
            Err(e) => e.to_string(),
        },
    }
}

/// A 2x2 puzzle with the given cages.
fn with_cages(cages: &str) -> String {
    format!("{{\"size\": 2, \"cages\": [{cages}]}}")
}

const GOOD: &str = r#"{"op": "+", "target": 3, "cells": [[1,1],[1,2]]},
                      {"op": "-", "target": 1, "cells": [[2,1],[2,2]]}"#;

#[test]
fn reads_a_puzzle_and_its_cages() {
    let k = parse_kenkens(&with_cages(GOOD), CageFormulation::default())
        .unwrap()
        .remove(0)
        .puzzle
        .unwrap();
    assert_eq!(k.cages().len(), 2);
    assert_eq!(k.cages()[0].op, Op::Add);
    assert_eq!(k.cages()[1].cells, vec![(1, 0), (1, 1)]);
}

#[test]
fn accepts_op_aliases() {
    for (alias, op) in [
        ("x", Op::Mul),
        ("×", Op::Mul),
        ("÷", Op::Div),
        ("*", Op::Mul),
    ] {
        let text = with_cages(&format!(
            r#"{{"op": "{alias}", "target": 2, "cells": [[1,1],[1,2]]}},
               {{"op": "/", "target": 2, "cells": [[2,1],[2,2]]}}"#
        ));
        let k = parse_kenkens(&text, CageFormulation::default())
            .unwrap()
            .remove(0)
            .puzzle
            .unwrap();
        assert_eq!(k.cages()[0].op, op);
    }
}

#[test]
fn reads_a_collection_and_isolates_bad_puzzles() {
    let good = with_cages(GOOD);
    let text = format!("[{good}, {{\"size\": 2, \"cages\": []}}, {good}]");
    let all = parse_kenkens(&text, CageFormulation::default()).unwrap();
    assert_eq!(all.len(), 3);
    assert!(all[0].puzzle.is_ok() && all[2].puzzle.is_ok());
    assert_eq!(
        all[1].puzzle.as_ref().unwrap_err().to_string(),
        "cell [1,1] is in no cage"
    );
}

#[test]
fn rejects_unknown_ops() {
    let text = with_cages(r#"{"op": "%", "target": 3, "cells": [[1,1],[1,2],[2,1],[2,2]]}"#);
    assert_eq!(
        error(&text),
        r#"cage 1 (op "%", target 3): unknown op "%" (expected + - * / = ?)"#
    );
}

#[test]
fn rejects_cells_outside_the_grid() {
    let text = with_cages(r#"{"op": "+", "target": 3, "cells": [[1,1],[3,1]]}"#);
    assert_eq!(
        error(&text),
        r#"cage 1 (op "+", target 3): cell [3,1] is outside the 2x2 grid"#
    );
}

#[test]
fn rejects_a_cell_in_two_cages() {
    let text = with_cages(
        r#"{"op": "+", "target": 3, "cells": [[1,1],[1,2]]},
           {"op": "+", "target": 3, "cells": [[1,2],[2,1],[2,2]]}"#,
    );
    assert_eq!(
        error(&text),
        r#"cage 2 (op "+", target 3): cell [1,2] is also in cage 1"#
    );
}

#[test]
fn rejects_a_cell_in_no_cage() {
    let text = with_cages(r#"{"op": "+", "target": 4, "cells": [[1,1],[1,2],[2,1]]}"#);
    assert_eq!(error(&text), "cell [2,2] is in no cage");
}

#[test]
fn rejects_difference_and_quotient_cages_without_two_cells() {
    let text = with_cages(r#"{"op": "-", "target": 1, "cells": [[1,1],[1,2],[2,1],[2,2]]}"#);
    assert_eq!(
        error(&text),
        r#"cage 1 (op "-", target 1): "-" needs exactly 2 cells, found 4"#
    );
    let text = with_cages(r#"{"op": "/", "target": 2, "cells": [[1,1],[1,2],[2,1],[2,2]]}"#);
    assert_eq!(
        error(&text),
        r#"cage 1 (op "/", target 2): "/" needs exactly 2 cells, found 4"#
    );
}

#[test]
fn rejects_single_value_cages_without_one_cell() {
    let text = with_cages(r#"{"op": "=", "target": 1, "cells": [[1,1],[1,2],[2,1],[2,2]]}"#);
    assert_eq!(
        error(&text),
        r#"cage 1 (op "=", target 1): "=" needs exactly 1 cell, found 4"#
    );
}

#[test]
fn rejects_targets_that_are_not_positive_integers() {
    for target in ["0", "-3", "2.5"] {
        let text = with_cages(&format!(
            r#"{{"op": "+", "target": {target}, "cells": [[1,1],[1,2],[2,1],[2,2]]}}"#
        ));
        assert_eq!(
            error(&text),
            format!(
                r#"cage 1 (op "+", target {target}): the target must be a positive integer below 2^64"#
            )
        );
    }
    let text = with_cages(
        r#"{"op": "*", "target": 18446744073709551616, "cells": [[1,1],[1,2],[2,1],[2,2]]}"#,
    );
    assert!(error(&text).ends_with("the target must be a positive integer below 2^64"));
}

#[test]
fn reports_unknown_keys_with_their_line() {
    let text = "{\"size\": 2,\n \"colour\": \"red\",\n \"cages\": []}";
    assert_eq!(
        error(text),
        "2: unknown field `colour`, expected `size` or `cages` (column 9)"
    );
    let text = with_cages(r#"{"op": "+", "target": 3, "cells": [[1,1]], "note": 1}"#);
    assert!(error(&text).contains("unknown field `note`, expected one of `op`, `target`, `cells`"));
}

#[test]
fn reports_json_syntax_errors_with_their_line() {
    assert_eq!(
        error("{\"size\": 2,\n \"cages\": [}"),
        "2: expected value (column 12)"
    );
}

#[test]
fn rejects_unsupported_sizes() {
    assert_eq!(
        error("{\"size\": 40, \"cages\": []}"),
        "size 40 is not supported (1 to 32)"
    );
}

#[test]
fn reads_numbers_written_as_strings_or_with_a_zero_fraction_and_ops_with_spaces() {
    let text = r#"{"size": "2", "cages": [
        {"op": " + ", "target": 3.0, "cells": [["1","1"],[1,2]]},
        {"op": "-", "target": "1", "cells": [[2,1],[2,2]]}]}"#;
    let k = parse_kenkens(text, CageFormulation::default())
        .unwrap()
        .remove(0)
        .puzzle
        .unwrap();
    assert_eq!(k.cages()[0].op, Op::Add);
    assert_eq!(k.cages()[0].target, 3);
    assert_eq!(k.cages()[0].cells, vec![(0, 0), (0, 1)]);
}

#[test]
fn names_a_cage_no_values_can_meet() {
    let text = r#"{"size": 4, "cages": [{"op": "=", "target": 9, "cells": [[1,1]]}]}"#;
    assert_eq!(
        error(text),
        r#"cage 1 (op "=", target 9): no values 1..4 can meet this cage"#
    );
}

#[test]
fn reports_every_error_of_a_puzzle_each_on_its_line() {
    let text = with_cages(
        r#"{"op": "%", "target": 3, "cells": [[1,1]]},
           {"op": "+", "target": 70, "cells": [[1,2],[2,2]]},
           {"op": "+", "target": 3, "cells": [[2,1],[5,5]]}"#,
    );
    assert_eq!(
        error(&text),
        "cage 1 (op \"%\", target 3): unknown op \"%\" (expected + - * / = ?)\n\
         cage 2 (op \"+\", target 70): no values 1..2 can meet this cage\n\
         cage 3 (op \"+\", target 3): cell [5,5] is outside the 2x2 grid"
    );
}

#[test]
fn a_size_that_is_no_number_is_named() {
    assert_eq!(
        error(r#"{"size": "six", "cages": []}"#),
        "the size must be a whole number, found six"
    );
}
