//! Work off the interpreter: each call's work runs on a helper thread of the calling thread's
//! own (started at its first call, with the command line's large stack) while the calling
//! thread waits with the GIL released, looking for Ctrl-C between short waits. Ctrl-C cancels
//! the work through its deadline, which every stage of a solve checks (the library's cancelable
//! jobs, as `mipsolve serve` uses them), and the call raises `KeyboardInterrupt` once the work
//! has stopped.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use mipsolve::deadline::Deadline;
use pyo3::prelude::*;

use crate::errors::SolveError;

/// Each worker's stack, as the command line's: reserved generously so that no grid size (up
/// to 64x64) can overflow it; only what is used is touched.
const STACK_BYTES: usize = 1 << 30;

/// How long the calling thread waits between looks for Ctrl-C.
pub const TICK: Duration = Duration::from_millis(20);

thread_local! {
    /// The job counter of the calls made on this thread (one at a time): Ctrl-C moves it
    /// on. Leaked once per thread, as the library's deadlines hold it for good.
    static CALLS: &'static AtomicU64 = Box::leak(Box::new(AtomicU64::new(0)));
    /// The helper thread this thread's calls run on, once started; it ends with this thread.
    static HELPER: RefCell<Option<Sender<Task>>> = const { RefCell::new(None) };
}

/// A call's work, as its helper thread runs it.
type Task = Box<dyn FnOnce() + Send>;

/// A job that can be canceled: it ends once `current` moves past `number`.
#[derive(Debug, Clone, Copy)]
pub struct Cancel {
    current: &'static AtomicU64,
    number: u64,
}

impl Cancel {
    /// A job on its own counter (a batch's); the counter is leaked, as deadlines hold it
    /// for good.
    pub fn own() -> Cancel {
        Cancel {
            current: Box::leak(Box::new(AtomicU64::new(0))),
            number: 0,
        }
    }

    /// The current job of the calls on this thread.
    fn of_this_thread() -> Cancel {
        let current = CALLS.with(|calls| *calls);
        Cancel {
            current,
            number: current.load(Ordering::Relaxed),
        }
    }

    /// The deadline of work started now: `limit` from now, or sooner if canceled.
    pub fn deadline(self, limit: Option<Duration>) -> Deadline {
        Deadline::after(limit).for_job(self.current, self.number)
    }

    /// Ends the job: every deadline of it passes.
    pub fn cancel(self) {
        self.current.fetch_add(1, Ordering::Relaxed);
    }
}

/// Runs `work` on this thread's helper while the interpreter is free; Ctrl-C cancels it and
/// raises `KeyboardInterrupt`. A panic in `work` (a bug) is a `SolveError`, never a crash.
pub fn detached<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Cancel) -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Cancel::of_this_thread();
    let (sender, mut receiver) = mpsc::channel();
    let task: Task = Box::new(move || {
        let done = catch_unwind(AssertUnwindSafe(|| work(cancel)));
        let _ = sender.send(done.map_err(|panic| panic_text(panic.as_ref()).to_string()));
    });
    hand_over(task)?;
    loop {
        let (back, got) = py.detach(move || {
            let got = receiver.recv_timeout(TICK);
            (receiver, got)
        });
        receiver = back;
        match got {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(panic)) => return Err(SolveError::new_err(format!("internal error: {panic}"))),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    // The work stops at its next look at the deadline, its answer unread; the
                    // next call starts a helper of its own rather than wait for it.
                    cancel.cancel();
                    HELPER.with_borrow_mut(|helper| *helper = None);
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(SolveError::new_err(
                    "internal error: the helper thread stopped",
                ))
            }
        }
    }
}

/// Gives `task` to this thread's helper, starting the helper at the first call.
fn hand_over(task: Task) -> PyResult<()> {
    HELPER.with_borrow_mut(|helper| {
        // A helper whose thread ended (a panic past its guard) hands the task back.
        let task = match helper.as_ref() {
            Some(tasks) => match tasks.send(task) {
                Ok(()) => return Ok(()),
                Err(returned) => returned.0,
            },
            None => task,
        };
        let (tasks, queue) = mpsc::channel::<Task>();
        spawn(move || queue.into_iter().for_each(|task| task()))
            .map_err(|e| SolveError::new_err(format!("cannot start a thread: {e}")))?;
        // A helper just started takes its queue until this thread ends.
        let _ = tasks.send(task);
        *helper = Some(tasks);
        Ok(())
    })
}

/// Starts a helper or a batch's worker thread, with the command line's stack.
pub fn spawn(work: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(work)
        .map(drop)
}

/// What a panic said.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    (payload.downcast_ref::<&str>().copied())
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic")
}
