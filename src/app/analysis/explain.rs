//! `--explain`: the clues that stand in the way of a solution, or of one solution only; also
//! what `--hint` says of entered values that leave no solution.

use std::io::{self, Write};

use mipsolve::clue::Clue;
use mipsolve::explain::{self, Explanation};
use mipsolve::grid::cell_name;
use mipsolve::pipeline::Outcome;

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;
use crate::app::json_line::{differs, Clues, Conflict, Line, RepairLine};

/// The explanation.
pub struct Explain;

impl Analysis for Explain {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        let config = at.config;
        // --repair's answer for several solutions replaces --explain's greedy one; --hint on
        // filled-in values that leave no solution names the ones that conflict.
        let several = matches!(at.outcome, Outcome::Several { .. });
        let conflict = config.deduce.hint && matches!(at.outcome, Outcome::Infeasible { .. });
        if (config.explain && !(config.repair.is_some() && several)) || conflict {
            at.written_from_one("--explain")?;
            found.explanation = explain::explain(at.puzzle, at.outcome, &config.solve, at.deadline)
                .map_err(|e| at.failed(e))?;
        }
        Ok(())
    }

    fn after_grids(
        &self,
        findings: &Findings,
        outcome: &Outcome,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match &findings.explanation {
            Some(Explanation::Repair(givens)) => writeln!(out, "# {}", repair_text(givens)),
            Some(Explanation::TimeLimit) if outcome.solution().is_some() => {
                out.write_all(b"# no repair found: time limit\n")
            }
            _ => Ok(()),
        }
    }

    fn status(&self, findings: &Findings) -> Option<String> {
        match &findings.explanation {
            Some(Explanation::Conflict {
                clues,
                solvable_without,
            }) => Some(format!(
                ": {}",
                conflict_text(clues, solvable_without.as_deref())
            )),
            Some(Explanation::TimeLimit) => {
                Some(" (time limit reached before the explanation)".into())
            }
            _ => None,
        }
    }

    /// A conflict, a greedy repair, or the time limit.
    fn json<'a>(&self, findings: &'a Findings, outcome: &Outcome, line: &mut Line<'a>) {
        match &findings.explanation {
            Some(Explanation::Conflict {
                clues,
                solvable_without,
            }) => {
                line.conflict = Some(Conflict {
                    clues: Clues::of(clues),
                    solvable_without: solvable_without.as_deref().map(Clues::of),
                })
            }
            Some(Explanation::Repair(givens)) => {
                line.differs = differs(outcome);
                line.repair = Some(RepairLine::Greedy {
                    givens: Clues::of(givens).givens,
                    method: "greedy",
                });
            }
            Some(Explanation::TimeLimit) => {
                line.add_note("time limit reached before the explanation".into())
            }
            None => {}
        }
    }
}

/// A clue as a person reads it: `r1c2=5`, `cage 4 (11+)`.
pub fn clue_text(clue: &Clue) -> String {
    match clue {
        Clue::Given { cell, value } => format!("{}={value}", cell_name(*cell)),
        Clue::Cage {
            index,
            op,
            target,
            cells,
        } => {
            let cells: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
            let op = op.symbol();
            format!("cage {} ({target}{op}, {})", index + 1, cells.join(" "))
        }
        Clue::Rule { .. } => clue.rule_text().unwrap_or_default(),
    }
}

/// What `--explain` says about a puzzle with no solution: the conflicting clues, and those
/// the puzzle has a solution without.
pub fn conflict_text(clues: &[Clue], solvable_without: Option<&[Clue]>) -> String {
    let list = |clues: &[Clue]| clues.iter().map(clue_text).collect::<Vec<_>>().join(", ");
    let count = |f: fn(&Clue) -> bool| clues.iter().filter(|c| f(c)).count();
    let givens = count(|c| matches!(c, Clue::Given { .. }));
    let cages = count(|c| matches!(c, Clue::Cage { .. }));
    let counted = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    let conflict = match clues.len() {
        0 => return "the rules alone have no solution".to_string(),
        1 => format!("{} cannot hold under the rules", list(clues)),
        all => {
            let kinds = [
                (givens, "given"),
                (cages, "cage"),
                (all - givens - cages, "rule clue"),
            ];
            let named: Vec<String> = (kinds.into_iter())
                .filter(|&(n, _)| n > 0)
                .map(|(n, what)| counted(n, what))
                .collect();
            let what = named.join(" and ");
            format!(
                "these {what} cannot all hold together, and no smaller set of them conflicts: {}",
                list(clues)
            )
        }
    };
    match solvable_without {
        None => conflict,
        Some([]) => {
            format!("{conflict}; leaving out any one of them alone still leaves no solution")
        }
        Some([one]) => format!(
            "{conflict}; without {} alone the puzzle has a solution",
            clue_text(one)
        ),
        Some(some) => format!(
            "{conflict}; without any one of {} alone the puzzle has a solution",
            list(some)
        ),
    }
}

/// What `--explain` suggests for a puzzle with several solutions.
pub fn repair_text(givens: &[Clue]) -> String {
    let list: Vec<String> = givens.iter().map(clue_text).collect();
    let count = match givens.len() {
        1 => "1 more given".to_string(),
        n => format!("{n} more givens"),
    };
    format!(
        "unique with {count} (greedy; none can be left out): {}",
        list.join(", ")
    )
}
