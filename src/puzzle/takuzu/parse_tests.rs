use super::*;

fn one(text: &str, allow: bool) -> Result<Takuzu, ParseError> {
    parse_takuzus(text, allow, None)?.remove(0).puzzle
}

fn error(text: &str) -> String {
    match one(text, false) {
        Ok(_) => panic!("parsed, expected an error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn reads_digits_blanks_and_comments() {
    let t = one("# a 4x4\n1.._\n..0.\n\n.1..\n0...\n", false).unwrap();
    assert_eq!(t.given(0, 0), Some(1));
    assert_eq!(t.given(0, 3), None);
    assert_eq!(t.given(1, 2), Some(0));
    assert_eq!(t.given(3, 0), Some(0));
}

#[test]
fn reads_rectangular_boards_with_even_sides() {
    let t = one("......\n......\n......\n......\n", false).unwrap();
    assert_eq!(crate::puzzle::Puzzle::shape(&t), (4, 6));
}

#[test]
fn rejects_odd_sizes() {
    assert_eq!(
        error(".....\n.....\n.....\n.....\n"),
        "1: 5 columns: the number of columns must be even"
    );
    assert_eq!(
        error("....\n....\n....\n"),
        "3: 3 rows: the number of rows must be even"
    );
}

#[test]
fn rejects_ragged_rows() {
    assert_eq!(
        error("....\n...\n....\n....\n"),
        "2: expected 4 cells, found 3"
    );
}

#[test]
fn rejects_bad_characters() {
    assert_eq!(
        error("....\n..2.\n....\n....\n"),
        "2: unexpected character '2' (cells are 0 and 1; blanks are '.' or '_')"
    );
}

#[test]
fn rejects_three_equal_in_a_row_or_column() {
    assert_eq!(
        error("111.\n....\n....\n....\n"),
        "1: row 1 has 3 ones, more than half of 4"
    );
    assert_eq!(
        error("......\n000...\n......\n......\n......\n......\n"),
        "2: row 2 has three 0s in a row: r2c1, r2c2, r2c3"
    );
    assert_eq!(
        error("......\n.1....\n.1....\n.1....\n......\n......\n"),
        "4: column 2 has three 1s in a row: r2c2, r3c2, r4c2"
    );
}

#[test]
fn rejects_more_than_half_of_one_digit() {
    assert_eq!(
        error("0.0.00\n......\n......\n......\n......\n......\n"),
        "1: row 1 has 4 zeros, more than half of 6"
    );
}

#[test]
fn rejects_equal_complete_lines_unless_allowed() {
    let text = "0101\n....\n0101\n....\n";
    assert_eq!(error(text), "3: rows 1 and 3 are equal");
    assert!(one(text, true).is_ok());
    let cols = "0.0.\n1.1.\n0.0.\n1.1.\n";
    assert_eq!(error(cols), "4: columns 1 and 3 are equal");
}

#[test]
fn rejects_empty_input() {
    assert_eq!(
        parse_takuzus("# nothing\n", false, None)
            .err()
            .unwrap()
            .to_string(),
        "no puzzle found"
    );
}

#[test]
fn reads_one_puzzle_per_line_with_its_line_number() {
    // Three lines of 16 cells: no grid has an odd number of rows, so these are three 4x4s.
    let text = "# three 4x4s\n1..0....0..1....\n................\n................\n";
    let all = parse_takuzus(text, false, None).unwrap();
    assert_eq!(
        all.iter().map(|e| e.line).collect::<Vec<_>>(),
        vec![2, 3, 4]
    );
    let first = all[0].puzzle.as_ref().unwrap();
    assert_eq!(
        (first.given(0, 0), first.given(0, 3), first.given(2, 0)),
        (Some(1), Some(0), Some(0))
    );
}

#[test]
fn ignores_a_byte_order_mark_borders_and_spaces() {
    let t = one(
        "\u{feff}+---------+\n| 1 . . . |\n| . . 0 . |\n| . 1 . . |\n| . . . . |\n+---------+\n",
        false,
    )
    .unwrap();
    assert_eq!(
        (t.given(0, 0), t.given(1, 2), t.given(2, 1)),
        (Some(1), Some(0), Some(1))
    );
}

#[test]
fn blank_lines_separate_grids_but_not_the_bands_of_one_square_grid() {
    let two = parse_takuzus(
        "1...\n..0.\n.1..\n0...\n\n....\n.0..\n..1.\n...1\n",
        false,
        None,
    )
    .unwrap();
    assert_eq!(two.len(), 2);
    assert_eq!(two[1].line, 6);
    let wide = parse_takuzus(
        "......\n.1....\n......\n......\n\n......\n......\n....0.\n......\n",
        false,
        None,
    )
    .unwrap();
    assert_eq!(wide.len(), 2, "two 4x6 grids, not one 8x6");
    let bands = parse_takuzus("1..0\n..0.\n\n.1..\n0...\n", false, None).unwrap();
    assert_eq!(bands.len(), 1);
    let row = "............\n";
    let tall = format!("{}\n{}", row.repeat(6), row.repeat(6));
    let two = parse_takuzus(&tall, false, None).unwrap();
    assert_eq!(two.len(), 2, "two 6x12 grids, not one 12x12");
}
