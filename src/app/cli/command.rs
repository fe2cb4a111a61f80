//! The clap definition of the whole command line: a subcommand per kind, `solve`, `render`,
//! `generate`, `serve`, completions and the man page, with the help's examples.

use clap::{Arg, ArgAction, Args, Command};
use clap_complete::Shell;
use mipsolve::puzzle::KINDS;

use super::common_args::Common;
use super::generate;
use super::kind_options::option_arg;

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
pub(super) fn command() -> Command {
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
