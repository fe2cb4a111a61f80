//! The other rules of a Sudoku variant (marks, lines) as steps: each rule
//! narrows the candidates as the exact reductions have it do, and what it removes is one step
//! named after the rule.

use std::sync::Arc;

use super::board::{values, Board};
use super::{Step, Technique};
use crate::domains::Domains;
use crate::rule::Rule;

/// The first rule that removes a candidate, as a step.
pub fn rule_step(board: &Board, rules: &[Arc<dyn Rule>]) -> Option<Step> {
    let n = board.n();
    let mut domains = Domains::full(n, n, (1..=n as i64).collect());
    for i in 0..n * n {
        domains.set(i / n, i % n, board.candidates(i));
    }
    for rule in rules {
        let mut narrowed = domains.clone();
        if !rule.narrow(&mut narrowed, None, &mut Vec::new()) {
            continue;
        }
        let removed: Vec<_> = (0..n * n)
            .filter(|&i| board.placed(i) == 0)
            .flat_map(|i| {
                let gone = board.candidates(i) & !narrowed.get(i / n, i % n);
                values(gone).map(move |v| (board.cell(i), v))
            })
            .collect();
        if !removed.is_empty() {
            return Some(Step {
                technique: Technique::Rule(rule.name()),
                removed,
                ..Step::default()
            });
        }
    }
    None
}
