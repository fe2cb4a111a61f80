//! `mipsolve generate sudoku|kenken|takuzu`: the options of each kind, checked, as a plain
//! [`GenerateConfig`].

use std::ops::RangeInclusive;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::error::ErrorKind;
use clap::{ArgMatches, Args, Command, FromArgMatches, ValueEnum};
use mipsolve::cage::Op;
use mipsolve::deduce::Ladder;
use mipsolve::generate::{Design, Request, Symmetry};
use mipsolve::puzzle::sudoku::{box_for, parse_box, SOLO_VARIANTS};
use mipsolve::rule::PLACEMENTS;

use super::common_args::parse_seconds;

/// Everything a generating run needs, free of clap.
#[derive(Debug, Clone)]
pub struct GenerateConfig {
    /// What each puzzle must be.
    pub request: Request,
    /// The kind's subcommand name.
    pub kind: &'static str,
    /// How many puzzles.
    pub count: usize,
    /// The first puzzle's seed (the others follow it); `None`: a random one, reported.
    pub seed: Option<u64>,
    /// Puzzles generated in parallel.
    pub jobs: usize,
    /// How each puzzle is written.
    pub format: PuzzleFormat,
    /// Time limit per puzzle.
    pub time_limit: Option<Duration>,
    /// No progress bar and no summary.
    pub quiet: bool,
    /// Every puzzle in one PDF, with solution pages.
    pub pdf: Option<super::PdfSpec>,
    /// How the PDF draws them.
    pub style: mipsolve::picture::Style,
}

/// How generated puzzles are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// The tool's own input form: a grid (Sudoku, Takuzu), or JSON (KenKen, variants)
    Text,
    /// One JSON object per puzzle per line: the puzzle, its solution, level, givens and seed
    Json,
    /// Simon Tatham's game ID (Solo, Keen, Unruly), one per line, to paste into the game
    Gameid,
}

/// Options every kind shares.
#[derive(Debug, Args)]
struct Batch {
    /// How many puzzles
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    count: u32,
    /// The first puzzle's seed; puzzle i gets SEED + i, and one seed always gives the same
    /// puzzle (default: a random seed, reported on standard error)
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Puzzles generated in parallel (default: the number of cores); the output is the same
    /// for any number
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Output format
    #[arg(long, value_enum, ignore_case = true, default_value_t = PuzzleFormat::Text)]
    format: PuzzleFormat,
    /// Time limit per puzzle, in seconds (a puzzle that runs out is reported and skipped)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    time_limit: Option<Duration>,
    /// No progress bar and no summary on standard error (a random seed is still reported)
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    print: super::pictures::PrintArgs,
}

/// Options of the kinds whose clues are givens.
#[derive(Debug, Args)]
struct Givens {
    /// Which cells' givens are kept or removed together, as in Simon Tatham's Solo: none;
    /// r2, r4 (half and quarter turns); m2 (left-right mirror), md2 (main diagonal); m4, md4
    /// (both mirrors, both diagonals); m8 (all eight)
    #[arg(long, value_name = "SYMMETRY", value_parser = PossibleValuesParser::new(Symmetry::ALL.map(|s| s.0)))]
    symmetry: Option<String>,
    /// No given can be removed without losing uniqueness (each one checked); the givens then
    /// keep no symmetry unless --symmetry asks for one (each symmetric puzzle found is
    /// checked too, and most are not minimal: slow beyond 9x9)
    #[arg(long)]
    minimal: bool,
    /// How many givens a puzzle may keep, MIN..MAX
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    givens: Option<RangeInclusive<usize>>,
}

/// `generate sudoku`.
#[derive(Debug, Args)]
struct SudokuArgs {
    /// The grid's side, 4 to 64 (default 9, or that of --box)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(4..=64))]
    size: Option<u16>,
    /// Box shape, rows x columns (default: the squarest for the size)
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    box_shape: Option<(usize, usize)>,
    /// Variants, comma-separated
    #[arg(long, value_name = "VARIANTS", value_delimiter = ',', value_parser = variants())]
    variant: Vec<String>,
    /// Keep only puzzles --grade puts at this level of Solo's ladder
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(Ladder::Solo.levels().iter().copied()))]
    difficulty: Option<String>,
    #[command(flatten)]
    givens: Givens,
    #[command(flatten)]
    batch: Batch,
}

/// `generate kenken`.
#[derive(Debug, Args)]
struct KenkenArgs {
    /// The grid's side, 3 to 16
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u16).range(3..=16))]
    size: u16,
    /// The operators cages may use, e.g. '+-*/' (default), '*' (multiplication only) or '+-'
    #[arg(long, value_name = "OPS", default_value = "+-*/", value_parser = parse_ops, allow_hyphen_values = true)]
    ops: ::std::vec::Vec<Op>,
    /// Show every cage of two cells or more as '?': the operator is part of the puzzle
    #[arg(long)]
    hidden_ops: bool,
    /// Keep only puzzles --grade puts at this level of Keen's ladder
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(Ladder::Keen.levels().iter().copied()))]
    difficulty: Option<String>,
    #[command(flatten)]
    batch: Batch,
}

/// `generate takuzu`.
#[derive(Debug, Args)]
struct TakuzuArgs {
    /// The grid, ROWSxCOLS or N for a square (even sides, 4 to 64)
    #[arg(long, value_name = "RxC", default_value = "10x10", value_parser = parse_takuzu_size)]
    size: (usize, usize),
    /// Allow two equal rows or columns (the distinct-lines rule off)
    #[arg(long)]
    allow_duplicate_lines: bool,
    /// Keep only puzzles --grade puts at this level of Unruly's ladder
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(Ladder::Unruly.levels().iter().copied()))]
    difficulty: Option<String>,
    #[command(flatten)]
    givens: Givens,
    #[command(flatten)]
    batch: Batch,
}

/// The `generate` subcommand with one subcommand per kind.
pub fn command() -> Command {
    let about = "Generate new puzzles, each proven unique, optionally at one --grade level, \
                 symmetric and minimal";
    Command::new("generate")
        .about(about)
        .subcommand_required(true)
        .subcommand(
            SudokuArgs::augment_args(Command::new("sudoku"))
                .about("Generate Sudoku puzzles, 4x4 to 64x64, with boxes or Jigsaw regions and the rules --variant names"),
        )
        .subcommand(
            KenkenArgs::augment_args(Command::new("kenken"))
                .about("Generate KenKen puzzles, 3x3 to 16x16"),
        )
        .subcommand(
            TakuzuArgs::augment_args(Command::new("takuzu"))
                .about("Generate Takuzu (binary) puzzles"),
        )
}

/// The generating run the matches of [`command`] ask for.
pub fn config_from(matches: &ArgMatches) -> Result<GenerateConfig, clap::Error> {
    let missing = || clap::Error::new(ErrorKind::MissingSubcommand);
    let (name, sub) = matches.subcommand().ok_or_else(missing)?;
    let (kind, request, batch) = match name {
        "sudoku" => {
            let args = SudokuArgs::from_arg_matches(sub)?;
            ("sudoku", sudoku(&args)?, args.batch)
        }
        "kenken" => {
            let args = KenkenArgs::from_arg_matches(sub)?;
            let design = Design::KenKen {
                size: usize::from(args.size),
                ops: args.ops.clone(),
                hidden: args.hidden_ops,
            };
            if args.hidden_ops && args.batch.format == PuzzleFormat::Gameid {
                return Err(invalid("--format gameid: Keen has no hidden operators"));
            }
            let request = Request {
                design,
                level: level(Ladder::Keen, args.difficulty.as_deref()),
                symmetry: Symmetry::None,
                minimal: false,
                givens: None,
            };
            ("kenken", request, args.batch)
        }
        "takuzu" => {
            let args = TakuzuArgs::from_arg_matches(sub)?;
            let (rows, cols) = args.size;
            let design = Design::Takuzu {
                rows,
                cols,
                distinct: !args.allow_duplicate_lines,
            };
            if !args.allow_duplicate_lines && !distinct_lines_fit(rows, cols) {
                let message = format!(
                    "--size {rows}x{cols}: no Takuzu of this shape has distinct rows and \
                     columns (too few different lines); add --allow-duplicate-lines"
                );
                return Err(invalid(&message));
            }
            let level = level(Ladder::Unruly, args.difficulty.as_deref());
            (
                "takuzu",
                with_givens(design, level, &args.givens, Symmetry::None)?,
                args.batch,
            )
        }
        _ => return Err(missing()),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let refused = match (batch.print.circles(), batch.print.asks_pdf()) {
        (true, _) if kind != "takuzu" => {
            Some("--circles draws Takuzu's 0s and 1s as circles: it applies to takuzu only")
        }
        (true, false) => Some("--circles draws pictures: use it with --pdf FILE"),
        _ => None,
    };
    if let Some(message) = refused {
        let conflict = clap::error::ErrorKind::ArgumentConflict;
        return Err(clap::Error::raw(conflict, format!("{message}\n")));
    }
    let (pdf, style) = batch.print.spec();
    Ok(GenerateConfig {
        pdf,
        style,
        request,
        kind,
        count: batch.count as usize,
        seed: batch.seed,
        jobs: batch.jobs.map_or(cores, usize::from),
        format: batch.format,
        time_limit: batch.time_limit,
        quiet: batch.quiet,
    })
}

/// The fewest givens a puzzle of the design can have and one solution, where known: a
/// Sudoku with boxes and no other rule needs at least n-1 (two values never given can be
/// swapped), and the 9x9 at least 17 (McGuire, Tugemann and Civario, 2012), the 4x4 and
/// 6x6 at least 4 and 8 (exhaustive counts).
fn fewest_givens(design: &Design) -> Option<usize> {
    match *design {
        Design::Sudoku {
            size,
            boxes: Some(_),
            ref rules,
        } if rules.is_empty() => Some(match size {
            4 => 4,
            6 => 8,
            9 => 17,
            n => n - 1,
        }),
        _ => None,
    }
}

/// The names `--variant` takes: jigsaw, and each rule the generator can place.
fn variants() -> PossibleValuesParser {
    let jigsaw = PossibleValue::new("jigsaw").help("irregular regions instead of boxes");
    let rules = (PLACEMENTS.iter()).map(|rule| PossibleValue::new(rule.name).help(rule.about));
    PossibleValuesParser::new(std::iter::once(jigsaw).chain(rules))
}

/// A Sudoku request: size and box shape agreeing, Jigsaw without boxes.
fn sudoku(args: &SudokuArgs) -> Result<Request, clap::Error> {
    let has = |v: &str| args.variant.iter().any(|w| w == v);
    let size = match (args.size, args.box_shape) {
        (Some(n), _) => usize::from(n),
        (None, Some((r, c))) => r * c,
        (None, None) => 9,
    };
    let boxes = match (has("jigsaw"), args.box_shape) {
        (true, Some(_)) => return Err(invalid("--box and --variant jigsaw exclude each other")),
        (true, None) => None,
        (false, shape) => Some(box_for(size, shape).map_err(|p| invalid(&p.to_string()))?),
    };
    let rules: Vec<&'static str> = (PLACEMENTS.iter().map(|rule| rule.name))
        .filter(|name| has(name))
        .collect();
    if let Some(name) = (args.batch.format == PuzzleFormat::Gameid)
        .then(|| {
            args.variant
                .iter()
                .find(|v| !SOLO_VARIANTS.contains(&v.as_str()))
        })
        .flatten()
    {
        return Err(invalid(&format!(
            "--format gameid: Solo's game IDs cannot write --variant {name}"
        )));
    }
    let design = Design::Sudoku { size, boxes, rules };
    let level = level(Ladder::Solo, args.difficulty.as_deref());
    with_givens(design, level, &args.givens, Symmetry::R2)
}

/// A request for a kind with givens, its symmetry checked against the grid's shape.
fn with_givens(
    design: Design,
    level: Option<&'static str>,
    givens: &Givens,
    default: Symmetry,
) -> Result<Request, clap::Error> {
    let symmetry = givens
        .symmetry
        .as_deref()
        .and_then(Symmetry::named)
        .unwrap_or(match givens.minimal {
            true => Symmetry::None,
            false => default,
        });
    let (rows, cols) = design.shape();
    if symmetry.needs_square() && rows != cols {
        let message = format!(
            "--symmetry {}: needs a square grid, not {rows}x{cols}",
            symmetry.name()
        );
        return Err(invalid(&message));
    }
    if let Some(range) = &givens.givens {
        if *range.end() > rows * cols {
            let message = format!(
                "--givens {}..{}: the grid has {} cells",
                range.start(),
                range.end(),
                rows * cols
            );
            return Err(invalid(&message));
        }
        if let Some(fewest) = fewest_givens(&design).filter(|f| range.end() < f) {
            let message = format!(
                "--givens {}..{}: no such puzzle has one solution with fewer than {fewest} \
                 givens",
                range.start(),
                range.end(),
            );
            return Err(invalid(&message));
        }
    }
    Ok(Request {
        design,
        level,
        symmetry,
        minimal: givens.minimal,
        givens: givens.givens.clone(),
    })
}

/// Whether a `rows` x `cols` Takuzu can have distinct rows and columns: lines of n cells
/// that keep the balance and no three in a row number A177790(n / 2) (OEIS), as Unruly
/// checks.
fn distinct_lines_fit(rows: usize, cols: usize) -> bool {
    const LINES: [u64; 10] = [1, 2, 6, 14, 34, 84, 208, 518, 1296, 3254];
    let fits = |length: usize, count: usize| {
        LINES
            .get(length / 2)
            .is_none_or(|&lines| count as u64 <= lines)
    };
    fits(cols, rows) && fits(rows, cols)
}

/// The level's name on the ladder, as a static string.
fn level(ladder: Ladder, name: Option<&str>) -> Option<&'static str> {
    name.and_then(|name| ladder.levels().iter().copied().find(|l| *l == name))
}

fn invalid(message: &str) -> clap::Error {
    clap::Error::raw(ErrorKind::ValueValidation, format!("{message}\n"))
}

/// `MIN..MAX` (or a single number), MIN at most MAX.
fn parse_range(text: &str) -> Result<RangeInclusive<usize>, String> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected MIN..MAX such as 22..26, found '{text}'"))
    };
    let (min, max) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.trim_start_matches('='))?),
        None => (number(text)?, number(text)?),
    };
    match min <= max {
        true => Ok(min..=max),
        false => Err(format!("MIN is more than MAX in '{text}'")),
    }
}

/// Operator symbols, each once: `+ - * /` (`x` for `*`).
fn parse_ops(text: &str) -> Result<Vec<Op>, String> {
    let mut ops = Vec::new();
    for ch in text.chars().filter(|ch| !ch.is_whitespace() && *ch != ',') {
        let op = Op::from_symbol(&ch.to_string())
            .filter(|op| matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div))
            .ok_or_else(|| format!("'{ch}' is no operator: use + - * /"))?;
        if !ops.contains(&op) {
            ops.push(op);
        }
    }
    match ops.is_empty() {
        true => Err("no operator given: use some of + - * /".into()),
        false => Ok(ops),
    }
}

/// `RxC` or `N`, even sides from 4 to 64.
fn parse_takuzu_size(text: &str) -> Result<(usize, usize), String> {
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| n % 2 == 0 && (4..=64).contains(n))
            .ok_or_else(|| {
                format!("expected even sides from 4 to 64 such as 10x10, found '{text}'")
            })
    };
    match text.split_once(['x', 'X']) {
        Some((r, c)) => Ok((side(r)?, side(c)?)),
        None => side(text).map(|n| (n, n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Result<GenerateConfig, clap::Error> {
        let matches = command().try_get_matches_from(args)?;
        config_from(&matches)
    }

    #[test]
    fn options_become_a_request() {
        let c = config(&[
            "generate",
            "sudoku",
            "--box",
            "2x3",
            "--difficulty",
            "basic",
            "-n",
            "5",
            "--seed",
            "7",
        ])
        .unwrap();
        assert_eq!(
            c.request.design,
            Design::Sudoku {
                size: 6,
                boxes: Some((2, 3)),
                rules: Vec::new(),
            }
        );
        assert_eq!(
            (c.request.level, c.request.symmetry, c.count, c.seed),
            (Some("basic"), Symmetry::R2, 5, Some(7))
        );
        let c = config(&["generate", "kenken", "--size", "9", "--ops", "*"]).unwrap();
        assert_eq!(
            c.request.design,
            Design::KenKen {
                size: 9,
                ops: vec![Op::Mul],
                hidden: false
            }
        );
        // Every placement, named in reverse: the rules come back in the registry's order.
        let names: Vec<&str> = PLACEMENTS.iter().map(|p| p.name).collect();
        let reversed: Vec<&str> = names.iter().rev().copied().collect();
        let reversed = reversed.join(",");
        let variants = ["generate", "sudoku", "--variant", &reversed];
        assert_eq!(
            config(&variants).unwrap().request.design,
            Design::Sudoku {
                size: 9,
                boxes: Some((3, 3)),
                rules: names.clone(),
            }
        );
        let unwritten = names.iter().rev().find(|n| !SOLO_VARIANTS.contains(n));
        let gameid = config(&[&variants[..], &["--format", "gameid"]].concat());
        assert_eq!(
            gameid.unwrap_err().to_string(),
            format!(
                "error: --format gameid: Solo's game IDs cannot write --variant {}\n",
                unwritten.expect("a placement Solo's IDs cannot write")
            )
        );
        let minimal = config(&["generate", "sudoku", "--minimal"]).unwrap();
        assert_eq!(minimal.request.symmetry, Symmetry::None);
        let c = config(&["generate", "takuzu", "--size", "6x8", "--givens", "10..20"]).unwrap();
        assert_eq!(
            c.request.design,
            Design::Takuzu {
                rows: 6,
                cols: 8,
                distinct: true
            }
        );
        assert_eq!(c.request.givens, Some(10..=20));
        assert_eq!(c.request.symmetry, Symmetry::None);
    }

    #[test]
    fn contradictory_options_are_refused() {
        let refused = |args: &[&str]| config(args).unwrap_err().to_string();
        assert!(
            refused(&["generate", "sudoku", "--variant", "jigsaw", "--box", "3x3"])
                .contains("exclude each other")
        );
        assert!(refused(&["generate", "sudoku", "--size", "7"]).contains('7'));
        assert!(
            refused(&["generate", "takuzu", "--size", "6x8", "--symmetry", "r4"])
                .contains("square grid")
        );
        assert!(refused(&["generate", "takuzu", "--size", "7"]).contains("even sides"));
        assert!(refused(&["generate", "takuzu", "--size", "16x6"]).contains("distinct rows"));
        assert!(config(&["generate", "takuzu", "--size", "14x6"]).is_ok());
        assert!(refused(&["generate", "kenken", "--ops", "+%"]).contains("'%' is no operator"));
        assert!(
            refused(&["generate", "kenken", "--hidden-ops", "--format", "gameid"])
                .contains("hidden operators")
        );
        assert!(
            refused(&["generate", "sudoku", "--givens", "30..20"]).contains("MIN is more than MAX")
        );
        assert!(refused(&["generate", "sudoku", "--difficulty", "hard"]).contains("hard"));
        assert!(refused(&["generate", "kenken", "--minimal"]).contains("--minimal"));
    }
}
