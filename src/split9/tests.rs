//! The bitboard split against CaDiCaL and the step solver.

use super::*;
use crate::backend::Backend;
use crate::geometry::{boxes, columns, diagonals, rows};
use crate::pipeline::{solve, CountEnd, Engine, Outcome, Question, SolveOptions};
use crate::puzzle::latin::{Latin, Style};
use crate::puzzle::symbols::Alphabet;
use crate::puzzle::{FromRules, Puzzle};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn plain_areas() -> Vec<Area> {
    [rows(9, 9), columns(9, 9), boxes(9, 3, 3)].concat()
}

fn sudoku(areas: Vec<Area>, givens: Vec<u32>) -> Latin {
    let givens = Grid::from_cells(9, givens).unwrap();
    Latin::new(areas, Vec::new(), givens, Style::Compact(Alphabet::Digits))
}

/// Up to `limit` solutions of `puzzle` by `engine`, and whether they are all.
fn count(puzzle: &Latin, engine: Engine, limit: usize) -> (Vec<Grid>, bool) {
    let options = SolveOptions {
        question: Question::Count(limit),
        engine,
        ..SolveOptions::default()
    };
    match solve(puzzle, &options, Deadline::none()).unwrap().outcome {
        Outcome::Counted { solutions, end } => (solutions, end == CountEnd::All),
        Outcome::Infeasible { .. } => (Vec::new(), true),
        other => panic!("a count ends with a count: {other:?}"),
    }
}

#[test]
fn plain_takes_the_rows_columns_and_boxes_in_any_order_and_nothing_else() {
    let plain = |areas: Vec<Area>| plain(&Arc::from(areas));
    let mut areas = plain_areas();
    assert!(plain(areas.clone()));
    areas.reverse();
    assert!(plain(areas));
    assert!(!plain([plain_areas(), diagonals(9)].concat()));
    assert!(!plain(plain_areas()[..26].to_vec()));
    assert!(!plain([plain_areas(), rows(9, 9)[..1].to_vec()].concat()));
    // Boxes of 1x9 are rows again: a Latin square's areas, not a Sudoku's.
    assert!(!plain([rows(9, 9), columns(9, 9), boxes(9, 1, 9)].concat()));
}

#[test]
fn a_sudoku_x_is_not_plain_and_keeps_its_diagonals() {
    let puzzle = sudoku([plain_areas(), diagonals(9)].concat(), vec![0; 81]);
    assert!(!puzzle.rules().plain_9x9());
    let (grids, _) = count(&puzzle, Engine::Auto, 1);
    let grid = &grids[0];
    let diagonal: std::collections::HashSet<u32> = (0..9).map(|i| grid.get(i, i)).collect();
    assert_eq!(diagonal.len(), 9);
}

#[test]
fn the_bitboard_split_counts_as_cadical_does_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    // A solution by pattern, its values and rows within bands shuffled per puzzle.
    let pattern = |r: usize, c: usize| ((r % 3) * 3 + r / 3 + c) % 9;
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for round in 0..120 {
        let mut values: Vec<u32> = (1..=9).collect();
        values.shuffle(&mut rng);
        let mut cells: Vec<u32> = (0..81).map(|i| values[pattern(i / 9, i % 9)]).collect();
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(&mut rng);
        let kept = rng.random_range(20..60);
        for &i in &order[kept..] {
            cells[i] = 0;
        }
        if round % 4 == 0 {
            // A given changed: most often no solution is left.
            cells[order[0]] = cells[order[0]] % 9 + 1;
        }
        let puzzle = sudoku(plain_areas(), cells);
        assert!(puzzle.rules().plain_9x9());
        let (mut fast, fast_all) = count(&puzzle, Engine::Auto, 4);
        let (mut sat, sat_all) = count(&puzzle, Engine::Only(Backend::Cadical), 4);
        assert_eq!(
            (fast.len(), fast_all),
            (sat.len(), sat_all),
            "round {round}"
        );
        for grid in &fast {
            assert!(puzzle.verify(grid).is_ok());
        }
        if fast_all {
            fast.sort_by_key(|g| g.to_rows());
            sat.sort_by_key(|g| g.to_rows());
            assert_eq!(fast, sat, "round {round}");
        }
        match (fast.len(), fast_all) {
            (0, _) => none += 1,
            (1, true) => unique += 1,
            _ => several += 1,
        }
        // The generator's question: another solution with one cell changed?
        if let [first, rest @ ..] = &fast[..] {
            let givens: Vec<Option<u32>> = (0..81)
                .map(|i| Some(puzzle.givens().get(i / 9, i % 9)).filter(|&v| v > 0))
                .collect();
            let differs = rest.first().map(|second| first.differences(second)[0]);
            let (r, c) = differs.unwrap_or((order[1] / 9, order[1] % 9));
            let other = Split9::without(&givens, r * 9 + c, first.get(r, c))
                .map(|mut split| split.next(&puzzle.rules(), Deadline::none()));
            match other {
                Some(Step::Found(grid)) => {
                    assert!(differs.is_some() && grid.get(r, c) != first.get(r, c))
                }
                _ => assert!(differs.is_none(), "round {round}"),
            }
        }
    }
    // The rounds reach each verdict.
    assert!(
        unique > 5 && several > 5 && none > 5,
        "{unique} {several} {none}"
    );
}

#[test]
fn a_repeated_given_has_no_solution_and_a_full_grid_is_decided_by_the_reductions() {
    let mut cells = vec![0; 81];
    (cells[0], cells[8]) = (5, 5);
    assert!(Split9::new(
        &cells
            .iter()
            .map(|&v| (v > 0).then_some(v))
            .collect::<Vec<_>>()
    )
    .is_none());
    let pattern = |i: usize| ((i / 9 % 3) * 3 + i / 27 + i % 9) % 9 + 1;
    let full: Vec<Option<u32>> = (0..81).map(|i| Some(pattern(i) as u32)).collect();
    let split = Split9::new(&full).unwrap();
    let grid = split.decided().unwrap();
    assert_eq!(grid.get(8, 8), pattern(80) as u32);
}

/// Givens of `solution` at a random `kept` of its cells, row-major.
fn some_givens(solution: &Grid, kept: usize, rng: &mut ChaCha8Rng) -> Vec<Option<u32>> {
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    let mut givens = vec![None; 81];
    for &i in &order[..kept] {
        givens[i] = Some(solution.get(i / 9, i % 9));
    }
    givens
}

#[test]
fn the_easy_levels_decide_exactly_the_puzzles_the_step_solver_grades_at_or_below_them() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let blank = sudoku(plain_areas(), vec![0; 81]);
    // Per level, how often it held, and how often it did not.
    let mut seen = [[0; 2]; 3];
    for round in 0..30 {
        // Givens carved from a full grid by the step solver: a removal stays while its
        // grade is intermediate or easier.
        let solution = Split9::random(&[None; 81], &blank.rules(), &mut rng, 1000).unwrap();
        let mut givens = some_givens(&solution, 81, &mut rng);
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(&mut rng);
        for i in order {
            let kept = givens[i].take();
            let cells = givens.iter().map(|g| g.unwrap_or(0)).collect();
            let puzzle = sudoku(plain_areas(), cells).with_variant(Vec::new());
            // The step solver, stopped past `cap`: the steps' grade on Solo's ladder.
            let level = |cap| {
                (puzzle.deduce_up_to(&solution, Deadline::none(), cap))
                    .unwrap()
                    .rank()
            };
            let whole = level(usize::MAX);
            for (cap, seen) in seen.iter_mut().enumerate() {
                let at_or_below = level(cap) <= cap;
                let decided = Split9::easy_decide(&givens, cap);
                assert_eq!(decided, Some(at_or_below), "round {round}, level {cap}");
                // Stopped early, the grade is the whole solve's at or below the cap.
                assert_eq!(at_or_below, whole <= cap);
                assert!(whole > cap || level(cap) == whole);
                seen[usize::from(at_or_below)] += 1;
            }
            if whole > 2 {
                givens[i] = kept;
            }
        }
    }
    assert_eq!(Split9::easy_decide(&[None; 81], 3), None);
    // The removals reach each answer at each level.
    assert!(seen.iter().flatten().all(|&n| n > 100), "{seen:?}");
}

#[test]
fn a_random_completion_keeps_the_givens_passes_the_verifier_and_follows_the_seed() {
    let blank = sudoku(plain_areas(), vec![0; 81]);
    let draw = |givens: &[Option<u32>], seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Split9::random(givens, &blank.rules(), &mut rng, 1000)
    };
    let first = draw(&[None; 81], 1).unwrap();
    assert!(blank.verify(&first).is_ok());
    assert_eq!(draw(&[None; 81], 1), Some(first.clone()));
    assert_ne!(draw(&[None; 81], 2), Some(first.clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let givens = some_givens(&first, 20, &mut rng);
    for seed in 0..20 {
        let grid = draw(&givens, seed).unwrap();
        assert!(blank.verify(&grid).is_ok());
        for (i, given) in givens.iter().enumerate() {
            assert!(given.is_none_or(|v| grid.get(i / 9, i % 9) == v));
        }
    }
    // Two 5s in a row; then a row whose last cell can hold nothing (r1c9 sees every value).
    let mut clash = vec![None; 81];
    (clash[0], clash[8]) = (Some(5), Some(5));
    assert_eq!(draw(&clash, 1), None);
    let mut stuck: Vec<Option<u32>> = (1..=8).map(Some).chain([None]).collect();
    stuck.resize(81, None);
    stuck[9 * 4 + 8] = Some(9);
    assert_eq!(draw(&stuck, 1), None);
}
