use super::*;
use crate::deadline::Deadline;
use crate::geometry::{boxes, columns, rows, AreaName};

fn sudoku_areas(n: usize, box_rows: usize, box_cols: usize) -> Vec<Area> {
    [rows(n, n), columns(n, n), boxes(n, box_rows, box_cols)].concat()
}

/// Steps on Solo's ladder for a Sudoku of these areas and givens.
fn follow(areas: &[Area], givens: &Grid, solution: &Grid) -> Option<Deductions> {
    let puzzle = LatinRules {
        areas,
        cages: &[],
        rules: &[],
        givens,
    };
    super::follow(
        &puzzle,
        Ladder::Solo,
        solution,
        Deadline::none(),
        usize::MAX,
    )
}

fn grid(text: &str) -> Grid {
    let rows = text
        .lines()
        .map(|l| l.chars().map(|ch| ch.to_digit(10).unwrap_or(0)).collect())
        .collect();
    Grid::from_rows(rows).unwrap()
}

#[test]
fn one_blank_is_a_hidden_single_in_its_box_and_trivial() {
    let solution = grid("1234\n3412\n2143\n4321");
    let givens = grid("1234\n3412\n2143\n432.");
    let found = follow(&sudoku_areas(4, 2, 2), &givens, &solution).unwrap();
    assert_eq!(found.steps.len(), 1);
    assert_eq!(
        found.steps[0].to_string(),
        "r4c4 = 1: hidden single in box 4"
    );
    assert_eq!(found.level(), "trivial");
    assert_eq!((found.score(), found.guesses()), (10, 0));
}

#[test]
fn an_empty_grid_needs_guesses_and_every_step_agrees_with_the_solution() {
    let solution = grid("1234\n3412\n2143\n4321");
    let found = follow(
        &sudoku_areas(4, 2, 2),
        &grid("....\n....\n....\n...."),
        &solution,
    )
    .unwrap();
    assert_eq!(found.level(), "unreasonable");
    assert!(found.guesses() >= 1);
    for step in &found.steps {
        for &((r, c), v) in &step.placed {
            assert_eq!(solution.get(r, c), v, "{step}");
        }
        for &((r, c), v) in &step.removed {
            assert_ne!(solution.get(r, c), v, "{step}");
        }
    }
}

#[test]
fn steps_read_as_a_person_writes_them() {
    let step = Step {
        technique: Technique::NakedSet(2),
        removed: vec![((4, 0), 3), ((4, 0), 8)],
        because: vec![(4, 1), (4, 6)],
        area: Some(AreaName::Row(4)),
        values: vec![3, 8],
        ..Step::default()
    };
    assert_eq!(
        step.to_string(),
        "r5c1 <> 3, 8: naked pair r5c2 r5c7 in row 5"
    );
}

#[test]
fn givens_that_break_an_area_have_no_steps() {
    let solution = grid("1234\n3412\n2143\n4321");
    let givens = grid("11..\n....\n....\n....");
    assert_eq!(follow(&sudoku_areas(4, 2, 2), &givens, &solution), None);
}

#[test]
fn the_steps_stop_at_the_deadline() {
    let solution = grid("1234\n3412\n2143\n4321");
    let puzzle = LatinRules {
        areas: &sudoku_areas(4, 2, 2),
        cages: &[],
        rules: &[],
        givens: &grid("....\n....\n....\n...."),
    };
    let spent = Deadline::after(Some(std::time::Duration::ZERO));
    assert_eq!(
        super::follow(&puzzle, Ladder::Solo, &solution, spent, usize::MAX),
        None
    );
}

#[test]
fn steps_capped_below_a_technique_do_not_try_it_and_end_in_a_guess() {
    // Solo's first 9x9 extreme fixture (`tests/fixtures/grade`), which needs a fish or chain.
    let line = "..5.14...2..6...3.97...84...5.......8.9...3.4.......1...28...76.4...7..8...92.1..";
    let solved =
        "385714629214659837976238451451396782829571364637482915192843576543167298768925143";
    let rows = |text: &str| {
        let chars: Vec<char> = text.chars().collect();
        let text: Vec<String> = chars.chunks(9).map(|r| r.iter().collect()).collect();
        grid(&text.join("\n"))
    };
    let (givens, solution) = (rows(line), rows(solved));
    let areas = sudoku_areas(9, 3, 3);
    let puzzle = LatinRules {
        areas: &areas,
        cages: &[],
        rules: &[],
        givens: &givens,
    };
    let steps = |cap| super::follow(&puzzle, Ladder::Solo, &solution, Deadline::none(), cap);
    assert_eq!(steps(usize::MAX).unwrap().level(), "extreme");
    let capped = steps(2).unwrap();
    let costly = |t: Technique| t.rank(Ladder::Solo) > 2 && t != Technique::Guess;
    assert!(!capped.steps.iter().any(|s| costly(s.technique)));
    assert_eq!(capped.steps.last().unwrap().technique, Technique::Guess);
    assert!(capped.rank() > 2);
}
