//! The `mipsolve` binary: the application around the library (command line, folder walk,
//! parallel solving, output formats, progress). Everything that prints lives here.
#![forbid(unsafe_code)]

mod app;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let config = match app::cli::parse_args() {
        app::cli::Action::Run(config) => config,
        app::cli::Action::Print(text) => {
            return match std::io::stdout().write_all(text.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(2),
            };
        }
    };
    match app::run(&config) {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "mipsolve: {err:#}");
            ExitCode::from(2)
        }
    }
}
