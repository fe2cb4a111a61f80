//! The two HiGHS C calls the `highs` crate does not wrap, in the one module that calls the C
//! API directly: the interrupt callback (HiGHS calls it at regular points of the simplex, the
//! interior point method and branch and bound, and it asks HiGHS to stop once the deadline
//! has passed), and the 64-bit branch-and-bound node count.
#![allow(unsafe_code)]

use std::os::raw::{c_char, c_int, c_void};

use highs_sys::{HighsCallbackDataIn, HighsCallbackDataOut, HighsInt};

use crate::deadline::Deadline;
use crate::error::SolveError;

/// HiGHS's callback kinds that can interrupt: simplex, interior point, branch and bound.
const INTERRUPTS: [HighsInt; 3] = [1, 2, 6];

/// Makes the next solve of `highs` stop (status "interrupted") soon after `deadline` passes.
/// The caller keeps `deadline` where it is until that solve has returned, and does not
/// solve `highs` again: HiGHS keeps the pointer.
pub fn interrupt_at(highs: &mut highs::Model, deadline: &Deadline) -> Result<(), SolveError> {
    let data = deadline as *const Deadline as *mut c_void;
    // SAFETY: `highs` is a live HiGHS instance; `data` points to a Deadline that the caller
    // keeps alive and in place until the solve ends (see above), and `interrupt` only reads it.
    let status = unsafe {
        let ptr = highs.as_mut_ptr();
        let mut status = highs_sys::Highs_setCallback(ptr, Some(interrupt), data);
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

/// Sets HiGHS's `user_interrupt` once the deadline in `user_data` has passed.
unsafe extern "C" fn interrupt(
    _kind: c_int,
    _message: *const c_char,
    _data_out: *const HighsCallbackDataOut,
    data_in: *mut HighsCallbackDataIn,
    user_data: *mut c_void,
) {
    // SAFETY: `user_data` is the deadline `interrupt_at` registered, alive for the whole
    // solve; `data_in` is HiGHS's own, valid during this call when not null.
    unsafe {
        let deadline = &*(user_data as *const Deadline);
        if !data_in.is_null() && deadline.passed() {
            (*data_in).user_interrupt = 1;
        }
    }
}
