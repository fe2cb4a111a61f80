//! New puzzles: a random solution of the kind's rules, then givens removed (orbit by orbit
//! of the asked symmetry) while the puzzle stays unique, or for KenKen random cages over
//! the solution. Uniqueness is decided by the same exact path as `--check-unique`; a level
//! asked for is `--grade`'s, as Tatham's generators do it: a removal is kept only while the
//! grade stays at or below the level, and the puzzle only if it ends exactly there. One seed
//! gives one puzzle, on every machine.

mod design;
mod latin_fill;
mod regions;
mod search;
mod symmetry;

pub use design::Design;
pub use symmetry::Symmetry;

use crate::puzzle::FromRules;
use std::ops::RangeInclusive;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::deadline::Deadline;
use crate::deduce::Technique;
use crate::error::SolveError;
use crate::grid::Cell;
use crate::grid::Grid;
use crate::pipeline::{self, Outcome, Question, SolveOptions};
use crate::puzzle::Puzzle;
use design::{cells, Frame};
use search::Searcher;

/// Attempts (a new frame and solution each) before a puzzle is given up.
pub const MAX_ATTEMPTS: usize = 20_000;

/// What is asked of each puzzle.
#[derive(Debug, Clone)]
pub struct Request {
    /// Kind and shape.
    pub design: Design,
    /// The level `--grade` must give, if any (a name on the kind's ladder).
    pub level: Option<&'static str>,
    /// The symmetry the givens keep.
    pub symmetry: Symmetry,
    /// No given can be removed alone without losing uniqueness, checked.
    pub minimal: bool,
    /// How many givens the puzzle may keep.
    pub givens: Option<RangeInclusive<usize>>,
}

/// A generated puzzle, proven unique, with its solution and grade.
pub struct Generated {
    /// The puzzle.
    pub puzzle: Box<dyn Puzzle>,
    /// Its only solution, verified.
    pub solution: Grid,
    /// Its level on the kind's ladder.
    pub level: &'static str,
    /// How many givens it keeps.
    pub givens: usize,
    /// Attempts it took (1 when the first was kept).
    pub attempts: usize,
}

/// Why no puzzle came.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// Every attempt missed the level, the clue count or minimality.
    #[error("no puzzle met the request in {0} attempts")]
    Exhausted(usize),
    /// No grid keeps the rules asked for (e.g. more rows than distinct Takuzu lines).
    #[error("no grid of this shape keeps these rules")]
    Impossible,
    /// The time limit passed first.
    #[error("time limit reached before a puzzle met the request ({0} attempts finished)")]
    Timeout(usize),
    /// A solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// The puzzle of `seed` for `request`: the same on every machine and in any batch.
pub fn generate(
    request: &Request,
    seed: u64,
    deadline: Deadline,
) -> Result<Generated, GenerateError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // A frame drawn alike every attempt (any but Jigsaw regions: it draws nothing from the
    // seed) is searched by one searcher, set up once.
    let design = &request.design;
    let fixed = match design.has_random_frame() {
        true => None,
        false => match filler_of(&design.frame(&mut rng), deadline) {
            Some(searcher) => Some(searcher),
            None if deadline.passed() => return Err(GenerateError::Timeout(0)),
            None => return Err(GenerateError::Impossible),
        },
    };
    for attempt in 1..=MAX_ATTEMPTS {
        if deadline.passed() {
            return Err(GenerateError::Timeout(attempt - 1));
        }
        match try_once(request, fixed.as_ref(), &mut rng, deadline) {
            Ok(Some(mut found)) => {
                found.attempts = attempt;
                return Ok(found);
            }
            Ok(None) => {}
            Err(GenerateError::Timeout(_)) => return Err(GenerateError::Timeout(attempt - 1)),
            Err(e) => return Err(e),
        }
    }
    Err(GenerateError::Exhausted(MAX_ATTEMPTS))
}

/// The searcher of `frame` without givens; `None` when it has no solution (or `deadline`
/// passed while it was set up).
fn filler_of(frame: &Frame, deadline: Deadline) -> Option<Searcher> {
    let (rows, cols) = frame.design().shape();
    let blank = frame.puzzle(&vec![None; rows * cols]).ok()?;
    Searcher::new(blank, deadline)
}

/// One attempt: a frame (searched by `fixed` when it is drawn alike every time), a solution,
/// cages, then givens removed; `None` when the result misses the request.
fn try_once(
    request: &Request,
    fixed: Option<&Searcher>,
    rng: &mut ChaCha8Rng,
    deadline: Deadline,
) -> Result<Option<Generated>, GenerateError> {
    let design = &request.design;
    let (rows, cols) = design.shape();
    let frame = design.frame(rng);
    let blank = vec![None; rows * cols];
    let drawn;
    let filler = match fixed {
        Some(searcher) => searcher,
        // Jigsaw regions: another draw may have a solution.
        None => match filler_of(&frame, deadline) {
            Some(searcher) => {
                drawn = searcher;
                &drawn
            }
            None => return Ok(None),
        },
    };
    let Some(solution) = filler.random_solution(rng) else {
        return Ok(None);
    };
    let rank_asked = request.level.map(|level| rank(design, level));
    let frame = frame.with_cages(&solution, rank_asked, rng);
    // Only givens are carved: a KenKen's cages are its clues, and it needs no searcher.
    let caged;
    let searcher = match frame.has_cages() && design.has_givens() {
        true => match filler_of(&frame, deadline) {
            Some(searcher) => {
                caged = searcher;
                &caged
            }
            None => return Ok(None),
        },
        false => filler,
    };
    let all: Vec<Option<u32>> = cells(rows, cols)
        .map(|(r, c)| Some(solution.get(r, c)))
        .collect();
    let mut judge = Judge {
        frame: &frame,
        searcher,
        solution: &solution,
        level: rank_asked,
        deadline,
    };
    let (givens, carved_minimal) = match design.has_givens() {
        true => judge.carve(all, request, rng)?,
        false => (blank, false),
    };
    let Ok(puzzle) = frame.puzzle(&givens) else {
        return Ok(None);
    };
    // At a level asked, the steps stop past it: the level is then missed whatever it is.
    // Below the forcing chains' level they are cheap, so they turn most attempts away before
    // the exact uniqueness check (they follow the solution, unique or not); from that level
    // up (measured: slower the other way round), the check goes first.
    let cap = judge.level.unwrap_or(usize::MAX);
    let grade_first = cap < Technique::ForcingChain.rank(design.ladder());
    if !grade_first && !judge.unique(puzzle.as_ref())? {
        return Ok(None);
    }
    let level = judge.level_of(puzzle.as_ref(), cap)?;
    let count = givens.iter().flatten().count();
    let missed = request.level.is_some_and(|wanted| wanted != level)
        || request
            .givens
            .as_ref()
            .is_some_and(|range| !range.contains(&count));
    if missed || (grade_first && !judge.unique(puzzle.as_ref())?) {
        return Ok(None);
    }
    // A carve that proved the givens minimal needs no check of each again.
    let unproven = request.minimal && !carved_minimal;
    if (unproven && !judge.minimal(&givens)?) || puzzle.verify(&solution).is_err() {
        return Ok(None);
    }
    Ok(Some(Generated {
        puzzle,
        solution,
        level,
        givens: count,
        attempts: 0,
    }))
}

/// The index of `level` on the design's ladder.
fn rank(design: &Design, level: &str) -> usize {
    let levels = design.ladder().levels();
    levels
        .iter()
        .position(|l| *l == level)
        .unwrap_or(levels.len() - 1)
}

/// Decides, for one frame and solution, whether a set of givens makes a unique puzzle at or
/// below the level asked.
struct Judge<'a> {
    frame: &'a Frame,
    searcher: &'a Searcher,
    solution: &'a Grid,
    level: Option<usize>,
    deadline: Deadline,
}

impl Judge<'_> {
    /// Whether `puzzle` has exactly one solution, the judge's (by the exact engines).
    fn unique(&self, puzzle: &dyn Puzzle) -> Result<bool, GenerateError> {
        let options = SolveOptions {
            question: Question::Unique,
            ..SolveOptions::default()
        };
        Ok(matches!(
            pipeline::solve(puzzle, &options, self.deadline)?.outcome,
            Outcome::Unique(grid) if grid == *self.solution
        ))
    }

    /// The puzzle's level on its ladder; a timeout when the deadline passes first. Past
    /// `cap` (an index into the ladder) the steps stop: the level is then only known to be
    /// above it.
    fn level_of(&self, puzzle: &dyn Puzzle, cap: usize) -> Result<&'static str, GenerateError> {
        match puzzle.deduce_up_to(self.solution, self.deadline, cap) {
            Some(steps) => Ok(steps.level()),
            None if self.deadline.passed() => Err(GenerateError::Timeout(0)),
            None => Err(GenerateError::Solve(SolveError::Backend(
                "the step solver could not follow a unique puzzle".into(),
            ))),
        }
    }

    /// Whether the puzzle of `givens`, which are the solution's values but for the blanks of
    /// `opened` (the puzzle with them was unique), still has only the solution: a second one
    /// would differ from it on one of those cells, so each is searched for a different value
    /// (by the solvers when that search runs long).
    fn still_unique(&self, givens: &[Option<u32>], opened: &[Cell]) -> Result<bool, GenerateError> {
        for &cell in opened {
            match self
                .searcher
                .has_other(givens, self.solution, cell, self.deadline)?
            {
                Some(true) => return Ok(false),
                Some(false) => {}
                None => return Err(GenerateError::Timeout(0)),
            }
        }
        Ok(true)
    }

    /// Whether opening the cells of `opened` keeps the puzzle unique and no harder than the
    /// level asked.
    fn acceptable(&self, givens: &[Option<u32>], opened: &[Cell]) -> Result<bool, GenerateError> {
        let Some(wanted) = self.level else {
            return self.still_unique(givens, opened);
        };
        // Easy levels are decided without the steps (and so is uniqueness).
        if let Some(decided) = self.searcher.decided_up_to(givens, wanted) {
            return Ok(decided);
        }
        if !self.still_unique(givens, opened)? {
            return Ok(false);
        }
        let Ok(puzzle) = self.frame.puzzle(givens) else {
            return Ok(false);
        };
        let level = self.level_of(puzzle.as_ref(), wanted)?;
        Ok(rank(self.frame.design(), level) <= wanted)
    }

    /// Removes the givens orbit by orbit in a random order, keeping each removal that leaves
    /// the puzzle acceptable, and never going below the fewest givens asked. Also whether
    /// that proved the result minimal: each given was tried alone and judged on uniqueness
    /// only (no level), so removing it left several solutions then, and still does with
    /// the fewer givens left.
    fn carve(
        &mut self,
        mut givens: Vec<Option<u32>>,
        request: &Request,
        rng: &mut ChaCha8Rng,
    ) -> Result<(Vec<Option<u32>>, bool), GenerateError> {
        let (rows, cols) = request.design.shape();
        let fewest = request.givens.as_ref().map_or(0, |range| *range.start());
        let mut orbits = request.symmetry.orbits(rows, cols);
        orbits.shuffle(rng);
        let mut count = rows * cols;
        let mut minimal = self.level.is_none();
        for orbit in orbits {
            minimal &= orbit.len() == 1;
            if count < fewest + orbit.len() || self.deadline.passed() {
                minimal = false;
                continue;
            }
            let kept: Vec<Option<u32>> = orbit.iter().map(|&(r, c)| givens[r * cols + c]).collect();
            orbit.iter().for_each(|&(r, c)| givens[r * cols + c] = None);
            if self.acceptable(&givens, &orbit)? {
                count -= orbit.len();
            } else {
                for (&(r, c), value) in orbit.iter().zip(kept) {
                    givens[r * cols + c] = value;
                }
            }
        }
        Ok((givens, minimal))
    }

    /// Whether removing any one given leaves several solutions (checked for each).
    fn minimal(&self, givens: &[Option<u32>]) -> Result<bool, GenerateError> {
        let mut fewer = givens.to_vec();
        for i in 0..givens.len() {
            if givens[i].is_none() {
                continue;
            }
            fewer[i] = None;
            let cell = (i / self.solution.cols(), i % self.solution.cols());
            if self.still_unique(&fewer, &[cell])? {
                return Ok(false);
            }
            fewer[i] = givens[i];
        }
        Ok(true)
    }
}
