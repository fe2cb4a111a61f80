//! `--grade`, `--steps` and `--hint`: the step-by-step solver's answer for a unique puzzle,
//! starting from the values a solver entered for a hint.

use std::io::{self, Write};

use mipsolve::clue::Clue;
use mipsolve::deduce::Deductions;
use mipsolve::grid::{cell_name, Grid};
use mipsolve::pipeline::Outcome;
use mipsolve::puzzle::Puzzle;

use super::{Analysis, Findings, Solving};
use crate::app::config::Deduce;
use crate::app::failure::Failure;
use crate::app::json_line::{differs, GradeLine, Line, StepLine};

/// The step-by-step solver.
pub struct StepByStep;

impl Analysis for StepByStep {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        let asked = at.config.deduce;
        if asked.any() {
            at.written_from_one("--grade, --steps or --hint")?;
        }
        found.deduced = match (at.outcome, asked.any()) {
            (Outcome::Unique(solution), true) => Some(Deduced {
                asked,
                found: steps(at, solution),
            }),
            (_, true) if asked.hint => Deduced::not_unique(asked, at.outcome),
            _ => None,
        };
        Ok(())
    }

    fn instead_of_grids(
        &self,
        findings: &Findings,
        _: &Outcome,
        out: &mut dyn Write,
    ) -> io::Result<bool> {
        match findings.deduced.as_ref().filter(|d| d.asked.hint) {
            Some(deduced) => deduced.write(out).map(|()| true),
            None => Ok(false),
        }
    }

    fn after_grids(&self, findings: &Findings, _: &Outcome, out: &mut dyn Write) -> io::Result<()> {
        match &findings.deduced {
            Some(deduced) => deduced.write(out),
            None => Ok(()),
        }
    }

    /// A hint never gives a solution away; the cells where two solutions differ are said
    /// without their values.
    fn json<'a>(&self, findings: &'a Findings, outcome: &Outcome, line: &mut Line<'a>) {
        let Some(Deduced { asked, found }) = &findings.deduced else {
            return;
        };
        match found {
            Ok(found) => {
                line.grade = asked.grade.then(|| GradeLine {
                    level: found.level(),
                    score: found.score(),
                    guesses: found.guesses(),
                    trials: found.trials(),
                    variant_level: found.variant_level(),
                });
                line.steps = (asked.steps).then(|| found.steps.iter().map(StepLine::of).collect());
                line.hint = (asked.hint)
                    .then(|| found.steps.first().map(StepLine::of))
                    .flatten();
                if asked.hint {
                    line.solution = None;
                }
            }
            Err(why) => {
                line.add_note(why.to_string());
                if asked.hint {
                    line.differs = differs(outcome);
                    line.without_grids();
                }
            }
        }
    }
}

/// The steps from the puzzle (or, for a hint, from the values entered), or why there are none.
fn steps(at: &Solving, solution: &Grid) -> Result<Deductions, NoSteps> {
    let start = match at.config.deduce.hint {
        true => hint_start(at.puzzle, solution)?,
        false => None,
    };
    let from = start.as_deref().unwrap_or(at.puzzle);
    (from.deduce(solution, at.deadline)).ok_or_else(|| match at.deadline.passed() {
        true => NoSteps::TimeLimit,
        false => NoSteps::NotFollowed,
    })
}

/// The values a solver entered that the solution does not have: `r1c6 is 7, the solution
/// has 4`.
pub fn wrong_entries(puzzle: &dyn Puzzle, solution: &Grid) -> Vec<String> {
    (puzzle.entered().iter())
        .filter_map(|clue| match *clue {
            Clue::Given { cell, value } if solution.get(cell.0, cell.1) != value => Some(format!(
                "{} is {value}, the solution has {}",
                cell_name(cell),
                solution.get(cell.0, cell.1)
            )),
            _ => None,
        })
        .collect()
}

/// Where `--hint` starts: the puzzle with the values a solver entered (`None`: none were), or
/// the entered values the solution does not have (`hint: r1c6 is 7, the solution has 4`).
fn hint_start(puzzle: &dyn Puzzle, solution: &Grid) -> Result<Option<Box<dyn Puzzle>>, NoSteps> {
    let entered = puzzle.entered();
    if entered.is_empty() {
        return Ok(None);
    }
    let wrong = wrong_entries(puzzle, solution);
    if !wrong.is_empty() {
        return Err(NoSteps::WrongEntries(wrong));
    }
    let clues: Vec<Clue> = (puzzle.clues().into_iter())
        .chain(entered.iter().cloned())
        .collect();
    Ok(puzzle.with_clues(&clues))
}

/// What the step-by-step solver found, and which of its answers were asked for.
pub struct Deduced {
    /// `--grade`, `--steps`, `--hint`.
    pub asked: Deduce,
    /// The steps, or why the puzzle has none.
    pub found: Result<Deductions, NoSteps>,
}

impl Deduced {
    /// `--hint`'s step (and no solution), `--grade`'s line, `--steps`' list.
    fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let found = match &self.found {
            Ok(found) => found,
            Err(why) => return writeln!(out, "# {why}"),
        };
        if self.asked.hint {
            match found.steps.first() {
                Some(step) => writeln!(out, "# hint: {step}")?,
                None => writeln!(out, "# hint: none, the grid is full")?,
            }
        }
        if self.asked.grade {
            writeln!(out, "# grade: {}", grade_text(found))?;
        }
        if self.asked.steps {
            writeln!(out, "# steps ({}):", found.steps.len())?;
            for step in &found.steps {
                writeln!(out, "# {step}")?;
            }
        }
        Ok(())
    }

    /// No steps for a puzzle that is not unique: a hint would give a solution away, so it
    /// names only the cells where two solutions differ.
    pub fn not_unique(asked: Deduce, outcome: &Outcome) -> Option<Deduced> {
        let why = match outcome.solutions()[..] {
            [first, second, ..] => NoSteps::Several(
                first
                    .differences(second)
                    .into_iter()
                    .map(cell_name)
                    .collect(),
            ),
            [_] if matches!(outcome, Outcome::Timeout { .. }) => NoSteps::NotProven,
            _ => return None,
        };
        Some(Deduced {
            asked,
            found: Err(why),
        })
    }
}

/// Why a puzzle gets no steps (or no hint).
#[derive(Debug, thiserror::Error)]
pub enum NoSteps {
    /// The time limit passed first.
    #[error("not graded: time limit reached before the steps were complete")]
    TimeLimit,
    /// A kind (or a rule) the step-by-step solver does not follow.
    #[error("not graded: the step-by-step solver does not follow this kind")]
    NotFollowed,
    /// Values the solver entered that the solution does not have, one line each.
    #[error("hint: {}", .0.join("; "))]
    WrongEntries(Vec<String>),
    /// Two solutions, differing at these cells (their values would give a solution away).
    #[error("hint: none, the puzzle has several solutions (two differ at {})", .0.join(", "))]
    Several(Vec<String>),
    /// One solution found, not proven unique.
    #[error("hint: none, time limit reached before uniqueness was proven")]
    NotProven,
}

/// The `--grade` line: `advanced (score 1840, 0 guesses)`.
pub fn grade_text(found: &Deductions) -> String {
    let guesses = match found.guesses() {
        1 => "1 guess".to_string(),
        n => format!("{n} guesses"),
    };
    let trials = match found.trials() {
        0 => String::new(),
        1 => "1 trial, ".to_string(),
        n => format!("{n} trials, "),
    };
    let scale = found
        .variant_level()
        .map_or(String::new(), |l| format!("; as a variant: {l}"));
    format!(
        "{} (score {}, {trials}{guesses}){scale}",
        found.level(),
        found.score()
    )
}
