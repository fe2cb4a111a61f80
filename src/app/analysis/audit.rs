//! `--audit`: the givens (and cage operators) a unique puzzle does without, one at a time.

use std::io::{self, Write};

use mipsolve::clue::Clue;
use mipsolve::explain;
use mipsolve::pipeline::Outcome;

use super::explain::clue_text;
use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;
use crate::app::json_line::{AuditLine, Clues, Line};

/// The audit.
pub struct Audit;

impl Analysis for Audit {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        if at.config.audit {
            at.written_from_one("--audit")?;
            found.audit = explain::audit(at.puzzle, at.outcome, &at.config.solve, at.deadline)
                .map_err(|e| at.failed(e))?;
        }
        Ok(())
    }

    fn after_grids(&self, findings: &Findings, _: &Outcome, out: &mut dyn Write) -> io::Result<()> {
        match &findings.audit {
            Some(audit) => writeln!(out, "# {}", audit_text(audit)),
            None => Ok(()),
        }
    }

    fn json<'a>(&self, findings: &'a Findings, _: &Outcome, line: &mut Line<'a>) {
        match &findings.audit {
            Some(explain::Audit::Done {
                redundant,
                operators,
                ..
            }) => {
                let cages = (redundant.iter()).filter_map(|c| match c {
                    Clue::Cage { index, .. } => Some(index + 1),
                    _ => None,
                });
                line.audit = Some(AuditLine {
                    redundant: Clues::of(redundant).givens,
                    operators: (*operators > 0).then(|| cages.collect()),
                    minimal: redundant.is_empty(),
                })
            }
            Some(explain::Audit::TimeLimit) => {
                line.add_note("time limit reached before the audit".into())
            }
            None => {}
        }
    }
}

/// What `--audit` says: `redundant, each alone: r1c3=4, r7c7=2 (2 of 27 givens); not minimal`,
/// and for KenKen `the operators of cages 3, 7 (2 of 12 operators)`.
pub fn audit_text(audit: &explain::Audit) -> String {
    let explain::Audit::Done {
        redundant,
        givens,
        operators,
    } = audit
    else {
        return "audit incomplete: time limit".to_string();
    };
    let plural = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    let mut kinds = Vec::new();
    if *givens > 0 {
        kinds.push(plural(*givens, "given"));
    }
    if *operators > 0 {
        kinds.push(plural(*operators, "operator"));
    }
    if redundant.is_empty() {
        return format!("redundant: none of the {}; minimal", kinds.join(" and "));
    }
    let cells: Vec<String> = (redundant.iter())
        .filter(|c| matches!(c, Clue::Given { .. }))
        .map(clue_text)
        .collect();
    let cages: Vec<String> = (redundant.iter())
        .filter_map(|c| match c {
            Clue::Cage { index, .. } => Some((index + 1).to_string()),
            _ => None,
        })
        .collect();
    let mut parts = Vec::new();
    if !cells.is_empty() {
        let of = plural(*givens, "given");
        parts.push(format!("{} ({} of {of})", cells.join(", "), cells.len()));
    }
    if !cages.is_empty() {
        let of = plural(*operators, "operator");
        let list = cages.join(", ");
        let (n, cage) = (cages.len(), if cages.len() == 1 { "cage" } else { "cages" });
        parts.push(format!("the operators of {cage} {list} ({n} of {of})"));
    }
    format!("redundant, each alone: {}; not minimal", parts.join("; "))
}
