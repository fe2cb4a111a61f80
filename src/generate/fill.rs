//! A random solution of a puzzle's rules: depth-first search over the puzzle's own exact
//! reductions, with cells and values tried in a random order.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::deadline::Deadline;
use crate::domains::Domains;
use crate::grid::Grid;
use crate::puzzle::{Narrow, Puzzle};

/// Search nodes one try may visit before it gives up (the caller draws again).
const NODE_BUDGET: usize = 20_000;

/// A random grid that keeps every rule of `puzzle` (its givens included), checked by its
/// verifier; `None` when the reductions find none or the search runs past its budget.
pub fn random_solution(puzzle: &dyn Puzzle, rng: &mut ChaCha8Rng) -> Option<Grid> {
    let reduced = puzzle.reduce(Deadline::none())?;
    let mut search = Search {
        puzzle,
        narrow: &reduced.narrow,
        rng,
        nodes: 0,
    };
    search.descend(reduced.domains, None)
}

struct Search<'a> {
    puzzle: &'a dyn Puzzle,
    narrow: &'a Narrow,
    rng: &'a mut ChaCha8Rng,
    nodes: usize,
}

impl Search<'_> {
    fn descend(&mut self, mut domains: Domains, changed: Option<(usize, usize)>) -> Option<Grid> {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET || !(self.narrow)(&mut domains, changed) {
            return None;
        }
        let cols = domains.cols();
        let open: Vec<(usize, u32)> = (0..domains.rows() * cols)
            .map(|i| (i, domains.at(i).count_ones()))
            .filter(|&(_, n)| n > 1)
            .collect();
        let Some(fewest) = open.iter().map(|&(_, n)| n).min() else {
            let grid = domains.solved_grid()?;
            return self.puzzle.verify(&grid).is_ok().then_some(grid);
        };
        let tied: Vec<usize> = (open.iter())
            .filter(|&&(_, n)| n == fewest)
            .map(|&(i, _)| i)
            .collect();
        let cell = tied[self.rng.random_range(0..tied.len())];
        let set = domains.at(cell);
        let mut bits: Vec<u32> = (0..64).filter(|b| set >> b & 1 == 1).collect();
        bits.shuffle(self.rng);
        for bit in bits {
            let mut next = domains.clone();
            next.set(cell / cols, cell % cols, 1 << bit);
            if let Some(grid) = self.descend(next, Some((cell / cols, cell % cols))) {
                return Some(grid);
            }
            if self.nodes > NODE_BUDGET {
                return None;
            }
        }
        None
    }
}
