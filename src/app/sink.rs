//! Standard output for a run's records: each written at once to a terminal; otherwise
//! gathered and written every few milliseconds by a thread of its own, so that a batch of
//! quick puzzles does not cost a system call each, while a record done before a slow puzzle
//! still reaches the file within those milliseconds.

use std::io::{self, IsTerminal, StdoutLock, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// The longest a finished record waits in the buffer.
const GATHER: Duration = Duration::from_millis(20);

/// Bytes gathered before they are written whatever the time.
const MAX_BYTES: usize = 1 << 16;

/// What is gathered, and the first failed write (a closed pipe) not yet reported.
#[derive(Default)]
struct Gathered {
    bytes: Vec<u8>,
    failed: Option<io::Error>,
}

impl Gathered {
    /// Writes out everything gathered; a failure is kept for the next caller.
    fn write_out(&mut self, out: &mut StdoutLock) {
        if self.bytes.is_empty() || self.failed.is_some() {
            return;
        }
        let written = out.write_all(&self.bytes).and_then(|()| out.flush());
        self.bytes.clear();
        self.failed = written.err();
    }

    /// The failure kept, if any.
    fn failure(&mut self) -> io::Result<()> {
        self.failed.take().map_or(Ok(()), Err)
    }
}

/// Records' bytes on their way to standard output.
pub struct Sink {
    gathered: Arc<Mutex<Gathered>>,
    /// The writing thread and its stop signal; none on a terminal.
    writer: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

impl Sink {
    /// A sink that writes each record at once when standard output is a terminal, and
    /// otherwise every [`GATHER`].
    pub fn new() -> Self {
        let gathered = Arc::new(Mutex::new(Gathered::default()));
        let writer = (!io::stdout().is_terminal()).then(|| {
            let stop = Arc::new(AtomicBool::new(false));
            let (gathered, stopped) = (Arc::clone(&gathered), Arc::clone(&stop));
            let thread = std::thread::spawn(move || {
                while !stopped.load(Ordering::Relaxed) {
                    std::thread::park_timeout(GATHER);
                    let (mut out, mut gathered) = lock(&gathered);
                    gathered.write_out(&mut out);
                }
            });
            (stop, thread)
        });
        Sink { gathered, writer }
    }

    /// Adds a record's bytes; written out at once on a terminal or when many are gathered.
    /// Returns an earlier failed write.
    pub fn add(&self, bytes: &[u8]) -> io::Result<()> {
        let (mut out, mut gathered) = lock(&self.gathered);
        gathered.bytes.extend_from_slice(bytes);
        if self.writer.is_none() || gathered.bytes.len() >= MAX_BYTES {
            gathered.write_out(&mut out);
        }
        gathered.failure()
    }

    /// Writes out everything gathered now.
    pub fn flush(&self) -> io::Result<()> {
        let (mut out, mut gathered) = lock(&self.gathered);
        gathered.write_out(&mut out);
        gathered.failure()
    }
}

/// Standard output, then the gathered bytes: always in this order, so that the writing
/// thread and the records' writer (which may hold standard output already) cannot wait on
/// each other.
fn lock(gathered: &Mutex<Gathered>) -> (StdoutLock<'static>, MutexGuard<'_, Gathered>) {
    let out = io::stdout().lock();
    // A panic while holding the lock leaves bytes that are still whole records.
    (out, gathered.lock().unwrap_or_else(|e| e.into_inner()))
}

impl Drop for Sink {
    /// Stops the writing thread (everything gathered is written by [`Sink::flush`]).
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.writer.take() {
            stop.store(true, Ordering::Relaxed);
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}
