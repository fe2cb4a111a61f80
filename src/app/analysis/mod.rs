//! The analyses of a solved puzzle, as a list: each is one file that says when the run asks
//! for it, what it adds to the record's findings, and how the text and JSON outputs show it;
//! the run solves the puzzle once, then goes down [`ANALYSES`] in order, and so do the
//! writers. Adding an analysis is a file, a line in the list and its field in [`Findings`].

pub mod audit;
pub mod candidates;
pub mod deduce;
pub mod explain;
mod iss_form;
mod model_file;
mod picture;
pub mod repair;

pub use deduce::wrong_entries;

use std::io::{self, Write};

use mipsolve::candidates::TrueCandidates;
use mipsolve::deadline::Deadline;
use mipsolve::error::SolveError;
use mipsolve::explain::{Audit, Explanation};
use mipsolve::picture::Drawing;
use mipsolve::pipeline::Outcome;
use mipsolve::puzzle::Puzzle;

use super::config::Config;
use super::failure::{Failure, Unwritten};
use super::json_line::Line;
use super::walk::Item;
use deduce::Deduced;
use repair::Repaired;

/// Every analysis, in the order they run and are shown (a hint before candidates in place of
/// the grids; the audit, the steps and the explanation after them).
pub static ANALYSES: &[&dyn Analysis] = &[
    &model_file::ModelFile,
    &audit::Audit,
    &deduce::StepByStep,
    &candidates::Candidates,
    &explain::Explain,
    &repair::Repair,
    &picture::Picture,
    &iss_form::IssForm,
];

/// One analysis of a solved puzzle: what it finds, and how each output shows it.
pub trait Analysis: Sync {
    /// Adds what the run asks of this analysis to `found`.
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure>;

    /// Text: writes what it shows in place of the grids (a hint, the candidates), if it does.
    fn instead_of_grids(&self, _: &Findings, _: &Outcome, _: &mut dyn Write) -> io::Result<bool> {
        Ok(false)
    }

    /// Text: its `#` lines after the grids.
    fn after_grids(&self, _: &Findings, _: &Outcome, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Text: its lines at the record's end, whether grids were shown or not.
    fn at_end(&self, _: &Findings, _: &Outcome, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Text: what it adds to the puzzle's status line on standard error.
    fn status(&self, _: &Findings) -> Option<String> {
        None
    }

    /// JSON: its keys of the record.
    fn json<'a>(&self, _: &'a Findings, _: &Outcome, _: &mut Line<'a>) {}
}

/// What an analysis sees: the run's configuration, the puzzle and what solving it found.
pub struct Solving<'a> {
    /// The run's configuration.
    pub config: &'a Config,
    /// Where the puzzle came from.
    pub item: &'a Item,
    /// The stem of the files written for it (models, pictures).
    pub stem: &'a str,
    /// The puzzle.
    pub puzzle: &'a dyn Puzzle,
    /// What solving (or checking a proposed grid) found.
    pub outcome: &'a Outcome,
    /// The puzzle's one deadline, shared by the solve and every analysis.
    pub deadline: Deadline,
}

impl Solving<'_> {
    /// A solver's error, naming the puzzle's file.
    pub fn failed(&self, error: SolveError) -> Failure {
        Failure::Solve {
            file: self.item.file.clone(),
            error: Box::new(error),
        }
    }

    /// Refuses `what` (an analysis showing values as mipsolve's, from 1) for a puzzle whose
    /// values are written from 0.
    pub fn written_from_one(&self, what: &'static str) -> Result<(), Failure> {
        match self.puzzle.first() {
            1 => Ok(()),
            _ => Err(self.unwritten(Unwritten::FromZero(what))),
        }
    }

    /// A file that could not be written, naming the puzzle's file.
    pub fn unwritten(&self, error: Unwritten) -> Failure {
        Failure::Write {
            file: self.item.file.clone(),
            error,
        }
    }
}

/// What the analyses found, each in its own field.
#[derive(Default)]
pub struct Findings {
    /// What `--explain` found, when asked and the outcome calls for it.
    pub explanation: Option<Explanation>,
    /// What `--audit` found, when asked and the puzzle is unique.
    pub audit: Option<Audit>,
    /// What `--candidates` found, when asked and the puzzle has a solution.
    pub candidates: Option<TrueCandidates>,
    /// What `--repair` found, when asked, with the repaired puzzle as text.
    pub repaired: Option<Repaired>,
    /// The step-by-step solver's answer, when `--grade`, `--steps` or `--hint` ask and the
    /// puzzle is unique.
    pub deduced: Option<Deduced>,
    /// What a picture of the puzzle shows, when a picture is asked for.
    pub drawing: Option<Drawing>,
    /// The picture as SVG, for `--format svg`.
    pub svg: Option<String>,
    /// The puzzle as an ISS string, for `--format iss`.
    pub iss: Option<String>,
}
