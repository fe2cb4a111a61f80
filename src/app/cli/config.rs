//! The plain result of the command line: what a run needs, free of clap.

use std::path::PathBuf;
use std::time::Duration;

use mipsolve::backend::Mip;
use mipsolve::export::ModelFormulation;
use mipsolve::model_text::ModelFormat;
use mipsolve::pipeline::{Question, SolveOptions};
use mipsolve::puzzle::{Kind, Options};

use super::super::output::Format;
use super::super::record::Deduce;
use super::super::walk::Stdin;
use super::Pictures;

/// Everything a run needs, free of clap.
#[derive(Clone)]
pub struct Config {
    /// The puzzle kind; `None`: each file's own (`mipsolve solve`).
    pub kind: Option<&'static Kind>,
    /// The kind's option values.
    pub options: Options,
    /// Files, folders, or `-`.
    pub paths: Vec<PathBuf>,
    /// What to find, and by which engine and model.
    pub solve: SolveOptions,
    /// Wall-clock budget for each puzzle's work: its solves and analyses.
    pub time_limit: Option<Duration>,
    /// How records are written.
    pub format: Format,
    /// Puzzles solved in parallel.
    pub jobs: usize,
    /// No progress bar and no summary.
    pub quiet: bool,
    /// Explain a puzzle with no solution or with several.
    pub explain: bool,
    /// Name the givens a unique puzzle does without (`--audit`).
    pub audit: bool,
    /// Each cell's true candidates, every one proven (`--candidates`).
    pub candidates: bool,
    /// Find the fewest edits of the givens that make the puzzle right (`--repair`), with this
    /// MIP solver minimizing them.
    pub repair: Option<Mip>,
    /// Where and how each puzzle's model is written, if asked.
    pub write_model: Option<WriteModel>,
    /// The proposed solution to check instead of solving (`--verify`).
    pub verify: Option<Proposal>,
    /// Whether each puzzle reports what settled it (`--stats`).
    pub stats: bool,
    /// Which of the step-by-step solver's answers are asked for.
    pub deduce: Deduce,
    /// Pictures asked for: `--picture DIR`, `--pdf FILE`, and how they are drawn.
    pub pictures: Pictures,
    /// How standard input is named and numbered (a shard of a larger file).
    pub stdin: Stdin,
}

impl Config {
    /// The run `mipsolve render` makes of it: every puzzle graded for its title, and only the
    /// PDF (and errors) written.
    pub(super) fn rendering(mut self) -> Config {
        self.deduce.grade = true;
        self.solve.question = Question::Unique;
        self.format = Format::Notes;
        self
    }
}

/// A proposed solution: the file as given and its text.
#[derive(Debug, Clone)]
pub struct Proposal {
    /// The path as given.
    pub file: String,
    /// Its text.
    pub text: String,
}

/// `--write-model DIR` with its format and formulation.
#[derive(Debug, Clone)]
pub struct WriteModel {
    /// The folder the files go to (created if missing).
    pub dir: PathBuf,
    /// LP or MPS.
    pub format: ModelFormat,
    /// The reduced model the solver is handed, or the documents' own.
    pub formulation: ModelFormulation,
}
