//! The one CBC C call that coin_cbc does not wrap: the branch-and-bound node count of a
//! finished solve (CBC copies its search's counts back to the model it was handed; a model
//! that CBC's preprocessing settles has 0 nodes and 0 iterations).
#![allow(unsafe_code)]

use coin_cbc::raw::Model;
use coin_cbc_sys::Cbc_Model;

// coin_cbc's raw model (version 0.1.9, pinned in Cargo.toml) is one field, the C model's
// pointer: a type of that size and alignment holds it at its start.
const _: () = {
    assert!(std::mem::size_of::<Model>() == std::mem::size_of::<*mut Cbc_Model>());
    assert!(std::mem::align_of::<Model>() == std::mem::align_of::<*mut Cbc_Model>());
};

/// The branch-and-bound nodes of `model`'s finished solve.
pub fn node_count(model: &Model) -> Option<u64> {
    // SAFETY: `model` is exactly its C model's pointer (see the assertions above), live as
    // long as `model` is; Cbc_getNodeCount only reads a count from it.
    let count = unsafe {
        let ptr = *(model as *const Model).cast::<*mut Cbc_Model>();
        coin_cbc_sys::Cbc_getNodeCount(ptr)
    };
    u64::try_from(count).ok()
}
