//! JSON Lines: one object per puzzle, written with serde.

use std::io::{self, Write};

use mipsolve::clue::Clue;
use mipsolve::explain::{Audit, Explanation};
use mipsolve::grid::Grid;
use mipsolve::pipeline::{CountEnd, Outcome};
use serde::Serialize;

use super::Output;

mod parts;

use crate::app::analysis::deduce::Deduced;
use crate::app::record::{culprit_note, Record, Solved};
use parts::{AuditLine, Clues, Conflict, GradeLine, RepairLine, StatsLine, StepLine};

/// The JSON Lines format.
pub struct Json;

/// The documented record, key by key.
#[derive(Serialize, Default)]
struct Line<'a> {
    file: &'a str,
    index: Option<usize>,
    line: Option<usize>,
    kind: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'a [&'static str]>,
    rows: Option<usize>,
    cols: Option<usize>,
    status: &'static str,
    unique: Option<bool>,
    seconds: f64,
    solution: Option<Vec<Vec<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_solution: Option<Vec<Vec<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<Vec<Vec<u32>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verified: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    broken: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    operators: Vec<Operators<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<Conflict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    differs: Option<Vec<[usize; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    repair: Option<RepairLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audit: Option<AuditLine>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<&'a [Vec<Vec<i64>>]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unproven: Option<Vec<[i64; 3]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<GradeLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepLine>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<StepLine>,
}

/// The operators of one hidden-operator cage.
#[derive(Serialize)]
struct Operators<'a> {
    cage: usize,
    ops: &'a [&'static str],
}

impl<'a> Line<'a> {
    /// The record's header: file, place, kind and shape, as an error until more is said.
    fn of(record: &'a Record) -> Line<'a> {
        Line {
            file: &record.file,
            index: record.index,
            line: record.line,
            kind: record.kind,
            variant: record.variant.as_deref(),
            rows: record.shape.map(|(r, _)| r),
            cols: record.shape.map(|(_, c)| c),
            status: "error",
            seconds: (record.seconds * 1e6).round() / 1e6,
            operators: (record.operators.iter())
                .map(|h| Operators {
                    cage: h.cage,
                    ops: &h.operators,
                })
                .collect(),
            ..Line::default()
        }
    }

    /// The status, uniqueness and grids of an outcome.
    fn outcome(&mut self, solved: &Solved) {
        let rows = |grid: &Grid| Some(grid.to_rows());
        (self.status, self.unique) = match &solved.outcome {
            Outcome::Solved(_) => ("solved", None),
            Outcome::Unique(_) => ("solved", Some(true)),
            Outcome::Several { second, .. } => {
                self.second_solution = rows(second);
                ("solved", Some(false))
            }
            Outcome::Counted { solutions, end } => {
                let complete = *end == CountEnd::All;
                self.count = Some(solutions.len());
                self.count_complete = Some(complete);
                self.solutions = Some(solutions.iter().map(Grid::to_rows).collect());
                let unique = (solutions.len() > 1 || complete).then_some(solutions.len() == 1);
                match end {
                    CountEnd::TimeLimit => ("timeout", unique),
                    _ => ("solved", unique),
                }
            }
            Outcome::Infeasible { culprit } => {
                self.note = culprit.as_ref().map(culprit_note);
                ("infeasible", None)
            }
            Outcome::Timeout { .. } => ("timeout", None),
            Outcome::Rejected { broken, .. } => {
                self.broken = Some(broken.iter().map(ToString::to_string).collect());
                ("rejected", None)
            }
        };
        self.verified = solved.verified.then_some(self.broken.is_none());
        self.solution = solved.outcome.solution().and_then(rows);
        self.stats = solved.stats.as_ref().map(StatsLine::of);
        self.repair = solved.found.repaired.as_ref().map(RepairLine::of);
    }

    /// `--grade`, `--steps`, `--hint`: a hint never gives a solution away; the cells where two
    /// solutions differ are said without their values.
    fn deduced(&mut self, solved: &Solved) {
        match &solved.found.deduced {
            Some(Deduced {
                asked,
                found: Ok(found),
            }) => {
                self.grade = asked.grade.then(|| GradeLine {
                    level: found.level(),
                    score: found.score(),
                    guesses: found.guesses(),
                    trials: found.trials(),
                    variant_level: found.variant_level(),
                });
                self.steps = (asked.steps).then(|| found.steps.iter().map(StepLine::of).collect());
                self.hint = (asked.hint)
                    .then(|| found.steps.first().map(StepLine::of))
                    .flatten();
                if asked.hint {
                    self.solution = None;
                }
            }
            Some(Deduced {
                asked,
                found: Err(why),
            }) => {
                self.note = Some(why.to_string());
                if asked.hint {
                    self.differs = differs(&solved.outcome);
                    self.solution = None;
                    self.second_solution = None;
                    self.solutions = None;
                }
            }
            None => {}
        }
    }

    /// `--candidates` and `--audit`.
    fn candidates_and_audit(&mut self, solved: &'a Solved) {
        self.warnings = &solved.warnings;
        if let Some(found) = &solved.found.candidates {
            self.candidates = Some(&found.values);
            let unproven =
                (found.unproven.iter()).map(|&((r, c), v)| [r as i64 + 1, c as i64 + 1, v]);
            self.unproven = (!found.complete()).then(|| unproven.collect());
        }
        match &solved.found.audit {
            Some(Audit::Done {
                redundant,
                operators,
                ..
            }) => {
                let cages = (redundant.iter()).filter_map(|c| match c {
                    Clue::Cage { index, .. } => Some(index + 1),
                    _ => None,
                });
                self.audit = Some(AuditLine {
                    redundant: Clues::of(redundant).givens,
                    operators: (*operators > 0).then(|| cages.collect()),
                    minimal: redundant.is_empty(),
                })
            }
            Some(Audit::TimeLimit) => {
                self.note = Some("time limit reached before the audit".into())
            }
            None => {}
        }
    }

    /// `--explain`: a conflict, a greedy repair, or the time limit.
    fn explanation(&mut self, solved: &Solved) {
        match &solved.found.explanation {
            Some(Explanation::Conflict {
                clues,
                solvable_without,
            }) => {
                self.conflict = Some(Conflict {
                    clues: Clues::of(clues),
                    solvable_without: solvable_without.as_deref().map(Clues::of),
                })
            }
            Some(Explanation::Repair(givens)) => {
                self.differs = differs(&solved.outcome);
                self.repair = Some(RepairLine::Greedy {
                    givens: Clues::of(givens).givens,
                    method: "greedy",
                });
            }
            Some(Explanation::TimeLimit) => {
                let reason = "time limit reached before the explanation";
                self.note = Some(match self.note.take() {
                    Some(note) => format!("{note}; {reason}"),
                    None => reason.to_string(),
                });
            }
            None => {}
        }
    }
}

/// The cells (1-based) where an outcome's first two solutions differ, if it has two.
fn differs(outcome: &Outcome) -> Option<Vec<[usize; 2]>> {
    match outcome.solutions()[..] {
        [first, second, ..] => {
            let cells = first.differences(second).into_iter();
            Some(cells.map(|(r, c)| [r + 1, c + 1]).collect())
        }
        _ => None,
    }
}

impl Output for Json {
    fn write(&self, record: &Record, out: &mut dyn Write) -> io::Result<()> {
        let mut line = Line::of(record);
        match &record.result {
            Err(failure) => line.error = Some(failure.to_string()),
            Ok(solved) => {
                line.outcome(solved);
                line.deduced(solved);
                line.candidates_and_audit(solved);
                line.explanation(solved);
            }
        }
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")
    }

    fn note(&self, record: &Record) -> Option<String> {
        record.result.as_ref().err().map(ToString::to_string)
    }
}
