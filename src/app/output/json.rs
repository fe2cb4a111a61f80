//! JSON Lines: one object per puzzle, written with serde.

use std::io::{self, Write};
use std::time::Duration;

use mipsolve::clue::Clue;
use mipsolve::deduce::Step;
use mipsolve::explain::{Audit, Explanation};
use mipsolve::grid::{Cell, Grid};
use mipsolve::pipeline::{CountEnd, Outcome, Stats};
use mipsolve::repair::{Edit, Repair};
use serde::Serialize;

use super::Output;
use crate::app::record::{culprit_note, Deduced, Record, Repaired};

/// The JSON Lines format.
pub struct Json;

/// The documented record, key by key.
#[derive(Serialize)]
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
    error: Option<&'a str>,
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

/// `--grade`: `{"level": "advanced", "score": 1840, "guesses": 0}`.
#[derive(Serialize)]
struct GradeLine {
    level: &'static str,
    score: u32,
    guesses: usize,
}

/// One step: its technique, the cells placed and candidates removed (`[row, col, value]`),
/// the cells that justify it (1-based), its area, and the text a person reads.
#[derive(Serialize)]
struct StepLine {
    technique: String,
    placed: Vec<[usize; 3]>,
    removed: Vec<[usize; 3]>,
    cells: Vec<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    area: Option<String>,
    text: String,
}

impl StepLine {
    fn of(step: &Step) -> StepLine {
        let triple = |&((r, c), v): &(Cell, u32)| [r + 1, c + 1, v as usize];
        StepLine {
            technique: step.technique.name(),
            placed: step.placed.iter().map(triple).collect(),
            removed: step.removed.iter().map(triple).collect(),
            cells: step.because.iter().map(|&(r, c)| [r + 1, c + 1]).collect(),
            area: step.area.as_ref().map(ToString::to_string),
            text: step.to_string(),
        }
    }
}

/// `--audit`: the givens the puzzle does without one at a time (`[row, col, value]`,
/// 1-based), the cages (1-based) whose operator alone may be hidden where cages show
/// operators, and whether there are none.
#[derive(Serialize)]
struct AuditLine {
    redundant: Vec<[u64; 3]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    operators: Option<Vec<usize>>,
    minimal: bool,
}

/// `--stats`: the engine of each question, seconds per stage (`null`: the stage did not
/// run), the size of the model a solver was handed (`null`: none was built), the solver's
/// work (`null`: not reported).
#[derive(Serialize)]
struct StatsLine {
    decided_by: Vec<&'static str>,
    seconds: StageSeconds,
    model: Option<SizeLine>,
    nodes: Option<u64>,
    iterations: Option<u64>,
    conflicts: Option<u64>,
}

/// Seconds spent in each stage.
#[derive(Serialize)]
struct StageSeconds {
    reductions: Option<f64>,
    split: Option<f64>,
    model: Option<f64>,
    solver: Option<f64>,
}

/// The size of a model as a MIP solver is handed it.
#[derive(Serialize)]
struct SizeLine {
    rows: usize,
    columns: usize,
    nonzeros: usize,
}

impl StatsLine {
    fn of(stats: &Stats) -> StatsLine {
        let seconds = |d: Option<Duration>| d.map(|d| (d.as_secs_f64() * 1e6).round() / 1e6);
        StatsLine {
            decided_by: stats.decided_by.clone(),
            seconds: StageSeconds {
                reductions: seconds(stats.reductions),
                split: seconds(stats.split),
                model: seconds(stats.model),
                solver: seconds(stats.solver),
            },
            model: stats.size.map(|size| SizeLine {
                rows: size.rows,
                columns: size.columns,
                nonzeros: size.nonzeros,
            }),
            nodes: stats.nodes,
            iterations: stats.iterations,
            conflicts: stats.conflicts,
        }
    }
}

/// A minimal conflict, and those of its clues the puzzle has a solution without (`null`
/// when the time limit ran out before that was known).
#[derive(Serialize)]
struct Conflict {
    #[serde(flatten)]
    clues: Clues,
    solvable_without: Option<Clues>,
}

/// Givens as `[row, col, value]` and cages by number, all 1-based.
#[derive(Serialize, Default)]
struct Clues {
    givens: Vec<[u64; 3]>,
    cages: Vec<usize>,
}

impl Clues {
    fn of(clues: &[Clue]) -> Clues {
        let mut out = Clues::default();
        for clue in clues {
            match *clue {
                Clue::Given { cell, value } => {
                    let (r, c) = (cell.0 as u64 + 1, cell.1 as u64 + 1);
                    out.givens.push([r, c, u64::from(value)]);
                }
                Clue::Cage { index, .. } => out.cages.push(index + 1),
            }
        }
        out
    }
}

/// `repair`: `--explain`'s greedy givens, or `--repair`'s edits.
#[derive(Serialize)]
#[serde(untagged)]
enum RepairLine {
    /// Givens that make a puzzle unique, and how they were chosen.
    Greedy {
        givens: Vec<[u64; 3]>,
        method: &'static str,
    },
    /// The fewest edits found, whether proven the fewest, the repaired puzzle; or why none.
    Edits {
        edits: Vec<EditLine>,
        optimal: Option<bool>,
        unique: Option<bool>,
        puzzle: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
}

/// One edit: `{"edit": "changed", "cell": [1, 1], "from": 1, "to": 5}`,
/// `{"edit": "changed", "cage": 7, "from": 12, "to": 13}` or
/// `{"edit": "added", "cell": [1, 2], "value": 6}` (1-based cells and cages).
#[derive(Serialize, Default)]
struct EditLine {
    edit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cage: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u32>,
}

impl RepairLine {
    fn of(repaired: &Repaired) -> RepairLine {
        let one_based = |(r, c): (usize, usize)| [r + 1, c + 1];
        let (edits, optimal, unique, note) = match &repaired.repair {
            Repair::Edits {
                edits,
                optimal,
                unique,
                ..
            } => (edits.as_slice(), Some(*optimal), Some(*unique), None),
            _ => (&[][..], None, None, Some(repaired.text())),
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
            puzzle: repaired.puzzle.clone(),
            note,
        }
    }
}

/// The operators of one hidden-operator cage.
#[derive(Serialize)]
struct Operators<'a> {
    cage: usize,
    ops: &'a [&'static str],
}

impl Output for Json {
    fn write(&self, record: &Record, out: &mut dyn Write) -> io::Result<()> {
        let mut line = Line {
            file: &record.file,
            index: record.index,
            line: record.line,
            kind: record.kind,
            variant: record.variant.as_deref(),
            rows: record.shape.map(|(r, _)| r),
            cols: record.shape.map(|(_, c)| c),
            status: "error",
            unique: None,
            seconds: (record.seconds * 1e6).round() / 1e6,
            solution: None,
            second_solution: None,
            count: None,
            count_complete: None,
            solutions: None,
            verified: None,
            broken: None,
            error: None,
            note: None,
            operators: (record.operators.iter())
                .map(|h| Operators {
                    cage: h.cage,
                    ops: &h.operators,
                })
                .collect(),
            conflict: None,
            differs: None,
            repair: None,
            audit: None,
            candidates: None,
            unproven: None,
            stats: None,
            grade: None,
            steps: None,
            hint: None,
        };
        match &record.result {
            Err(message) => line.error = Some(message),
            Ok(solved) => {
                let rows = |grid: &Grid| Some(grid.to_rows());
                (line.status, line.unique) = match &solved.outcome {
                    Outcome::Solved(_) => ("solved", None),
                    Outcome::Unique(_) => ("solved", Some(true)),
                    Outcome::Several { second, .. } => {
                        line.second_solution = rows(second);
                        ("solved", Some(false))
                    }
                    Outcome::Counted { solutions, end } => {
                        let complete = *end == CountEnd::All;
                        line.count = Some(solutions.len());
                        line.count_complete = Some(complete);
                        line.solutions = Some(solutions.iter().map(Grid::to_rows).collect());
                        let unique =
                            (solutions.len() > 1 || complete).then_some(solutions.len() == 1);
                        match end {
                            CountEnd::TimeLimit => ("timeout", unique),
                            _ => ("solved", unique),
                        }
                    }
                    Outcome::Infeasible { culprit } => {
                        line.note = culprit.as_ref().map(culprit_note);
                        ("infeasible", None)
                    }
                    Outcome::Timeout { .. } => ("timeout", None),
                    Outcome::Rejected { broken, .. } => {
                        line.broken = Some(broken.iter().map(ToString::to_string).collect());
                        ("rejected", None)
                    }
                };
                line.verified = solved.verified.then_some(line.broken.is_none());
                line.solution = solved.outcome.solution().and_then(rows);
                line.stats = solved.stats.as_ref().map(StatsLine::of);
                if let Some(repaired) = &solved.repaired {
                    line.repair = Some(RepairLine::of(repaired));
                }
                match &solved.deduced {
                    Some(Deduced {
                        asked,
                        found: Ok(found),
                    }) => {
                        line.grade = asked.grade.then(|| GradeLine {
                            level: found.level(),
                            score: found.score(),
                            guesses: found.guesses(),
                        });
                        line.steps =
                            (asked.steps).then(|| found.steps.iter().map(StepLine::of).collect());
                        line.hint = (asked.hint)
                            .then(|| found.steps.first().map(StepLine::of))
                            .flatten();
                        if asked.hint {
                            line.solution = None;
                        }
                    }
                    Some(Deduced {
                        asked,
                        found: Err(why),
                    }) => {
                        line.note = Some(why.to_string());
                        if asked.hint {
                            // A hint never gives a solution away; the cells where two
                            // solutions differ are said without their values.
                            let solutions = solved.outcome.solutions();
                            if let [first, second, ..] = solutions[..] {
                                let cells = first.differences(second).into_iter();
                                line.differs = Some(cells.map(|(r, c)| [r + 1, c + 1]).collect());
                            }
                            line.solution = None;
                            line.second_solution = None;
                            line.solutions = None;
                        }
                    }
                    None => {}
                }
                if let Some(found) = &solved.candidates {
                    line.candidates = Some(&found.values);
                    let unproven =
                        (found.unproven.iter()).map(|&((r, c), v)| [r as i64 + 1, c as i64 + 1, v]);
                    line.unproven = (!found.complete()).then(|| unproven.collect());
                }
                match &solved.audit {
                    Some(Audit::Done {
                        redundant,
                        operators,
                        ..
                    }) => {
                        let cages = (redundant.iter()).filter_map(|c| match c {
                            Clue::Cage { index, .. } => Some(index + 1),
                            Clue::Given { .. } => None,
                        });
                        line.audit = Some(AuditLine {
                            redundant: Clues::of(redundant).givens,
                            operators: (*operators > 0).then(|| cages.collect()),
                            minimal: redundant.is_empty(),
                        })
                    }
                    Some(Audit::TimeLimit) => {
                        line.note = Some("time limit reached before the audit".into())
                    }
                    None => {}
                }
                match &solved.explanation {
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
                        let solutions = solved.outcome.solutions();
                        if let [first, second, ..] = solutions[..] {
                            let cells = first.differences(second).into_iter();
                            line.differs = Some(cells.map(|(r, c)| [r + 1, c + 1]).collect());
                        }
                        line.repair = Some(RepairLine::Greedy {
                            givens: Clues::of(givens).givens,
                            method: "greedy",
                        });
                    }
                    Some(Explanation::TimeLimit) => {
                        let reason = "time limit reached before the explanation";
                        line.note = Some(match line.note.take() {
                            Some(note) => format!("{note}; {reason}"),
                            None => reason.to_string(),
                        });
                    }
                    None => {}
                }
            }
        }
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")
    }

    fn note(&self, record: &Record) -> Option<String> {
        record.result.as_ref().err().cloned()
    }
}
