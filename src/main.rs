//! The `mipsolve` binary: parse arguments, run the batch, exit with its code.

use std::process::ExitCode;

fn main() -> ExitCode {
    let config = mipsolve::cli::parse_args();
    match mipsolve::batch::run(&config) {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("mipsolve: {err:#}");
            ExitCode::from(2)
        }
    }
}
