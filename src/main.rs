//! The `mipsolve` binary: the application around the library (command line, folder walk,
//! parallel solving, output formats, progress). Everything that prints lives here.
#![forbid(unsafe_code)]

mod app;

use std::io::Write;
use std::process::ExitCode;

/// mimalloc: puzzles are read on one thread and solved on another, and each thread's own
/// free lists make that cheaper than the system allocator's arenas.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The stack of the thread that runs the application (and of each worker): reserved
/// generously, so that no grid size (up to 64x64) can overflow it; only what is used is
/// touched.
const STACK_BYTES: usize = 1 << 30;

fn main() -> ExitCode {
    let app = std::thread::Builder::new().stack_size(STACK_BYTES);
    match app.spawn(run).map(|thread| thread.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(e) => exit(Err(anyhow::anyhow!("cannot start: {e}"))),
    }
}

/// Parses the command line and runs what it asks.
fn run() -> ExitCode {
    let config = match app::cli::parse_args() {
        app::cli::Action::Run(config) => config,
        app::cli::Action::Generate(config) => return exit(app::generate::run(&config)),
        app::cli::Action::Serve(config) => return exit(app::serve::run(&config)),
        app::cli::Action::Print(text) => {
            return match std::io::stdout().write_all(text.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(2),
            };
        }
    };
    exit(app::run(&config))
}

/// The exit code of a run; an error is printed once.
fn exit(result: anyhow::Result<u8>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            let message = app::printable(&format!("{err:#}"));
            let _ = writeln!(std::io::stderr(), "mipsolve: {message}");
            ExitCode::from(2)
        }
    }
}
