//! One puzzle answered as the command line answers it: solved (or a proposed grid checked),
//! then the one analysis the call asks for, all by one deadline, written as its record.

use std::time::{Duration, Instant};

use mipsolve::backend::Mip;
use mipsolve::candidates::true_candidates;
use mipsolve::deadline::Deadline;
use mipsolve::explain::{self, Explanation};
use mipsolve::pipeline::{self, Outcome, Report, SolveOptions};
use mipsolve::puzzle::Puzzle;
use mipsolve::repair::{self, Edit, Repair};

use crate::detached::Cancel;
use crate::errors::Failure;
use crate::input::Item;
use crate::record::{differs, Clues, Conflict, EditLine, GradeLine, Line, RepairLine, StepLine};

/// What a call asks of each puzzle.
#[derive(Clone)]
pub struct Ask {
    /// The question, the engine and the formulation.
    pub solve: SolveOptions,
    /// The time for each puzzle's work, solve and analysis together.
    pub limit: Option<Duration>,
    /// What is done after the solve.
    pub analysis: Analysis,
}

/// The analysis after the solve (each as its command-line flag).
#[derive(Clone)]
pub enum Analysis {
    /// None: the solve alone.
    None,
    /// `--verify`: this proposed grid is checked instead of solving.
    Verify(Proposal),
    /// `--candidates`.
    Candidates,
    /// `--explain`.
    Explain,
    /// `--repair`, minimized by this MIP solver.
    Repair(Mip),
    /// `--grade`, and `--steps` when asked.
    Grade { steps: bool },
}

/// A proposed solution: its name for messages and its text.
#[derive(Clone)]
pub struct Proposal {
    pub name: String,
    pub text: String,
}

/// The record of `item`: its outcome and analysis, or the error that stopped it.
pub fn answer(item: &Item, ask: &Ask, cancel: Cancel) -> Result<Line, Failure> {
    let started = Instant::now();
    let puzzle = item.puzzle.as_ref().map_err(Clone::clone)?;
    let deadline = cancel.deadline(ask.limit);
    let report = match &ask.analysis {
        Analysis::Verify(proposal) => {
            let grid = puzzle.read_solution(&proposal.text).map_err(|e| {
                let message = format!("{}: {}", item.file, e.in_file(&proposal.name));
                Failure::Puzzle {
                    message,
                    line: e.line,
                    column: None,
                }
            })?;
            pipeline::check(puzzle.as_ref(), grid, &ask.solve, deadline)
        }
        _ => pipeline::solve(puzzle.as_ref(), &ask.solve, deadline),
    };
    let Report { outcome, .. } = report?;
    let mut line = Line::header(item);
    line.outcome(&outcome, puzzle.as_ref());
    line.verified = matches!(ask.analysis, Analysis::Verify(_)).then_some(line.broken.is_none());
    let at = Solved {
        puzzle: puzzle.as_ref(),
        outcome: &outcome,
        options: &ask.solve,
        deadline,
    };
    match ask.analysis {
        Analysis::None | Analysis::Verify(_) => {}
        Analysis::Candidates => at.candidates(&mut line)?,
        Analysis::Explain => at.explain(&mut line)?,
        Analysis::Repair(mip) => at.repair(mip, &mut line)?,
        Analysis::Grade { steps } => at.grade(steps, &mut line),
    }
    line.seconds = (started.elapsed().as_secs_f64() * 1e6).round() / 1e6;
    Ok(line)
}

/// The record of a puzzle that could not be answered.
pub fn error_line(item: &Item, failure: &Failure) -> Line {
    Line {
        error: Some(failure.message().to_string()),
        ..Line::header(item)
    }
}

/// A solved puzzle, as its analysis sees it.
struct Solved<'a> {
    puzzle: &'a dyn Puzzle,
    outcome: &'a Outcome,
    options: &'a SolveOptions,
    deadline: Deadline,
}

impl Solved<'_> {
    /// Every value some solution puts in each cell, when the puzzle has a solution.
    fn candidates(&self, line: &mut Line) -> Result<(), Failure> {
        if self.outcome.solution().is_none() {
            return Ok(());
        }
        if let Some(found) = true_candidates(self.puzzle, self.deadline)? {
            let unproven =
                (found.unproven.iter()).map(|&((r, c), v)| vec![r as i64 + 1, c as i64 + 1, v]);
            line.unproven = (!found.complete()).then(|| unproven.collect());
            line.candidates = Some(found.values);
        }
        Ok(())
    }

    /// The clues that stand in the way of a solution, or of one solution only.
    fn explain(&self, line: &mut Line) -> Result<(), Failure> {
        match explain::explain(self.puzzle, self.outcome, self.options, self.deadline)? {
            Some(Explanation::Conflict {
                clues,
                solvable_without,
            }) => {
                line.conflict = Some(Conflict {
                    clues: Clues::of(&clues),
                    solvable_without: solvable_without.as_deref().map(Clues::of),
                })
            }
            Some(Explanation::Repair(givens)) => {
                line.differs = differs(self.outcome);
                line.repair = Some(RepairLine::Greedy {
                    givens: Clues::of(&givens).givens,
                    method: "greedy",
                });
            }
            Some(Explanation::TimeLimit) => {
                line.add_note("time limit reached before the explanation".into())
            }
            None => {}
        }
        Ok(())
    }

    /// The fewest edits that give the puzzle exactly one solution, minimized by `mip`.
    fn repair(&self, mip: Mip, line: &mut Line) -> Result<(), Failure> {
        let found = repair::repair(self.puzzle, self.outcome, self.options, &mip, self.deadline)?;
        line.repair = found.map(|found| repair_line(found, self.puzzle));
        Ok(())
    }

    /// The grade on Tatham's ladder (and the steps, when asked) of a unique puzzle.
    fn grade(&self, steps: bool, line: &mut Line) {
        let Outcome::Unique(solution) = self.outcome else {
            return;
        };
        let Some(found) = self.puzzle.deduce(solution, self.deadline) else {
            line.add_note(
                match self.deadline.passed() {
                    true => "not graded: time limit reached before the steps were complete",
                    false => "not graded: the step-by-step solver does not follow this kind",
                }
                .into(),
            );
            return;
        };
        line.grade = Some(GradeLine {
            level: found.level(),
            score: found.score(),
            guesses: found.guesses(),
            trials: found.trials(),
            variant_level: found.variant_level(),
        });
        line.steps = steps.then(|| found.steps.iter().map(StepLine::of).collect());
    }
}

/// A repair's record: its edits and the repaired puzzle, or why there are none.
fn repair_line(found: Repair, puzzle: &dyn Puzzle) -> RepairLine {
    let why = |note: &str| RepairLine::Edits {
        edits: Vec::new(),
        optimal: None,
        unique: None,
        puzzle: None,
        note: Some(note.into()),
    };
    let (edits, clues, optimal, unique) = match found {
        Repair::Unique => return why("none needed: the puzzle is unique"),
        Repair::NotByGivens => {
            return why(
                "no change of givens or cage targets helps: the other rules have no solution",
            )
        }
        Repair::TimeLimit => {
            return why("time limit reached before the fewest edits were found and proven")
        }
        Repair::Edits {
            edits,
            clues,
            optimal,
            unique,
        } => (edits, clues, optimal, unique),
    };
    let one_based = |(r, c): (usize, usize)| vec![r + 1, c + 1];
    let edits = (edits.into_iter())
        .map(|edit| match edit {
            Edit::Changed { cell, from, to } => EditLine {
                edit: "changed",
                cell: Some(one_based(cell)),
                from: Some(from.into()),
                to: Some(to.into()),
                ..EditLine::default()
            },
            Edit::CageTarget { index, from, to } => EditLine {
                edit: "changed",
                cage: Some(index + 1),
                from: i64::try_from(from).ok(),
                to: i64::try_from(to).ok(),
                ..EditLine::default()
            },
            Edit::RuleValue { clue, from, to } => EditLine {
                edit: "changed",
                clue: Some(clue),
                from: Some(from),
                to: Some(to),
                ..EditLine::default()
            },
            Edit::Added { cell, value } => EditLine {
                edit: "added",
                cell: Some(one_based(cell)),
                value: Some(value),
                ..EditLine::default()
            },
        })
        .collect();
    RepairLine::Edits {
        edits,
        optimal: Some(optimal),
        unique: Some(unique),
        puzzle: (puzzle.with_clues(&clues)).and_then(|p| p.render_puzzle()),
        note: None,
    }
}
