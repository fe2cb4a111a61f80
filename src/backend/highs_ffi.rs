//! The two HiGHS C calls the `highs` crate does not wrap, in the one module that calls the C
//! API directly: the interrupt callback (HiGHS calls it at regular points of the simplex, the
//! interior point method and branch and bound, and it asks HiGHS to stop once a flag is set),
//! and the 64-bit branch-and-bound node count.
#![allow(unsafe_code)]

use std::os::raw::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use highs_sys::{HighsCallbackDataIn, HighsCallbackDataOut, HighsInt};

use crate::error::SolveError;

/// HiGHS's callback kinds that can interrupt: simplex, interior point, branch and bound.
const INTERRUPTS: [HighsInt; 3] = [1, 2, 6];

/// Makes every later solve of `highs` stop (status "interrupted") soon after `stop` is set.
/// The caller keeps its clone of `stop` until the solve has returned, so the flag outlives
/// every call HiGHS makes.
pub fn interrupt_when_set(
    highs: &mut highs::Model,
    stop: &Arc<AtomicBool>,
) -> Result<(), SolveError> {
    let flag = Arc::as_ptr(stop) as *mut c_void;
    // SAFETY: `highs` is a live HiGHS instance; `flag` points to an AtomicBool that the
    // caller keeps alive until the solve ends (see above), and `interrupt` only reads it.
    let status = unsafe {
        let ptr = highs.as_mut_ptr();
        let mut status = highs_sys::Highs_setCallback(ptr, Some(interrupt), flag);
        for kind in INTERRUPTS {
            status = status.max(highs_sys::Highs_startCallback(ptr, kind));
        }
        status
    };
    match status {
        0 => Ok(()),
        other => Err(SolveError::Backend(format!(
            "HiGHS refused the interrupt callback (status {other})"
        ))),
    }
}

/// The branch-and-bound nodes of a finished solve, if HiGHS reports them.
pub fn node_count(solved: &highs::SolvedModel) -> Option<u64> {
    let mut nodes: i64 = 0;
    // SAFETY: `solved` is a live HiGHS instance and the name a NUL-terminated literal; HiGHS
    // writes one i64 into `nodes`.
    let status = unsafe {
        highs_sys::Highs_getInt64InfoValue(solved.as_ptr(), c"mip_node_count".as_ptr(), &mut nodes)
    };
    (status == 0)
        .then_some(nodes)
        .and_then(|n| u64::try_from(n).ok())
}

/// Sets HiGHS's `user_interrupt` once the flag in `user_data` is set.
unsafe extern "C" fn interrupt(
    _kind: c_int,
    _message: *const c_char,
    _data_out: *const HighsCallbackDataOut,
    data_in: *mut HighsCallbackDataIn,
    user_data: *mut c_void,
) {
    // SAFETY: `user_data` is the flag `interrupt_when_set` registered, alive for the whole solve;
    // `data_in` is HiGHS's own, valid during this call when not null.
    unsafe {
        let stop = &*(user_data as *const AtomicBool);
        if stop.load(Ordering::Relaxed) && !data_in.is_null() {
            (*data_in).user_interrupt = 1;
        }
    }
}
