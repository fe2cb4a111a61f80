//! The engine of rules whose cells, read in order, spell a word a finite automaton accepts
//! (the Interactive Sudoku Solver's `NFA` and `Regex`). Narrowing keeps a candidate only on
//! some accepted path through the word's layers of states (forward and backward reachability);
//! the rows are that layered graph as a flow of one unit, an arc binary per live move, tied to
//! `x[r,c,k]`; the check runs the automaton on the values.

mod iss;

pub use iss::MAX_STATES;

use std::sync::Arc;

use super::keyed::Part;
use super::{restrict, Changed};
use crate::domains::Domains;
use crate::error::Violation;
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};

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
    pub steps: Vec<Option<Cell>>,
    /// The automaton the word must please.
    pub machine: Arc<Machine>,
    /// The clue, e.g. `state machine 2`.
    pub clue: String,
}

/// The words of a rule.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// The words.
    pub words: Vec<Word>,
}

/// A set of states, one bit each.
#[derive(Debug, Clone, PartialEq)]
struct States(Vec<u64>);

impl States {
    fn none(count: usize) -> Self {
        States(vec![0; count.div_ceil(64)])
    }
    fn of(count: usize, members: impl IntoIterator<Item = usize>) -> Self {
        let mut set = States::none(count);
        members.into_iter().for_each(|s| set.insert(s));
        set
    }
    fn insert(&mut self, s: usize) {
        self.0[s / 64] |= 1 << (s % 64);
    }
    fn has(&self, s: usize) -> bool {
        self.0[s / 64] >> (s % 64) & 1 == 1
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (self.0.iter().enumerate()).flat_map(|(i, &word)| {
            (0..64)
                .filter(move |b| word >> b & 1 == 1)
                .map(move |b| i * 64 + b)
        })
    }
}

/// Whether `symbol` may be read where the step's candidates are `set` (a break: `None`).
fn readable(symbol: usize, set: Option<u64>) -> bool {
    match set {
        None => symbol == BREAK,
        Some(set) => symbol < 64 && set >> symbol & 1 == 1,
    }
}

/// The states on some accepted path at each layer of the word (layer `i` before step `i`),
/// given each step's candidates; `None` when no path accepts.
fn live_layers(machine: &Machine, sets: &[Option<u64>]) -> Option<Vec<States>> {
    let count = machine.accept.len();
    let mut layers = vec![States::of(count, machine.start.iter().copied())];
    for &set in sets {
        let mut next = States::none(count);
        for s in layers.last().map(States::iter).into_iter().flatten() {
            (machine.moves[s].iter())
                .filter(|&&(symbol, _)| readable(symbol, set))
                .for_each(|&(_, t)| next.insert(t));
        }
        layers.push(next);
    }
    let last = layers.len() - 1;
    let accepted = (layers[last].iter()).filter(|&s| machine.accept[s]);
    layers[last] = States::of(count, accepted.collect::<Vec<_>>());
    for i in (0..sets.len()).rev() {
        let keep: Vec<usize> = (layers[i].iter())
            .filter(|&s| {
                (machine.moves[s].iter())
                    .any(|&(symbol, t)| readable(symbol, sets[i]) && layers[i + 1].has(t))
            })
            .collect();
        layers[i] = States::of(count, keep);
    }
    (!layers[0].is_empty()).then_some(layers)
}

impl Word {
    /// Each step's candidates (`None` for a break).
    fn sets(&self, domains: &Domains) -> Vec<Option<u64>> {
        (self.steps.iter())
            .map(|step| step.map(|cell| domains.at(domains.index(cell))))
            .collect()
    }

    /// The moves at step `i` between live states, readable there.
    fn live_moves<'a>(
        &'a self,
        layers: &'a [States],
        sets: &'a [Option<u64>],
        i: usize,
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        layers[i].iter().flat_map(move |s| {
            (self.machine.moves[s].iter())
                .filter(move |&&(symbol, t)| readable(symbol, sets[i]) && layers[i + 1].has(t))
                .map(move |&(symbol, t)| (s, symbol, t))
        })
    }

    /// Narrows the word's cells to the symbols on accepted paths, to its fixed point.
    fn narrow(&self, domains: &mut Domains, shrunk: &mut Vec<usize>) -> bool {
        loop {
            let sets = self.sets(domains);
            let Some(layers) = live_layers(&self.machine, &sets) else {
                return false;
            };
            let before = shrunk.len();
            for (i, step) in self.steps.iter().enumerate() {
                let Some(cell) = step else { continue };
                let keep = (self.live_moves(&layers, &sets, i)).fold(0, |m, (_, k, _)| m | 1 << k);
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
        let count = self.machine.accept.len();
        let mut states = States::of(count, self.machine.start.iter().copied());
        for step in &self.steps {
            let symbol = step.map_or(BREAK, |(r, c)| grid.get(r, c) as usize - 1);
            let mut next = States::none(count);
            for s in states.iter() {
                (self.machine.moves[s].iter())
                    .filter(|&&(read, _)| read == symbol)
                    .for_each(|&(_, t)| next.insert(t));
            }
            states = next;
        }
        let accepted = states.iter().any(|s| self.machine.accept[s]);
        accepted
    }

    /// The layered graph as a flow of one unit: an arc binary per live move, one arc at the
    /// first step, as many arcs leave each state as enter it, and each cell's candidate is 1
    /// exactly when an arc reading it is.
    fn constrain(&self, name: &str, model: &mut Model) {
        let sets = self.sets(model.domains());
        let Some(layers) = live_layers(&self.machine, &sets) else {
            model.add(format!("{name}_none"), LinExpr::default(), 1.0, 1.0);
            return;
        };
        let mut arcs: Vec<Vec<(usize, usize, usize, crate::model::Var)>> = Vec::new();
        for i in 0..self.steps.len() {
            let moves: Vec<_> = self.live_moves(&layers, &sets, i).collect();
            let step: Vec<_> = (moves.into_iter())
                .map(|(s, k, t)| (s, k, t, model.binary(format!("{name}_a{i}_{s}_{k}_{t}"))))
                .collect();
            arcs.push(step);
        }
        let mut first = LinExpr::default();
        arcs[0].iter().for_each(|a| first.add_var(a.3, 1.0));
        model.add(format!("{name}_start"), first, 1.0, 1.0);
        for i in 1..arcs.len() {
            for s in layers[i].iter() {
                let mut flow = LinExpr::default();
                (arcs[i - 1].iter().filter(|a| a.2 == s)).for_each(|a| flow.add_var(a.3, 1.0));
                (arcs[i].iter().filter(|a| a.0 == s)).for_each(|a| flow.add_var(a.3, -1.0));
                model.add(format!("{name}_s{i}_{s}"), flow, 0.0, 0.0);
            }
        }
        for (i, step) in self.steps.iter().enumerate() {
            let (Some((r, c)), Some(set)) = (step, sets[i]) else {
                continue;
            };
            for k in (0..64).filter(|k| set >> k & 1 == 1) {
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
