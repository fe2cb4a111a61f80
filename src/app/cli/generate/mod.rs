//! `mipsolve generate sudoku|kenken|takuzu`: the options of each kind, checked, as a plain
//! [`GenerateConfig`].

mod args;
mod requests;

use std::time::Duration;

use clap::error::ErrorKind;
use clap::{ArgMatches, Args, Command, FromArgMatches, ValueEnum};
use mipsolve::generate::Request;
use mipsolve::puzzle::{self, OptionSpec, Options};

use super::kind_options::{self, option_arg};
use args::{Batch, KenkenArgs, SudokuArgs, TakuzuArgs};

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
    pub pdf: Option<super::super::config::PdfSpec>,
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

/// A kind `generate` makes: its name, its subcommand's help, its options and the request they
/// make (with the kind's own options that `generate` shares with solving) and the batch's
/// options.
struct Generated {
    name: &'static str,
    about: &'static str,
    args: fn(Command) -> Command,
    read: ReadRequest,
}

/// A kind's matches and shared options read into its request and the batch's options.
type ReadRequest = fn(&ArgMatches, &Options) -> Result<(Request, Batch), clap::Error>;

/// The kinds `generate` makes, an entry each.
static KINDS: &[Generated] = &[
    Generated {
        name: "sudoku",
        about: "Generate Sudoku puzzles, 4x4 to 64x64, with boxes or Jigsaw regions and the rules \
                --variant names",
        args: SudokuArgs::augment_args,
        read: |sub, options| {
            let args = SudokuArgs::from_arg_matches(sub)?;
            Ok((requests::sudoku(&args, &options.sudoku)?, args.batch))
        },
    },
    Generated {
        name: "kenken",
        about: "Generate KenKen puzzles, 3x3 to 16x16",
        args: KenkenArgs::augment_args,
        read: |sub, _| {
            let args = KenkenArgs::from_arg_matches(sub)?;
            Ok((requests::kenken(&args)?, args.batch))
        },
    },
    Generated {
        name: "takuzu",
        about: "Generate Takuzu (binary) puzzles",
        args: TakuzuArgs::augment_args,
        read: |sub, options| {
            let args = TakuzuArgs::from_arg_matches(sub)?;
            Ok((requests::takuzu(&args, &options.takuzu)?, args.batch))
        },
    },
];

/// The `generate` subcommand with one subcommand per kind.
pub fn command() -> Command {
    let about = "Generate new puzzles, each proven unique, optionally at one --grade level, \
                 symmetric and minimal";
    let command = Command::new("generate")
        .about(about)
        .subcommand_required(true);
    (KINDS.iter()).fold(command, |command, kind| {
        let shared = (shared_options(kind.name).into_iter())
            .fold(Command::new(kind.name), |sub, spec| {
                sub.arg(option_arg(spec))
            });
        command.subcommand((kind.args)(shared).about(kind.about))
    })
}

/// The kind's own options that `generate` takes too, as solving declares them.
fn shared_options(name: &str) -> Vec<&'static OptionSpec> {
    let kind = puzzle::find(name).into_iter();
    let options = kind.flat_map(|kind| kind.options.iter());
    options.filter(|spec| spec.generates).collect()
}

/// The generating run the matches of [`command`] ask for.
pub fn config_from(matches: &ArgMatches) -> Result<GenerateConfig, clap::Error> {
    let missing = || clap::Error::new(ErrorKind::MissingSubcommand);
    let (name, sub) = matches.subcommand().ok_or_else(missing)?;
    let generated = KINDS.iter().find(|k| k.name == name).ok_or_else(missing)?;
    let options = kind_options::given(&shared_options(name), sub)?;
    let (request, batch) = (generated.read)(sub, &options)?;
    let kind = generated.name;
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

#[cfg(test)]
mod tests {
    use mipsolve::cage::Op;
    use mipsolve::generate::{Design, Symmetry};
    use mipsolve::puzzle::sudoku::SOLO_VARIANTS;
    use mipsolve::rule::PLACEMENTS;

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
