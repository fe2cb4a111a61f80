//! What a run needs, free of clap: the plain result of the command line, read by every part of
//! the run below it.

mod pictures;

pub use pictures::{Paper, PdfSpec, PictureFormat, Pictures};

use std::path::PathBuf;
use std::time::Duration;

use mipsolve::backend::Mip;
use mipsolve::export::ModelFormulation;
use mipsolve::model_text::ModelFormat;
use mipsolve::pipeline::{Question, SolveOptions};
use mipsolve::puzzle::{Kind, Options};

use super::walk::Stdin;

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
    pub fn rendering(mut self) -> Config {
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

/// `--grade`, `--steps`, `--hint`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Deduce {
    /// The difficulty on Tatham's ladder, the score and the guesses.
    pub grade: bool,
    /// Every step.
    pub steps: bool,
    /// The first step only, without the solution.
    pub hint: bool,
}

impl Deduce {
    /// Whether any is asked for.
    pub fn any(self) -> bool {
        self.grade || self.steps || self.hint
    }
}

/// How records are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Solved grids as text; statuses on standard error.
    Text,
    /// One JSON object per puzzle per line.
    Json,
    /// An SVG picture per puzzle; statuses on standard error.
    Svg,
    /// Nothing on standard output (the run writes files); statuses on standard error.
    Notes,
    /// Each puzzle as an Interactive Sudoku Solver constraint string, one a line; statuses
    /// on standard error.
    Iss,
}
