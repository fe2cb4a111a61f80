//! Large collections of one puzzle per line, read in blocks of lines while they are solved:
//! no size cap and flat memory, whatever the file's length. A file is read whole unless it
//! is longer than one block; a longer one streams only when its first block reads as one
//! puzzle per line, and is otherwise read whole (up to the cap) as before.

use std::collections::VecDeque;
use std::io::{BufRead, Read};

use mipsolve::puzzle::{self, Kind, Options, Parsed};

use super::failure::{Failure, InputProblem};
use super::item::{io_message, Item, MAX_FILE_BYTES};

/// Lines in a block: the first block decides whether the file streams. Each block is parsed
/// by the thread that hands out the work, which solves nothing meanwhile; on Royle's 17-clue
/// puzzles blocks of 1,024 lines took 8% less time with two jobs (4% with one) than blocks of
/// 8,192, once a 9x9 took 10 µs to solve.
pub const BLOCK_LINES: usize = 1024;

/// An opened input: its whole text, or (when longer than a block) its first block and a
/// reader at the start of the next.
pub enum Opened {
    /// The whole text.
    Whole(String),
    /// The first [`BLOCK_LINES`] lines, and the rest unread.
    Long {
        /// The first block's text.
        head: String,
        /// The rest of the input.
        rest: Box<dyn BufRead + Send>,
    },
}

/// Reads up to [`BLOCK_LINES`] lines of `reader` as bytes: the block, and whether the input
/// ended within it.
/// A block stops short past [`MAX_FILE_BYTES`], so that a file of one endless line is refused
/// by its size, not read into memory.
pub fn read_block(reader: &mut dyn BufRead) -> std::io::Result<(Vec<u8>, bool)> {
    let mut block = Vec::new();
    for _ in 0..BLOCK_LINES {
        let left = (MAX_FILE_BYTES + 1).saturating_sub(block.len() as u64);
        if left == 0 {
            break;
        }
        if reader.take(left).read_until(b'\n', &mut block)? == 0 {
            return Ok((block, true));
        }
    }
    let ended = reader.fill_buf()?.is_empty();
    Ok((block, ended))
}

/// Whether a block's entries are one puzzle (or one bad puzzle) per content line, as in a
/// collection of one-line puzzles: then every later block reads on its own.
pub fn one_per_line(head: &str, entries: &[Parsed]) -> bool {
    let content = (head.lines())
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .count();
    // A CSV header line (`quizzes,solutions`) is no puzzle.
    let lines_rise = entries.windows(2).all(|w| w[0].line < w[1].line);
    entries.len() > 1 && lines_rise && entries.len() + 1 >= content
}

/// The rest of a streamed file: each block read, parsed as `kind` and numbered as in the whole
/// file, then handed out one puzzle at a time.
pub struct Streamed {
    /// The name records carry.
    pub file: String,
    /// Where the next block starts.
    pub reader: Box<dyn BufRead + Send>,
    /// The kind the first block read as.
    pub kind: &'static Kind,
    /// The kinds' options.
    pub options: Options,
    /// Lines before the next block (the shard's offset included).
    pub lines_before: usize,
    /// The next puzzle's index (the shard's offset included).
    pub next_index: usize,
    /// Puzzles of the block read last, not yet handed out.
    pub pending: VecDeque<Item>,
    /// Whether the input has ended (or failed).
    pub ended: bool,
}

impl Streamed {
    /// Items of one block of entries, numbered from `lines_before` and `next_index`.
    pub fn push_block(&mut self, entries: Vec<Parsed>) {
        for entry in entries {
            let index = self.next_index;
            self.next_index += 1;
            let file = &self.file;
            self.pending.push_back(Item {
                file: file.clone(),
                index: Some(index),
                line: Some(entry.line + self.lines_before),
                in_collection: true,
                kind: Some(self.kind),
                puzzle: (entry.puzzle).map_err(|e| match e.line {
                    None => Failure::parse(format!("{file} [{index}]"), e),
                    Some(_) => Failure::parse(file.clone(), e.shifted(self.lines_before)),
                }),
            });
        }
    }

    /// Reads, parses and queues the next block; an unreadable block ends the stream with an
    /// error record.
    fn next_block(&mut self) {
        let (bytes, ended) = match read_block(self.reader.as_mut()) {
            Ok(read) => read,
            Err(e) => {
                let reason = io_message(&e);
                let problem = InputProblem::Unreadable {
                    stdin: false,
                    reason,
                };
                return self.fail(None, problem);
            }
        };
        self.ended = ended;
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                let line = line + self.lines_before;
                return self.fail(Some(line), InputProblem::NotUtf8);
            }
        };
        let lines = text.lines().count();
        match puzzle::read(self.kind, &text, &self.options) {
            Ok(entries) => self.push_block(entries),
            // A block of only blank or comment lines holds no puzzle: nothing to say.
            Err(_)
                if text
                    .lines()
                    .all(|l| l.trim().is_empty() || l.starts_with('#')) => {}
            Err(e) => {
                let failure = Failure::parse(self.file.clone(), e.shifted(self.lines_before));
                self.pending.push_back(self.error(failure));
            }
        }
        self.lines_before += lines;
    }

    /// Ends the stream with an error record: `problem`, at `line` when it has one.
    fn fail(&mut self, line: Option<usize>, problem: InputProblem) {
        self.ended = true;
        let file = self.file.clone();
        let failure = Failure::Input {
            file,
            line,
            problem,
        };
        self.pending.push_back(self.error(failure));
    }

    fn error(&self, failure: Failure) -> Item {
        Item {
            file: self.file.clone(),
            index: None,
            line: None,
            in_collection: true,
            kind: Some(self.kind),
            puzzle: Err(failure),
        }
    }
}

impl Iterator for Streamed {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        while self.pending.is_empty() && !self.ended {
            self.next_block();
        }
        self.pending.pop_front()
    }
}
