//! The forced moves of the Takuzu rules, exactly: what the line rules
//! ([`super::lines`]) narrow with.

use crate::domains::Domains;
use crate::geometry::Area;
use crate::grid::Cell;

/// Candidate bit of value 0 and of value 1 in a cell's set.
const ZERO: u64 = 0b01;
const ONE: u64 = 0b10;

/// Per last digit (0 or 1) and length of its run (1 or 2), the counts of ones a line's first
/// cells can have, as bits (bit `o`: `o` ones; lines are at most 64 cells, so `o <= 32`).
type Ends = [[u64; 2]; 2];

/// Balance and no-three-in-a-row on one line, exactly: a candidate stays only if some
/// completion of the line obeying both uses it (forward reachability of the [`Ends`] after
/// each cell, backward completion from them). `None` on a contradiction, else the positions
/// where something was removed.
pub(super) fn line_moves(domains: &mut Domains, line: &[Cell]) -> Option<u64> {
    let (n, half) = (line.len(), line.len() / 2);
    let mut sets = [0u64; 64];
    for (set, &(r, c)) in sets.iter_mut().zip(line) {
        *set = domains.get(r, c);
    }
    // The counts of ones that keep both digits within half after `i` cells.
    let counts = |i: usize| {
        let at_most_half = (1u64 << (half + 1)) - 1;
        at_most_half & (u64::MAX << i.saturating_sub(half))
    };
    let gate = |set: u64, digit: u64| 0u64.wrapping_sub(set >> digit & 1);
    // reach[i]: the ends after the first i cells (i >= 1).
    let mut reach = [[[0u64; 2]; 2]; 65];
    reach[1] = [[gate(sets[0], 0) & 1, 0], [gate(sets[0], 1) & 2, 0]];
    for i in 1..n {
        let ([z1, z2], [o1, o2]) = (reach[i][0], reach[i][1]);
        let (zero, one, keep) = (gate(sets[i], 0), gate(sets[i], 1), counts(i + 1));
        reach[i + 1] = [
            [zero & (o1 | o2) & keep, zero & z1 & keep],
            [one & ((z1 | z2) << 1) & keep, one & (o1 << 1) & keep],
        ];
    }
    // done: the ends after i + 1 cells from which the line can be completed, for i from the
    // last cell down.
    let mut done: Ends = [[1 << half; 2]; 2];
    let mut changed = 0u64;
    for i in (0..n).rev() {
        let (zero, one) = (gate(sets[i], 0), gate(sets[i], 1));
        let [[d01, d02], [d11, d12]] = done;
        let (zero_ok, one_ok) = match i {
            0 => (zero & d01 & 1 != 0, one & d11 & 2 != 0),
            _ => {
                let ([z1, z2], [o1, o2]) = (reach[i][0], reach[i][1]);
                let zero_ok = zero & ((o1 | o2) & d01 | z1 & d02) != 0;
                let one_ok = one & (((z1 | z2) << 1) & d11 | (o1 << 1) & d12) != 0;
                (zero_ok, one_ok)
            }
        };
        let supported = if zero_ok { ZERO } else { 0 } | if one_ok { ONE } else { 0 };
        if supported == 0 {
            return None;
        }
        // The ends after i cells that cell i (by a digit it may hold) leads to `done`.
        let keep = counts(i);
        done = [
            [
                (zero & d02 | one & (d11 >> 1)) & keep,
                one & (d11 >> 1) & keep,
            ],
            [(zero & d01 | one & (d12 >> 1)) & keep, zero & d01 & keep],
        ];
        let (r, c) = line[i];
        if domains.restrict(r, c, supported) {
            changed |= 1 << i;
        }
    }
    Some(changed)
}

/// Distinct lines within one group (rows, or columns): two complete equal lines are a
/// contradiction (`false`); a line with two open cells whose decided cells match a complete
/// line must differ from it in both (balance rules out differing in one). Each cell narrowed
/// (row-major) is pushed onto `shrunk`.
pub(super) fn distinct_moves(
    domains: &mut Domains,
    group: &[Area],
    shrunk: &mut Vec<usize>,
) -> bool {
    let digits = |domains: &Domains, line: &[Cell]| -> Vec<u64> {
        line.iter().map(|&(r, c)| domains.get(r, c)).collect()
    };
    let is_open = |set: &u64| set.count_ones() > 1;
    let complete: Vec<Vec<u64>> = (group.iter())
        .map(|line| digits(domains, &line.cells))
        .filter(|sets| !sets.iter().any(is_open))
        .collect();
    for line in group {
        let sets = digits(domains, &line.cells);
        let open: Vec<usize> = (0..sets.len()).filter(|&i| is_open(&sets[i])).collect();
        if open.is_empty() {
            if complete.iter().filter(|other| **other == sets).count() > 1 {
                return false;
            }
            continue;
        }
        if open.len() != 2 {
            continue;
        }
        let matches =
            |other: &&Vec<u64>| (0..sets.len()).all(|i| is_open(&sets[i]) || sets[i] == other[i]);
        if let Some(other) = complete.iter().find(matches) {
            for &i in &open {
                let (r, c) = line.cells[i];
                if domains.restrict(r, c, other[i] ^ (ZERO | ONE)) {
                    shrunk.push(r * domains.cols() + c);
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One row of a 2-row board from text (`.` = open), with the columns left open.
    fn row(text: &str) -> (Domains, Vec<Cell>) {
        let n = text.len();
        let mut domains = Domains::full(2, n, vec![0, 1]);
        for (c, ch) in text.chars().enumerate() {
            match ch {
                '0' => domains.set(0, c, ZERO),
                '1' => domains.set(0, c, ONE),
                _ => {}
            }
        }
        (domains, (0..n).map(|c| (0, c)).collect())
    }

    fn text(domains: &Domains, line: &[Cell]) -> String {
        let digit = |set| match set {
            ZERO => '0',
            ONE => '1',
            _ => '.',
        };
        line.iter()
            .map(|&(r, c)| digit(domains.get(r, c)))
            .collect()
    }

    #[test]
    fn pairs_gaps_and_balance_are_forced() {
        for (before, after) in [
            ("1.1...", "101..."),
            ("1.1.1.", "101010"),
            ("0.0.1.", "010.1."),
            ("111...", "contradiction"),
            ("1.1.11", "contradiction"),
        ] {
            let (mut domains, line) = row(before);
            let got = match line_moves(&mut domains, &line) {
                Some(_) => text(&domains, &line),
                None => "contradiction".into(),
            };
            assert_eq!(got, after, "from {before}");
        }
    }

    #[test]
    fn completions_rule_out_what_simple_moves_miss() {
        // After "110", one 1 and two 0s remain; "001" would make three zeros, so every
        // completion (110100, 110010) ends in 0, which the pair rule alone does not see.
        let (mut domains, line) = row("11....");
        line_moves(&mut domains, &line).unwrap();
        assert_eq!(text(&domains, &line), "110..0");
    }

    #[test]
    fn a_line_two_cells_short_of_an_equal_complete_line_differs_there() {
        let mut domains = Domains::full(4, 4, vec![0, 1]);
        for (c, (a, b)) in [(0, (ZERO, ZERO)), (1, (ONE, ONE))].into_iter() {
            domains.set(0, c, a);
            domains.set(1, c, b);
        }
        domains.set(0, 2, ONE);
        domains.set(0, 3, ZERO);
        let rows = crate::geometry::rows(4, 4);
        let mut shrunk = Vec::new();
        assert!(distinct_moves(&mut domains, &rows, &mut shrunk));
        assert_eq!((domains.get(1, 2), domains.get(1, 3)), (ZERO, ONE));
        assert_eq!(shrunk, [6, 7]);
        domains.set(1, 2, ONE);
        domains.set(1, 3, ZERO);
        assert!(!distinct_moves(&mut domains, &rows, &mut Vec::new()));
    }

    /// Every completion of a line's open cells, checked by the rules directly.
    fn completions(sets: &[u64]) -> Vec<Vec<u64>> {
        let n = sets.len();
        let keeps = |digits: &[u64]| {
            let balanced = digits.iter().filter(|&&d| d == 1).count() == n / 2;
            balanced && digits.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]))
        };
        (0u64..1 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1).collect::<Vec<u64>>())
            .filter(|digits| (0..n).all(|i| sets[i] >> digits[i] & 1 == 1))
            .filter(|digits| keeps(digits))
            .collect()
    }

    #[test]
    fn line_moves_keep_exactly_the_digits_some_completion_uses() {
        let mut state = 12345u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3000 {
            let n = [2, 4, 6, 8, 10, 12][round % 6];
            let sets: Vec<u64> = (0..n)
                .map(|_| match next() % 5 {
                    0 => ZERO,
                    1 => ONE,
                    _ => ZERO | ONE,
                })
                .collect();
            let mut domains = Domains::full(1, n, vec![0, 1]);
            (0..n).for_each(|c| domains.set(0, c, sets[c]));
            let line: Vec<Cell> = (0..n).map(|c| (0, c)).collect();
            let found = completions(&sets);
            match line_moves(&mut domains, &line) {
                None => assert!(found.is_empty(), "{sets:?}"),
                Some(changed) => {
                    assert!(!found.is_empty(), "{sets:?}");
                    for c in 0..n {
                        let used = found.iter().fold(0, |acc, d| acc | 1 << d[c]);
                        assert_eq!(domains.get(0, c), used, "{sets:?} cell {c}");
                        assert_eq!(changed >> c & 1 == 1, used != sets[c], "{sets:?}");
                    }
                }
            }
        }
    }
}
