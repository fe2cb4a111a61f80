use super::*;
use crate::backend::Mip;
use crate::deadline::Deadline;
use crate::pipeline::{self, Question};
use crate::puzzle::{self, Options};

fn sudoku(text: &str) -> Box<dyn Puzzle> {
    let kind = puzzle::find("sudoku").unwrap();
    let parsed = (kind.parse)(text, &Options::new()).unwrap();
    parsed.into_iter().next().unwrap().puzzle.unwrap()
}

fn outcome(puzzle: &dyn Puzzle) -> Outcome {
    let options = SolveOptions {
        question: Question::Unique,
        ..SolveOptions::default()
    };
    pipeline::solve(puzzle, &options, Deadline::none())
        .unwrap()
        .outcome
}

/// The Wikipedia 9x9 with its r1c1 given (5) written as 1: no solution (CP-SAT agrees).
const WRONG: &str = "13..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";

/// The repair of `puzzle` (solved first, as a user's run does) minimized by `solver`.
fn repaired_by(puzzle: &dyn Puzzle, solver: &Mip) -> Result<Option<Repair>, SolveError> {
    repair(
        puzzle,
        &outcome(puzzle),
        &SolveOptions::default(),
        solver,
        Deadline::none(),
    )
}

/// Each MIP solver that minimizes.
const SOLVERS: [Mip; 3] = [Mip::Highs, Mip::Cbc, Mip::Microlp];

#[test]
fn one_wrong_given_takes_one_change_and_the_repaired_puzzle_solves_with_every_mip_solver() {
    let puzzle = sudoku(WRONG);
    for solver in SOLVERS {
        let found = repaired_by(puzzle.as_ref(), &solver);
        let Ok(Some(Repair::Edits {
            edits,
            optimal,
            clues,
            ..
        })) = found
        else {
            panic!("{solver:?}: {found:?}");
        };
        assert!(optimal, "{solver:?}");
        assert_eq!(edits.len(), 1, "{solver:?}: {edits:?}");
        let repaired = puzzle.with_clues(&clues).unwrap();
        assert!(outcome(repaired.as_ref()).solution().is_some());
    }
}

#[test]
fn a_unique_puzzle_is_left_alone() {
    let puzzle = sudoku(&WRONG.replacen("13", "53", 1));
    let found = repaired_by(puzzle.as_ref(), &Mip::Highs);
    assert_eq!(found, Ok(Some(Repair::Unique)));
}

#[test]
fn a_4x4_with_one_given_needs_three_more_with_every_mip_solver() {
    // No 4x4 Sudoku with fewer than four givens is unique, and some with four are.
    let puzzle = sudoku("1...\n....\n....\n....\n");
    for solver in SOLVERS {
        let found = repaired_by(puzzle.as_ref(), &solver);
        let Ok(Some(Repair::Edits {
            edits,
            optimal,
            clues,
            unique,
        })) = found
        else {
            panic!("{solver:?}: {found:?}");
        };
        assert_eq!(
            (edits.len(), optimal, unique),
            (3, true, true),
            "{solver:?}"
        );
        let repaired = puzzle.with_clues(&clues).unwrap();
        assert!(matches!(outcome(repaired.as_ref()), Outcome::Unique(_)));
    }
}
