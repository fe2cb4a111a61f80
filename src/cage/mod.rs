//! Cages as data, one type for every kind: cells whose values combine by an op to a target,
//! checked in exact integers. Their linear forms: [`arithmetic`] (the documents' rows) and
//! [`table`] (a choice among the listed assignments).

pub mod arithmetic;
pub mod combos;
pub mod draw;
pub mod listing;
pub mod table;

use crate::error::Violation;
use crate::grid::{Cell, Grid};

pub use arithmetic::Products;
pub use table::Table;

/// A cage's operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// The values sum to the target.
    Add,
    /// Two values differ by the target.
    Sub,
    /// The values multiply to the target.
    Mul,
    /// One of two values is the target times the other.
    Div,
    /// One cell holds the target.
    Given,
    /// A hidden operator: `+` or `*` (any cells), `-` or `/` (two cells) meets the target;
    /// on one cell, a given.
    Any,
}

impl Op {
    /// The op from its JSON spelling (`x`, `×`, `÷` accepted as aliases).
    pub fn from_symbol(symbol: &str) -> Option<Op> {
        Some(match symbol {
            "+" => Op::Add,
            "-" | "−" => Op::Sub,
            "*" | "x" | "X" | "×" => Op::Mul,
            "/" | "÷" => Op::Div,
            "=" => Op::Given,
            "?" => Op::Any,
            _ => return None,
        })
    }

    /// The canonical symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Given => "=",
            Op::Any => "?",
        }
    }
}

/// A cage: cells (0-based) whose values combine by `op` to `target`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// How the values combine.
    pub op: Op,
    /// What they combine to.
    pub target: u64,
    /// The cells, 0-based, in input order.
    pub cells: Vec<Cell>,
}

impl Cage {
    /// Whether `values` (one per cell, in order) meet the cage, in exact integers.
    pub fn holds(&self, values: &[u64]) -> bool {
        let t = u128::from(self.target);
        match (self.op, values) {
            (Op::Given | Op::Any, [v]) => *v == self.target,
            (Op::Any, _) => !self.operators_met(values).is_empty(),
            (Op::Sub, [a, b]) => a.abs_diff(*b) == self.target,
            (Op::Div, [a, b]) => {
                let (hi, lo) = ((*a).max(*b), (*a).min(*b));
                lo != 0 && hi % lo == 0 && hi / lo == self.target
            }
            (Op::Add, _) => values.iter().map(|&v| u128::from(v)).sum::<u128>() == t,
            (Op::Mul, _) => {
                values
                    .iter()
                    .try_fold(1u128, |acc, &v| acc.checked_mul(u128::from(v)))
                    == Some(t)
            }
            _ => false,
        }
    }

    /// The operators among `+ - * /` that `values` meet the target with (two cells for `-` and
    /// `/`); for a hidden operator, what the solution shows it can be.
    pub fn operators_met(&self, values: &[u64]) -> Vec<Op> {
        let ops: &[Op] = match values.len() {
            2 => &[Op::Add, Op::Sub, Op::Mul, Op::Div],
            _ => &[Op::Add, Op::Mul],
        };
        (ops.iter().copied())
            .filter(|&op| {
                let cage = Cage {
                    op,
                    target: self.target,
                    cells: self.cells.clone(),
                };
                cage.holds(values)
            })
            .collect()
    }

    /// The target `values` meet under the cage's op, if any: for a hidden operator their
    /// sum (a one-cell cage: its value).
    pub fn target_of(&self, values: &[u64]) -> Option<u64> {
        let (hi, lo) = (values.iter().max()?, values.iter().min()?);
        match (self.op, values) {
            (Op::Given | Op::Any, [v]) => Some(*v),
            (Op::Sub, [a, b]) => Some(a.abs_diff(*b)),
            (Op::Div, [_, _]) => (*lo != 0 && hi % lo == 0).then(|| hi / lo),
            (Op::Add | Op::Any, _) => values.iter().try_fold(0u64, |acc, &v| acc.checked_add(v)),
            (Op::Mul, _) => values.iter().try_fold(1u64, |acc, &v| acc.checked_mul(v)),
            _ => None,
        }
    }

    /// Checks the cage (number `index`, 0-based) on a complete grid.
    pub fn verify(&self, index: usize, grid: &Grid) -> Result<(), Violation> {
        let values: Vec<u32> = self.cells.iter().map(|&(r, c)| grid.get(r, c)).collect();
        let wide: Vec<u64> = values.iter().map(|&v| u64::from(v)).collect();
        if self.holds(&wide) {
            return Ok(());
        }
        Err(Violation::Cage {
            cage: index,
            op: self.op.symbol(),
            target: self.target,
            values,
        })
    }
}
