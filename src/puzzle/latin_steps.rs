//! A Latin-grid puzzle solved step by step ([`crate::deduce`]): KenKen on Keen's ladder,
//! Sudoku and its variants on Solo's; a plain 9x9's easy levels on bitboards.

use super::{Family, Latin};
use crate::deadline::Deadline;
use crate::deduce::{self, Deductions, Ladder, LatinRules};
use crate::grid::Grid;
use crate::split9::{self, Split9};

impl Latin {
    /// The steps towards `solution`, stopped after the first above level `cap`.
    pub(super) fn steps(
        &self,
        solution: &Grid,
        deadline: Deadline,
        cap: usize,
    ) -> Option<Deductions> {
        // The step solver knows values 1..n only.
        if self.top != self.size {
            return None;
        }
        let ladder = match self.family {
            Family::KenKen => Ladder::Keen,
            Family::Sudoku(_) => Ladder::Solo,
        };
        let puzzle = LatinRules {
            areas: &self.areas,
            cages: &self.cages,
            rules: &self.rules,
            givens: &self.givens,
        };
        deduce::follow(&puzzle, ladder, solution, deadline, cap)
    }

    /// On a classic 9x9 Sudoku (rows, columns and boxes alone) with `givens` in place of
    /// its own, whether Solo's techniques up to level `cap` decide every cell
    /// ([`Split9::easy_decide`]); `None` for another puzzle or a level above intermediate.
    pub(super) fn easy_decided(&self, givens: &[Option<u32>], cap: usize) -> Option<bool> {
        let classic = matches!(&self.family, Family::Sudoku(names) if names.is_empty());
        let plain = self.size == 9 && self.top == 9;
        if !classic || !plain || !self.cages.is_empty() || !self.rules.is_empty() {
            return None;
        }
        match split9::plain(&self.areas) && givens.len() == 81 {
            true => Split9::easy_decide(givens, cap),
            false => None,
        }
    }
}
