//! A kind defined in this test alone, a plain Latin square with givens, to show what adding a
//! kind takes: one `Kind` entry and a parser that lists the puzzle's areas. Reductions, the
//! model, solving, verifying and rendering are shared. In the binary it would also take one
//! line in `puzzle::KINDS`.

use mipsolve::error::{ParseError, Problem};
use mipsolve::geometry::{columns, rows};
use mipsolve::grid::Grid;
use mipsolve::pipeline::{self, Outcome, Question, SolveOptions};
use mipsolve::puzzle::latin::{Latin, Style};
use mipsolve::puzzle::symbols::Alphabet;
use mipsolve::puzzle::{Entry, Kind, Options, Parsed, Puzzle};

static LATIN: Kind = Kind {
    name: "latin",
    title: "Latin square",
    about: "Solve Latin squares (.txt: rows of digits and '.')",
    extensions: &["txt"],
    options: &[],
    recognizes: |_| false,
    parse,
    game: None,
};

/// Rows of digits and `.` blanks; rows and columns are the areas.
fn parse(text: &str, _: &Options) -> Result<Vec<Parsed>, ParseError> {
    let mut givens = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let row = line
            .chars()
            .map(|ch| match ch {
                '.' => Ok(0),
                _ => ch.to_digit(10).ok_or(ParseError::at(
                    i + 1,
                    Problem::Symbol {
                        ch,
                        expected: "digits or '.'",
                    },
                )),
            })
            .collect::<Result<Vec<u32>, ParseError>>()?;
        givens.push(row);
    }
    let givens = Grid::from_rows(givens).ok_or(ParseError::whole(Problem::NoPuzzle))?;
    let n = givens.rows();
    let areas = [rows(n, n), columns(n, n)].concat();
    let puzzle = Latin::new(areas, Vec::new(), givens, Style::Compact(Alphabet::Digits));
    let puzzle = Ok(Box::new(puzzle) as Box<dyn Puzzle>);
    Ok(vec![Entry { line: 1, puzzle }])
}

fn solve(text: &str) -> (Box<dyn Puzzle>, Outcome) {
    let puzzle = (LATIN.parse)(text, &Options::new())
        .unwrap()
        .remove(0)
        .puzzle
        .unwrap();
    let options = SolveOptions {
        question: Question::Unique,
        ..SolveOptions::default()
    };
    let outcome = pipeline::run(puzzle.as_ref(), options).unwrap();
    (puzzle, outcome)
}

#[test]
fn a_new_kind_is_an_entry_and_a_parser_and_solves_through_the_shared_pipeline() {
    let (puzzle, outcome) = solve("12.\n.3.\n...\n");
    let Outcome::Unique(grid) = outcome else {
        panic!("expected a unique square, got {outcome:?}");
    };
    assert_eq!(puzzle.render(&grid), "123\n231\n312\n");
}

#[test]
fn the_new_kind_gets_uniqueness_and_its_witness_for_free() {
    let (_, outcome) = solve("1..\n...\n...\n");
    assert!(matches!(outcome, Outcome::Several { .. }), "{outcome:?}");
}

#[test]
fn the_new_kind_reports_input_errors_with_their_line() {
    let error = (LATIN.parse)("12\n3x\n", &Options::new()).err().unwrap();
    assert_eq!(
        error.in_file("square.txt"),
        "square.txt:2: unexpected character 'x' (digits or '.')"
    );
}
