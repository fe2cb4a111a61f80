//! Standard output for a run's records: each written at once to a terminal; otherwise
//! gathered and written every few milliseconds, so that a batch of quick puzzles does not
//! cost a system call each, while whoever reads the file still sees it grow.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// The longest a finished record waits in the buffer, when another record follows it.
const GATHER: Duration = Duration::from_millis(20);

/// Bytes gathered before they are written whatever the time.
const MAX_BYTES: usize = 1 << 16;

/// Records' bytes on their way to standard output.
pub struct Sink {
    buffer: Vec<u8>,
    flushed: Instant,
    each: bool,
}

impl Sink {
    /// A sink that writes each record at once when standard output is a terminal.
    pub fn new() -> Self {
        Sink {
            buffer: Vec::new(),
            flushed: Instant::now(),
            each: io::stdout().is_terminal(),
        }
    }

    /// The buffer a record is written into; [`Sink::done`] follows.
    pub fn buffer(&mut self) -> &mut Vec<u8> {
        &mut self.buffer
    }

    /// A record is in the buffer: written out when due.
    pub fn done(&mut self) -> io::Result<()> {
        match self.each || self.flushed.elapsed() >= GATHER || self.buffer.len() >= MAX_BYTES {
            true => self.flush(),
            false => Ok(()),
        }
    }

    /// Writes out everything gathered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.flushed = Instant::now();
        if self.buffer.is_empty() {
            return Ok(());
        }
        let mut out = io::stdout().lock();
        out.write_all(&self.buffer)?;
        self.buffer.clear();
        out.flush()
    }
}
