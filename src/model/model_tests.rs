use super::*;

/// A 1x3 grid over values {1, 2, 3}: r1c1 decided (2), r1c2 two candidates (1 or 3),
/// r1c3 all three.
fn small() -> Model {
    let mut domains = Domains::full(1, 3, vec![1, 2, 3]);
    domains.set(0, 0, 0b010);
    domains.set(0, 1, 0b101);
    Model::new(domains)
}

#[test]
fn a_cell_with_one_candidate_is_a_constant() {
    let m = small();
    assert_eq!(
        m.x(0, 0, 1),
        LinExpr {
            terms: vec![],
            constant: 1.0
        }
    );
    assert_eq!(m.x(0, 0, 0), LinExpr::default());
}

#[test]
fn a_cell_with_two_candidates_is_one_binary_and_its_complement() {
    let m = small();
    // The two-candidate cell owns variable 0: x[value 3] = y, x[value 1] = 1 - y.
    assert_eq!(m.x(0, 1, 2).terms, vec![(Var(0), 1.0)]);
    let low = m.x(0, 1, 0);
    assert_eq!((low.terms, low.constant), (vec![(Var(0), -1.0)], 1.0));
    assert_eq!(m.x(0, 1, 1), LinExpr::default(), "2 is not a candidate");
}

#[test]
fn a_cell_with_three_candidates_gets_a_binary_each_and_one_value_row() {
    let m = small();
    assert_eq!(m.vars().len(), 4, "one for r1c2, three for r1c3");
    let one = &m.constraints()[0];
    assert_eq!(one.terms, vec![(Var(1), 1.0), (Var(2), 1.0), (Var(3), 1.0)]);
    assert_eq!((one.lo, one.hi), (1.0, 1.0));
}

#[test]
fn constants_fold_into_bounds_and_a_broken_constant_row_is_a_contradiction() {
    let mut m = small();
    let rows = m.constraints().len();
    // x[r1c1 = 2] + x[r1c3 = 2] <= 1: the constant 1 moves into the bound.
    let mut e = m.x(0, 0, 1);
    e.add_expr(&m.x(0, 2, 1), 1.0);
    m.add("test".into(), e, f64::NEG_INFINITY, 1.0);
    let row = &m.constraints()[rows];
    assert_eq!((row.terms.clone(), row.hi), (vec![(Var(2), 1.0)], 0.0));
    assert!(!m.is_contradictory());
    // x[r1c1 = 2] = 0 has no variable left and is false.
    m.add("false".into(), m.x(0, 0, 1), 0.0, 0.0);
    assert_eq!(m.contradiction(), Some("false"));
}

#[test]
fn decode_reads_values_above_one_half_and_refuses_undecided_cells() {
    let m = small();
    let grid = m.decode(&[0.0, 0.0, 0.9, 0.1]).expect("decided");
    assert_eq!(grid.to_rows(), vec![vec![2, 1, 2]]);
    let grid = m.decode(&[1.0, 1.0, 0.0, 0.0]).expect("decided");
    assert_eq!(grid.to_rows(), vec![vec![2, 3, 1]]);
    assert_eq!(m.decode(&[1.0, 1.0, 1.0, 0.0]), None, "two values in r1c3");
    assert_eq!(m.decode(&[1.0, 0.0, 0.0, 0.0]), None, "no value in r1c3");
}

#[test]
fn forbid_cuts_off_exactly_the_given_grid() {
    let mut m = small();
    let grid = Grid::from_rows(vec![vec![2, 3, 1]]).unwrap();
    m.forbid(&grid);
    let cut = m.constraints().last().unwrap();
    // Constant r1c1 folds: y + x[r1c3 = 1] <= 3 - 1 - 1.
    assert_eq!(cut.terms, vec![(Var(0), 1.0), (Var(1), 1.0)]);
    assert_eq!(cut.hi, 1.0);
}
