//! The command line: the only module that knows clap. One subcommand per registered kind,
//! with the kind's own options and the common ones, and `generate` ([`generate`]); the
//! result is a plain [`Config`] or [`GenerateConfig`].

mod generate;
mod pictures;

pub use generate::{GenerateConfig, PuzzleFormat};
pub use pictures::{PdfSpec, PictureFormat, Pictures};

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, ValueEnum};
use clap_complete::Shell;
use mipsolve::backend::{Backend, Mip};
use mipsolve::cage::Products;
use mipsolve::export::ModelFormulation;
use mipsolve::model_text::ModelFormat;
use mipsolve::pipeline::{Engine, Question, SolveOptions};
use mipsolve::puzzle::{self, Kind, OptionSpec, OptionValue, Options, KINDS};

use super::output::Format;
use super::record::Deduce;
use super::walk::Stdin;

/// What the command line asks for.
pub enum Action {
    /// Solve puzzles.
    Run(Config),
    /// Generate puzzles.
    Generate(GenerateConfig),
    /// Serve the f-puzzles solver protocol.
    Serve(super::serve::ServeConfig),
    /// Print a generated text (completions, the man page) and stop.
    Print(String),
}

/// Everything a run needs, free of clap.
#[derive(Clone)]
pub struct Config {
    /// The puzzle kind; `None`: each file's own (`mipsolve solve`).
    pub kind: Option<&'static Kind>,
    /// The kind's option values.
    pub options: Options,
    /// Files, folders, or `-`.
    pub paths: Vec<PathBuf>,
    /// Uniqueness and time limit.
    pub solve: SolveOptions,
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
    fn rendering(mut self) -> Config {
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

/// The options every kind shares.
#[derive(Debug, Args)]
struct Common {
    /// Puzzle files or directories ('-' reads standard input)
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Also prove the solution unique, or show a second one
    #[arg(long)]
    check_unique: bool,
    /// For a puzzle with no solution, name a minimal set of givens and cages that conflict;
    /// for one with several, suggest givens that make it unique (implies --check-unique)
    #[arg(long)]
    explain: bool,
    /// For a unique puzzle, name each given whose removal alone keeps it unique, and say
    /// whether the puzzle is minimal (none is) (implies --check-unique)
    #[arg(long)]
    audit: bool,
    /// Each cell's true candidates: exactly the values it takes in some solution, each
    /// proven by an exact engine (a time limit marks what is unproven)
    #[arg(long, conflicts_with_all = ["count", "verify", "hint", "repair"])]
    candidates: bool,
    /// The fewest edits of the givens that make the puzzle right, minimized by HiGHS (or the
    /// MIP solver --solver names): with no solution, givens changed; with several, the fewest
    /// givens added over every solution; prints the repaired puzzle and whether the repair is
    /// proven the smallest (implies --check-unique)
    #[arg(long)]
    repair: bool,
    /// Check the proposed solution in GRID_FILE against the puzzle and name every rule it
    /// breaks (with --check-unique, also whether the puzzle has another solution)
    #[arg(long, value_name = "GRID_FILE", conflicts_with_all = ["count", "explain", "audit", "repair", "grade", "steps"])]
    verify: Option<PathBuf>,
    /// Find up to N distinct solutions and tell whether they are all
    #[arg(long, value_name = "N", conflicts_with_all = ["check_unique", "audit", "repair", "grade", "steps"],
          value_parser = clap::value_parser!(u32).range(1..))]
    count: Option<u32>,
    /// Output format
    #[arg(long, value_enum, ignore_case = true, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Time limit per puzzle, in seconds
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    time_limit: Option<Duration>,
    /// Puzzles solved in parallel (default: the number of cores)
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// No progress bar and no summary on standard error
    #[arg(long, short)]
    quiet: bool,
    /// Standard input is a shard of a larger file: its puzzles' indices start at N
    #[arg(long, value_name = "N", default_value_t = 0)]
    index_offset: usize,
    /// Standard input is a shard of a larger file that starts after its line N
    #[arg(long, value_name = "N", default_value_t = 0)]
    line_offset: usize,
    /// The file name standard input's records carry instead of `-`
    #[arg(long, value_name = "NAME")]
    stdin_name: Option<String>,
    /// Write each puzzle's MIP to DIR/<file-stem>[-<index>].lp (with --check-unique or
    /// --count, also ...-nogood.lp: the model with the solutions found cut off)
    #[arg(long, value_name = "DIR")]
    write_model: Option<PathBuf>,
    /// File format of --write-model
    #[arg(long, value_enum, ignore_case = true, default_value_t = ModelFormatArg::Lp,
          requires = "write_model")]
    model_format: ModelFormatArg,
    /// The model the solver is handed (and --write-model writes)
    #[arg(long, value_enum, ignore_case = true, default_value_t = FormulationArg::Reduced)]
    formulation: FormulationArg,
    /// Which engine decides what the exact reductions leave open
    #[arg(long, value_enum, ignore_case = true, default_value_t = SolverArg::Auto)]
    solver: SolverArg,
    /// After each puzzle, what settled each question, the time in each stage that ran, the
    /// size of the model a solver was handed, and the solver's work (MIP nodes and
    /// iterations, SAT conflicts)
    #[arg(long)]
    stats: bool,
    /// For a unique puzzle, its difficulty on Simon Tatham's ladder (the hardest technique a
    /// person needs), a score and the guesses needed (implies --check-unique)
    #[arg(long)]
    grade: bool,
    /// For a unique puzzle, the solution as steps a person can follow, each with its reason
    /// (implies --check-unique)
    #[arg(long)]
    steps: bool,
    /// The next step for a partly filled puzzle, without its solution; if the filled-in values
    /// already leave no solution, which of them conflict (implies --check-unique)
    #[arg(long, conflicts_with_all = ["count", "verify"])]
    hint: bool,
    /// Write a picture of each puzzle and its solution to DIR (created if missing), one file
    /// per puzzle named as --write-model names its files
    #[arg(long, value_name = "DIR")]
    picture: Option<PathBuf>,
    /// File format of --picture
    #[arg(long, value_enum, ignore_case = true, default_value_t = PictureFormat::Svg,
          requires = "picture")]
    picture_format: PictureFormat,
    /// Pictures (--format svg, --picture, --pdf's puzzle pages) without the solution
    #[arg(long)]
    blank: bool,
    #[command(flatten)]
    print: pictures::PrintArgs,
}

/// The engine that decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolverArg {
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
enum ModelFormatArg {
    /// CPLEX LP format
    Lp,
    /// Free MPS format
    Mps,
}

/// Which model a MIP solver is handed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormulationArg {
    /// The model after the exact reductions, with the kind's cage options
    Reduced,
    /// The formulation documents' model as stated: every x[r,c,k], no reductions, log products
    Documents,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// Solved grids as text, in the input's style
    Text,
    /// One JSON object per puzzle per line
    Json,
    /// The puzzle and its solution as an SVG picture (one puzzle; --picture DIR for a batch)
    Svg,
}

/// Examples and exit codes, at the end of the main help.
const AFTER_HELP: &str = "\
Examples:
  mipsolve sudoku puzzle.txt                      solve one puzzle
  mipsolve kenken --check-unique cage.json        prove it has one solution, or show two
  mipsolve solve --format json -q puzzles/ | jq   every puzzle of a folder, any kind
  mipsolve sudoku -j 2 --time-limit 10 big.txt    a collection, two at a time
  mipsolve takuzu --count 1000 grid.txt           every solution, up to 1000
  mipsolve sudoku --explain puzzle.txt            why no solution, or what makes it unique
  mipsolve sudoku --audit puzzle.txt              which givens a unique puzzle does without
  mipsolve sudoku --repair puzzle.txt             the fewest given edits that make it unique
  mipsolve sudoku --grade --steps puzzle.txt      how hard it is, and the solution step by step
  mipsolve sudoku --hint half-done.txt            the next step, without the solution
  mipsolve kenken --write-model out/ cage.json    the MIP as an LP file for any solver
  mipsolve sudoku --verify mine.txt puzzle.txt    is mine.txt a solution? which rules break
  mipsolve generate sudoku --difficulty advanced  a new puzzle, proven unique, at that level

Exit codes:
  0  every puzzle solved (and unique, with --check-unique; counted, with --count)
  1  some puzzle has no solution, is not unique, ran out of time, or (--verify) a proposed
     grid is no solution, or (generate) some puzzle could not be made
  2  usage or input error, or an internal error";

/// The whole command line: one subcommand per registered kind, `solve` for any kind, and
/// the generated completions and man page.
fn command() -> Command {
    let mut cmd = Command::new("mipsolve")
        .version(env!("CARGO_PKG_VERSION"))
        .about(env!("CARGO_PKG_DESCRIPTION"))
        .after_help(AFTER_HELP)
        .subcommand_required(true)
        .arg_required_else_help(true);
    for kind in KINDS {
        let mut sub = Command::new(kind.name);
        for spec in kind.options {
            sub = sub.arg(option_arg(spec));
        }
        let sub = Common::augment_args(sub).about(kind.about).long_about(None);
        cmd = cmd.subcommand(sub);
    }
    let mut solve = Command::new("solve");
    let mut named: Vec<&str> = Vec::new();
    for spec in KINDS.iter().flat_map(|k| k.options) {
        if !named.contains(&spec.name) {
            named.push(spec.name);
            solve = solve.arg(option_arg(spec));
        }
    }
    let about = "Solve puzzles of any kind, told from each file's extension and content \
                 (each kind's options apply to its files)";
    let render = solve.clone().name("render");
    let render_about =
        "Print puzzles of any kind to one PDF (--pdf FILE): the puzzles, then their \
                        solutions, each titled with its file and level";
    let render = Common::augment_args(render)
        .mut_arg("pdf", |arg| arg.required(true))
        .about(render_about)
        .long_about(None);
    cmd.subcommand(Common::augment_args(solve).about(about).long_about(None))
        .subcommand(render)
        .subcommand(generate::command())
        .subcommand(
            Command::new("completions")
                .about("Print shell completions (e.g. mipsolve completions bash > /etc/bash_completion.d/mipsolve)")
                .arg(Arg::new("shell").required(true).value_parser(clap::value_parser!(Shell))),
        )
        .subcommand(Command::new("man").about("Print the man page (roff)"))
        .subcommand(serve_command())
}

/// `mipsolve serve [--port N] [--listen ADDR] [--quiet]`.
fn serve_command() -> Command {
    Command::new("serve")
        .about(
            "Answer the f-puzzles solver userscript over WebSocket (ws://127.0.0.1:4545): true \
             candidates, solve, check, count, logical steps",
        )
        .arg(
            Arg::new("port")
                .long("port")
                .value_name("PORT")
                .default_value("4545")
                .value_parser(clap::value_parser!(u16))
                .help("The port to listen on (0: any free port, named on standard error)"),
        )
        .arg(
            Arg::new("listen")
                .long("listen")
                .value_name("ADDR")
                .default_value("127.0.0.1")
                .value_parser(clap::value_parser!(std::net::IpAddr))
                .help(
                    "The address to listen on: loopback only by default; another address lets \
                     other machines send puzzles to this one",
                ),
        )
        .arg(
            Arg::new("quiet")
                .long("quiet")
                .short('q')
                .action(ArgAction::SetTrue)
                .help("No line per request on standard error"),
        )
}

/// A kind's option as a clap argument.
fn option_arg(spec: &'static OptionSpec) -> Arg {
    let arg = Arg::new(spec.name).long(spec.name).help(spec.help);
    match &spec.value {
        OptionValue::Flag { .. } => arg.action(ArgAction::SetTrue),
        OptionValue::Choice {
            placeholder,
            choices,
            ..
        } => {
            let values = choices
                .iter()
                .map(|&(name, help)| PossibleValue::new(name).help(help));
            let arg =
                (arg.value_name(*placeholder)).value_parser(PossibleValuesParser::new(values));
            match choices.first() {
                Some(&(default, _)) => arg.default_value(default),
                None => arg,
            }
        }
        OptionValue::Value { placeholder, set } => {
            // The option's own parser checks the value here and writes it in `config_from`.
            let set = *set;
            arg.value_name(*placeholder)
                .value_parser(move |text: &str| {
                    set(&mut Options::new(), text).map(|()| text.to_string())
                })
        }
    }
}

/// Parses the process arguments; prints usage and exits with code 2 on error.
pub fn parse_args() -> Action {
    let matches = command().get_matches();
    action_from(&matches).unwrap_or_else(|e| e.exit())
}

fn action_from(matches: &ArgMatches) -> Result<Action, clap::Error> {
    let missing = || clap::Error::new(clap::error::ErrorKind::MissingSubcommand);
    let (name, sub) = matches.subcommand().ok_or_else(missing)?;
    match name {
        "completions" => {
            let shell = *sub.get_one::<Shell>("shell").ok_or_else(missing)?;
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut command(), "mipsolve", &mut out);
            Ok(Action::Print(String::from_utf8_lossy(&out).into_owned()))
        }
        "man" => {
            let mut out = Vec::new();
            let rendered = clap_mangen::Man::new(command()).render(&mut out);
            rendered.map_err(|e| clap::Error::raw(clap::error::ErrorKind::Io, e))?;
            Ok(Action::Print(String::from_utf8_lossy(&out).into_owned()))
        }
        "solve" => config_from(None, sub).map(Action::Run),
        "render" => config_from(None, sub).map(|config| Action::Run(config.rendering())),
        "generate" => generate::config_from(sub).map(Action::Generate),
        "serve" => {
            let ip = *sub
                .get_one::<std::net::IpAddr>("listen")
                .ok_or_else(missing)?;
            let port = *sub.get_one::<u16>("port").ok_or_else(missing)?;
            Ok(Action::Serve(super::serve::ServeConfig {
                address: std::net::SocketAddr::new(ip, port),
                quiet: sub.get_flag("quiet"),
            }))
        }
        _ => config_from(Some(puzzle::find(name).ok_or_else(missing)?), sub).map(Action::Run),
    }
}

/// The run for one kind, or for every kind (`None`).
/// The kind's options given on the command line (every kind's, for `solve`).
fn kind_options(kind: Option<&'static Kind>, sub: &ArgMatches) -> Result<Options, clap::Error> {
    let specs: Vec<&OptionSpec> = match kind {
        Some(kind) => kind.options.iter().collect(),
        None => KINDS.iter().flat_map(|k| k.options.iter()).collect(),
    };
    let mut options = Options::new();
    for spec in specs {
        // Only values given on the command line: a kind applies its own defaults, and a
        // value given is one the user asked for.
        let given = sub.value_source(spec.name) == Some(ValueSource::CommandLine);
        let value = || sub.get_one::<String>(spec.name).filter(|_| given);
        match &spec.value {
            OptionValue::Flag { set } if sub.get_flag(spec.name) => set(&mut options),
            OptionValue::Flag { .. } => {}
            OptionValue::Choice { set, .. } => {
                value().into_iter().for_each(|w| set(&mut options, w))
            }
            OptionValue::Value { set, .. } => {
                if let Some(text) = value() {
                    let invalid = clap::error::ErrorKind::ValueValidation;
                    set(&mut options, text).map_err(|m| clap::Error::raw(invalid, m))?;
                }
            }
        }
    }
    Ok(options)
}

/// The documents state their cages (arithmetic, with logarithms for products): the cage
/// options that say otherwise cannot go with their formulation.
fn check_formulation(formulation: ModelFormulation, options: &Options) -> Result<(), clap::Error> {
    if formulation != ModelFormulation::Documents {
        return Ok(());
    }
    let asked = [
        ("cages", "table", options.kenken.cage_tables == Some(true)),
        (
            "products",
            "exact",
            options.kenken.products == Some(Products::Exact),
        ),
    ];
    match asked.into_iter().find(|a| a.2) {
        Some((name, value, _)) => Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "--{name} {value} cannot be used with --formulation documents: the \
                 documents' model writes cages as arithmetic with logarithms; use \
                 --formulation reduced --{name} {value}\n"
            ),
        )),
        None => Ok(()),
    }
}

/// What each puzzle is asked (uniqueness is what explanations, audits, repairs and grades
/// need), with the time limit, the engine and the formulation.
fn solve_options(common: &Common, formulation: ModelFormulation) -> SolveOptions {
    let unique = common.check_unique
        || common.explain
        || common.audit
        || common.repair
        || common.grade
        || common.steps
        || common.hint;
    SolveOptions {
        question: match (common.count, unique) {
            (Some(n), _) => Question::Count(n as usize),
            (None, true) => Question::Unique,
            (None, false) => Question::Solve,
        },
        time_limit: common.time_limit,
        engine: match common.solver {
            SolverArg::Auto => Engine::Auto,
            SolverArg::Highs => Engine::Only(Backend::Mip(Mip::Highs)),
            SolverArg::Cbc => Engine::Only(Backend::Mip(Mip::Cbc)),
            SolverArg::Microlp => Engine::Only(Backend::Mip(Mip::Microlp)),
            SolverArg::Cadical => Engine::Only(Backend::Cadical),
        },
        formulation,
    }
}

/// The MIP solver `--repair` minimizes with: HiGHS unless another is named; CaDiCaL cannot.
fn repair_solver(common: &Common) -> Result<Option<Mip>, clap::Error> {
    Ok(match (common.repair, common.solver) {
        (false, _) => None,
        (true, SolverArg::Auto | SolverArg::Highs) => Some(Mip::Highs),
        (true, SolverArg::Cbc) => Some(Mip::Cbc),
        (true, SolverArg::Microlp) => Some(Mip::Microlp),
        (true, SolverArg::Cadical) => {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                "--repair minimizes with a MIP solver: --solver highs, cbc or microlp; \
                 CaDiCaL cannot minimize\n",
            ))
        }
    })
}

fn config_from(kind: Option<&'static Kind>, sub: &ArgMatches) -> Result<Config, clap::Error> {
    let mut options = kind_options(kind, sub)?;
    let common = Common::from_arg_matches(sub)?;
    let formulation = match common.formulation {
        FormulationArg::Reduced => ModelFormulation::Reduced,
        FormulationArg::Documents => ModelFormulation::Documents,
    };
    check_formulation(formulation, &options)?;
    refuse_inapplicable(kind, &options, &common)?;
    // What to do about clashing givens is the question these answer: they are read.
    options.keep_clashing_givens = common.repair || common.explain || common.audit;
    let repair = repair_solver(&common)?;
    let solve = solve_options(&common, formulation);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (pdf, mut style) = common.print.spec();
    style.blank = common.blank;
    let pictures = Pictures {
        dir: common.picture.clone(),
        format: Some(common.picture_format),
        pdf,
        style,
    };
    Ok(Config {
        stdin: Stdin {
            name: common.stdin_name.clone(),
            index_offset: common.index_offset,
            line_offset: common.line_offset,
        },
        pictures,
        kind,
        options,
        paths: common.paths,
        solve,
        stats: common.stats,
        deduce: Deduce {
            grade: common.grade,
            steps: common.steps,
            hint: common.hint,
        },
        format: match common.format {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Svg => Format::Svg,
        },
        jobs: common.jobs.map_or(cores, usize::from),
        quiet: common.quiet,
        explain: common.explain,
        audit: common.audit,
        candidates: common.candidates,
        repair,
        verify: common.verify.map(|path| read_proposal(&path)).transpose()?,
        write_model: common.write_model.map(|dir| WriteModel {
            dir,
            format: match common.model_format {
                ModelFormatArg::Lp => ModelFormat::Lp,
                ModelFormatArg::Mps => ModelFormat::Mps,
            },
            formulation,
        }),
    })
}

/// Options that cannot apply to what was asked are usage errors, not silently ignored.
fn refuse_inapplicable(
    kind: Option<&'static Kind>,
    options: &Options,
    common: &Common,
) -> Result<(), clap::Error> {
    let pictures = common.format == FormatArg::Svg || common.picture.is_some();
    let refused = if options.grid && options.line {
        Some("--grid and --line exclude each other: choose one reading")
    } else if common.blank && !pictures && !common.print.asks_pdf() {
        Some("--blank draws pictures without the solution: use it with --format svg, --picture DIR or --pdf FILE")
    } else if common.print.circles() && kind.is_some_and(|k| k.name != "takuzu") {
        Some("--circles draws Takuzu's 0s and 1s as circles: it applies to mipsolve takuzu (or solve) only")
    } else if common.print.circles() && !pictures && !common.print.asks_pdf() {
        Some("--circles draws pictures: use it with --format svg, --picture DIR or --pdf FILE")
    } else {
        None
    };
    match refused {
        Some(message) => Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!("{message}\n"),
        )),
        None => Ok(()),
    }
}

/// Reads `--verify`'s file; an unreadable one is a usage error.
fn read_proposal(path: &std::path::Path) -> Result<Proposal, clap::Error> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        let message = format!(
            "--verify {file}: cannot read: {}\n",
            super::walk::io_message(&e)
        );
        clap::Error::raw(clap::error::ErrorKind::Io, message)
    })?;
    Ok(Proposal { file, text })
}

/// The longest time limit, in seconds (about 31 years).
const MAX_SECONDS: f64 = 1e9;

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds = (text.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .ok_or_else(|| format!("expected a positive number of seconds, found '{text}'"))?;
    match seconds <= MAX_SECONDS {
        true => Ok(Duration::from_secs_f64(seconds)),
        false => Err(format!(
            "at most {MAX_SECONDS:.0} seconds (about 31 years), found '{text}'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_definition_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn every_kind_is_a_subcommand_with_its_own_options() {
        let config =
            |args: &[&str]| match action_from(&command().try_get_matches_from(args).unwrap()) {
                Ok(Action::Run(config)) => config,
                _ => panic!("expected a run"),
            };
        let kenken = config(&["mipsolve", "kenken", "--products", "log", "p.json"]);
        assert_eq!(kenken.kind.map(|k| k.name), Some("kenken"));
        assert_eq!(kenken.options.kenken.products, Some(Products::Log));
        assert_eq!(
            kenken.options.kenken.cage_tables, None,
            "not given: the kind's default"
        );
        let takuzu = config(&["mipsolve", "takuzu", "--allow-duplicate-lines", "t.txt"]);
        assert!(takuzu.options.takuzu.allow_duplicate_lines);
        let solve = config(&[
            "mipsolve",
            "solve",
            "--box",
            "2x3",
            "--allow-duplicate-lines",
            "-j",
            "2",
            "p",
        ]);
        assert!(solve.kind.is_none());
        assert_eq!(solve.options.sudoku.box_shape, Some((2, 3)));
        assert!(solve.options.takuzu.allow_duplicate_lines);
        assert_eq!(solve.jobs, 2);
    }

    #[test]
    fn time_limit_must_be_positive() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("nan").is_err());
        assert!(parse_seconds("-3").is_err());
        assert_eq!(
            parse_seconds("1000000000"),
            Ok(Duration::from_secs(1_000_000_000))
        );
        assert_eq!(
            parse_seconds("1000000001"),
            Err("at most 1000000000 seconds (about 31 years), found '1000000001'".into())
        );
    }

    #[test]
    fn random_argument_lists_never_panic_the_command_line() {
        let pieces = [
            "sudoku",
            "kenken",
            "takuzu",
            "solve",
            "completions",
            "man",
            "--box",
            "2x3",
            "5x3689348814741910325",
            "0x0",
            "x",
            "--time-limit",
            "0",
            "-1",
            "1e300",
            "nan",
            "0.0000001",
            "--jobs",
            "-j",
            "0",
            "65536",
            "--format",
            "JSON",
            "yaml",
            "--cages",
            "table",
            "--products",
            "log",
            "--alphabet",
            "0-9A-Z",
            "a-z",
            "--grid",
            "--line",
            "--check-unique",
            "-q",
            "--allow-duplicate-lines",
            "bash",
            "p.txt",
            "-",
            "--",
            "",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..3000 {
            let mut args = vec!["mipsolve"];
            for _ in 0..(state % 7) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                args.push(pieces[(state % pieces.len() as u64) as usize]);
            }
            if let Ok(matches) = command().try_get_matches_from(&args) {
                let _ = action_from(&matches);
            }
        }
    }
}
