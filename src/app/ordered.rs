//! Work items run on a pool of threads, their results handed on in input order as soon as
//! each one's turn comes: a batch prints as it goes, and the same whatever the pool's size.
//! Items are drawn from their source only while fewer than a window of them are under way,
//! so a stream of any length is worked through in bounded memory.

use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Each worker's stack, as the main thread's (see `main.rs`).
const STACK_BYTES: usize = 1 << 30;

/// Items under way (started, or done and waiting for their turn) per thread.
const WINDOW_PER_JOB: usize = 256;

/// The work a task takes on at once: items are handed out in batches of about this long,
/// so that quick puzzles do not cost a thread wake-up each, while slow ones go one at a time.
const BATCH_NANOS: u64 = 2_000_000;

/// The most items in one batch.
const MAX_BATCH: usize = 64;

/// Runs `work` on every item of `items` on `jobs` threads and hands each result to `take` in
/// the items' order. The first error `take` returns stops the items not yet started and is
/// returned. One job works on the calling thread: no hand-over between threads.
pub fn in_order<I: Send, T: Send>(
    jobs: usize,
    items: impl Iterator<Item = I>,
    work: impl Fn(I) -> T + Sync,
    mut take: impl FnMut(T) -> io::Result<()>,
) -> anyhow::Result<Option<io::Error>> {
    if jobs <= 1 {
        return Ok(items.map(work).map(take).find_map(Result::err));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(STACK_BYTES)
        .build()?;
    let window = jobs.max(1) * WINDOW_PER_JOB;
    let stop = AtomicBool::new(false);
    // Items done and the nanoseconds they took, for the batch size.
    let (done, spent) = (AtomicU64::new(0), AtomicU64::new(0));
    let mut failure = None;
    let (tx, rx) = mpsc::channel::<(usize, Vec<T>)>();
    let mut items = items.fuse();
    pool.in_place_scope(|scope| {
        let (mut started, mut next) = (0, 0);
        let mut pending = BTreeMap::new();
        loop {
            while started - next < window {
                // One item at a time until some are done and their cost is known.
                let size = match done.load(Ordering::Relaxed) {
                    0 => 1,
                    n => {
                        let per_item = (spent.load(Ordering::Relaxed) / n).max(1);
                        (BATCH_NANOS / per_item).clamp(1, MAX_BATCH as u64) as usize
                    }
                };
                let size = size
                    .min(window - (started - next))
                    .min(window / jobs.max(1));
                let batch: Vec<I> = items.by_ref().take(size).collect();
                if batch.is_empty() {
                    break;
                }
                let (tx, stop, work, first) = (tx.clone(), &stop, &work, started);
                let (done, spent) = (&done, &spent);
                started += batch.len();
                scope.spawn(move |_| {
                    let mut results = Vec::with_capacity(batch.len());
                    for item in batch {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let clock = Instant::now();
                        results.push(work(item));
                        spent.fetch_add(clock.elapsed().as_nanos() as u64, Ordering::Relaxed);
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    let _ = tx.send((first, results));
                });
            }
            if next == started {
                return;
            }
            let Ok((first, results)) = rx.recv() else {
                return;
            };
            pending.insert(first, results);
            while let Some(results) = pending.remove(&next) {
                for result in results {
                    next += 1;
                    if let Err(e) = take(result) {
                        failure = Some(e);
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                }
            }
        }
    });
    Ok(failure)
}
