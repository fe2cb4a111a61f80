//! `mipsolve generate`: puzzles made in parallel, written in seed order in the asked format,
//! with progress, a summary and the exit code.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use mipsolve::deadline::Deadline;
use mipsolve::generate::{generate, GenerateError, Generated};
use serde_json::{json, Value};

use super::cli::{GenerateConfig, PuzzleFormat};
use super::pdf::{self, Printed};
use super::{ordered, progress, walk};

/// Generates the batch and returns the exit code: 1 when some puzzle could not be made.
pub fn run(config: &GenerateConfig) -> anyhow::Result<u8> {
    let started = Instant::now();
    let first = config.seed.unwrap_or_else(random_seed);
    let progress = progress::bar(config.quiet || config.count < 2, Some(config.count));
    let mut made = Made::default();
    let mut writer = Writer::new(config);
    let mut printed = Vec::new();
    let work = |i: usize| make(config, first.wrapping_add(i as u64));
    let failure = ordered::in_order(config.jobs, 0..config.count, work, |(seed, result)| {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        match &result {
            Ok(found) => {
                *made.levels.entry(found.level).or_default() += 1;
                made.givens += found.givens;
                if let Some(drawing) = found.puzzle.drawing().filter(|_| config.pdf.is_some()) {
                    printed.push(Printed {
                        title: format!("seed {seed} ({})", found.level),
                        drawing,
                        solution: Some(found.solution.clone()),
                        heading: "solution",
                    });
                }
            }
            Err(_) => made.failed += 1,
        }
        progress.suspend(|| writer.write(seed, &result, &mut out))?;
        progress.inc(1);
        Ok(())
    })?;
    progress.finish_and_clear();
    let failure = failure.or_else(|| writer.finish(&mut io::stdout().lock()).err());
    match failure {
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Some(e) => anyhow::bail!("cannot write the output: {}", walk::io_message(&e)),
        None => {}
    }
    if let Some(spec) = &config.pdf {
        pdf::write_pdf(spec, &printed, config.style)?;
    }
    if config.quiet && config.seed.is_none() {
        // The only way to make these puzzles again.
        let _ = writeln!(io::stderr(), "mipsolve: seed {first}");
    }
    if !config.quiet && (config.count > 1 || config.seed.is_none()) {
        summary(config, first, &made, started.elapsed().as_secs_f64());
    }
    Ok(u8::from(made.failed > 0))
}

/// The puzzle of one seed, or why it could not be made (a game ID Simon Tatham's game has no
/// form for is a failure too).
fn make(config: &GenerateConfig, seed: u64) -> (u64, Result<Generated, Unmade>) {
    let result = generate(&config.request, seed, Deadline::after(config.time_limit));
    let result = result.map_err(Unmade::from).and_then(|found| {
        match config.format == PuzzleFormat::Gameid && found.puzzle.game_id().is_none() {
            true => Err(Unmade::NoGameId(game(config.kind))),
            false => Ok(found),
        }
    });
    (seed, result)
}

/// Why the puzzle of a seed was not made.
#[derive(Debug, thiserror::Error)]
enum Unmade {
    /// The generator failed.
    #[error("{0}")]
    Generating(#[from] GenerateError),
    /// The puzzle was asked as a game ID of a game of Tatham's that has no form for it.
    #[error("Simon Tatham's {0} has no game ID for it")]
    NoGameId(&'static str),
}

/// What the puzzles handed on add up to, for the summary.
#[derive(Default)]
struct Made {
    /// Puzzles made, per level.
    levels: BTreeMap<&'static str, usize>,
    /// Puzzles that could not be made.
    failed: usize,
    /// Givens over all the puzzles made.
    givens: usize,
}

/// The summary on standard error: puzzles made and failed, their seeds, levels and average
/// givens, and the time taken (`seconds`).
fn summary(config: &GenerateConfig, first: u64, made: &Made, seconds: f64) {
    let count = config.count - made.failed;
    let seeds = match config.count {
        1 => format!("seed {first}"),
        n => format!("seeds {first}..{}", first.wrapping_add(n as u64 - 1)),
    };
    let levels: Vec<String> = made
        .levels
        .iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    let average = match (count, config.request.design.has_givens()) {
        (0, _) | (_, false) => String::new(),
        (count, true) => format!(
            "; {:.1} givens on average",
            made.givens as f64 / count as f64
        ),
    };
    let failed = match made.failed {
        0 => String::new(),
        n => format!(", {n} failed"),
    };
    let _ = writeln!(
        io::stderr(),
        "mipsolve: {count} puzzles generated{failed} ({seeds}): {}{average}; {seconds:.2} s, {:.2} puzzles/s",
        levels.join(", "),
        count as f64 / seconds.max(1e-9),
    );
}

/// The game of Tatham's that plays a kind.
fn game(kind: &str) -> &'static str {
    match kind {
        "sudoku" => "Solo",
        "kenken" => "Keen",
        _ => "Unruly",
    }
}

/// A seed from the clock, for a run that names none.
fn random_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ u64::from(std::process::id()).rotate_left(32)
}

/// Writes each puzzle as it comes; a batch of JSON puzzles in text form is one array.
struct Writer {
    format: PuzzleFormat,
    kind: &'static str,
    batch: bool,
    written: usize,
    in_array: bool,
}

impl Writer {
    fn new(config: &GenerateConfig) -> Self {
        Writer {
            format: config.format,
            kind: config.kind,
            batch: config.count > 1,
            written: 0,
            in_array: false,
        }
    }

    fn write(
        &mut self,
        seed: u64,
        result: &Result<Generated, Unmade>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let found = match result {
            Ok(found) => found,
            Err(e) => {
                let message = format!("puzzle of seed {seed}: {e}");
                if self.format == PuzzleFormat::Json {
                    writeln!(
                        out,
                        "{}",
                        json!({"seed": seed, "kind": self.kind, "error": message})
                    )?;
                } else {
                    let _ = writeln!(io::stderr(), "mipsolve: {message}");
                }
                return out.flush();
            }
        };
        let text = found.puzzle.render_puzzle().unwrap_or_default();
        match self.format {
            PuzzleFormat::Gameid => match found.puzzle.game_id() {
                Some(id) => writeln!(out, "{id}")?,
                None => return out.flush(),
            },
            PuzzleFormat::Json => writeln!(out, "{}", record(seed, self.kind, found, &text))?,
            PuzzleFormat::Text if text.starts_with('{') && self.batch => {
                let lead = if self.in_array { ",\n" } else { "[\n" };
                write!(out, "{lead}{}", text.trim_end())?;
                self.in_array = true;
            }
            PuzzleFormat::Text => {
                let gap = if self.written > 0 { "\n" } else { "" };
                write!(out, "{gap}{text}")?;
            }
        }
        self.written += 1;
        out.flush()
    }

    /// Closes the array of a JSON batch.
    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.in_array {
            writeln!(out, "\n]")?;
            out.flush()?;
        }
        Ok(())
    }
}

/// One puzzle as a JSON line: its seed, kind, level and givens, the puzzle in the tool's
/// input form (an object for JSON kinds, text for grids), its solution and game ID.
fn record(seed: u64, kind: &str, found: &Generated, text: &str) -> Value {
    let puzzle = match serde_json::from_str::<Value>(text) {
        Ok(object @ Value::Object(_)) => object,
        _ => Value::from(text),
    };
    let (rows, cols) = found.puzzle.shape();
    json!({
        "seed": seed,
        "kind": kind,
        "variant": found.puzzle.variant(),
        "rows": rows,
        "cols": cols,
        "level": found.level,
        "givens": found.givens,
        "attempts": found.attempts,
        "puzzle": puzzle,
        "solution": found.solution.to_rows(),
        "gameid": found.puzzle.game_id(),
    })
}
