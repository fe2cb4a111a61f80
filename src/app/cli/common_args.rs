//! The options every kind's subcommand shares (and `solve` and `render`), as clap reads
//! them, with the choices they offer.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::super::config::PictureFormat;
use super::pictures;
use super::value_error::{ArgValueError, MAX_SECONDS};

/// The options every kind shares.
#[derive(Debug, Args)]
pub(super) struct Common {
    /// Puzzle files or directories ('-' reads standard input)
    #[arg(required = true, value_name = "PATH")]
    pub(super) paths: Vec<PathBuf>,
    /// Also prove the solution unique, or show a second one
    #[arg(long)]
    pub(super) check_unique: bool,
    /// For a puzzle with no solution, name a minimal set of givens and cages that conflict;
    /// for one with several, suggest givens that make it unique (implies --check-unique)
    #[arg(long)]
    pub(super) explain: bool,
    /// For a unique puzzle, name each given whose removal alone keeps it unique, and say
    /// whether the puzzle is minimal (none is) (implies --check-unique)
    #[arg(long)]
    pub(super) audit: bool,
    /// Each cell's true candidates: exactly the values it takes in some solution, each
    /// proven by an exact engine (a time limit marks what is unproven)
    #[arg(long, conflicts_with_all = ["count", "verify", "hint", "repair"])]
    pub(super) candidates: bool,
    /// The fewest edits of the givens that make the puzzle right, minimized by HiGHS (or the
    /// MIP solver --solver names): with no solution, givens changed; with several, the fewest
    /// givens added over every solution; prints the repaired puzzle and whether the repair is
    /// proven the smallest (implies --check-unique)
    #[arg(long)]
    pub(super) repair: bool,
    /// Check the proposed solution in GRID_FILE against the puzzle and name every rule it
    /// breaks (with --check-unique, also whether the puzzle has another solution)
    #[arg(long, value_name = "GRID_FILE", conflicts_with_all = ["count", "explain", "audit", "repair", "grade", "steps"])]
    pub(super) verify: Option<PathBuf>,
    /// Find up to N distinct solutions and tell whether they are all
    #[arg(long, value_name = "N", conflicts_with_all = ["check_unique", "audit", "repair", "grade", "steps"],
          value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) count: Option<u32>,
    /// Output format
    #[arg(long, value_enum, ignore_case = true, default_value_t = FormatArg::Text)]
    pub(super) format: FormatArg,
    /// Time limit per puzzle, in seconds
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub(super) time_limit: Option<Duration>,
    /// Puzzles solved in parallel (default: the number of cores)
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) jobs: Option<u16>,
    /// No progress bar and no summary on standard error
    #[arg(long, short)]
    pub(super) quiet: bool,
    /// Standard input is a shard of a larger file: its puzzles' indices start at N
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(super) index_offset: usize,
    /// Standard input is a shard of a larger file that starts after its line N
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(super) line_offset: usize,
    /// The file name standard input's records carry instead of `-`
    #[arg(long, value_name = "NAME")]
    pub(super) stdin_name: Option<String>,
    /// Write each puzzle's MIP to DIR/<file-stem>[-<index>].lp (with --check-unique or
    /// --count, also ...-nogood.lp: the model with the solutions found cut off)
    #[arg(long, value_name = "DIR")]
    pub(super) write_model: Option<PathBuf>,
    /// File format of --write-model
    #[arg(long, value_enum, ignore_case = true, default_value_t = ModelFormatArg::Lp,
          requires = "write_model")]
    pub(super) model_format: ModelFormatArg,
    /// The model the solver is handed (and --write-model writes)
    #[arg(long, value_enum, ignore_case = true, default_value_t = FormulationArg::Reduced)]
    pub(super) formulation: FormulationArg,
    /// Which engine decides what the exact reductions leave open
    #[arg(long, value_enum, ignore_case = true, default_value_t = SolverArg::Auto)]
    pub(super) solver: SolverArg,
    /// After each puzzle, what settled each question, the time in each stage that ran, the
    /// size of the model a solver was handed, and the solver's work (MIP nodes and
    /// iterations, SAT conflicts)
    #[arg(long)]
    pub(super) stats: bool,
    /// For a unique puzzle, its difficulty on Simon Tatham's ladder (the hardest technique a
    /// person needs), a score and the guesses needed (implies --check-unique)
    #[arg(long)]
    pub(super) grade: bool,
    /// For a unique puzzle, the solution as steps a person can follow, each with its reason
    /// (implies --check-unique)
    #[arg(long)]
    pub(super) steps: bool,
    /// The next step for a partly filled puzzle, without its solution; if the filled-in values
    /// already leave no solution, which of them conflict (implies --check-unique)
    #[arg(long, conflicts_with_all = ["count", "verify"])]
    pub(super) hint: bool,
    /// Write a picture of each puzzle and its solution to DIR (created if missing), one file
    /// per puzzle named as --write-model names its files
    #[arg(long, value_name = "DIR")]
    pub(super) picture: Option<PathBuf>,
    /// File format of --picture
    #[arg(long, value_enum, ignore_case = true, default_value_t = PictureFormat::Svg,
          requires = "picture")]
    pub(super) picture_format: PictureFormat,
    /// Pictures (--format svg, --picture, --pdf's puzzle pages) without the solution
    #[arg(long)]
    pub(super) blank: bool,
    #[command(flatten)]
    pub(super) print: pictures::PrintArgs,
}

/// The engine that decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum SolverArg {
    /// The exhaustive split settled by exact reductions, then CaDiCaL on what it leaves open
    /// (HiGHS with --formulation documents)
    Auto,
    /// HiGHS (MIP) alone, on every question the exact reductions leave open
    Highs,
    /// CBC (MIP) alone, on every question the exact reductions leave open
    Cbc,
    /// microlp (MIP, pure Rust) alone, on every question the exact reductions leave open
    Microlp,
    /// CaDiCaL (SAT, on the model's rows as clauses) alone, on every question the exact
    /// reductions leave open
    Cadical,
}

/// File format of written models.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum ModelFormatArg {
    /// CPLEX LP format
    Lp,
    /// Free MPS format
    Mps,
}

/// Which model a MIP solver is handed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum FormulationArg {
    /// The model after the exact reductions, with the kind's cage options
    Reduced,
    /// The formulation documents' model as stated: every x[r,c,k], no reductions, log products
    Documents,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum FormatArg {
    /// Solved grids as text, in the input's style
    Text,
    /// One JSON object per puzzle per line
    Json,
    /// The puzzle and its solution as an SVG picture (one puzzle; --picture DIR for a batch)
    Svg,
    /// Each puzzle as an Interactive Sudoku Solver constraint string, one a line (Sudoku)
    Iss,
}

pub(super) fn parse_seconds(text: &str) -> Result<Duration, ArgValueError> {
    let seconds = (text.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .ok_or_else(|| ArgValueError::Seconds(text.into()))?;
    match seconds <= MAX_SECONDS {
        true => Ok(Duration::from_secs_f64(seconds)),
        false => Err(ArgValueError::TooLong(text.into())),
    }
}
