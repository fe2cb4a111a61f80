//! Work items run on a pool of threads, their results handed on in input order as soon as
//! each one's turn comes: a batch prints as it goes, and the same whatever the pool's size.
//! Items are drawn from their source only while fewer than a window of them are under way,
//! so a stream of any length is worked through in bounded memory.

use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// Each worker's stack: the generator's search descends one level per open cell (4,096 on a
/// 64x64), far past the default 2 MiB; the memory is reserved, and only what is used is
/// touched.
const STACK_BYTES: usize = 1 << 30;

/// Items under way (started, or done and waiting for their turn) per thread.
const WINDOW_PER_JOB: usize = 256;

/// Runs `work` on every item of `items` on `jobs` threads and hands each result to `take` in
/// the items' order. The first error `take` returns stops the items not yet started and is
/// returned.
pub fn in_order<I: Send, T: Send>(
    jobs: usize,
    items: impl Iterator<Item = I>,
    work: impl Fn(I) -> T + Sync,
    mut take: impl FnMut(T) -> io::Result<()>,
) -> anyhow::Result<Option<io::Error>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(STACK_BYTES)
        .build()?;
    let window = jobs.max(1) * WINDOW_PER_JOB;
    let stop = AtomicBool::new(false);
    let mut failure = None;
    let (tx, rx) = mpsc::channel::<(usize, T)>();
    let mut items = items.fuse();
    pool.in_place_scope(|scope| {
        let (mut started, mut next) = (0, 0);
        let mut pending = BTreeMap::new();
        loop {
            while started - next < window {
                let Some(item) = items.next() else { break };
                let (tx, stop, work) = (tx.clone(), &stop, &work);
                let i = started;
                scope.spawn(move |_| {
                    if !stop.load(Ordering::Relaxed) {
                        let _ = tx.send((i, work(item)));
                    }
                });
                started += 1;
            }
            if next == started {
                return;
            }
            let Ok((i, result)) = rx.recv() else { return };
            pending.insert(i, result);
            while let Some(result) = pending.remove(&next) {
                next += 1;
                if let Err(e) = take(result) {
                    failure = Some(e);
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    });
    Ok(failure)
}
