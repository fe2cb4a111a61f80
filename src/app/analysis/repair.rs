//! `--repair SOLVER`: the fewest edits that give a puzzle with no solution or several exactly one.

use std::io::{self, Write};

use mipsolve::pipeline::Outcome;
use mipsolve::puzzle::Puzzle;
use mipsolve::repair::{self, Edit};

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;
use crate::app::json_line::{EditLine, Line, RepairLine};

/// The repair.
pub struct Repair;

impl Analysis for Repair {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        let Some(solver) = &at.config.repair else {
            return Ok(());
        };
        at.written_from_one("--repair")?;
        let repair = repair::repair(at.puzzle, at.outcome, &at.config.solve, solver, at.deadline)
            .map_err(|e| at.failed(e))?;
        found.repaired = repair.map(|r| Repaired::of(r, at.puzzle));
        Ok(())
    }

    fn at_end(&self, findings: &Findings, _: &Outcome, out: &mut dyn Write) -> io::Result<()> {
        let Some(repaired) = &findings.repaired else {
            return Ok(());
        };
        writeln!(out, "# repair: {}", repaired.text())?;
        if let Some(puzzle) = &repaired.puzzle {
            out.write_all(b"# repaired puzzle:\n")?;
            out.write_all(puzzle.as_bytes())?;
        }
        Ok(())
    }

    fn json<'a>(&self, findings: &'a Findings, _: &Outcome, line: &mut Line<'a>) {
        if let Some(repaired) = &findings.repaired {
            line.repair = Some(repaired.line());
        }
    }
}

/// A repair and the repaired puzzle written in the input's style.
pub struct Repaired {
    /// What `--repair` found.
    pub repair: repair::Repair,
    /// The repaired puzzle as its kind writes givens (`.` for a blank), when there are edits.
    pub puzzle: Option<String>,
}

impl Repaired {
    /// `repair` of `puzzle`, with the repaired puzzle rendered.
    pub fn of(repair: repair::Repair, puzzle: &dyn Puzzle) -> Self {
        let puzzle = match &repair {
            repair::Repair::Edits { clues, .. } => {
                (puzzle.with_clues(clues)).and_then(|p| p.render_puzzle())
            }
            _ => None,
        };
        Repaired { repair, puzzle }
    }

    /// What the repair says: `changed r1c1=1 -> 5 (1 edit, optimal)`.
    pub fn text(&self) -> String {
        match &self.repair {
            repair::Repair::Unique => "none needed: the puzzle is unique".into(),
            repair::Repair::NotByGivens => {
                "no change of givens or cage targets helps: the other rules have no solution".into()
            }
            repair::Repair::TimeLimit => {
                "time limit reached before the fewest edits were found and proven".into()
            }
            repair::Repair::Edits {
                edits,
                optimal,
                unique,
                ..
            } => {
                let list: Vec<String> = edits.iter().map(ToString::to_string).collect();
                let count = match edits.len() {
                    1 => "1 edit".to_string(),
                    n => format!("{n} edits"),
                };
                let added = edits
                    .iter()
                    .any(|e| matches!(e, repair::Edit::Added { .. }));
                let proof = match (optimal, added) {
                    (true, false) => "optimal",
                    (true, true) => "optimal over every solution",
                    (false, false) => "not proven the fewest",
                    (false, true) => {
                        "the fewest with the first solution's values, not proven over every solution"
                    }
                };
                let several = match unique {
                    true => "",
                    false => "; the repaired puzzle has several solutions",
                };
                format!("{} ({count}, {proof}{several})", list.join(", "))
            }
        }
    }

    /// Its JSON `repair` key.
    fn line(&self) -> RepairLine {
        let one_based = |(r, c): (usize, usize)| [r + 1, c + 1];
        let (edits, optimal, unique, note) = match &self.repair {
            repair::Repair::Edits {
                edits,
                optimal,
                unique,
                ..
            } => (edits.as_slice(), Some(*optimal), Some(*unique), None),
            _ => (&[][..], None, None, Some(self.text())),
        };
        let edits = (edits.iter())
            .map(|e| match *e {
                Edit::Changed { cell, from, to } => EditLine {
                    edit: "changed",
                    cell: Some(one_based(cell)),
                    from: Some(from.into()),
                    to: Some(to.into()),
                    ..EditLine::default()
                },
                Edit::CageTarget { index, from, to } => EditLine {
                    edit: "changed",
                    cage: Some(index + 1),
                    from: i64::try_from(from).ok(),
                    to: i64::try_from(to).ok(),
                    ..EditLine::default()
                },
                Edit::RuleValue { ref clue, from, to } => EditLine {
                    edit: "changed",
                    clue: Some(clue.clone()),
                    from: Some(from),
                    to: Some(to),
                    ..EditLine::default()
                },
                Edit::Added { cell, value } => EditLine {
                    edit: "added",
                    cell: Some(one_based(cell)),
                    value: Some(value),
                    ..EditLine::default()
                },
            })
            .collect();
        RepairLine::Edits {
            edits,
            optimal,
            unique,
            puzzle: self.puzzle.clone(),
            note,
        }
    }
}
