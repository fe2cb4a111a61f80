//! The forced moves of the Takuzu rules, exactly: what the line rules
//! ([`super::lines`]) narrow with.

use crate::domains::Domains;
use crate::geometry::Area;
use crate::grid::Cell;

/// Candidate bit of value 0 and of value 1 in a cell's set.
const ZERO: u64 = 0b01;
const ONE: u64 = 0b10;

/// A line's state after some of its cells: ones so far, last digit, length of the last run
/// (0 before the first cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    ones: usize,
    last: usize,
    run: usize,
}

impl State {
    /// The state of an empty line.
    const START: State = State {
        ones: 0,
        last: 0,
        run: 0,
    };

    /// Number of states of a line of `2 * half` cells.
    fn count(half: usize) -> usize {
        (half + 1) * 6
    }

    fn index(self) -> usize {
        (self.ones * 2 + self.last) * 3 + self.run
    }

    fn from_index(i: usize) -> State {
        State {
            ones: i / 6,
            last: i / 3 % 2,
            run: i % 3,
        }
    }

    /// The state after putting `digit` as cell `at` (0-based) of a line of `2 * half`
    /// cells, unless that breaks the balance or makes three in a row.
    fn step(self, digit: usize, at: usize, half: usize) -> Option<State> {
        let run = if self.run > 0 && self.last == digit {
            self.run + 1
        } else {
            1
        };
        let ones = self.ones + digit;
        let zeros = at + 1 - ones;
        (run <= 2 && ones <= half && zeros <= half).then_some(State {
            ones,
            last: digit,
            run,
        })
    }
}

/// Balance and no-three-in-a-row on one line, exactly: a candidate stays only if some
/// completion of the line obeying both uses it (forward and backward reachability over
/// [`State`]s). `None` on a contradiction, else the positions where something was removed.
pub(super) fn line_moves(domains: &mut Domains, line: &[Cell]) -> Option<u64> {
    let (n, half) = (line.len(), line.len() / 2);
    let sets: Vec<u64> = line.iter().map(|&(r, c)| domains.get(r, c)).collect();
    let states = State::count(half);
    let sets = &sets;
    let digits = |i: usize| (0..2).filter(move |&d| sets[i] >> d & 1 == 1);
    // reached[i * states + s]: state s can follow the first i cells.
    let mut reached = vec![false; (n + 1) * states];
    reached[State::START.index()] = true;
    for i in 0..n {
        for s in 0..states {
            if !reached[i * states + s] {
                continue;
            }
            let from = State::from_index(s);
            for to in digits(i).filter_map(|d| from.step(d, i, half)) {
                reached[(i + 1) * states + to.index()] = true;
            }
        }
    }
    // finishing[i * states + s]: from state s after i cells the line can be completed.
    let mut finishing = vec![false; (n + 1) * states];
    for s in 0..states {
        finishing[n * states + s] = State::from_index(s).ones == half;
    }
    let mut changed = 0u64;
    for i in (0..n).rev() {
        let mut supported = 0u64;
        for s in (0..states).filter(|&s| reached[i * states + s]) {
            let from = State::from_index(s);
            for d in digits(i) {
                if from
                    .step(d, i, half)
                    .is_some_and(|to| finishing[(i + 1) * states + to.index()])
                {
                    supported |= 1 << d;
                    finishing[i * states + s] = true;
                }
            }
        }
        if supported == 0 {
            return None;
        }
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
}
