//! The command line: the only module that knows clap; it turns arguments into a [`Config`].

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::pipeline::SolveOptions;
use crate::puzzle::kenken::{Formulation, Products};
use crate::puzzle::Settings;

/// Solve logic puzzles as mixed integer programs (HiGHS).
#[derive(Debug, Parser)]
#[command(name = "mipsolve", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve Sudoku puzzles (.txt: grid or one-line form; 4x4 to 64x64)
    Sudoku {
        /// Box shape ROWSxCOLS, e.g. 2x3 (default: the most square shape)
        #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
        box_shape: Option<(usize, usize)>,
        #[command(flatten)]
        common: Common,
    },
    /// Solve KenKen puzzles (.json: one puzzle or an array of puzzles; sizes 1 to 32)
    Kenken {
        /// How cages become constraints
        #[arg(long, value_enum, default_value_t = CagesArg::Table)]
        cages: CagesArg,
        /// Linearization of arithmetic "*" and "/" cages
        #[arg(long, value_enum, default_value_t = ProductsArg::Exact)]
        products: ProductsArg,
        #[command(flatten)]
        common: Common,
    },
    /// Solve Takuzu / binary puzzles (.txt: rows of 0, 1 and '.'; even sides up to 64)
    Takuzu {
        /// Drop the rule that all rows and all columns differ
        #[arg(long)]
        allow_duplicate_lines: bool,
        #[command(flatten)]
        common: Common,
    },
}

/// How KenKen cages become linear constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CagesArg {
    /// Each cage with at most 1000 assignments chooses one of them (the others: arithmetic)
    Table,
    /// Sums, differences and products on cell values, as in the formulation documents
    Arithmetic,
}

/// How KenKen products and quotients become linear constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ProductsArg {
    /// Integer exponents of each prime: exact
    Exact,
    /// Logarithms, as in the formulation documents (checked and cut off when inexact)
    Log,
}

#[derive(Debug, Args)]
struct Common {
    /// Puzzle files or directories ('-' reads standard input)
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Also prove the solution unique, or show a second one
    #[arg(long)]
    check_unique: bool,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Time limit per puzzle, in seconds
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Puzzles solved in parallel (default: the number of cores)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// No progress bar and no summary on standard error
    #[arg(long, short)]
    quiet: bool,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Solved grids as text, in the input's style
    Text,
    /// One JSON object per puzzle per line
    Json,
}

/// Everything a run needs, free of clap.
#[derive(Debug, Clone)]
pub struct Config {
    pub settings: Settings,
    pub paths: Vec<PathBuf>,
    pub solve: SolveOptions,
    pub format: Format,
    pub jobs: usize,
    pub quiet: bool,
}

/// Parses the process arguments; prints usage and exits with code 2 on error.
pub fn parse_args() -> Config {
    config_from(Cli::parse())
}

/// Parses arguments given as a list (the first is the program name).
pub fn try_parse_from<I, T>(args: I) -> Result<Config, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    Cli::try_parse_from(args).map(config_from)
}

fn config_from(cli: Cli) -> Config {
    let (settings, common) = match cli.command {
        Command::Sudoku { box_shape, common } => (Settings::Sudoku { box_shape }, common),
        Command::Kenken {
            cages,
            products,
            common,
        } => {
            let formulation = Formulation {
                tables: cages == CagesArg::Table,
                products: match products {
                    ProductsArg::Exact => Products::Exact,
                    ProductsArg::Log => Products::Log,
                },
            };
            (Settings::Kenken { formulation }, common)
        }
        Command::Takuzu {
            allow_duplicate_lines,
            common,
        } => (
            Settings::Takuzu {
                allow_duplicate_lines,
            },
            common,
        ),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    Config {
        settings,
        paths: common.paths,
        solve: SolveOptions {
            check_unique: common.check_unique,
            time_limit: common.time_limit,
        },
        format: common.format,
        jobs: common.jobs.map_or(cores, usize::from),
        quiet: common.quiet,
    }
}

fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected ROWSxCOLS such as 2x3, found '{text}'"))?;
    let number = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v >= 1);
    match (number(r), number(c)) {
        (Some(r), Some(c)) => Ok((r, c)),
        _ => Err(format!("expected ROWSxCOLS such as 2x3, found '{text}'")),
    }
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("expected a positive number of seconds, found '{text}'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn box_shape_parses_rows_by_columns() {
        assert_eq!(parse_box("2x3"), Ok((2, 3)));
        assert!(parse_box("2by3").is_err());
        assert!(parse_box("0x3").is_err());
    }

    #[test]
    fn time_limit_must_be_positive() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("nan").is_err());
        assert!(parse_seconds("-3").is_err());
    }
}
