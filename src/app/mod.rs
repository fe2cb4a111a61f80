//! The application: puzzles from paths, solved in parallel, written in input order through
//! the chosen output format, with progress, a summary and the exit code.

mod analysis;
pub mod cli;
mod config;
mod failure;
pub mod generate;
mod item;
mod json_line;
mod model_files;
mod ordered;
mod output;
mod pdf;
mod progress;
mod record;
pub mod serve;
mod sink;
mod stream;
mod walk;

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Instant;

use mipsolve::deadline::Deadline;
use mipsolve::pipeline;
use mipsolve::pipeline::Report;
use mipsolve::puzzle::Puzzle;

use analysis::{Findings, Solving, ANALYSES};
use config::Config;
use config::Format;
use failure::{Failure, Unwritten};
use output::Output;
use record::{Record, Solved, Status};
use walk::Item;

/// Runs the whole batch and returns the exit code (the worst verdict).
pub fn run(config: &Config) -> anyhow::Result<u8> {
    let started = Instant::now();
    let gathered = walk::gather(config.kind, &config.options, &config.paths, &config.stdin);
    let skipped = walk::skip_note((gathered.skipped, gathered.not_puzzles));
    let total = gathered.total();
    let mut items = gathered.into_items().peekable();
    // Two puzzles read ahead tell whether the run has several (a stream's count comes last).
    let first = items.next();
    let several = items.peek().is_some();
    let items = first.into_iter().chain(items);
    if config.format == Format::Svg && several {
        anyhow::bail!(
            "--format svg writes one picture, and this run has several puzzles: \
             use --picture DIR for a file per puzzle, or --pdf FILE"
        );
    }
    if let Some(spec) = &config.write_model {
        std::fs::create_dir_all(&spec.dir).map_err(|e| {
            let dir = spec.dir.display();
            anyhow::anyhow!("cannot create {dir}: {}", walk::io_message(&e))
        })?;
    }
    if let Some(dir) = &config.pictures.dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            anyhow::anyhow!("cannot create {}: {}", dir.display(), walk::io_message(&e))
        })?;
    }
    let named = config.write_model.is_some() || config.pictures.dir.is_some();
    let mut stems = model_files::Stems::default();
    let items = items.map(|item| {
        let stem = if named {
            stems.next(&item)
        } else {
            String::new()
        };
        (item, stem)
    });
    let mut printed = Vec::new();
    let progress = progress::bar(config.quiet || !several, total);
    let output = config.format.output(several);
    let mut counts: BTreeMap<Status, usize> = BTreeMap::new();
    let work = |(item, stem): (Item, String)| {
        let record = solve_item(config, &item, &stem);
        let printout = Printout::of(&record, output.as_ref(), config.pictures.pdf.is_some());
        // The item goes back with it, to be freed by the thread that read it.
        (printout, item)
    };
    let sink = sink::Sink::new();
    let failure = ordered::in_order(config.jobs, items, work, |(printout, _item)| {
        *counts.entry(printout.status).or_default() += 1;
        printed.extend(printout.printed);
        // The bar is drawn only while standard output is held (see progress.rs).
        let _held = (!progress.is_hidden()).then(|| io::stdout().lock());
        progress.suspend(|| print(printout.bytes?, printout.note, &sink))?;
        progress.inc(1);
        Ok(())
    })?;
    let failure = failure.or_else(|| progress.suspend(|| sink.flush()).err());
    progress.finish_and_clear();
    let code = counts.keys().map(|v| v.exit_code()).max().unwrap_or(0);
    match failure {
        // A closed pipe (`| head`) ends the run quietly.
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(code),
        Some(e) => anyhow::bail!("cannot write the output: {}", walk::io_message(&e)),
        None => {}
    }
    if let Some(spec) = &config.pictures.pdf {
        pdf::write_pdf(spec, &printed, config.pictures.style)?;
    }
    // A shard's summary is printed even for one puzzle: the shards' summaries add up.
    if (several || skipped.is_some() || config.stdin.is_shard()) && !config.quiet {
        let seconds = started.elapsed().as_secs_f64();
        let summary = summary(&counts, skipped.as_deref(), seconds);
        let _ = writeln!(io::stderr(), "{summary}");
    }
    Ok(code)
}

/// A record as the run hands it on: written out by the thread that solved it, so that the
/// thread printing the records in order only copies bytes (and frees what its own thread
/// allocated).
struct Printout {
    /// How the record counts in the summary and the exit code.
    status: Status,
    /// Its part of standard output.
    bytes: io::Result<Vec<u8>>,
    /// Its line on standard error, if any.
    note: Option<String>,
    /// Its puzzle for the PDF, when one is asked for and it was drawn.
    printed: Option<pdf::Printed>,
}

impl Printout {
    /// `record` written through `output`, with its PDF page when `pdf`.
    fn of(record: &Record, output: &dyn Output, pdf: bool) -> Printout {
        let mut bytes = Vec::new();
        Printout {
            status: record.status(),
            bytes: output.write(record, &mut bytes).map(|()| bytes),
            note: output.note(record),
            printed: pdf.then(|| pdf::printed(record)).flatten(),
        }
    }
}

/// Prints a record: its output part to standard output, its note to standard error (after
/// the records before it).
fn print(bytes: Vec<u8>, note: Option<String>, sink: &sink::Sink) -> io::Result<()> {
    sink.add(&bytes)?;
    let Some(note) = note else {
        return Ok(());
    };
    sink.flush()?;
    let _ = writeln!(io::stderr(), "{}", printable(&note));
    Ok(())
}

/// `text` with control characters escaped (`\u{1b}`), so that a message quoting a file's
/// bytes cannot clear or recolour the terminal.
pub fn printable(text: &str) -> String {
    (text.chars())
        .map(|ch| match ch.is_control() && ch != '\n' && ch != '\t' {
            true => ch.escape_unicode().to_string(),
            false => ch.to_string(),
        })
        .collect()
}

/// Solves one puzzle, then runs the analyses the run asks for; an error is one line naming
/// the file.
fn solve_puzzle(
    config: &Config,
    item: &Item,
    stem: &str,
    puzzle: &dyn Puzzle,
) -> Result<Solved, Failure> {
    // One deadline for all of the puzzle's work: the solve, the model file, the explanation.
    let deadline = Deadline::after(config.time_limit);
    let fail = |error| Failure::Solve {
        file: item.file.clone(),
        error: Box::new(error),
    };
    let Report { outcome, stats } = match &config.verify {
        Some(_) if puzzle.first() != 1 => {
            return Err(Failure::Write {
                file: item.file.clone(),
                error: Unwritten::FromZero("--verify"),
            })
        }
        Some(proposal) => {
            let grid = (puzzle.read_solution(&proposal.text)).map_err(|error| {
                let proposal = proposal.file.clone();
                Failure::Proposal {
                    file: item.file.clone(),
                    proposal,
                    error: Box::new(error),
                }
            })?;
            pipeline::check(puzzle, grid, &config.solve, deadline)
        }
        None => pipeline::solve(puzzle, &config.solve, deadline),
    }
    .map_err(fail)?;
    let at = Solving {
        config,
        item,
        stem,
        puzzle,
        outcome: &outcome,
        deadline,
    };
    let mut found = Findings::default();
    for analysis in ANALYSES {
        analysis.run(&at, &mut found)?;
    }
    Ok(Solved {
        found,
        warnings: puzzle.warnings().to_vec(),
        verified: config.verify.is_some(),
        stats: config.stats.then_some(stats),
        texts: (outcome.solutions().into_iter())
            .map(|g| puzzle.render(g))
            .collect(),
        outcome,
    })
}

/// The closing summary line.
fn summary(counts: &BTreeMap<Status, usize>, skipped: Option<&str>, seconds: f64) -> String {
    let count = |v| counts.get(&v).copied().unwrap_or(0);
    let total: usize = counts.values().sum();
    let skipped = skipped.map_or(String::new(), |note| format!("; {note}"));
    let rejected = match count(Status::Rejected) {
        0 => String::new(),
        n => format!(", {n} not a solution"),
    };
    format!(
        "mipsolve: {total} puzzles: {} solved, {} infeasible, {} not unique, {} timeout, \
         {} error{rejected}; {seconds:.2} s, {:.1} puzzles/s{skipped}",
        count(Status::Solved),
        count(Status::Infeasible),
        count(Status::NotUnique),
        count(Status::Timeout),
        count(Status::Error),
        total as f64 / seconds.max(1e-9),
    )
}

fn solve_item(config: &Config, item: &Item, stem: &str) -> Record {
    let started = Instant::now();
    let shape = item.puzzle.as_ref().ok().map(|p| p.shape());
    let first = item.puzzle.as_ref().map_or(1, |p| p.first());
    let variant = (item.puzzle.as_ref().ok()).and_then(|p| p.variant().map(<[_]>::to_vec));
    let mut operators = Vec::new();
    let result = match &item.puzzle {
        Err(failure) => Err(failure.clone()),
        Ok(puzzle) => {
            let solved = solve_puzzle(config, item, stem, puzzle.as_ref());
            if let Some(grid) = solved.as_ref().ok().and_then(|s| s.outcome.solution()) {
                operators = puzzle.hidden_operators(grid);
            }
            solved
        }
    };
    Record {
        file: item.file.clone(),
        index: item.index,
        line: item.line,
        in_collection: item.in_collection,
        kind: item.kind.map(|k| k.name),
        variant,
        operators,
        shape,
        first,
        seconds: started.elapsed().as_secs_f64(),
        result,
    }
}
