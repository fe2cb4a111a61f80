//! The engine of rules whose cells, read in order, spell a word a finite automaton accepts
//! (the Interactive Sudoku Solver's `NFA` and `Regex`). Narrowing keeps a candidate only on
//! some accepted path through the word's layers of states (forward and backward reachability);
//! the rows are that layered graph as a flow of one unit, an arc binary per live move, tied to
//! `x[r,c,k]`; the check runs the automaton on the values.

mod iss;
mod table;

pub use iss::MAX_STATES;

use std::sync::Arc;

use super::keyed::Part;
use super::{restrict, Changed};
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use table::{Table, BREAK_SLOT};

/// The symbol between two segments of one word (every other symbol is a value's index).
pub const BREAK: usize = usize::MAX;

/// A nondeterministic finite automaton over value indices (symbol `k`: the `k`th value).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Machine {
    /// The states it starts in.
    pub start: Vec<usize>,
    /// Per state, whether it accepts.
    pub accept: Vec<bool>,
    /// Per state, its moves: the symbol read and the state reached.
    pub moves: Vec<Vec<(usize, usize)>>,
}

/// One word: its steps (a cell, or `None` for a break between segments) and its machine.
#[derive(Debug, Clone)]
pub struct Word {
    /// The cells in order, `None` between segments.
    steps: Vec<Option<Cell>>,
    /// The automaton the word must please, as bit tables.
    table: Arc<Table>,
    /// The clue, e.g. `state machine 2`.
    clue: String,
}

/// The words of a rule.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// The words.
    pub words: Vec<Word>,
}

impl Word {
    /// The word of `steps` (`None` between segments) that `machine` must accept.
    pub fn new(steps: Vec<Option<Cell>>, machine: &Machine, clue: String) -> Self {
        let table = Arc::new(Table::new(machine));
        Word { steps, table, clue }
    }

    /// The slots each step may read: a cell's candidates, or the break.
    fn masks(&self, domains: &Domains) -> Vec<u128> {
        (self.steps.iter())
            .map(|step| match step {
                Some(cell) => u128::from(domains.at(domains.index(*cell))),
                None => 1 << BREAK_SLOT,
            })
            .collect()
    }

    /// Narrows the word's cells to the symbols on accepted paths, to its fixed point.
    fn narrow(&self, domains: &mut Domains, shrunk: &mut Vec<usize>) -> bool {
        loop {
            let masks = self.masks(domains);
            let Some(layers) = self.table.layers(&masks) else {
                return false;
            };
            let before = shrunk.len();
            for (i, step) in self.steps.iter().enumerate() {
                let Some(cell) = step else { continue };
                let keep = self.table.read_at(&layers, masks[i], i) as u64;
                if !restrict(domains, domains.index(*cell), keep, shrunk) {
                    return false;
                }
            }
            if shrunk.len() == before {
                return true;
            }
        }
    }

    /// Whether the machine accepts the grid's values along the word.
    fn accepts(&self, grid: &Grid) -> bool {
        let masks: Vec<u128> = (self.steps.iter())
            .map(|step| 1 << step.map_or(BREAK_SLOT, |(r, c)| grid.get(r, c) - 1))
            .collect();
        self.table.layers(&masks).is_some()
    }

    /// The layered graph as a flow of one unit: an arc binary per live move, one arc at the
    /// first step, as many arcs leave each state as enter it, and each cell's candidate is 1
    /// exactly when an arc reading it is.
    fn constrain(&self, name: &str, model: &mut Model) {
        let masks = self.masks(model.domains());
        let Some(layers) = self.table.layers(&masks) else {
            model.add(format!("{name}_none"), LinExpr::default(), 1.0, 1.0);
            return;
        };
        let mut arcs: Vec<Vec<(usize, usize, usize, crate::model::Var)>> = Vec::new();
        for (i, &mask) in masks.iter().enumerate() {
            let moves: Vec<_> = self.table.moves(&layers, mask, i).collect();
            let step: Vec<_> = (moves.into_iter())
                .map(|(s, k, t)| (s, k, t, model.binary(format!("{name}_a{i}_{s}_{k}_{t}"))))
                .collect();
            arcs.push(step);
        }
        let mut first = LinExpr::default();
        arcs[0].iter().for_each(|a| first.add_var(a.3, 1.0));
        model.add(format!("{name}_start"), first, 1.0, 1.0);
        for i in 1..arcs.len() {
            let mut states: Vec<usize> = (arcs[i - 1].iter().map(|a| a.2))
                .chain(arcs[i].iter().map(|a| a.0))
                .collect();
            states.sort_unstable();
            states.dedup();
            for s in states {
                let mut flow = LinExpr::default();
                (arcs[i - 1].iter().filter(|a| a.2 == s)).for_each(|a| flow.add_var(a.3, 1.0));
                (arcs[i].iter().filter(|a| a.0 == s)).for_each(|a| flow.add_var(a.3, -1.0));
                model.add(format!("{name}_s{i}_{s}"), flow, 0.0, 0.0);
            }
        }
        for (i, step) in self.steps.iter().enumerate() {
            let Some((r, c)) = step else {
                continue;
            };
            for k in (0..64).filter(|k| masks[i] >> k & 1 == 1) {
                let mut link = model.x(*r, *c, k);
                (arcs[i].iter().filter(|a| a.1 == k)).for_each(|a| link.add_var(a.3, -1.0));
                model.add(format!("{name}_x{i}_{k}"), link, 0.0, 0.0);
            }
        }
    }
}

impl Part for Words {
    fn violations(&self, _: &str, grid: &Grid) -> Vec<Violation> {
        (self.words.iter())
            .filter(|w| !w.accepts(grid))
            .map(|w| {
                let cells: Vec<Cell> = w.steps.iter().flatten().copied().collect();
                Violation::Broken {
                    how: "is broken",
                    clue: w.clue.clone(),
                    values: cells.iter().map(|&(r, c)| grid.get(r, c)).collect(),
                    cells,
                }
            })
            .collect()
    }

    fn narrow(&self, domains: &mut Domains, changed: Changed, shrunk: &mut Vec<usize>) -> bool {
        let cols = domains.cols();
        let touched = |w: &Word| {
            changed.is_none_or(|cells| {
                (w.steps.iter().flatten()).any(|&(r, c)| cells.contains(&(r * cols + c)))
            })
        };
        (self.words.iter())
            .filter(|w| touched(w))
            .all(|w| w.narrow(domains, shrunk))
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        for (i, word) in self.words.iter().enumerate() {
            word.constrain(&format!("{name}{}", i + 1), model);
        }
    }

    fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}
