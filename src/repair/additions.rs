//! The fewest givens to add so that a puzzle with several solutions is unique, over every
//! solution.

use super::{given_cells, Edit, Repair};
use crate::backend::{Minimize, Minimum};
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::error::SolveError;
use crate::explain::solve_with;
use crate::export::{self, ModelFormulation};
use crate::grid::{cell_name, Cell, Grid};
use crate::model::{LinExpr, Model, Var};
use crate::pipeline::{CountEnd, Outcome, Question, SolveOptions};
use crate::puzzle::Puzzle;

/// How many solutions are listed before the free master (each a row of it).
const AT_ONCE: usize = 300;

/// How many solutions a check of picked givens returns at most: each new one is a row of
/// the master, and a few at a time spare it rounds.
const BATCH: usize = 8;

/// The fewest givens to add to `puzzle` (its `clues`; `solutions` found, two or more) so that
/// it is unique, over every solution, with the repaired puzzle's clues.
pub(super) fn fewest(
    puzzle: &dyn Puzzle,
    clues: &[Clue],
    solutions: &[&Grid],
    options: &SolveOptions,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Repair, SolveError> {
    let check = |extra: &[Clue], most: usize| {
        let all = [clues, extra].concat();
        let counted = SolveOptions {
            question: Question::Count(most),
            ..*options
        };
        solve_with(puzzle, &all, &counted, deadline)
    };
    let known = solutions.iter().map(|&g| g.clone()).collect();
    let Ok(model) = export::model(puzzle, ModelFormulation::Reduced, deadline) else {
        return Ok(Repair::TimeLimit);
    };
    let given = given_cells(puzzle, clues);
    let master = |only: Option<&Grid>| Master::new(&model, &given, only);
    let Some((extra, optimal)) = fewest_additions(master, known, check, solver, deadline)? else {
        return Ok(Repair::TimeLimit);
    };
    let edits = (extra.iter())
        .filter_map(|clue| match *clue {
            Clue::Given { cell, value } => Some(Edit::Added { cell, value }),
            _ => None,
        })
        .collect();
    Ok(Repair::Edits {
        edits,
        clues: [clues, &extra].concat(),
        optimal,
        unique: true,
    })
}

/// The fewest givens to add so that the puzzle is unique, over every solution, from the
/// solutions `known` (the first of them found first): the fewest with the first solution's
/// values (a master offered only those), then a master offered every candidate, asked for
/// fewer; each pick is checked by `check` (the puzzle with the picked givens; its solutions,
/// up to [`BATCH`]) until one is unique or no pick remains. `master` builds a master offered
/// one solution's values or every candidate. The givens to add and whether they are proven
/// the fewest over every solution; `None` on the time limit.
fn fewest_additions(
    master: impl Fn(Option<&Grid>) -> Master,
    mut known: Vec<Grid>,
    check: impl Fn(&[Clue], usize) -> Result<Outcome, SolveError>,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Option<(Vec<Clue>, bool)>, SolveError> {
    let first = known[0].clone();
    let mut fixed = master(Some(&first));
    let best = match unique_pick(&mut fixed, &mut known, &check, solver, deadline)? {
        Pick::Unique(best) => best,
        Pick::NoneLeft | Pick::TimeLimit => return Ok(None),
    };
    // At least one given is missing: one is the fewest whatever the solution.
    let better = match best.len() {
        1 => Pick::NoneLeft,
        n => {
            // The solutions at once, up to [`AT_ONCE`]: all of them, where there are few,
            // leave the free master no rounds to find them.
            if let Outcome::Counted { solutions, .. } = check(&[], AT_ONCE)? {
                for grid in solutions {
                    if !known.contains(&grid) {
                        known.push(grid);
                    }
                }
            }
            let mut free = master(None);
            free.at_most(n - 1);
            unique_pick(&mut free, &mut known, &check, solver, deadline)?
        }
    };
    Ok(Some(match better {
        Pick::Unique(fewer) => (fewer, true),
        Pick::NoneLeft => (best, true),
        Pick::TimeLimit => (best, false),
    }))
}

/// What a search for the fewest additions ends with: givens that make the puzzle unique, no
/// pick left under the master's rows, or the time limit.
enum Pick {
    Unique(Vec<Clue>),
    NoneLeft,
    TimeLimit,
}

/// The master's smallest pick that `check` finds unique: each pick the master proves
/// smallest is checked; the solutions a check finds join `known` and the master, and a pick
/// with no solution is cut off.
fn unique_pick(
    master: &mut Master,
    known: &mut Vec<Grid>,
    check: impl Fn(&[Clue], usize) -> Result<Outcome, SolveError>,
    solver: &dyn Minimize,
    deadline: Deadline,
) -> Result<Pick, SolveError> {
    for grid in known.iter() {
        master.known(grid);
    }
    loop {
        let found = solver.minimize(&master.model(), deadline)?;
        // A pick not proven the fewest is no answer: the caller says the time limit instead.
        let Some((values, true)) = found.point() else {
            return Ok(match found {
                Minimum::Infeasible => Pick::NoneLeft,
                _ => Pick::TimeLimit,
            });
        };
        let picked = master.picked(values);
        let extra: Vec<Clue> = (picked.iter())
            .map(|&i| {
                let (cell, value, _) = master.gives[i];
                Clue::Given { cell, value }
            })
            .collect();
        let solutions = match check(&extra, BATCH)? {
            Outcome::Counted { solutions, end } if solutions.len() >= 2 || end == CountEnd::All => {
                solutions
            }
            Outcome::Infeasible { .. } => Vec::new(),
            Outcome::Timeout { .. } | Outcome::Counted { .. } => return Ok(Pick::TimeLimit),
            other => return Err(SolveError::Backend(format!("a count gave {other:?}"))),
        };
        match solutions.len() {
            0 => master.cut(&picked),
            1 => return Ok(Pick::Unique(extra)),
            _ => {
                for other in solutions {
                    if !known.contains(&other) {
                        master.known(&other);
                        known.push(other);
                    }
                }
            }
        }
    }
}

/// The master MIP of the fewest additions: a binary per open cell and value offered (`give`:
/// the cell is given that value), their count minimized; offered every candidate, the picks
/// are a solution's values (the puzzle's reduced model, `give <= x[cell, value]`). Per known
/// solution `T` a share `within_T` that is 1 when every pick agrees with `T`
/// (`within_T + sum of the picks T disagrees with >= 1`), and at most one known solution
/// agreeing with the picks (`sum within_T <= 1`). Every set of givens that makes the puzzle
/// unique meets these rows, so the smallest pick is a lower bound on the fewest.
struct Master {
    model: Model,
    /// The binaries, by cell and value offered.
    gives: Vec<(Cell, u32, Var)>,
    /// The sum of the shares, `<= 1`, rebuilt as solutions join.
    shares: LinExpr,
    /// Rows added so far (for their names).
    rows: usize,
}

impl Master {
    /// The master for the cells not `given` of the puzzle whose reduced model is `reduced`,
    /// offered `only` one solution's values or else every candidate.
    fn new(reduced: &Model, given: &[Vec<bool>], only: Option<&Grid>) -> Master {
        let domains = reduced.domains();
        let mut model = match only {
            Some(_) => Model::new(Domains::full(0, 0, vec![1])),
            None => reduced.clone(),
        };
        let mut gives = Vec::new();
        let cells = (0..given.len()).flat_map(|r| (0..given[r].len()).map(move |c| (r, c)));
        for (r, c) in cells.filter(|&(r, c)| !given[r][c]) {
            let mut one = LinExpr::default();
            for (k, &value) in domains.values().iter().enumerate() {
                let value = u32::try_from(value).unwrap_or(u32::MAX);
                let offered = match only {
                    Some(grid) => grid.get(r, c) == value,
                    None => domains.get(r, c) >> k & 1 == 1,
                };
                if offered {
                    let name = format!("{}_{value}", cell_name((r, c)));
                    let var = model.binary(format!("give_{name}"));
                    model.minimize(var, 1.0);
                    one.add_var(var, 1.0);
                    gives.push(((r, c), value, var));
                    if only.is_none() {
                        let mut link = model.x(r, c, k);
                        link.add_var(var, -1.0);
                        model.add(format!("solution_{name}"), link, 0.0, f64::INFINITY);
                    }
                }
            }
            model.add(format!("one_{}", cell_name((r, c))), one, 0.0, 1.0);
        }
        Master {
            model,
            gives,
            shares: LinExpr::default(),
            rows: 0,
        }
    }

    /// Asks for at most `most` picks.
    fn at_most(&mut self, most: usize) {
        let mut row = LinExpr::default();
        self.gives
            .iter()
            .for_each(|&(_, _, var)| row.add_var(var, 1.0));
        self.model.add("fewer".into(), row, 0.0, most as f64);
    }

    /// Adds the known solution `other`: its share and the shares' sum again.
    fn known(&mut self, other: &Grid) {
        self.rows += 1;
        let share = (self.model).continuous(format!("within{}", self.rows), 0.0, 1.0);
        let mut row = LinExpr::default();
        row.add_var(share, 1.0);
        for &((r, c), value, var) in &self.gives {
            if other.get(r, c) != value {
                row.add_var(var, 1.0);
            }
        }
        (self.model).add(format!("agrees{}", self.rows), row, 1.0, f64::INFINITY);
        self.shares.add_var(share, 1.0);
    }

    /// The model to solve: the rows so far and the shares' sum.
    fn model(&self) -> Model {
        let mut model = self.model.clone();
        model.add("one_known".into(), self.shares.clone(), 0.0, 1.0);
        model
    }

    /// Cuts off the picks `picked` (givens with no solution together).
    fn cut(&mut self, picked: &[usize]) {
        self.rows += 1;
        let mut row = LinExpr::default();
        picked
            .iter()
            .for_each(|&i| row.add_var(self.gives[i].2, 1.0));
        let most = picked.len() as f64 - 1.0;
        (self.model).add(format!("cut{}", self.rows), row, 0.0, most);
    }

    /// The picks set in `values` (indices into `gives`).
    fn picked(&self, values: &[f64]) -> Vec<usize> {
        (0..self.gives.len())
            .filter(|&i| values[self.gives[i].2 .0] > 0.5)
            .collect()
    }
}
