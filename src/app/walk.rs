//! Paths to puzzles: standard input, files, and folders walked for the kind's files; every
//! file is read and parsed, and unreadable or malformed input becomes an error item.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use mipsolve::error::ParseError;

use super::failure::{Failure, InputProblem};
use super::item::MAX_FILE_BYTES;
pub use super::item::{io_message, Item};
use super::stream::{self, Opened, Streamed};
use mipsolve::puzzle::{self, Kind, Options, Parsed};
use walkdir::WalkDir;

/// How standard input's records are named and numbered: as part of a larger file when it
/// is one shard of it (`--stdin-name`, `--index-offset`, `--line-offset`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stdin {
    /// The name its records carry (`-` unless named).
    pub name: Option<String>,
    /// Added to each puzzle's index.
    pub index_offset: usize,
    /// Added to each line number.
    pub line_offset: usize,
}

impl Stdin {
    /// Whether standard input is one shard of a larger file.
    pub fn is_shard(&self) -> bool {
        self.index_offset > 0 || self.line_offset > 0
    }
}

/// A puzzle read, or the rest of a long collection still to read.
pub enum Pending {
    /// A puzzle (or an input error).
    Ready(Item),
    /// A collection read in blocks while it is solved.
    Stream(Box<Streamed>),
}

/// The puzzles behind the paths, and how many files a folder walk skipped.
pub struct Gathered {
    /// Puzzles and input errors, in order.
    pub items: Vec<Pending>,
    /// Files in folders that are clearly of another kind.
    pub skipped: usize,
    /// Files in folders in which no line reads as a puzzle (a README, say).
    pub not_puzzles: usize,
}

impl Gathered {
    /// How many puzzles there are, when no collection streams (its count is not known yet).
    pub fn total(&self) -> Option<usize> {
        let streams = (self.items.iter()).any(|p| matches!(p, Pending::Stream(_)));
        (!streams).then_some(self.items.len())
    }

    /// Every puzzle, in order, streamed collections read as they are reached.
    pub fn into_items(self) -> impl Iterator<Item = Item> {
        self.items.into_iter().flat_map(|pending| match pending {
            Pending::Ready(item) => {
                Box::new(std::iter::once(item)) as Box<dyn Iterator<Item = Item>>
            }
            Pending::Stream(streamed) => streamed,
        })
    }
}

/// Expands paths into puzzles, in order: of `kind`, or of the kind each file shows when
/// `kind` is `None`.
pub fn gather(
    kind: Option<&'static Kind>,
    options: &Options,
    paths: &[impl AsRef<Path>],
    stdin: &Stdin,
) -> Gathered {
    let extensions: Vec<&str> = match kind {
        Some(kind) => kind.extensions.to_vec(),
        None => puzzle::KINDS
            .iter()
            .flat_map(|k| k.extensions.iter().copied())
            .collect(),
    };
    let mut gathered = Gathered {
        items: Vec::new(),
        skipped: 0,
        not_puzzles: 0,
    };
    for path in paths {
        let before = (gathered.items.len(), gathered.skipped, gathered.not_puzzles);
        for (file, text, in_folder) in read_inputs(path.as_ref(), &extensions) {
            // Standard input may be a shard of a larger file: its name and numbers are then
            // that file's.
            let (file, shard, text) = match (file == "-", &stdin.name) {
                (true, Some(name)) => {
                    let text = text.map_err(|failure| failure.renamed(name));
                    (name.clone(), stdin.clone(), text)
                }
                (true, None) => (file, stdin.clone(), text),
                (false, _) => (file, Stdin::default(), text),
            };
            let input = Input {
                kind,
                options,
                file: &file,
                shard: &shard,
                in_folder,
            };
            match input.read(text) {
                Given::Items(items) => gathered.items.extend(items),
                Given::OtherKind => gathered.skipped += 1,
                Given::NoPuzzle => gathered.not_puzzles += 1,
            }
        }
        let found_none = gathered.items.len() == before.0;
        let skipped_here = (gathered.skipped - before.1, gathered.not_puzzles - before.2);
        if let (Some(kind), true, Some(note)) = (kind, found_none, skip_note(skipped_here)) {
            let name = path.as_ref().display().to_string();
            let problem = InputProblem::NoPuzzlesFound {
                title: kind.title,
                skipped: note,
            };
            let failure = Failure::input(&name, problem);
            gathered.items.push(whole_error(&name, Some(kind), failure));
        }
    }
    gathered
}

/// One input to read: its name, how it is numbered, and what it is read as.
struct Input<'a> {
    kind: Option<&'static Kind>,
    options: &'a Options,
    file: &'a str,
    shard: &'a Stdin,
    /// Whether a folder walk found it: files of other kinds and without puzzles are skipped.
    in_folder: bool,
}

/// What one input gave.
enum Given {
    /// Its puzzles, or the error standing for it.
    Items(Vec<Pending>),
    /// Nothing: it is clearly of another kind (in a folder).
    OtherKind,
    /// Nothing: no line of it reads as a puzzle (in a folder).
    NoPuzzle,
}

impl Input<'_> {
    /// Its puzzles from its opened text (or the error that stopped it).
    fn read(&self, text: Result<Opened, Failure>) -> Given {
        let error = |kind, failure| Given::Items(vec![whole_error(self.file, kind, failure)]);
        let (kind, options, file) = (self.kind, self.options, self.file);
        let text = match text {
            Ok(Opened::Whole(text)) => text,
            Ok(Opened::Long { head, rest }) => {
                match long_input(kind, options, file, self.shard, head, rest) {
                    Ok(pending) => return Given::Items(pending),
                    Err(Ok(text)) => text,
                    Err(Err(failure)) => return error(kind, failure),
                }
            }
            Err(failure) => return error(kind, failure),
        };
        let parsed = match kind {
            Some(kind) if self.in_folder && puzzle::other_kind(kind, &text).is_some() => {
                return Given::OtherKind;
            }
            Some(kind) => read_as(kind, &text, options),
            None => match puzzle::read_each_game(&text, options) {
                Some(parsed) => parsed.map_err(|e| (None, e)),
                None => {
                    let extension = Path::new(file).extension().and_then(|x| x.to_str());
                    match puzzle::detect(extension, &text) {
                        Ok(kind) => read_as(kind, &text, options),
                        Err(_) if self.in_folder && puzzle::no_puzzle(&text, options) => {
                            return Given::NoPuzzle;
                        }
                        Err(e) => Err((None, e)),
                    }
                }
            },
        };
        match parsed {
            Err((_, e)) if self.in_folder && e.is_not_a_puzzle() => Given::NoPuzzle,
            Err((file_kind, e)) => {
                let failure = Failure::parse(file.to_string(), e.shifted(self.shard.line_offset));
                error(file_kind, failure)
            }
            Ok(parsed) => Given::Items(self.items(parsed)),
        }
    }

    /// The parsed puzzles as items, numbered as in the whole file.
    fn items(&self, parsed: Vec<(&'static Kind, Parsed)>) -> Vec<Pending> {
        let (file, shard) = (self.file, self.shard);
        let in_collection = parsed.len() > 1 || shard.is_shard();
        let item = |(index, (kind, entry)): (usize, (&'static Kind, Parsed))| {
            let index = index + shard.index_offset;
            Pending::Ready(Item {
                file: file.to_string(),
                index: Some(index),
                line: Some(entry.line + shard.line_offset),
                in_collection,
                kind: Some(kind),
                puzzle: entry.puzzle.map_err(|e| match e.line {
                    None if in_collection => Failure::parse(format!("{file} [{index}]"), e),
                    _ => Failure::parse(file.to_string(), e.shifted(shard.line_offset)),
                }),
            })
        };
        parsed.into_iter().enumerate().map(item).collect()
    }
}

/// An error standing for the whole of `file`.
fn whole_error(file: &str, kind: Option<&'static Kind>, failure: Failure) -> Pending {
    Pending::Ready(Item {
        file: file.to_string(),
        index: None,
        line: None,
        in_collection: false,
        kind,
        puzzle: Err(failure),
    })
}

/// A file longer than one block: its first block's puzzles and the rest as a stream, when the
/// block reads as one puzzle per line; else its whole text (`Err(Ok)`, up to the cap), or
/// why it has none (`Err(Err)`).
fn long_input(
    kind: Option<&'static Kind>,
    options: &Options,
    file: &str,
    shard: &Stdin,
    head: String,
    mut rest: Box<dyn BufRead + Send>,
) -> Result<Vec<Pending>, Result<String, Failure>> {
    let extension = Path::new(file).extension().and_then(|x| x.to_str());
    let kind = kind.or_else(|| puzzle::detect(extension, &head).ok());
    let entries = kind.and_then(|k| puzzle::read(k, &head, options).ok());
    match (kind, entries) {
        (Some(kind), Some(entries)) if stream::one_per_line(&head, &entries) => {
            let mut streamed = Streamed {
                file: file.to_string(),
                reader: rest,
                kind,
                options: options.clone(),
                lines_before: shard.line_offset,
                next_index: shard.index_offset,
                pending: VecDeque::new(),
                ended: false,
            };
            streamed.push_block(entries);
            streamed.lines_before += head.lines().count();
            Ok(vec![Pending::Stream(Box::new(streamed))])
        }
        _ => {
            let mut bytes = head.into_bytes();
            let left = (MAX_FILE_BYTES + 1).saturating_sub(bytes.len() as u64);
            (rest.as_mut().take(left).read_to_end(&mut bytes))
                .map_err(|e| Err(Failure::unreadable(file, io_message(&e))))?;
            Err(decode(file, bytes))
        }
    }
}

/// A file's puzzles read as `kind`, each with its kind; the error names the kind.
type Parsing = Result<Vec<(&'static Kind, Parsed)>, (Option<&'static Kind>, ParseError)>;

fn read_as(kind: &'static Kind, text: &str, options: &Options) -> Parsing {
    match puzzle::read(kind, text, options) {
        Ok(parsed) => Ok(parsed.into_iter().map(|e| (kind, e)).collect()),
        Err(e) => Err((Some(kind), e)),
    }
}

/// What a walk skipped, `2 files of other kinds and 1 file with no puzzle skipped`, from the
/// counts of files of other kinds and of files with no puzzle; `None` when nothing was.
pub fn skip_note((other_kinds, not_puzzles): (usize, usize)) -> Option<String> {
    let parts: Vec<String> = [
        match other_kinds {
            0 => None,
            1 => Some("1 file of another kind".to_string()),
            n => Some(format!("{n} files of other kinds")),
        },
        match not_puzzles {
            0 => None,
            1 => Some("1 file with no puzzle".to_string()),
            n => Some(format!("{n} files with no puzzle")),
        },
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| format!("{} skipped", parts.join(" and ")))
}

/// A file's name, its text or why it has none, and whether a folder walk found it.
type Opening = (String, Result<Opened, Failure>, bool);

/// The texts behind one path: standard input, a file, or a directory's puzzle files.
fn read_inputs(path: &Path, extensions: &[&'static str]) -> Vec<Opening> {
    let name = path.display().to_string();
    if name == "-" {
        let reader = Box::new(BufReader::new(std::io::stdin()));
        return vec![(name.clone(), open(&name, reader), false)];
    }
    if !path.is_dir() {
        return vec![(name.clone(), read_file(&name, path), false)];
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
                let failure = Failure::unreadable(&at, e.to_string());
                found.push((at, Err(failure), true));
            }
            Ok(e) if e.file_type().is_file() || e.path_is_symlink() && e.path().is_file() => {
                let wanted = e
                    .path()
                    .extension()
                    .is_some_and(|x| extensions.iter().any(|w| x.eq_ignore_ascii_case(w)));
                if wanted {
                    let file = e.path().display().to_string();
                    found.push((file.clone(), read_file(&file, e.path()), true));
                }
            }
            Ok(_) => {}
        }
    }
    if found.is_empty() {
        let problem = InputProblem::NoPuzzleFiles(extensions.to_vec());
        found.push((name.clone(), Err(Failure::input(&name, problem)), false));
    }
    found
}

fn read_file(name: &str, path: &Path) -> Result<Opened, Failure> {
    let file = std::fs::File::open(path).map_err(|e| Failure::unreadable(name, io_message(&e)))?;
    open(name, Box::new(BufReader::new(file)))
}

/// The input's whole text when it is one block long, else its first block and the rest.
fn open(name: &str, mut reader: Box<dyn BufRead + Send>) -> Result<Opened, Failure> {
    let (head, ended) = stream::read_block(reader.as_mut())
        .map_err(|e| Failure::unreadable(name, io_message(&e)))?;
    let head = decode(name, head)?;
    Ok(match ended {
        true => Opened::Whole(head),
        false => Opened::Long { head, rest: reader },
    })
}

fn decode(name: &str, bytes: Vec<u8>) -> Result<String, Failure> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        let problem = InputProblem::TooLarge(MAX_FILE_BYTES >> 20);
        return Err(Failure::input(name, problem));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        Failure::Input {
            file: name.to_string(),
            line: Some(line),
            problem: InputProblem::NotUtf8,
        }
    })?;
    // A byte-order mark is invisible in editors: no puzzle should trip over it.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}
