//! The pipeline's tests: solver answers the verifier rejects are cut off, and a count the split
//! cannot finish is finished by the solver.

use super::solver::{search, Search};
use super::*;
use crate::backend::Session;
use crate::domains::Domains;
use crate::geometry::{columns, rows};
use crate::model::Model;
use crate::rule::Changed;
use crate::rule::{Areas, Rule, RuleSet};
use std::sync::Arc;

/// A 1..2 grid of `rows` x `cols` with `rules`, no givens.
fn one_or_two(rows: usize, cols: usize, rules: Vec<Arc<dyn Rule>>) -> RuleSet {
    RuleSet {
        rows,
        cols,
        values: vec![1, 2],
        givens: vec![None; rows * cols],
        rules,
    }
}

/// Latin 2x2 squares (two solutions) whose verifier rejects the one starting with 1, as
/// a product cage within the solver's tolerance would be rejected.
struct Picky;

/// The top left cell holds 2: a rule only the verifier knows (no reductions, no rows).
#[derive(Debug)]
struct StartsWithTwo;

impl Rule for StartsWithTwo {
    fn name(&self) -> &'static str {
        "starts with 2"
    }
    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        match grid.get(0, 0) {
            2 => Vec::new(),
            value => vec![Violation::Given {
                cell: (0, 0),
                value,
                given: 2,
            }],
        }
    }
    fn narrow(&self, _: &mut Domains, _: Changed, _: &mut Vec<usize>) -> bool {
        true
    }
    fn constrain(&self, _: &mut Model, _: Deadline) {}
}

impl Puzzle for Picky {
    fn shape(&self) -> (usize, usize) {
        (2, 2)
    }
    fn rules(&self) -> RuleSet {
        let lines = [rows(2, 2), columns(2, 2)].concat();
        let areas = Arc::new(Areas::new(lines.into(), 2, 2));
        one_or_two(2, 2, vec![areas, Arc::new(StartsWithTwo)])
    }
    fn render(&self, _: &Grid) -> String {
        String::new()
    }
}

#[test]
fn answers_failing_the_check_are_cut_off_and_never_returned() {
    // Each solver on the model alone: Latin 2x2 squares, of which the verifier takes one.
    let mips = [Mip::Highs, Mip::Cbc, Mip::Microlp].map(Backend::Mip);
    for backend in mips.into_iter().chain([Backend::Cadical]) {
        let Some(reduced) = Picky.reduce(Deadline::none()) else {
            panic!("reduces");
        };
        let mut model = Model::new(reduced.domains.clone());
        reduced.constrain(&mut model, Deadline::none());
        let mut session = Session::new(model, backend.start());
        let expected = Grid::from_rows(vec![vec![2, 1], vec![1, 2]]).unwrap();
        let mut stats = Stats::default();
        let found = search(&Picky, &mut session, Deadline::none(), &mut stats);
        assert!(
            matches!(found, Ok(Search::Found(ref g)) if *g == expected),
            "{backend:?}"
        );
        session.forbid(&expected);
        let again = search(&Picky, &mut session, Deadline::none(), &mut stats);
        assert!(
            matches!(again, Ok(Search::Infeasible)),
            "{backend:?}: the other square was cut off"
        );
    }
}

/// A row of 16 cells, each 1 or 2, exactly one of them 2: 16 solutions, and no
/// reductions, so the split runs out of budget on the later ones and the solver finishes.
struct OneTwo;

/// Exactly one cell of the row holds 2; it narrows nothing.
#[derive(Debug)]
struct OneTwoInTheRow;

impl Rule for OneTwoInTheRow {
    fn name(&self) -> &'static str {
        "one 2"
    }
    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let twos = (0..16).filter(|&c| grid.get(0, c) == 2).count();
        match twos {
            1 => Vec::new(),
            _ => vec![Violation::Shape { rows: 1, cols: 16 }],
        }
    }
    fn narrow(&self, _: &mut Domains, _: Changed, _: &mut Vec<usize>) -> bool {
        true
    }
    fn constrain(&self, model: &mut Model, _: Deadline) {
        let mut twos = crate::model::LinExpr::default();
        for c in 0..16 {
            twos.add_expr(&model.x(0, c, 1), 1.0);
        }
        model.add("one_two".into(), twos, 1.0, 1.0);
    }
}

impl Puzzle for OneTwo {
    fn shape(&self) -> (usize, usize) {
        (1, 16)
    }
    fn rules(&self) -> RuleSet {
        one_or_two(1, 16, vec![Arc::new(OneTwoInTheRow)])
    }
    fn render(&self, _: &Grid) -> String {
        String::new()
    }
}

#[test]
fn a_count_the_split_cannot_finish_is_finished_by_highs_with_every_solution_cut_off() {
    let options = SolveOptions {
        question: Question::Count(100),
        ..SolveOptions::default()
    };
    let Ok(Outcome::Counted { solutions, end }) = run(&OneTwo, options) else {
        panic!("counted");
    };
    assert_eq!(end, CountEnd::All);
    let mut twos: Vec<usize> = (solutions.iter())
        .map(|g| (0..16).find(|&c| g.get(0, c) == 2).unwrap())
        .collect();
    twos.sort_unstable();
    assert_eq!(twos, (0..16).collect::<Vec<_>>(), "each solution once");
}
