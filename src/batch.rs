//! Paths to puzzles, solved in parallel, printed in input order, with progress and a summary.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::sync::mpsc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use walkdir::WalkDir;

use crate::cli::{Config, Format};
use crate::pipeline;
use crate::puzzle::{self, Puzzle};
use crate::report::{Record, Solved, Verdict};

/// Largest input file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// One puzzle to solve, or an input error standing in its place.
struct Item {
    file: String,
    index: Option<usize>,
    in_collection: bool,
    puzzle: Result<Box<dyn Puzzle>, String>,
}

/// Runs the whole batch and returns the exit code (the worst verdict).
pub fn run(config: &Config) -> anyhow::Result<u8> {
    let started = Instant::now();
    let items = gather(config);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs)
        .build()?;
    let progress = progress_bar(config, items.len());
    let with_header = items.len() > 1;
    let mut counts: BTreeMap<Verdict, usize> = BTreeMap::new();
    let (tx, rx) = mpsc::channel::<(usize, Record)>();
    pool.in_place_scope(|scope| {
        for (i, item) in items.iter().enumerate() {
            let tx = tx.clone();
            scope.spawn(move |_| {
                let _ = tx.send((i, solve_item(config, item)));
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, record) in rx {
            pending.insert(i, record);
            while let Some(record) = pending.remove(&next) {
                *counts.entry(record.verdict()).or_default() += 1;
                progress.suspend(|| print_record(config.format, &record, with_header));
                progress.inc(1);
                next += 1;
            }
        }
    });
    progress.finish_and_clear();
    if items.len() > 1 && !config.quiet {
        eprintln!("{}", summary(&counts, started.elapsed().as_secs_f64()));
    }
    Ok(counts.keys().map(|v| v.exit_code()).max().unwrap_or(0))
}

fn progress_bar(config: &Config, len: usize) -> ProgressBar {
    if config.quiet || len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles  {per_sec}  ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(len as u64).with_style(style)
}

fn print_record(format: Format, record: &Record, with_header: bool) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let message = match format {
        Format::Json => {
            let _ = writeln!(out, "{}", record.to_json());
            record.result.as_ref().err().cloned()
        }
        Format::Text => {
            let (text, message) = record.to_text(with_header);
            let _ = out.write_all(text.as_bytes());
            message
        }
    };
    let _ = out.flush();
    if let Some(message) = message {
        eprintln!("{message}");
    }
}

/// The closing summary line.
fn summary(counts: &BTreeMap<Verdict, usize>, seconds: f64) -> String {
    let count = |v| counts.get(&v).copied().unwrap_or(0);
    let total: usize = counts.values().sum();
    format!(
        "mipsolve: {total} puzzles: {} solved, {} infeasible, {} not unique, {} timeout, \
         {} error; {seconds:.2} s, {:.1} puzzles/s",
        count(Verdict::Solved),
        count(Verdict::Infeasible),
        count(Verdict::NotUnique),
        count(Verdict::Timeout),
        count(Verdict::Error),
        total as f64 / seconds.max(1e-9),
    )
}

fn solve_item(config: &Config, item: &Item) -> Record {
    let started = Instant::now();
    let kind = config.settings.kind().name();
    let shape = item.puzzle.as_ref().ok().map(|p| p.shape());
    let result = match &item.puzzle {
        Err(message) => Err(message.clone()),
        Ok(puzzle) => match pipeline::run(puzzle.as_ref(), config.solve) {
            Ok(outcome) => Ok(Solved {
                text: outcome.solution.as_ref().map(|g| puzzle.render(g)),
                second_text: outcome.second.as_ref().map(|g| puzzle.render(g)),
                outcome,
            }),
            Err(err) => Err(format!("{}: {err:#}", item.file)),
        },
    };
    Record {
        file: item.file.clone(),
        index: item.index,
        in_collection: item.in_collection,
        kind,
        shape,
        seconds: started.elapsed().as_secs_f64(),
        result,
    }
}

/// Expands paths into puzzles, in order; unreadable or malformed input becomes error items.
fn gather(config: &Config) -> Vec<Item> {
    let mut items = Vec::new();
    for path in &config.paths {
        for (file, text) in read_inputs(path, config.settings.kind().extension()) {
            let whole_error = |message: String| Item {
                file: file.clone(),
                index: None,
                in_collection: false,
                puzzle: Err(message),
            };
            let text = match text {
                Ok(text) => text,
                Err(message) => {
                    items.push(whole_error(message));
                    continue;
                }
            };
            match puzzle::parse(&config.settings, &text) {
                Err(e) => items.push(whole_error(e.in_file(&file))),
                Ok(parsed) => {
                    let in_collection = parsed.len() > 1;
                    for (index, p) in parsed.into_iter().enumerate() {
                        items.push(Item {
                            file: file.clone(),
                            index: Some(index),
                            in_collection,
                            puzzle: p.map_err(|e| match e.line {
                                None if in_collection => e.in_file(&format!("{file} [{index}]")),
                                _ => e.in_file(&file),
                            }),
                        });
                    }
                }
            }
        }
    }
    items
}

/// The texts behind one path: standard input, a file, or a directory's puzzle files.
fn read_inputs(path: &Path, extension: &str) -> Vec<(String, Result<String, String>)> {
    let name = path.display().to_string();
    if name == "-" {
        let mut bytes = Vec::new();
        let text = std::io::stdin()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("-: cannot read standard input: {e}"))
            .and_then(|_| decode(&name, bytes));
        return vec![(name, text)];
    }
    if !path.is_dir() {
        return vec![(name.clone(), read_file(&name, path))];
    }
    let mut found = Vec::new();
    let walker = WalkDir::new(path)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walker {
        match entry {
            Err(e) => {
                let at = e.path().map_or(name.clone(), |p| p.display().to_string());
                found.push((at.clone(), Err(format!("{at}: cannot read: {e}"))));
            }
            Ok(e) if e.file_type().is_file() || e.path_is_symlink() && e.path().is_file() => {
                if e.path().extension().is_some_and(|x| x == extension) {
                    let file = e.path().display().to_string();
                    found.push((file.clone(), read_file(&file, e.path())));
                }
            }
            Ok(_) => {}
        }
    }
    if found.is_empty() {
        found.push((
            name.clone(),
            Err(format!("{name}: no .{extension} files found")),
        ));
    }
    found
}

fn read_file(name: &str, path: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{name}: cannot read: {}", io_message(&e)))?;
    decode(name, bytes)
}

fn io_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text);
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

fn decode(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{name}: file is larger than {} MiB",
            MAX_FILE_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        format!("{name}:{line}: not UTF-8 text")
    })
}
