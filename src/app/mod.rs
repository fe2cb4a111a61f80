//! The application: puzzles from paths, solved in parallel, written in input order through
//! the chosen output format, with progress, a summary and the exit code.

pub mod cli;
mod failure;
pub mod generate;
mod item;
mod model_files;
mod ordered;
mod output;
mod picture_files;
mod progress;
mod record;
pub mod serve;
mod sink;
mod stream;
mod walk;

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Instant;

use mipsolve::clue::Clue;
use mipsolve::deadline::Deadline;
use mipsolve::grid::{cell_name, Grid};
use mipsolve::pipeline::Report;
use mipsolve::puzzle::Puzzle;
use mipsolve::{explain, picture, pipeline, repair};

use cli::{Config, PictureFormat};
use failure::Failure;
use output::{Format, Output};
use record::{Deduced, Record, Repaired, Solved, Status, NOT_DEDUCED};
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
    let work = |(item, stem): (Item, String)| solve_item(config, &item, &stem);
    let sink = sink::Sink::new();
    let failure = ordered::in_order(config.jobs, items, work, |record| {
        *counts.entry(record.status()).or_default() += 1;
        if config.pictures.pdf.is_some() {
            printed.extend(picture_files::printed(&record));
        }
        // The bar is drawn only while standard output is held (see progress.rs).
        let _held = (!progress.is_hidden()).then(|| io::stdout().lock());
        progress.suspend(|| print_record(output.as_ref(), &record, &sink))?;
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
        picture_files::write_pdf(spec, &printed, config.pictures.style)?;
    }
    // A shard's summary is printed even for one puzzle: the shards' summaries add up.
    if (several || skipped.is_some() || config.stdin.is_shard()) && !config.quiet {
        let seconds = started.elapsed().as_secs_f64();
        let summary = summary(&counts, skipped.as_deref(), seconds);
        let _ = writeln!(io::stderr(), "{summary}");
    }
    Ok(code)
}

/// Writes a record: its output part to standard output, its note to standard error (after
/// the records before it).
fn print_record(output: &dyn Output, record: &Record, sink: &sink::Sink) -> io::Result<()> {
    sink.add(|buffer| output.write(record, buffer))?;
    let Some(note) = output.note(record) else {
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

/// Solves one puzzle, then writes its model, explains and audits it, as asked; an error is one
/// line naming the file.
fn solve_puzzle(
    config: &Config,
    item: &Item,
    stem: &str,
    puzzle: &dyn Puzzle,
) -> Result<Solved, Failure> {
    let file = || item.file.clone();
    let fail = |error| Failure::Solve {
        file: file(),
        error: Box::new(error),
    };
    let unwritten = |message| Failure::Write {
        file: file(),
        message,
    };
    // One deadline for all of the puzzle's work: the solve, the model file, the explanation.
    let deadline = Deadline::after(config.solve.time_limit);
    let question = config.solve.question;
    let Report { outcome, stats } = match &config.verify {
        Some(proposal) => {
            let grid = (puzzle.read_solution(&proposal.text)).map_err(|error| {
                let proposal = proposal.file.clone();
                Failure::Proposal {
                    file: file(),
                    proposal,
                    error: Box::new(error),
                }
            })?;
            pipeline::check(puzzle, grid, &config.solve, deadline)
        }
        None => pipeline::solve(puzzle, &config.solve, deadline),
    }
    .map_err(fail)?;
    if let Some(spec) = &config.write_model {
        let name = match item.index {
            Some(i) if item.in_collection => format!("{} [{i}]", item.file),
            _ => item.file.clone(),
        };
        let title = format!("{name}, {}", item.kind.map_or("puzzle", |k| k.title));
        model_files::write(spec, stem, &title, puzzle, question, &outcome, deadline)
            .map_err(unwritten)?;
    }
    let repair = match &config.repair {
        Some(solver) => {
            repair::repair(puzzle, &outcome, &config.solve, solver, deadline).map_err(fail)?
        }
        None => None,
    };
    // --repair's answer for several solutions replaces --explain's greedy one; --hint on
    // filled-in values that leave no solution names the ones that conflict.
    let several = matches!(outcome, pipeline::Outcome::Several { .. });
    let conflict = config.deduce.hint && matches!(outcome, pipeline::Outcome::Infeasible { .. });
    let explanation = match (config.explain && !(config.repair.is_some() && several)) || conflict {
        true => explain::explain(puzzle, &outcome, &config.solve, deadline).map_err(fail)?,
        false => None,
    };
    let audit = match config.audit {
        true => explain::audit(puzzle, &outcome, &config.solve, deadline).map_err(fail)?,
        false => None,
    };
    let candidates = match config.candidates && outcome.solution().is_some() {
        true => mipsolve::candidates::true_candidates(puzzle, deadline).map_err(fail)?,
        false => None,
    };
    let deduced = match (&outcome, config.deduce.any()) {
        (pipeline::Outcome::Unique(solution), true) => Some(Deduced {
            asked: config.deduce,
            found: (match config.deduce.hint {
                true => hint_start(puzzle, solution),
                false => Ok(None),
            })
            .and_then(|start| {
                let from = start.as_deref().unwrap_or(puzzle);
                (from.deduce(solution, deadline)).ok_or_else(|| {
                    match deadline.passed() {
                        true => "not graded: time limit reached before the steps were complete",
                        false => NOT_DEDUCED,
                    }
                    .to_string()
                })
            }),
        }),
        (_, true) if config.deduce.hint => Deduced::not_unique(config.deduce, &outcome),
        _ => None,
    };
    let drawing = match config.format == Format::Svg || config.pictures.any() {
        true => puzzle.drawing(),
        false => None,
    };
    let style = config.pictures.style;
    // A hint's picture shows the puzzle only: the solution would give the hint away.
    let shown = outcome.solution().filter(|_| !config.deduce.hint);
    let svg = (drawing.as_ref()).map(|d| picture::svg(d, shown, style));
    if let (Some(dir), Some(svg)) = (&config.pictures.dir, &svg) {
        let format = config.pictures.format.unwrap_or(PictureFormat::Svg);
        picture_files::write(dir, stem, format, svg).map_err(unwritten)?;
    }
    Ok(Solved {
        drawing,
        svg: svg.filter(|_| config.format == Format::Svg),
        deduced,
        explanation,
        audit,
        warnings: puzzle.warnings().to_vec(),
        candidates,
        repaired: repair.map(|r| Repaired::of(r, puzzle)),
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
        seconds: started.elapsed().as_secs_f64(),
        result,
    }
}

/// The values a solver entered that the solution does not have: `r1c6 is 7, the solution
/// has 4`.
pub(crate) fn wrong_entries(puzzle: &dyn Puzzle, solution: &Grid) -> Vec<String> {
    (puzzle.entered().iter())
        .filter_map(|clue| match *clue {
            Clue::Given { cell, value } if solution.get(cell.0, cell.1) != value => Some(format!(
                "{} is {value}, the solution has {}",
                cell_name(cell),
                solution.get(cell.0, cell.1)
            )),
            _ => None,
        })
        .collect()
}

/// Where `--hint` starts: the puzzle with the values a solver entered (`None`: none were), or
/// the entered values the solution does not have (`hint: r1c6 is 7, the solution has 4`).
fn hint_start(puzzle: &dyn Puzzle, solution: &Grid) -> Result<Option<Box<dyn Puzzle>>, String> {
    let entered = puzzle.entered();
    if entered.is_empty() {
        return Ok(None);
    }
    let wrong = wrong_entries(puzzle, solution);
    if !wrong.is_empty() {
        return Err(format!("hint: {}", wrong.join("; ")));
    }
    let clues: Vec<Clue> = (puzzle.clues().into_iter())
        .chain(entered.iter().cloned())
        .collect();
    Ok(puzzle.with_clues(&clues))
}
