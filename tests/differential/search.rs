//! Brute force: every grid of a puzzle's meaning, filled cell by cell in reading order with
//! rows, columns and regions all different, each check tested once its last cell is filled.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::meaning::{Meaning, Values};

/// Every solution, or `None` when there are more than `cap` or the search took more than
/// `budget` steps (the puzzle is then drawn again).
pub fn solutions(m: &Meaning, cap: usize, budget: u64) -> Option<Vec<Values>> {
    let mut search = Search::new(m, &m.allowed, cap, budget);
    search.fill(0).then_some(search.found)
}

/// One solution drawn at random (each cell's values tried in a shuffled order), if one is
/// found within `budget` steps.
pub fn random_solution(m: &Meaning, rng: &mut ChaCha8Rng, budget: u64) -> Option<Values> {
    let mut allowed = m.allowed.clone();
    for row in &mut allowed {
        for values in row.iter_mut() {
            values.shuffle(rng);
        }
    }
    let mut search = Search::new(m, &allowed, 0, budget);
    search.fill(0);
    search.found.into_iter().next()
}

struct Search<'a> {
    m: &'a Meaning,
    /// Each cell's values, in the order they are tried.
    allowed: &'a [Vec<Vec<u32>>],
    /// The checks that fall due at each cell: those whose last cell in reading order it is.
    due: Vec<Vec<usize>>,
    grid: Values,
    found: Vec<Values>,
    cap: usize,
    steps: u64,
    budget: u64,
}

impl<'a> Search<'a> {
    fn new(m: &'a Meaning, allowed: &'a [Vec<Vec<u32>>], cap: usize, budget: u64) -> Self {
        let n = m.n;
        let mut due: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (i, check) in m.checks.iter().enumerate() {
            let last = check.cells.iter().map(|&(r, c)| r * n + c).max().unwrap();
            due[last].push(i);
        }
        Search {
            m,
            allowed,
            due,
            grid: vec![vec![0; n]; n],
            found: Vec::new(),
            cap,
            steps: 0,
            budget,
        }
    }

    /// Fills cells from `at` on; `false` when the cap or the budget was passed.
    fn fill(&mut self, at: usize) -> bool {
        let n = self.m.n;
        if at == n * n {
            self.found.push(self.grid.clone());
            return self.found.len() <= self.cap;
        }
        let (r, c) = (at / n, at % n);
        for &d in &self.allowed[r][c] {
            self.steps += 1;
            if self.steps > self.budget {
                return false;
            }
            if !self.fits(r, c, d) {
                continue;
            }
            self.grid[r][c] = d;
            let due = &self.due[at];
            let holds = due.iter().all(|&i| (self.m.checks[i].holds)(&self.grid));
            if holds && !self.fill(at + 1) {
                self.grid[r][c] = 0;
                return false;
            }
            self.grid[r][c] = 0;
        }
        true
    }

    /// Whether `d` is new to the row, column and region of (r, c).
    fn fits(&self, r: usize, c: usize, d: u32) -> bool {
        let n = self.m.n;
        let region = self.m.region[r][c];
        (0..n).all(|k| self.grid[r][k] != d && self.grid[k][c] != d)
            && (region.is_none()
                || (0..n * n).all(|i| {
                    let (r2, c2) = (i / n, i % n);
                    self.m.region[r2][c2] != region || self.grid[r2][c2] != d
                }))
    }
}
