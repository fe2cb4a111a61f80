//! Work items run on a pool of threads, their results handed on in input order as soon as
//! each one's turn comes: a batch prints as it goes, and the same whatever the pool's size.
//! Items are drawn from their source only while fewer than a window of them are under way,
//! so a stream of any length is worked through in bounded memory. The calling thread is one
//! of the workers: batches wait in one queue, taken by whichever thread is free, the calling
//! one whenever it has no result to write.

use std::collections::BTreeMap;
use std::io;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Instant;

/// Each worker's stack, as the main thread's (see `main.rs`).
const STACK_BYTES: usize = 1 << 30;

/// Items under way (started, or done and waiting for their turn) per thread: enough that the
/// workers stay busy while the calling thread reads and parses the next block of a stream
/// (1,024 lines; a window of 256 left the other thread idle for part of each block of 8,192).
const WINDOW_PER_JOB: usize = 1024;

/// The work a task takes on at once: items are handed out in batches of about this long,
/// so that quick puzzles do not cost a thread wake-up each, while slow ones go one at a time.
const BATCH_NANOS: u64 = 2_000_000;

/// The most items in one batch.
const MAX_BATCH: usize = 64;

/// Runs `work` on every item of `items` on `jobs` threads (the calling one among them) and
/// hands each result to `take` in the items' order. The first error `take` returns stops the
/// items not yet started and is returned.
pub fn in_order<I: Send, T: Send>(
    jobs: usize,
    items: impl Iterator<Item = I>,
    work: impl Fn(I) -> T + Sync,
    mut take: impl FnMut(T) -> io::Result<()>,
) -> anyhow::Result<Option<io::Error>> {
    if jobs <= 1 {
        return Ok(items.map(work).map(take).find_map(Result::err));
    }
    let window = jobs * WINDOW_PER_JOB;
    let stop = AtomicBool::new(false);
    let pace = Pace::default();
    // A batch's results, and the index of its first item.
    let run = |(first, batch): (usize, Vec<I>)| -> (usize, Vec<T>) {
        let mut results = Vec::with_capacity(batch.len());
        for item in batch {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let clock = Instant::now();
            results.push(work(item));
            pace.note(clock.elapsed().as_nanos() as u64);
        }
        (first, results)
    };
    let (queue, queued) = mpsc::channel::<(usize, Vec<I>)>();
    let queued = Mutex::new(queued);
    // A worker's batch, or its panic: handed on, so that a bug stops the run (as on one
    // job) instead of leaving it waiting for that batch.
    let (finished, results) = mpsc::channel::<Finished<T>>();
    let mut items = items.fuse();
    let mut failure = None;
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 1..jobs {
            let (queued, finished, run) = (&queued, finished.clone(), &run);
            std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || worker(queued, finished, run))?;
        }
        // When this returns or panics, the workers stop working and the queue closes.
        let _stop = StopOnDrop(&stop);
        let queue = queue;
        let (mut started, mut next) = (0, 0);
        let mut pending = BTreeMap::new();
        loop {
            while started - next < window {
                let size = pace.batch_size().min(window - (started - next));
                let batch: Vec<I> = items.by_ref().take(size).collect();
                if batch.is_empty() {
                    break;
                }
                let first = started;
                started += batch.len();
                let _ = queue.send((first, batch));
            }
            if next == started {
                return Ok(());
            }
            let Some((first, batch_results)) = next_results(&results, &queued, run) else {
                return Ok(());
            };
            pending.insert(first, batch_results);
            if let Err(e) = hand_on(&mut pending, &mut next, &mut take) {
                failure = Some(e);
                return Ok(());
            }
        }
    })?;
    Ok(failure)
}

/// A batch's first index and its results, or the panic of the worker that ran it.
type Finished<T> = std::thread::Result<(usize, Vec<T>)>;

/// The items done and the time they took, which set the size of the next batch.
#[derive(Default)]
struct Pace {
    /// Items done.
    done: AtomicU64,
    /// The nanoseconds they took.
    spent: AtomicU64,
}

impl Pace {
    /// The next batch's size: one item at a time until some are done and their cost is known.
    fn batch_size(&self) -> usize {
        match self.done.load(Ordering::Relaxed) {
            0 => 1,
            n => {
                let per_item = (self.spent.load(Ordering::Relaxed) / n).max(1);
                (BATCH_NANOS / per_item).clamp(1, MAX_BATCH as u64) as usize
            }
        }
    }

    /// Notes one item done in `nanos`.
    fn note(&self, nanos: u64) {
        self.spent.fetch_add(nanos, Ordering::Relaxed);
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

/// A worker thread: runs the batches it takes from the queue until the queue closes, and
/// sends each one's results on, or its panic (and then stops).
fn worker<I, T>(
    queued: &Mutex<mpsc::Receiver<(usize, Vec<I>)>>,
    finished: mpsc::Sender<Finished<T>>,
    run: impl Fn((usize, Vec<I>)) -> (usize, Vec<T>),
) {
    // The queue's lock is held only while a batch is taken.
    while let Ok(batch) = queued
        .lock()
        .map_err(drop)
        .and_then(|q| q.recv().map_err(drop))
    {
        let done = std::panic::catch_unwind(AssertUnwindSafe(|| run(batch)));
        let panicked = done.is_err();
        let _ = finished.send(done);
        if panicked {
            return;
        }
    }
}

/// The calling thread's next batch of results: one a worker finished; otherwise a batch it
/// takes from the queue and runs, or (none left) one it waits for. A worker's panic goes on
/// here; `None` when no result can come.
fn next_results<I, T>(
    results: &mpsc::Receiver<Finished<T>>,
    queued: &Mutex<mpsc::Receiver<(usize, Vec<I>)>>,
    run: impl Fn((usize, Vec<I>)) -> (usize, Vec<T>),
) -> Option<(usize, Vec<T>)> {
    let own = match results.try_recv() {
        Ok(got) => Some(got),
        Err(_) => match queued.try_lock().ok().and_then(|q| q.try_recv().ok()) {
            Some(batch) => Some(Ok(run(batch))),
            None => results.recv().ok(),
        },
    };
    match own? {
        Ok(batch) => Some(batch),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Hands `take` the results whose turn has come, in order, counting them in `next`; the first
/// error `take` returns stops it.
fn hand_on<T>(
    pending: &mut BTreeMap<usize, Vec<T>>,
    next: &mut usize,
    take: &mut impl FnMut(T) -> io::Result<()>,
) -> io::Result<()> {
    while let Some(ready) = pending.remove(next) {
        for result in ready {
            *next += 1;
            take(result)?;
        }
    }
    Ok(())
}

/// Raises its flag when dropped.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Squares of 0..n on `jobs` threads, as `take` received them.
    fn squares(jobs: usize, n: u64) -> Vec<u64> {
        let mut got = Vec::new();
        let work = |i: u64| {
            // Uneven work, so that batches finish out of order.
            std::thread::sleep(std::time::Duration::from_micros(i % 7 * 50));
            i * i
        };
        let failure = in_order(jobs, 0..n, work, |v| {
            got.push(v);
            Ok(())
        });
        assert!(matches!(failure, Ok(None)));
        got
    }

    #[test]
    fn results_come_in_the_items_order_whatever_the_number_of_jobs() {
        let expected: Vec<u64> = (0..500).map(|i| i * i).collect();
        for jobs in [1, 2, 3] {
            assert_eq!(squares(jobs, 500), expected, "{jobs} jobs");
        }
    }

    #[test]
    fn a_failed_write_stops_the_run_and_is_returned() {
        let mut taken = 0;
        let failure = in_order(
            2,
            0..10_000u64,
            |i| i,
            |_| {
                taken += 1;
                match taken {
                    3 => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
                    _ => Ok(()),
                }
            },
        );
        let failure = failure.ok().flatten().map(|e| e.kind());
        assert_eq!(failure, Some(io::ErrorKind::BrokenPipe));
        assert_eq!(taken, 3);
    }

    #[test]
    fn a_panic_in_a_worker_ends_the_run_instead_of_leaving_it_waiting() {
        let caller = std::thread::current().id();
        let run = std::panic::catch_unwind(|| {
            // Every item the other thread takes panics there: the run must not hang waiting
            // for its batch.
            let work = |i: u64| match std::thread::current().id() == caller {
                true => {
                    // Slow enough that the other thread surely takes some.
                    std::thread::sleep(std::time::Duration::from_micros(100));
                    i
                }
                false => panic!("bug"),
            };
            in_order(2, 0..2_000u64, work, |_| Ok(()))
        });
        assert!(run.is_err());
    }
}
