use super::*;
use crate::error::Violation;
use crate::puzzle::FromRules;
use crate::puzzle::Puzzle;

/// janko.at Konsekutiv 001 as the puzzlekit dataset writes it.
const PUZZLE: &str = "6 6
- - - - - -
- - 4 - - -
- - - 2 - -
- - - - 5 -
4 - - - - -
- 4 - - - -
0 1 5 5 4 0
0 3 6 0 3 4
0 9 12 1 13 4
0 2 0 1 6 0
0 9 4 0 9 4
0 0 1 4 0 0
";

fn error(text: &str) -> String {
    parse_bar_form(text).unwrap()[0]
        .puzzle
        .as_ref()
        .unwrap_err()
        .to_string()
}

#[test]
fn the_form_is_told_by_its_header() {
    let bars = |text: &str| matches!(headed(text), Some(Headed::Bars));
    assert!(bars(PUZZLE));
    assert!(bars(&format!("# a comment\n\n{PUZZLE}")));
    assert!(headed("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n").is_none());
    assert!(headed("4.......\n").is_none());
}

#[test]
fn a_header_with_as_many_rows_as_it_says_is_a_grid_with_its_lines_kept() {
    let text = "\n4 4\n1...\n..3.\n.4..\n...2\n";
    match headed(text) {
        Some(Headed::Grid { text, size, line }) => {
            assert_eq!(text, "\n# 4 4\n1...\n..3.\n.4..\n...2");
            assert_eq!((size, line), (4, 2));
        }
        _ => panic!("a grid"),
    }
}

#[test]
fn the_published_solution_keeps_every_bar_and_no_other_pair_is_consecutive() {
    let entries = parse_bar_form(PUZZLE).unwrap();
    let puzzle = entries[0].puzzle.as_ref().unwrap();
    let rows = [
        [5, 1, 2, 3, 4, 6],
        [3, 5, 4, 6, 2, 1],
        [1, 6, 5, 2, 3, 4],
        [6, 3, 1, 4, 5, 2],
        [4, 2, 3, 1, 6, 5],
        [2, 4, 6, 5, 1, 3],
    ];
    let solution = Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap();
    assert_eq!(puzzle.verify(&solution), Ok(()));
    assert_eq!(puzzle.variant(), Some(&["latin", "consecutive"][..]));
    // Swapping the last two rows breaks bars and makes unmarked pairs consecutive.
    let mut swapped = solution.clone();
    for c in 0..6 {
        swapped.set(4, c, solution.get(5, c));
        swapped.set(5, c, solution.get(4, c));
    }
    let broken = puzzle.violations(&swapped);
    assert!(broken.iter().any(|v| matches!(v, Violation::Broken { .. })));
}

#[test]
fn codes_without_the_bar_back_are_refused_on_their_line() {
    let bad = PUZZLE.replacen("0 1 5 5 4 0", "0 0 5 5 4 0", 1);
    assert_eq!(
        error(&bad),
        "8: r1c3 has a bar to r1c2, whose code has no bar back"
    );
    let outside = PUZZLE.replacen("0 0 1 4 0 0", "0 0 1 4 0 1", 1);
    assert_eq!(
        error(&outside),
        "13: the bar 1 of r6c6 points outside the grid"
    );
}

#[test]
fn wrong_counts_and_values_are_refused_with_their_line() {
    let short: String = PUZZLE.lines().take(12).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        error(&short),
        "1: expected 12 rows, found 11 after the header (6 of givens, 6 of bar codes; or 6 rows of a grid)"
    );
    assert_eq!(
        error(&PUZZLE.replacen("- - 4 - - -", "- - 7 - - -", 1)),
        "3: r2c3 is '7': expected - or 1..6"
    );
    assert_eq!(
        error(&PUZZLE.replacen("6 6", "6 7", 1)),
        "1: a consecutive puzzle is square, found 6x7"
    );
}
