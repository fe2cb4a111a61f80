//! The threads a batch's puzzles are answered on, as the command line's batches run: chunks of
//! puzzles wait in one queue, taken by whichever thread is free, and come back as records with
//! the chunk's first place. A chunk holds about 2 ms of work (one puzzle until the cost of one
//! is known), so that quick puzzles do not cost a thread wake-up each, while slow ones go one
//! at a time.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use pyo3::prelude::*;

use crate::answer::{answer, error_line, Ask};
use crate::detached::{spawn, Cancel, TICK};
use crate::errors::{Failure, SolveError};
use crate::input::Item;
use crate::record::Line;

/// The work a chunk holds, in nanoseconds.
const CHUNK_NANOS: u64 = 2_000_000;

/// The most puzzles in one chunk.
const MAX_CHUNK: usize = 64;

/// Puzzles to answer, and the place of the first.
type Chunk = (usize, Vec<Item>);

/// A chunk's records, and the place of the first.
pub type Done = (usize, Vec<Line>);

/// Worker threads answering chunks of puzzles.
pub struct Pool {
    queue: Sender<Chunk>,
    /// The records (locked only to be read, so that a wait can leave the interpreter).
    results: Mutex<Receiver<Done>>,
    pace: Arc<Pace>,
}

impl Pool {
    /// `jobs` threads answering each puzzle as `ask` says, until the pool is dropped.
    pub fn start(jobs: usize, ask: Ask, cancel: Cancel) -> PyResult<Pool> {
        let (queue, queued) = mpsc::channel::<Chunk>();
        let queued = Arc::new(Mutex::new(queued));
        let (done, results) = mpsc::channel();
        let (ask, pace) = (Arc::new(ask), Arc::new(Pace::default()));
        for _ in 0..jobs {
            let (queued, done, ask, pace) =
                (queued.clone(), done.clone(), ask.clone(), pace.clone());
            spawn(move || work(&queued, &done, &ask, &pace, cancel))
                .map_err(|e| SolveError::new_err(format!("cannot start a thread: {e}")))?;
        }
        Ok(Pool {
            queue,
            results: Mutex::new(results),
            pace,
        })
    }

    /// How many puzzles the next chunk should hold.
    pub fn chunk_size(&self) -> usize {
        self.pace.chunk_size()
    }

    /// Queues `items`, the first of which has place `first`.
    pub fn send(&self, first: usize, items: Vec<Item>) {
        // The workers hold the queue until the pool is dropped: sending cannot fail.
        let _ = self.queue.send((first, items));
    }

    /// A chunk's records: at once when one is there, else within a tick with the interpreter
    /// free; `None` when none came.
    pub fn receive(&self, py: Python<'_>) -> PyResult<Option<Done>> {
        let results = || self.results.lock().unwrap_or_else(PoisonError::into_inner);
        // The lock is let go before the wait, which takes it again.
        let ready = results().try_recv();
        let got = match ready {
            Ok(done) => Ok(done),
            Err(TryRecvError::Empty) => py.detach(|| results().recv_timeout(TICK)),
            Err(TryRecvError::Disconnected) => Err(RecvTimeoutError::Disconnected),
        };
        match got {
            Ok(done) => Ok(Some(done)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                Err(SolveError::new_err("internal error: the workers stopped"))
            }
        }
    }
}

/// The puzzles answered and the time they took, which set the size of the next chunk.
#[derive(Default)]
struct Pace {
    done: AtomicU64,
    nanos: AtomicU64,
}

impl Pace {
    fn chunk_size(&self) -> usize {
        match self.done.load(Ordering::Relaxed) {
            0 => 1,
            done => {
                let each = (self.nanos.load(Ordering::Relaxed) / done).max(1);
                (CHUNK_NANOS / each).clamp(1, MAX_CHUNK as u64) as usize
            }
        }
    }

    fn note(&self, started: Instant) {
        let nanos = started.elapsed().as_nanos() as u64;
        self.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

/// A worker: answers the queue's chunks until the queue closes (or no one listens). A panic (a
/// bug) is the puzzle's error record: the batch goes on.
fn work(
    queued: &Mutex<Receiver<Chunk>>,
    done: &Sender<Done>,
    ask: &Ask,
    pace: &Pace,
    cancel: Cancel,
) {
    loop {
        // The queue's lock is held only while a chunk is taken.
        let chunk = queued
            .lock()
            .map_err(drop)
            .and_then(|q| q.recv().map_err(drop));
        let Ok((first, items)) = chunk else {
            return;
        };
        let lines = (items.iter())
            .map(|item| {
                let started = Instant::now();
                let answered = catch_unwind(AssertUnwindSafe(|| answer(item, ask, cancel)));
                pace.note(started);
                match answered {
                    Ok(Ok(line)) => line,
                    Ok(Err(failure)) => error_line(item, &failure),
                    Err(_) => error_line(item, &Failure::Solve("internal error: a panic".into())),
                }
            })
            .collect();
        if done.send((first, lines)).is_err() {
            return;
        }
    }
}
