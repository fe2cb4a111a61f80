//! What the server answers each command with, computed by the library's exact engines: the
//! puzzle is read by the same reader as links, and every answer ends by the job's deadline
//! (which a cancel or a newer request moves past).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mipsolve::candidates::true_candidates;
use mipsolve::clue::Clue;
use mipsolve::deadline::Deadline;
use mipsolve::grid::Grid;
use mipsolve::pipeline::{self, Outcome, Question, SolveOptions};
use mipsolve::puzzle::{self, FromRules, Options, Puzzle};

use super::protocol::{Answer, LogicalCell, Request};
use super::refusal::Refusal;

/// Solutions listed at once for `colored` true candidates; past that, each candidate that
/// has fewer than [`COLOURS`] is counted on its own.
const LISTED: usize = 400;

/// `colored` true candidates count a candidate's solutions up to this many.
const COLOURS: usize = 8;

/// A count stops at this many cells of solutions (each solution found is kept to cut it off
/// from the next): 123,456 solutions of a 9x9, 15,625 of a 25x25.
const MOST_CELLS: usize = 10_000_000;

/// How often a count reports its progress.
const PROGRESS: Duration = Duration::from_secs(1);

/// How often the progress thread looks whether the count has ended.
const TICK: Duration = Duration::from_millis(20);

/// The answers to `request` (a count's progress first), each handed to `send`; nothing more
/// once the job is canceled.
pub fn answer(request: &Request, deadline: Deadline, send: &(dyn Fn(Answer) + Sync)) {
    let Some(data) = request.puzzle() else {
        return;
    };
    let puzzle = match read(&data.data) {
        Ok(puzzle) => puzzle,
        Err(refusal) => return send(invalid(&refusal)),
    };
    let answered = match request {
        Request::TrueCandidates(_) => candidates(&*puzzle, &data.data, deadline),
        Request::Solve(_) => solve(&*puzzle, deadline),
        Request::Check(_) => count(&*puzzle, 2, deadline, &|_| {}),
        Request::Count(_) => count(&*puzzle, most_counted(&*puzzle), deadline, &|n| {
            send(Answer::Count {
                count: n as u64,
                in_progress: true,
            })
        }),
        Request::SolvePath(_) => logical(&*puzzle, false, deadline),
        Request::Step(_) => logical(&*puzzle, true, deadline),
        Request::Cancel => return,
    };
    match answered {
        Ok(answer) if !deadline.passed() => send(answer),
        Ok(_) => {}
        Err(refusal) => send(invalid(&refusal)),
    }
}

/// The `invalid` answer that says why.
fn invalid(refusal: &Refusal) -> Answer {
    Answer::Invalid {
        message: refusal.to_string(),
    }
}

/// The most solutions a count keeps: [`MOST_CELLS`] cells of them.
fn most_counted(puzzle: &dyn Puzzle) -> usize {
    let (rows, cols) = puzzle.shape();
    MOST_CELLS / (rows * cols).max(1)
}

/// The puzzle of an f-puzzles string, read as a link is.
fn read(data: &str) -> Result<Box<dyn Puzzle>, Refusal> {
    let sudoku = puzzle::find("sudoku").expect("the registry has Sudoku");
    let parsed = puzzle::read(sudoku, data.trim(), &Options::new())?;
    let first = parsed.into_iter().next().ok_or(Refusal::NoPuzzle)?;
    let puzzle = first.puzzle?;
    match puzzle.first() {
        1 => Ok(puzzle),
        _ => Err(Refusal::FromZero),
    }
}

fn run(puzzle: &dyn Puzzle, question: Question, deadline: Deadline) -> Result<Outcome, Refusal> {
    let options = SolveOptions {
        question,
        ..SolveOptions::default()
    };
    Ok(pipeline::solve(puzzle, &options, deadline)?.outcome)
}

fn solve(puzzle: &dyn Puzzle, deadline: Deadline) -> Result<Answer, Refusal> {
    match run(puzzle, Question::Solve, deadline)? {
        Outcome::Solved(grid) => Ok(Answer::Solved {
            solution: values(&grid),
        }),
        Outcome::Timeout { .. } => Err(Refusal::Canceled),
        _ => Err(Refusal::NoSolution),
    }
}

/// Counts solutions up to `most`, telling `progress` the count so far about once a second
/// while it runs (from a thread of its own, so that a long proof reports too).
fn count(
    puzzle: &dyn Puzzle,
    most: usize,
    deadline: Deadline,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Answer, Refusal> {
    let options = SolveOptions {
        question: Question::Count(most),
        ..SolveOptions::default()
    };
    let (found, done) = (AtomicUsize::new(0), AtomicBool::new(false));
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut last = Instant::now();
            while !done.load(Ordering::Relaxed) && !deadline.passed() {
                std::thread::sleep(TICK);
                if last.elapsed() >= PROGRESS && !done.load(Ordering::Relaxed) {
                    last = Instant::now();
                    progress(found.load(Ordering::Relaxed));
                }
            }
        });
        let mut tell = |n: usize| found.store(n, Ordering::Relaxed);
        let report = pipeline::solve_reporting(puzzle, &options, deadline, &mut tell);
        done.store(true, Ordering::Relaxed);
        report
    });
    let count = outcome?.outcome.solutions().len();
    if count >= most && most == most_counted(puzzle) {
        return Err(Refusal::TooMany { count, most });
    }
    Ok(Answer::Count {
        count: count as u64,
        in_progress: false,
    })
}

/// The true candidates, as counts per candidate: capped at 8 when the puzzle asks for
/// `colored` candidates, else at 1.
fn candidates(puzzle: &dyn Puzzle, data: &str, deadline: Deadline) -> Result<Answer, Refusal> {
    let (rows, cols) = puzzle.shape();
    let width = puzzle.rules().values.len();
    let mut counts = vec![0i64; rows * cols * width];
    let index = |r: usize, c: usize, v: i64| (r * cols + c) * width + v as usize - 1;
    let found = true_candidates(puzzle, deadline)?;
    for (i, values) in found
        .iter()
        .flat_map(|f| f.values.iter().flatten())
        .enumerate()
    {
        for &v in values {
            counts[index(i / cols, i % cols, v)] = 1;
        }
    }
    if found.is_some() && asked(data, "colored") {
        coloured_counts(puzzle, &mut counts, &index, deadline)?;
    }
    // `logical`: what mipsolve's narrowing keeps that no solution uses is marked -1.
    if asked(data, "logical") {
        if let Some(reduced) = puzzle.reduce(deadline) {
            let (domains, values) = (&reduced.domains, reduced.domains.values());
            for i in 0..rows * cols {
                let set = domains.get(i / cols, i % cols);
                for (_, &v) in values
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| set >> k & 1 == 1)
                {
                    let at = index(i / cols, i % cols, v);
                    if counts[at] == 0 {
                        counts[at] = -1;
                    }
                }
            }
        }
    }
    Ok(Answer::TrueCandidates {
        solutions_per_candidate: counts,
    })
}

/// Whether the puzzle's `truecandidatesoptions` hold `option` (`colored`: counts; `logical`:
/// mark what logic keeps and no solution uses).
fn asked(data: &str, option: &str) -> bool {
    let text = lz_str::decompress_from_base64(data.trim())
        .and_then(|units| String::from_utf16(&units).ok())
        .unwrap_or_default();
    let object: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let options = object
        .get("truecandidatesoptions")
        .and_then(|o| o.as_array());
    options.is_some_and(|list| list.iter().any(|o| o == option))
}

/// Each true candidate's solutions up to [`COLOURS`]: from the first [`LISTED`] solutions,
/// then, when there are more, by counting with the cell fixed where fewer were seen.
fn coloured_counts(
    puzzle: &dyn Puzzle,
    counts: &mut [i64],
    index: &dyn Fn(usize, usize, i64) -> usize,
    deadline: Deadline,
) -> Result<(), Refusal> {
    let listed = run(puzzle, Question::Count(LISTED), deadline)?;
    let solutions = listed.solutions();
    let complete = solutions.len() < LISTED;
    let mut seen = vec![0i64; counts.len()];
    for grid in &solutions {
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                seen[index(r, c, i64::from(grid.get(r, c)))] += 1;
            }
        }
    }
    let (rows, cols) = puzzle.shape();
    let width = counts.len() / (rows * cols);
    for i in 0..counts.len() {
        if counts[i] == 0 {
            continue;
        }
        let (cell, v) = (i / width, (i % width) as u32 + 1);
        counts[i] = match complete || seen[i] >= COLOURS as i64 {
            true => seen[i].min(COLOURS as i64),
            false => {
                let mut clues = puzzle.clues();
                let given = Clue::Given {
                    cell: (cell / cols, cell % cols),
                    value: v,
                };
                clues.push(given);
                let fixed = puzzle.with_clues(&clues).ok_or(Refusal::Unfixable)?;
                let n = run(&*fixed, Question::Count(COLOURS), deadline)?;
                n.solutions().len().max(1) as i64
            }
        };
    }
    Ok(())
}

/// mipsolve's logical steps from the givens and the values the setter entered (named when
/// wrong, with `isValid` false): the whole path, or (`one`) its first step.
fn logical(puzzle: &dyn Puzzle, one: bool, deadline: Deadline) -> Result<Answer, Refusal> {
    let solution = match run(puzzle, Question::Unique, deadline)? {
        Outcome::Unique(grid) => grid,
        Outcome::Several { .. } => {
            return Ok(Answer::Logical {
                cells: cells(puzzle, &[], deadline),
                message: "The puzzle has several solutions: mipsolve's steps follow a unique one"
                    .into(),
                is_valid: true,
            })
        }
        Outcome::Timeout { .. } => return Err(Refusal::Canceled),
        _ => return Err(Refusal::NoSolution),
    };
    // The steps go on from the values the setter entered, once they are all right.
    let entered = puzzle.entered();
    let wrong = crate::app::analysis::wrong_entries(puzzle, &solution);
    if !wrong.is_empty() {
        return Ok(Answer::Logical {
            cells: cells(puzzle, entered, deadline),
            message: wrong.join("\n"),
            is_valid: false,
        });
    }
    let mut clues = puzzle.clues();
    clues.extend_from_slice(entered);
    let filled = puzzle.with_clues(&clues);
    let puzzle = filled.as_deref().unwrap_or(puzzle);
    let deductions = (puzzle.deduce(&solution, deadline)).ok_or(Refusal::NoSteps)?;
    let steps = match one {
        true => &deductions.steps[..deductions.steps.len().min(1)],
        false => &deductions.steps[..],
    };
    let placed: Vec<Clue> = (steps.iter().flat_map(|s| s.placed.iter()))
        .map(|&(cell, value)| Clue::Given { cell, value })
        .collect();
    let removed: Vec<((usize, usize), u32)> =
        steps.iter().flat_map(|s| s.removed.clone()).collect();
    let mut shown = cells(puzzle, &placed, deadline);
    for ((r, c), v) in removed {
        shown[r * solution.cols() + c]
            .candidates
            .retain(|&x| x != v);
    }
    let message = match steps.is_empty() {
        true => "Nothing to do: the grid is full".to_string(),
        false => steps
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    };
    Ok(Answer::Logical {
        cells: shown,
        message,
        is_valid: true,
    })
}

/// The cells with the givens and `placed` as values, and the candidates the exact reductions
/// leave them.
fn cells(puzzle: &dyn Puzzle, placed: &[Clue], deadline: Deadline) -> Vec<LogicalCell> {
    let mut clues = puzzle.clues();
    clues.extend_from_slice(placed);
    let filled = puzzle.with_clues(&clues);
    let at = filled.as_deref().unwrap_or(puzzle);
    let (rows, cols) = at.shape();
    let reduced = at.reduce(deadline);
    let given: Vec<Option<u32>> = at.rules().givens;
    (0..rows * cols)
        .map(|i| {
            let candidates: Vec<u32> = match &reduced {
                Some(r) => {
                    let set = r.domains.get(i / cols, i % cols);
                    let values = r.domains.values();
                    (0..values.len())
                        .filter(|k| set >> k & 1 == 1)
                        .map(|k| values[k] as u32)
                        .collect()
                }
                None => Vec::new(),
            };
            let value = given[i].unwrap_or(0);
            LogicalCell { value, candidates }
        })
        .collect()
}

/// A grid's values row by row.
fn values(grid: &Grid) -> Vec<u32> {
    (0..grid.rows())
        .flat_map(|r| (0..grid.cols()).map(move |c| grid.get(r, c)))
        .collect()
}
