//! The model as clauses, for a SAT solver. Each row `lo <= sum a x <= hi` with integer
//! coefficients is written exactly: at-most-one and exactly-one rows (and their complements,
//! such as a cage-table link `x = z1 + z2 + ...`) as a ladder or pairwise clauses, other
//! cardinality rows as a totalizer, weighted rows (sums, differences, prime exponents) as a
//! generalized totalizer, all from rustsat's encodings; a long sum of cells' values also
//! over their order literals ([`Orders`]). A row that cannot be written exactly
//! (a fractional coefficient, a continuous variable that is not a 0-1 choice) is an error,
//! never an approximation.

use rustsat::encodings::{am1, am1::Encode as _, card, pb, CollectClauses};
use rustsat::instances::BasicVarManager;
use rustsat::types::constraints::{CardConstraint, PbConstraint};
use rustsat::types::{Clause, Lit, Var as SatVar};

use super::cnf_order::Orders;
use crate::error::SolveError;
use crate::model::{Model, Readers, Row, VarKind};

/// At-most-one over this many literals or fewer is written pairwise (no auxiliaries);
/// longer ones (the links of large cage tables) as a ladder (sequential counter). The six
/// hardest Gecode 25x25s with uniqueness: 126 s in all with ladders above 6 literals, 112 s
/// with every at-most-one pairwise (ladders everywhere: 133 s).
const PAIRWISE_UP_TO: usize = 32;

/// Tolerance for reading a coefficient or bound as an integer.
const EPS: f64 = 1e-9;

/// Writes rows of one model as clauses; SAT variable `i` is model variable `i`, and the
/// encodings' auxiliaries come after them.
pub struct Encoder {
    vars: BasicVarManager,
    /// Per model variable: whether it is 0-1 in the clauses (binaries, and the continuous
    /// variables that may be read as binaries exactly, until [`Encoder::seal`]).
    zero_one: Vec<bool>,
    /// The cells' values in the order encoding, for rows that weigh them.
    orders: Orders,
}

impl Encoder {
    /// An encoder for `model`, which decides once which continuous variables are 0-1.
    pub fn new(model: &Model) -> Self {
        let n = u32::try_from(model.vars().len()).unwrap_or(u32::MAX);
        Encoder {
            vars: BasicVarManager::from_next_free(SatVar::new(n)),
            zero_one: zero_one_vars(model),
            orders: Orders::new(model),
        }
    }

    /// The literal of model variable `index`.
    pub fn lit(index: usize) -> Lit {
        SatVar::new(u32::try_from(index).unwrap_or(u32::MAX)).pos_lit()
    }

    /// Marks the end of the rows the encoder was made for: the continuous variables were
    /// checked against those rows only, so rows given after this (no-goods) may name only
    /// binaries.
    pub fn seal(&mut self, model: &Model) {
        for (ok, kind) in self.zero_one.iter_mut().zip(model.vars()) {
            *ok &= *kind == VarKind::Binary;
        }
    }

    /// Writes `row` of `model` into `out`, or says why it cannot be written exactly.
    pub fn encode(
        &mut self,
        model: &Model,
        row: &Row,
        out: &mut impl CollectClauses,
    ) -> Result<(), SolveError> {
        if row.readers == Readers::Linear {
            return Ok(());
        }
        let not_exact = |why: String| SolveError::NotEncodable {
            row: row.name.clone(),
            why,
        };
        let mut terms = Vec::with_capacity(row.terms.len());
        for &(v, a) in &row.terms {
            if !self.zero_one[v.0] {
                let name = &model.var_names()[v.0];
                return Err(not_exact(format!("{name} is continuous, not a 0-1 choice")));
            }
            let a = integer(a)
                .ok_or_else(|| not_exact(format!(
                    "its coefficient {a} is not an integer; solve this model with --solver highs, cbc or microlp"
                )))?;
            terms.push((v.0, a));
        }
        let oom = |_| SolveError::Backend("CaDiCaL ran out of memory".into());
        // A long sum of values, also in the order encoding (`cnf_order`).
        if let Some((lits, shift)) =
            (self.orders.rewrite(&terms, out, &mut self.vars)).map_err(oom)?
        {
            self.write(lits, shift, row, out)?;
        }
        let lits = terms.iter().map(|&(v, a)| (Encoder::lit(v), a)).collect();
        self.write(lits, 0, row, out)
    }

    /// Writes `lo <= sum a lit + shift <= hi` (`row`'s bounds) into `out`.
    fn write(
        &mut self,
        signed: Vec<(Lit, i64)>,
        mut shift: i64,
        row: &Row,
        out: &mut impl CollectClauses,
    ) -> Result<(), SolveError> {
        let oom = |_| SolveError::Backend("CaDiCaL ran out of memory".into());
        let mut lits = Vec::with_capacity(signed.len());
        for (lit, a) in signed {
            // a x = a + |a| (not x) for a < 0.
            match a {
                0 => {}
                a if a > 0 => lits.push((lit, a.unsigned_abs() as usize)),
                a => {
                    lits.push((!lit, a.unsigned_abs() as usize));
                    shift += a;
                }
            }
        }
        let total: i64 = lits.iter().map(|&(_, w)| w as i64).sum();
        let lo = if row.lo.is_finite() {
            (row.lo - EPS).ceil() as i64 - shift
        } else {
            i64::MIN
        };
        let hi = if row.hi.is_finite() {
            (row.hi + EPS).floor() as i64 - shift
        } else {
            i64::MAX
        };
        // Divide by the weights' common divisor, rounding the bounds inwards: equal weights
        // become a cardinality row.
        let divisor = lits.iter().fold(0, |g, &(_, w)| gcd(g, w as i64)).max(1);
        for (_, w) in &mut lits {
            *w /= divisor as usize;
        }
        let lo = (lo.max(0) + divisor - 1) / divisor;
        let hi = hi.min(total).div_euclid(divisor);
        let total = total / divisor;
        if lo > hi {
            return out.add_clause(Clause::new()).map_err(oom);
        }
        let result = match lits.iter().all(|&(_, w)| w == 1) {
            true => {
                let lits: Vec<Lit> = lits.into_iter().map(|(l, _)| l).collect();
                cardinality(&lits, lo as usize, hi as usize, out, &mut self.vars)
            }
            false => weighted(lits, lo, hi, total, out, &mut self.vars),
        };
        result.map_err(oom)
    }
}

/// `lo <= sum lits <= hi` over `n` literals, `0 <= lo <= hi <= n`.
fn cardinality(
    lits: &[Lit],
    lo: usize,
    hi: usize,
    out: &mut impl CollectClauses,
    vars: &mut BasicVarManager,
) -> Result<(), rustsat::OutOfMemory> {
    let n = lits.len();
    let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
    if hi < n {
        match hi {
            0 => out.extend_clauses(negated.iter().map(|&l| Clause::from([l])))?,
            1 => at_most_one(lits, out, vars)?,
            h if h + 1 == n => out.add_clause(negated.iter().copied().collect())?,
            h => card::default_encode_cardinality_constraint(
                CardConstraint::new_ub(lits.iter().copied(), h),
                out,
                vars,
            )?,
        }
    }
    if lo > 0 {
        match lo {
            l if l == n => out.extend_clauses(lits.iter().map(|&l| Clause::from([l])))?,
            1 => out.add_clause(lits.iter().copied().collect())?,
            l if l + 1 == n => at_most_one(&negated, out, vars)?,
            l => card::default_encode_cardinality_constraint(
                CardConstraint::new_lb(lits.iter().copied(), l),
                out,
                vars,
            )?,
        }
    }
    Ok(())
}

/// At most one of `lits`: pairwise when short, else a ladder.
fn at_most_one(
    lits: &[Lit],
    out: &mut impl CollectClauses,
    vars: &mut BasicVarManager,
) -> Result<(), rustsat::OutOfMemory> {
    match lits.len() <= PAIRWISE_UP_TO {
        true => am1::Pairwise::from(lits.to_vec()).encode(out, vars),
        false => am1::Ladder::from(lits.to_vec()).encode(out, vars),
    }
}

/// `lo <= sum w l <= hi` with positive weights summing to `total`, `0 <= lo <= hi <= total`.
fn weighted(
    lits: Vec<(Lit, usize)>,
    lo: i64,
    hi: i64,
    total: i64,
    out: &mut impl CollectClauses,
    vars: &mut BasicVarManager,
) -> Result<(), rustsat::OutOfMemory> {
    let constraint = match (lo > 0, hi < total) {
        (false, false) => return Ok(()),
        (true, true) if lo == hi => PbConstraint::new_eq_unsigned(lits, lo as isize),
        (true, true) => {
            let upper = PbConstraint::new_ub_unsigned(lits.iter().copied(), hi as isize);
            pb::default_encode_pb_constraint(upper, out, vars)?;
            PbConstraint::new_lb_unsigned(lits, lo as isize)
        }
        (true, false) => PbConstraint::new_lb_unsigned(lits, lo as isize),
        (false, true) => PbConstraint::new_ub_unsigned(lits, hi as isize),
    };
    pb::default_encode_pb_constraint(constraint, out, vars)
}

/// The greatest common divisor of `a` and `b` (non-negative).
fn gcd(a: i64, b: i64) -> i64 {
    match b {
        0 => a,
        b => gcd(b, a % b),
    }
}

/// `a` as an integer, if it is one.
fn integer(a: f64) -> Option<i64> {
    ((a - a.round()).abs() < EPS && a.abs() < 1e15).then(|| a.round() as i64)
}

/// Which variables are 0-1 in the clauses: every binary, and each continuous variable in
/// [0, 1] for which reading it as a binary loses no solution. That holds when each row it is
/// in has coefficient +-1 on it (so with the binaries fixed, a row naming only it bounds it
/// by integers) and every row naming several continuous variables has one finite bound and
/// pushes it the same way as every other such row (so rounding each one that way, to an
/// end of its integer range, keeps every row): Takuzu's `z = x xor y` is such a variable.
fn zero_one_vars(model: &Model) -> Vec<bool> {
    let kinds = model.vars();
    let continuous = |v: usize| matches!(kinds[v], VarKind::Continuous { .. });
    let mut ok: Vec<bool> = (kinds.iter())
        .map(|k| match *k {
            VarKind::Binary => true,
            VarKind::Continuous { lo, hi } => lo == 0.0 && hi == 1.0,
        })
        .collect();
    // Per continuous variable: +1 pushed up, -1 pushed down, 0 not yet.
    let mut push = vec![0i8; kinds.len()];
    for row in model.constraints() {
        let several = row.terms.iter().filter(|&&(v, _)| continuous(v.0)).count() > 1;
        for &(v, a) in row.terms.iter().filter(|&&(v, _)| continuous(v.0)) {
            if (a.abs() - 1.0).abs() > EPS {
                ok[v.0] = false;
            }
            if !several {
                continue;
            }
            let way = match (row.lo.is_finite(), row.hi.is_finite()) {
                (true, false) => 1,
                (false, true) => -1,
                _ => {
                    ok[v.0] = false;
                    continue;
                }
            } * if a > 0.0 { 1 } else { -1 };
            if push[v.0] == -way {
                ok[v.0] = false;
            }
            push[v.0] = way;
        }
    }
    ok
}

#[cfg(test)]
#[path = "cnf_tests.rs"]
mod tests;
