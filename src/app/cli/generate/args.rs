//! The options of `generate` as clap reads them: the batch every kind shares, the givens,
//! each kind's own, and the parsers of their values.

use std::ops::RangeInclusive;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;
use mipsolve::cage::Op;
use mipsolve::deduce::Ladder;
use mipsolve::generate::Symmetry;
use mipsolve::rule::PLACEMENTS;

use super::super::common_args::parse_seconds;
use super::super::pictures::PrintArgs;
use super::super::value_error::ArgValueError;
use super::PuzzleFormat;

/// Options every kind shares.
#[derive(Debug, Args)]
pub(super) struct Batch {
    /// How many puzzles
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(super) count: u32,
    /// The first puzzle's seed; puzzle i gets SEED + i, and one seed always gives the same
    /// puzzle (default: a random seed, reported on standard error)
    #[arg(long, value_name = "SEED")]
    pub(super) seed: Option<u64>,
    /// Puzzles generated in parallel (default: the number of cores); the output is the same
    /// for any number
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) jobs: Option<u16>,
    /// Output format
    #[arg(long, value_enum, ignore_case = true, default_value_t = PuzzleFormat::Text)]
    pub(super) format: PuzzleFormat,
    /// Time limit per puzzle, in seconds (a puzzle that runs out is reported and skipped)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub(super) time_limit: Option<Duration>,
    /// No progress bar and no summary on standard error (a random seed is still reported)
    #[arg(long, short)]
    pub(super) quiet: bool,
    #[command(flatten)]
    pub(super) print: PrintArgs,
}

/// Options of the kinds whose clues are givens.
#[derive(Debug, Args)]
pub(super) struct Givens {
    /// Which cells' givens are kept or removed together, as in Simon Tatham's Solo: none;
    /// r2, r4 (half and quarter turns); m2 (left-right mirror), md2 (main diagonal); m4, md4
    /// (both mirrors, both diagonals); m8 (all eight)
    #[arg(long, value_name = "SYMMETRY", value_parser = PossibleValuesParser::new(Symmetry::ALL.map(|s| s.0)))]
    pub(super) symmetry: Option<String>,
    /// No given can be removed without losing uniqueness (each one checked); the givens then
    /// keep no symmetry unless --symmetry asks for one (each symmetric puzzle found is
    /// checked too, and most are not minimal: slow beyond 9x9)
    #[arg(long)]
    pub(super) minimal: bool,
    /// How many givens a puzzle may keep, MIN..MAX
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    pub(super) givens: Option<RangeInclusive<usize>>,
}

/// `generate sudoku`.
#[derive(Debug, Args)]
pub(super) struct SudokuArgs {
    /// The grid's side, 4 to 64 (default 9, or that of --box)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(4..=64))]
    pub(super) size: Option<u16>,
    /// Variants, comma-separated
    #[arg(long, value_name = "VARIANTS", value_delimiter = ',', value_parser = variants())]
    pub(super) variant: Vec<String>,
    /// Keep only puzzles --grade puts at this level of Solo's ladder
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(Ladder::Solo.levels().iter().copied()))]
    pub(super) difficulty: Option<String>,
    #[command(flatten)]
    pub(super) givens: Givens,
    #[command(flatten)]
    pub(super) batch: Batch,
}

/// `generate kenken`.
#[derive(Debug, Args)]
pub(super) struct KenkenArgs {
    /// The grid's side, 3 to 16
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u16).range(3..=16))]
    pub(super) size: u16,
    /// The operators cages may use, e.g. '+-*/' (default), '*' (multiplication only) or '+-'
    #[arg(long, value_name = "OPS", default_value = "+-*/", value_parser = parse_ops, allow_hyphen_values = true)]
    pub(super) ops: ::std::vec::Vec<Op>,
    /// Show every cage of two cells or more as '?': the operator is part of the puzzle
    #[arg(long)]
    pub(super) hidden_ops: bool,
    /// Keep only puzzles --grade puts at this level of Keen's ladder
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(Ladder::Keen.levels().iter().copied()))]
    pub(super) difficulty: Option<String>,
    #[command(flatten)]
    pub(super) batch: Batch,
}

/// `generate takuzu`.
#[derive(Debug, Args)]
pub(super) struct TakuzuArgs {
    /// The grid, ROWSxCOLS or N for a square (even sides, 4 to 64)
    #[arg(long, value_name = "RxC", default_value = "10x10", value_parser = parse_takuzu_size)]
    pub(super) size: (usize, usize),
    /// Keep only puzzles --grade puts at this level of Unruly's ladder
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(Ladder::Unruly.levels().iter().copied()))]
    pub(super) difficulty: Option<String>,
    #[command(flatten)]
    pub(super) givens: Givens,
    #[command(flatten)]
    pub(super) batch: Batch,
}

/// The names `--variant` takes: jigsaw, and each rule the generator can place.
fn variants() -> PossibleValuesParser {
    let jigsaw = PossibleValue::new("jigsaw").help("irregular regions instead of boxes");
    let rules = (PLACEMENTS.iter()).map(|rule| PossibleValue::new(rule.name).help(rule.about));
    PossibleValuesParser::new(std::iter::once(jigsaw).chain(rules))
}

/// `MIN..MAX` (or a single number), MIN at most MAX.
fn parse_range(text: &str) -> Result<RangeInclusive<usize>, ArgValueError> {
    let number =
        |s: &str| (s.trim().parse::<usize>()).map_err(|_| ArgValueError::Range(text.into()));
    let (min, max) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.trim_start_matches('='))?),
        None => (number(text)?, number(text)?),
    };
    match min <= max {
        true => Ok(min..=max),
        false => Err(ArgValueError::Backwards(text.into())),
    }
}

/// Operator symbols, each once: `+ - * /` (`x` for `*`).
fn parse_ops(text: &str) -> Result<Vec<Op>, ArgValueError> {
    let mut ops = Vec::new();
    for ch in text.chars().filter(|ch| !ch.is_whitespace() && *ch != ',') {
        let op = Op::from_symbol(&ch.to_string())
            .filter(|op| matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div))
            .ok_or(ArgValueError::Operator(ch))?;
        if !ops.contains(&op) {
            ops.push(op);
        }
    }
    match ops.is_empty() {
        true => Err(ArgValueError::NoOperator),
        false => Ok(ops),
    }
}

/// `RxC` or `N`, even sides from 4 to 64.
fn parse_takuzu_size(text: &str) -> Result<(usize, usize), ArgValueError> {
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| n % 2 == 0 && (4..=64).contains(n))
            .ok_or_else(|| ArgValueError::TakuzuSize(text.into()))
    };
    match text.split_once(['x', 'X']) {
        Some((r, c)) => Ok((side(r)?, side(c)?)),
        None => side(text).map(|n| (n, n)),
    }
}
