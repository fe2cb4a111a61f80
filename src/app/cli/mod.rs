//! The command line: the only module that knows clap. One subcommand per registered kind,
//! with the kind's own options and the common ones, and `generate` ([`generate`]); the
//! result is a plain [`Config`] or [`GenerateConfig`].

mod command;
mod common_args;
mod conflicts;
mod generate;
mod into_config;
mod kind_options;
mod pictures;
mod value_error;

pub use generate::{GenerateConfig, PuzzleFormat};

use clap::ArgMatches;
use clap_complete::Shell;
use mipsolve::puzzle;

use super::config::Config;
use command::command;
use into_config::config_from;

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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use mipsolve::cage::Products;

    use super::common_args::parse_seconds;
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
        assert_eq!(parse_seconds("1.5").ok(), Some(Duration::from_millis(1500)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("nan").is_err());
        assert!(parse_seconds("-3").is_err());
        assert_eq!(
            parse_seconds("1000000000").ok(),
            Some(Duration::from_secs(1_000_000_000))
        );
        assert_eq!(
            parse_seconds("1000000001").unwrap_err().to_string(),
            "at most 1000000000 seconds (about 31 years), found '1000000001'"
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
