//! A batch's input read as the command line streams a long file: a collection of one puzzle
//! per line is parsed a block of lines at a time, as its puzzles are taken, so that solving
//! starts after the first block and the parsed puzzles under way stay few; any other text (or
//! one no longer than a block) is parsed whole.

use mipsolve::puzzle::{self, Kind, Options, Parsed};

use crate::errors::Failure;
use crate::input::{Item, Place, Read};

/// Lines in a block, as the command line's: the first block decides whether the text goes by
/// blocks.
const BLOCK_LINES: usize = 1024;

/// The blocks of a text after the first, each parsed on its own as `kind`.
pub struct Blocks {
    read: Read,
    kind: &'static Kind,
    options: Options,
    /// Where the next block starts, in bytes.
    at: usize,
    /// The text's lines before it.
    lines_before: usize,
    /// The index of its first puzzle.
    next_index: usize,
}

impl Blocks {
    /// The puzzles of `read`'s first block, and its other blocks when it is a long collection
    /// of one puzzle per line; else every puzzle of the text, and no blocks.
    pub fn start(
        read: Read,
        kind: Option<&'static Kind>,
        options: &Options,
    ) -> (Vec<Item>, Option<Blocks>) {
        let head_end = block_end(&read.text, 0);
        let head = &read.text[..head_end];
        let head_kind = kind.or_else(|| puzzle::detect(read.extension.as_deref(), head).ok());
        let head_entries = head_kind.and_then(|k| puzzle::read(k, head, options).ok());
        let (Some(head_kind), Some(entries)) = (head_kind, head_entries) else {
            return (read.items(kind, options), None);
        };
        if head_end == read.text.len() || !one_per_line(head, &entries) {
            return (read.items(kind, options), None);
        }
        let mut blocks = Blocks {
            kind: head_kind,
            options: options.clone(),
            at: head_end,
            lines_before: head.lines().count(),
            next_index: 0,
            read,
        };
        let first = blocks.items(entries, 0);
        (first, Some(blocks))
    }

    /// The puzzles of the next block (none for a block of blank and comment lines); `None`
    /// once the text has ended.
    pub fn next_block(&mut self) -> Option<Vec<Item>> {
        if self.at == self.read.text.len() {
            return None;
        }
        let end = block_end(&self.read.text, self.at);
        let block = &self.read.text[self.at..end];
        let lines_before = self.lines_before;
        self.lines_before += block.lines().count();
        self.at = end;
        let items = match puzzle::read(self.kind, block, &self.options) {
            Ok(entries) => self.items(entries, lines_before),
            Err(_)
                if block
                    .lines()
                    .all(|l| l.trim().is_empty() || l.starts_with('#')) =>
            {
                Vec::new()
            }
            Err(e) => {
                let failure =
                    Failure::parse(&self.read.name, &self.read.text, &e.shifted(lines_before));
                vec![self.read.error(Some(self.kind), failure)]
            }
        };
        Some(items)
    }

    /// A block's entries as items, numbered as in the whole text.
    fn items(&mut self, entries: Vec<Parsed>, lines_before: usize) -> Vec<Item> {
        (entries.into_iter())
            .map(|entry| {
                let at = Place {
                    index: self.next_index,
                    lines_before,
                    in_collection: true,
                };
                self.next_index += 1;
                self.read.item(self.kind, entry, at)
            })
            .collect()
    }
}

/// The byte where the block of [`BLOCK_LINES`] lines starting at `start` ends.
fn block_end(text: &str, start: usize) -> usize {
    let rest = &text[start..];
    (rest.match_indices('\n').nth(BLOCK_LINES - 1)).map_or(text.len(), |(at, _)| start + at + 1)
}

/// Whether a block's entries are one puzzle (or one bad puzzle) per content line, as in a
/// collection of one-line puzzles: then every later block reads on its own.
fn one_per_line(head: &str, entries: &[Parsed]) -> bool {
    let content = (head.lines())
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .count();
    // A CSV header line (`quizzes,solutions`) is no puzzle.
    let lines_rise = entries.windows(2).all(|w| w[0].line < w[1].line);
    entries.len() > 1 && lines_rise && entries.len() + 1 >= content
}
