//! Singles and hidden singles on one all-different area, in one branch-free pass.

use crate::domains::Domains;

/// One pass over one area: a decided cell's value leaves the other cells, and when the area
/// has a cell per value, a value with one place left goes there. `false` on a contradiction;
/// the cells that lost candidates (row-major) are added to `changed` with what they lost.
pub(super) fn singles(
    domains: &mut Domains,
    area: &[usize],
    values: usize,
    changed: &mut Vec<(usize, u64)>,
) -> bool {
    // Bit tricks instead of count_ones: without a popcount instruction in the baseline
    // target, counting bits was the largest cost of this hot loop.
    let single = |set: u64| set & set.wrapping_sub(1) == 0;
    // Without branches: `if_single` is all ones for a decided cell, zero otherwise.
    let (mut decided, mut open, mut once, mut twice, mut clash) = (0u64, 0, 0, 0, 0);
    for &cell in area {
        let set = domains.at(cell);
        let if_single = u64::from(single(set)).wrapping_neg();
        clash |= decided & set & if_single;
        decided |= set & if_single;
        open |= set & !if_single;
        twice |= once & set;
        once |= set;
    }
    if clash != 0 {
        return false;
    }
    let covers_values = area.len() == values;
    let all = u64::MAX >> (64 - values);
    if covers_values && once != all {
        return false;
    }
    let only_here = if covers_values {
        once & !twice & !decided
    } else {
        0
    };
    if open & decided == 0 && only_here == 0 {
        // Nothing to remove: the usual case when an area is looked at again.
        return true;
    }
    for &cell in area {
        let set = domains.at(cell);
        if single(set) {
            continue;
        }
        let mut keep = !decided;
        let hidden = set & only_here;
        if hidden != 0 {
            if !single(hidden) {
                return false;
            }
            keep &= hidden;
        }
        if set & !keep != 0 {
            domains.restrict_at(cell, keep);
            if set & keep == 0 {
                return false;
            }
            changed.push((cell, set & !keep));
        }
    }
    true
}
