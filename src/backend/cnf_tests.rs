use super::*;
use crate::domains::Domains;
use crate::model::LinExpr;
use rustsat::solvers::{SolveIncremental, SolverResult};
use rustsat_cadical::CaDiCaL;

/// A model with `n` binaries and no cells.
fn binaries(n: usize) -> (Model, Vec<crate::model::Var>) {
    let mut model = Model::new(Domains::full(1, 1, vec![1]));
    let vars = (0..n).map(|i| model.binary(format!("b{i}"))).collect();
    (model, vars)
}

/// Whether the clauses of `model`'s rows accept exactly the 0-1 points that satisfy every
/// row, over all points of its first `n` variables.
fn accepts_exactly_the_rows(model: &Model, n: usize) {
    let mut solver = CaDiCaL::default();
    let mut encoder = Encoder::new(model);
    for row in model.constraints() {
        encoder.encode(model, row, &mut solver).expect("encodable");
    }
    for point in 0..1u32 << n {
        let on = |i: usize| point >> i & 1 == 1;
        let holds = model.constraints().iter().all(|row| {
            let sum: f64 = row
                .terms
                .iter()
                .map(|&(v, a)| if on(v.0) { a } else { 0.0 })
                .sum();
            row.lo - 1e-9 <= sum && sum <= row.hi + 1e-9
        });
        let assumptions: Vec<Lit> = (0..n)
            .map(|i| {
                if on(i) {
                    Encoder::lit(i)
                } else {
                    !Encoder::lit(i)
                }
            })
            .collect();
        let result = solver.solve_assumps(&assumptions).expect("solves");
        let names: Vec<&str> = model
            .constraints()
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(
            result == SolverResult::Sat,
            holds,
            "rows {names:?} at point {point:b}"
        );
    }
}

/// A fixed pseudo-random walk from `seed`: each call, a number below its argument.
fn walk(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |m| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % m
    }
}

#[test]
fn every_kind_of_row_accepts_exactly_its_points() {
    // A fixed pseudo-random walk over rows of up to 7 binaries, coefficients -4..=4 and
    // bounds finite or not: cardinality rows of every shape and weighted ones.
    let mut next = walk(12345);
    for case in 0..1500 {
        let n = 1 + next(7) as usize;
        let (mut model, vars) = binaries(n);
        let unit = case % 2 == 0;
        let mut e = LinExpr::default();
        for &v in &vars {
            let a = if unit {
                [1.0, -1.0][next(2) as usize]
            } else {
                next(9) as f64 - 4.0
            };
            e.add_var(v, a);
        }
        let span = 4 * n as u64 + 1;
        let (a, b) = (
            next(span) as f64 - 2.0 * n as f64,
            next(span) as f64 - 2.0 * n as f64,
        );
        let (lo, hi) = match next(4) {
            0 => (f64::NEG_INFINITY, a.max(b)),
            1 => (a.min(b), f64::INFINITY),
            2 => (a, a),
            _ => (a.min(b), a.max(b)),
        };
        model.add(format!("case{case}"), e, lo, hi);
        accepts_exactly_the_rows(&model, n);
    }
}

#[test]
fn a_cage_table_link_and_its_choice_are_exact() {
    // x = z1 + z2 + z3 with z1 + z2 + z3 + z4 = 1: the link written as one exactly-one.
    let (mut model, v) = binaries(5);
    let mut link = LinExpr::default();
    link.add_var(v[0], 1.0);
    (1..4).for_each(|i| link.add_var(v[i], -1.0));
    model.add("link".into(), link, 0.0, 0.0);
    let mut choice = LinExpr::default();
    (1..5).for_each(|i| choice.add_var(v[i], 1.0));
    model.add("choice".into(), choice, 1.0, 1.0);
    accepts_exactly_the_rows(&model, 5);
}

/// Takuzu's distinct-lines rows for two lines of two cells: `z_j <= a_j + b_j`,
/// `z_j <= 2 - a_j - b_j`, `z_1 + z_2 >= 1`, with `z` continuous in [0, 1].
fn distinct_lines(z_hi: f64) -> Model {
    let (mut model, v) = binaries(4);
    let z: Vec<_> = (0..2)
        .map(|j| model.continuous(format!("z{j}"), 0.0, z_hi))
        .collect();
    let mut differ = LinExpr::default();
    for j in 0..2 {
        let mut both = LinExpr::default();
        both.add_var(v[j], 1.0);
        both.add_var(v[j + 2], 1.0);
        let mut or = both.clone();
        or.add_var(z[j], -1.0);
        model.add(format!("or{j}"), or, 0.0, f64::INFINITY);
        let mut nand = both;
        nand.add_var(z[j], 1.0);
        model.add(format!("nand{j}"), nand, f64::NEG_INFINITY, 2.0);
        differ.add_var(z[j], 1.0);
    }
    model.add("differ".into(), differ, 1.0, f64::INFINITY);
    model
}

#[test]
fn a_xor_variable_in_0_1_is_read_as_a_binary() {
    let model = distinct_lines(1.0);
    let mut solver = CaDiCaL::default();
    let mut encoder = Encoder::new(&model);
    for row in model.constraints() {
        encoder.encode(&model, row, &mut solver).expect("encodable");
    }
    // The two lines (cells 0,1 and 2,3) are distinct exactly when some cell pair differs.
    for point in 0..16u32 {
        let on = |i: usize| point >> i & 1 == 1;
        let distinct = on(0) != on(2) || on(1) != on(3);
        let assumptions: Vec<Lit> = (0..4)
            .map(|i| {
                if on(i) {
                    Encoder::lit(i)
                } else {
                    !Encoder::lit(i)
                }
            })
            .collect();
        let sat = solver.solve_assumps(&assumptions).expect("solves") == SolverResult::Sat;
        assert_eq!(sat, distinct, "point {point:04b}");
    }
}

#[test]
fn rows_without_exact_clauses_are_errors_that_name_them() {
    let model = distinct_lines(2.0);
    let mut encoder = Encoder::new(&model);
    let row = &model.constraints()[0];
    let error = encoder.encode(&model, row, &mut CaDiCaL::default());
    assert_eq!(
        error.map_err(|e| e.to_string()),
        Err("CaDiCaL cannot take row or0 exactly: z0 is continuous, not a 0-1 choice".into())
    );
    let (mut model, v) = binaries(2);
    let mut log = LinExpr::default();
    log.add_var(v[0], 2f64.ln());
    log.add_var(v[1], 3f64.ln());
    model.add("cage1_prod".into(), log, 6f64.ln(), 6f64.ln());
    let error =
        Encoder::new(&model).encode(&model, &model.constraints()[0], &mut CaDiCaL::default());
    assert_eq!(
        error.map_err(|e| e.to_string()),
        Err(format!(
            "CaDiCaL cannot take row cage1_prod exactly: its coefficient {} is not an integer; \
             solve this model with --solver highs, cbc or microlp",
            2f64.ln()
        ))
    );
}

#[test]
fn rows_added_after_the_first_solve_may_not_name_a_continuous_variable() {
    let mut model = distinct_lines(1.0);
    let mut encoder = Encoder::new(&model);
    let mut solver = CaDiCaL::default();
    for row in model.constraints() {
        encoder.encode(&model, row, &mut solver).expect("encodable");
    }
    encoder.seal(&model);
    let mut late = LinExpr::default();
    late.add_var(crate::model::Var(4), 1.0);
    model.add("late".into(), late, 0.0, 0.0);
    let row = model.constraints().last().expect("a row");
    assert!(matches!(
        encoder.encode(&model, row, &mut solver),
        Err(SolveError::NotEncodable { .. })
    ));
}

#[test]
fn rows_weighing_cells_by_their_values_are_exact_in_the_order_encoding() {
    // Five cells of values 1..4, each with three or four candidates (gaps too), under rows
    // that weigh each cell by a function of its value: w * value, one sign for every cell
    // (read in the order encoding), or arbitrary weights per candidate (kept as they are).
    // One value each, every point is accepted exactly when it keeps the rows.
    let mut next = walk(777);
    for case in 0..40 {
        let mut domains = Domains::full(1, 5, (1..=4).collect());
        for c in 0..5 {
            let set = [0b0111, 0b1011, 0b1101, 0b1110, 0b1111][next(5) as usize];
            domains.set(0, c, set);
        }
        let mut model = Model::new(domains.clone());
        for row in 0..2 {
            let sign = [1.0, -1.0][next(2) as usize];
            let mut e = LinExpr::default();
            for c in 0..5 {
                match case % 4 == 3 && row == 1 {
                    true => {
                        (0..4).for_each(|k| e.add_expr(&model.x(0, c, k), next(9) as f64 - 4.0))
                    }
                    false => e.add_expr(&model.value(0, c), sign * (1 + next(3)) as f64),
                }
            }
            let total = sign * (5 + next(40)) as f64;
            let (lo, hi) = match next(3) {
                0 => (total, total),
                1 => (total, f64::INFINITY),
                _ => (f64::NEG_INFINITY, total),
            };
            model.add(format!("case{case}_{row}"), e, lo, hi);
        }
        let mut solver = CaDiCaL::default();
        let mut encoder = Encoder::new(&model);
        for row in model.constraints() {
            encoder.encode(&model, row, &mut solver).expect("encodable");
        }
        // Every choice of one candidate per cell.
        let sets: Vec<Vec<usize>> = (0..5)
            .map(|c| {
                (0..4)
                    .filter(|&k| domains.get(0, c) >> k & 1 == 1)
                    .collect()
            })
            .collect();
        let mut choice = [0usize; 5];
        loop {
            let value = |c: usize| sets[c][choice[c]];
            let holds = model.constraints().iter().all(|row| {
                let sum: f64 = (row.terms.iter())
                    .map(|&(v, a)| {
                        let on = (0..5).any(|c| model.literal((0, c), value(c)) == Ok((v, true)));
                        if on {
                            a
                        } else {
                            0.0
                        }
                    })
                    .sum();
                row.lo - 1e-9 <= sum && sum <= row.hi + 1e-9
            });
            let assumptions: Vec<Lit> = (0..5)
                .flat_map(|c| sets[c].iter().map(move |&k| (c, k)))
                .map(|(c, k)| {
                    let (v, _) = model.literal((0, c), k).expect("three or more candidates");
                    match k == value(c) {
                        true => Encoder::lit(v.0),
                        false => !Encoder::lit(v.0),
                    }
                })
                .collect();
            let sat = solver.solve_assumps(&assumptions).expect("solves") == SolverResult::Sat;
            assert_eq!(
                sat,
                holds,
                "case {case}, values {:?}",
                (0..5).map(value).collect::<Vec<_>>()
            );
            let Some(c) = (0..5).find(|&c| choice[c] + 1 < sets[c].len()) else {
                break;
            };
            choice[c] += 1;
            (0..c).for_each(|d| choice[d] = 0);
        }
    }
}
