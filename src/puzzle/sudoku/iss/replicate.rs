//! ISS's composites that only group items: `Replicate~targets[~origin] ... End`, whose items are
//! a template copied once per target cell, shifted so that the origin lands on it (the
//! grouping of `Or` and `And` is kept for the reader).

use super::{fail, Item};
use crate::error::ParseError;

const DIGITS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The items with every `Replicate` copied out, each keeping the
/// number of the item it comes from.
pub(super) fn expand(items: Vec<Item>, n: usize) -> Result<Vec<Item>, ParseError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let item = &items[i];
        match item.kind.as_str() {
            "Replicate" => {
                let end = closing(&items, i);
                let inner = expand(items[i + 1..end].to_vec(), n)?;
                for target in targets(item, n)? {
                    for child in &inner {
                        out.push(shifted(child, target, n)?);
                    }
                }
                i = end;
            }
            _ => out.push(item.clone()),
        }
        i += 1;
    }
    Ok(out)
}

/// The index of the `End` that closes the composite opened at `open` (the last item when
/// none does).
pub(super) fn closing(items: &[Item], open: usize) -> usize {
    let mut depth = 0;
    for (i, item) in items.iter().enumerate().skip(open) {
        match item.kind.as_str() {
            "Replicate" | "And" | "Or" => depth += 1,
            "End" if depth == 1 => return i,
            "End" => depth -= 1,
            _ => {}
        }
    }
    items.len()
}

/// The origin and the shifts to each target: the targets' bits (six a character, lowest
/// first) count cells in reading order from the origin (`R1C1` when none is given).
fn targets(item: &Item, n: usize) -> Result<Vec<(i64, i64)>, ParseError> {
    let wrong = |what: &str| fail(format!("ISS item {} (Replicate): {what}", item.number));
    let origin = item.args.get(1).map_or(Some((0, 0)), |id| cell(id, n));
    let (r0, c0) = origin.ok_or_else(|| wrong("its origin is no cell of the grid"))?;
    let bits = item.args.first().map_or("", String::as_str);
    let mut shifts = Vec::new();
    for (k, ch) in bits.chars().enumerate() {
        let six = DIGITS
            .find(ch)
            .ok_or_else(|| wrong("its targets are not base64"))?;
        for b in (0..6).filter(|b| six >> b & 1 == 1) {
            let at = r0 * n + c0 + k * 6 + b;
            if at >= n * n {
                return Err(wrong("a target lies past the grid's last cell"));
            }
            shifts.push(((at / n) as i64 - r0 as i64, (at % n) as i64 - c0 as i64));
        }
    }
    Ok(shifts)
}

/// The item with each argument that is a cell moved by `shift`.
fn shifted(item: &Item, (dr, dc): (i64, i64), n: usize) -> Result<Item, ParseError> {
    let mut copy = item.clone();
    for arg in &mut copy.args {
        if let Some((r, c)) = cell(arg, n) {
            let (r, c) = (r as i64 + dr, c as i64 + dc);
            if !(0..n as i64).contains(&r) || !(0..n as i64).contains(&c) {
                let (number, kind) = (item.number, &item.kind);
                let message = format!("a Replicate copy of {arg} falls outside the grid");
                return Err(fail(format!("ISS item {number} ({kind}): {message}")));
            }
            let digit = |v: i64| char::from_digit(v as u32 + 1, 17).unwrap_or('?');
            *arg = format!("R{}C{}", digit(r), digit(c));
        }
    }
    Ok(copy)
}

/// A cell id `R1C1` (past 9, `a`..`g`) of the grid, 0-based.
fn cell(id: &str, n: usize) -> Option<(usize, usize)> {
    let digit = |ch: char| ch.to_digit(17).filter(|&d| d >= 1).map(|d| d as usize - 1);
    let chars: Vec<char> = id.chars().collect();
    match chars[..] {
        ['R', r, 'C', c] => digit(r).zip(digit(c)).filter(|&(r, c)| r < n && c < n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(text: &str) -> Vec<Item> {
        (text.split('.').skip(1).enumerate())
            .map(|(i, item)| {
                let mut parts = item.split('~').map(str::to_string);
                let kind = parts.next().unwrap_or_default();
                let args = parts.collect();
                Item {
                    number: i + 1,
                    kind,
                    args,
                }
            })
            .collect()
    }

    fn written(items: &[Item]) -> Vec<String> {
        (items.iter())
            .map(|item| format!("{}~{}", item.kind, item.args.join("~")))
            .collect()
    }

    #[test]
    fn a_replicate_copies_its_items_onto_each_target() {
        // `D` sets bits 0 and 1: the origin R2C2 and the cell after it, R2C3.
        let expanded = expand(items(".Replicate~D~R2C2.X~R2C2~R3C2.End.V~R1C1~R1C2"), 9);
        assert_eq!(
            written(&expanded.unwrap()),
            ["X~R2C2~R3C2", "X~R2C3~R3C3", "V~R1C1~R1C2"]
        );
        // Bit 6 (`A` then `B`) is the seventh cell from R1C1, R1C7; an `And` is kept (it
        // groups an `Or`'s option) with its `End`.
        let expanded = expand(items(".And.Replicate~AB.Thermo~R1C1~R2C1.End.End"), 9);
        assert_eq!(
            written(&expanded.unwrap()),
            ["And~", "Thermo~R1C7~R2C7", "End~"]
        );
        // `C` sets bit 1: R2C1 after R1C9, so R1C8 would move left of the grid.
        let outside = expand(items(".Replicate~C~R1C9.X~R1C9~R1C8.End"), 9).unwrap_err();
        let message = "ISS item 2 (X): a Replicate copy of R1C8 falls outside the grid";
        assert!(outside.to_string().contains(message), "{outside}");
    }
}
