//! Work items run on a pool of threads, their results handed on in input order as soon as
//! each one's turn comes: a batch prints as it goes, and the same whatever the pool's size.

use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// Each worker's stack: the generator's search descends one level per open cell (4,096 on a
/// 64x64), far past the default 2 MiB; the memory is reserved, and only what is used is
/// touched.
const STACK_BYTES: usize = 1 << 30;

/// Runs `work(i)` for every `i < count` on `jobs` threads and hands each result to `take` in
/// order of `i`. The first error `take` returns stops the items not yet started and is
/// returned.
pub fn in_order<T: Send>(
    jobs: usize,
    count: usize,
    work: impl Fn(usize) -> T + Sync,
    mut take: impl FnMut(T) -> io::Result<()>,
) -> anyhow::Result<Option<io::Error>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(STACK_BYTES)
        .build()?;
    let stop = AtomicBool::new(false);
    let mut failure = None;
    let (tx, rx) = mpsc::channel::<(usize, T)>();
    pool.in_place_scope(|scope| {
        for i in 0..count {
            let (tx, stop, work) = (tx.clone(), &stop, &work);
            scope.spawn(move |_| {
                if !stop.load(Ordering::Relaxed) {
                    let _ = tx.send((i, work(i)));
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, result) in rx {
            pending.insert(i, result);
            while let Some(result) = pending.remove(&next) {
                if let Err(e) = take(result) {
                    failure = Some(e);
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                next += 1;
            }
        }
    });
    Ok(failure)
}
