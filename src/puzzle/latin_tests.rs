//! The verifier shown grids that each break exactly one rule.

use super::*;
use crate::cage::Op;
use crate::geometry::{boxes, columns, diagonals, regions, rows, AreaName};
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::FromRules;

/// A valid 4x4 Sudoku solution (its main diagonal repeats 4).
const SOLVED: [[u32; 4]; 4] = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]];

fn grid(rows: &[[u32; 4]]) -> Grid {
    Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
}

fn blank() -> Grid {
    Grid::filled(4, 4, 0)
}

/// A 4x4 puzzle over rows, columns, the `extra` areas and `cages`, with `givens`.
fn puzzle(extra: Vec<Area>, cages: Vec<Cage>, givens: Grid) -> Latin {
    let areas = [rows(4, 4), columns(4, 4), extra].concat();
    Latin::new(areas, cages, givens, Style::Compact(Alphabet::Digits))
}

fn sudoku() -> Latin {
    puzzle(boxes(4, 2, 2), vec![], blank())
}

#[test]
fn a_valid_grid_passes() {
    assert_eq!(sudoku().verify(&grid(&SOLVED)), Ok(()));
}

#[test]
fn a_repeat_in_a_row_only_is_named_with_both_cells() {
    // r1c1 and r2c1 swapped: columns and boxes keep their values, rows 1 and 2 do not.
    let mut g = grid(&SOLVED);
    g.set(0, 0, 3);
    g.set(1, 0, 1);
    let expected = Violation::Repeated {
        area: AreaName::Row(0),
        value: 3,
        first: (0, 0),
        second: (0, 2),
    };
    assert_eq!(sudoku().verify(&g), Err(expected));
}

#[test]
fn a_repeat_in_a_column_only_is_named_with_both_cells() {
    // r1c1 and r1c2 swapped: rows and boxes keep their values, columns 1 and 2 do not.
    let mut g = grid(&SOLVED);
    g.set(0, 0, 2);
    g.set(0, 1, 1);
    let expected = Violation::Repeated {
        area: AreaName::Column(0),
        value: 2,
        first: (0, 0),
        second: (2, 0),
    };
    assert_eq!(sudoku().verify(&g), Err(expected));
}

#[test]
fn a_repeat_in_a_box_only_is_named_with_both_cells() {
    // A cyclic Latin square: every row and column is fine, box 1 holds 2 twice.
    let cyclic = grid(&[[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]]);
    let expected = Violation::Repeated {
        area: AreaName::Box(0),
        value: 2,
        first: (0, 1),
        second: (1, 0),
    };
    assert_eq!(sudoku().verify(&cyclic), Err(expected));
}

#[test]
fn a_repeat_on_a_diagonal_only_is_named() {
    let x = puzzle([boxes(4, 2, 2), diagonals(4)].concat(), vec![], blank());
    let expected = Violation::Repeated {
        area: AreaName::Diagonal,
        value: 4,
        first: (1, 1),
        second: (2, 2),
    };
    assert_eq!(x.verify(&grid(&SOLVED)), Err(expected));
}

#[test]
fn a_repeat_in_an_irregular_region_only_is_named() {
    let labels: Vec<Vec<String>> = ["AABB", "ACBB", "ACCD", "CDDD"]
        .iter()
        .map(|row| row.chars().map(String::from).collect())
        .collect();
    let jigsaw = puzzle(regions(&labels), vec![], blank());
    // Region A is r1c1, r1c2, r2c1: 1, 2, 3, fine; region B: 3, 4, 1, 2; region C holds 4
    // at r2c2 and 1 at r3c2... the cyclic square repeats inside region A instead.
    let cyclic = grid(&[[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]]);
    let expected = Violation::Repeated {
        area: AreaName::Region("A".into()),
        value: 2,
        first: (0, 1),
        second: (1, 0),
    };
    assert_eq!(jigsaw.verify(&cyclic), Err(expected));
}

#[test]
fn an_unmet_cage_is_named_with_its_values() {
    let cage = Cage {
        op: Op::Add,
        target: 4,
        cells: vec![(0, 0), (0, 1)],
    };
    let kenken = puzzle(vec![], vec![cage], blank());
    let expected = Violation::Cage {
        cage: 0,
        op: "+",
        target: 4,
        values: vec![1, 2],
    };
    assert_eq!(kenken.verify(&grid(&SOLVED)), Err(expected));
}

#[test]
fn a_changed_given_is_named() {
    let mut givens = blank();
    givens.set(3, 3, 2);
    let expected = Violation::Given {
        cell: (3, 3),
        value: 1,
        given: 2,
    };
    assert_eq!(
        puzzle(vec![], vec![], givens).verify(&grid(&SOLVED)),
        Err(expected)
    );
}

#[test]
fn a_value_out_of_range_is_named() {
    let mut g = grid(&SOLVED);
    g.set(2, 1, 5);
    let expected = Violation::OutOfRange {
        cell: (2, 1),
        value: 5,
        min: 1,
        max: 4,
    };
    assert_eq!(sudoku().verify(&g), Err(expected));
}

#[test]
fn a_grid_of_the_wrong_shape_is_refused() {
    let small = Grid::filled(3, 3, 1);
    assert_eq!(
        sudoku().verify(&small),
        Err(Violation::Shape { rows: 4, cols: 4 })
    );
}

#[test]
fn givens_repeated_in_an_area_are_a_conflict_at_the_second_cell() {
    let mut givens = blank();
    givens.set(0, 1, 3);
    givens.set(1, 0, 3);
    let (cell, violation) = puzzle(boxes(4, 2, 2), vec![], givens).conflict().unwrap();
    assert_eq!(cell, (1, 0));
    assert_eq!(violation.to_string(), "box 1 has 3 twice: r1c2, r2c1");
}

#[test]
fn narrowing_from_one_changed_cell_reaches_the_same_fixed_point_as_narrowing_everything() {
    // A 4x4 with boxes, two sum cages and no givens: the reductions leave it open.
    let cage = |target, cells: &[Cell]| Cage {
        op: Op::Add,
        target,
        cells: cells.to_vec(),
    };
    let cages = vec![cage(3, &[(0, 0), (1, 0)]), cage(7, &[(2, 3), (3, 3)])];
    let latin = puzzle(boxes(4, 2, 2), cages, blank());
    let reduced = latin.reduce(Deadline::none()).unwrap();
    let trials = reduced.assert_narrowing_from_each_cell_is_complete();
    assert!(trials > 8, "the puzzle stays open after its reductions");
}
