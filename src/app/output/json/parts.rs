//! The documented parts of a JSON record: a grade, a step, an audit, the stats, a conflict, a
//! repair, each as serde writes it.

use std::time::Duration;

use mipsolve::clue::Clue;
use mipsolve::deduce::Step;
use mipsolve::grid::Cell;
use mipsolve::pipeline::Stats;
use mipsolve::repair::{Edit, Repair};
use serde::Serialize;

use crate::app::analysis::repair::Repaired;

/// `--grade`: `{"level": "advanced", "score": 1840, "guesses": 0}`.
#[derive(Serialize)]
pub(super) struct GradeLine {
    pub(super) level: &'static str,
    pub(super) score: u32,
    pub(super) guesses: usize,
    pub(super) trials: usize,
    /// The variant scale's level, for a Sudoku variant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) variant_level: Option<&'static str>,
}

/// One step: its technique, the cells placed and candidates removed (`[row, col, value]`),
/// the cells that justify it (1-based), its area, and the text a person reads.
#[derive(Serialize)]
pub(super) struct StepLine {
    pub(super) technique: String,
    pub(super) placed: Vec<[usize; 3]>,
    pub(super) removed: Vec<[usize; 3]>,
    pub(super) cells: Vec<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) area: Option<String>,
    pub(super) text: String,
}

impl StepLine {
    pub(super) fn of(step: &Step) -> StepLine {
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
pub(super) struct AuditLine {
    pub(super) redundant: Vec<[u64; 3]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) operators: Option<Vec<usize>>,
    pub(super) minimal: bool,
}

/// `--stats`: the engine of each question, seconds per stage (`null`: the stage did not
/// run), the size of the model a solver was handed (`null`: none was built), the solver's
/// work (`null`: not reported).
#[derive(Serialize)]
pub(super) struct StatsLine {
    pub(super) decided_by: Vec<&'static str>,
    pub(super) seconds: StageSeconds,
    pub(super) model: Option<SizeLine>,
    pub(super) nodes: Option<u64>,
    pub(super) iterations: Option<u64>,
    pub(super) conflicts: Option<u64>,
}

/// Seconds spent in each stage.
#[derive(Serialize)]
pub(super) struct StageSeconds {
    pub(super) reductions: Option<f64>,
    pub(super) split: Option<f64>,
    pub(super) model: Option<f64>,
    pub(super) solver: Option<f64>,
}

/// The size of a model as a MIP solver is handed it.
#[derive(Serialize)]
pub(super) struct SizeLine {
    pub(super) rows: usize,
    pub(super) columns: usize,
    pub(super) nonzeros: usize,
}

impl StatsLine {
    pub(super) fn of(stats: &Stats) -> StatsLine {
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
pub(super) struct Conflict {
    #[serde(flatten)]
    pub(super) clues: Clues,
    pub(super) solvable_without: Option<Clues>,
}

/// Givens as `[row, col, value]` and cages by number, all 1-based.
#[derive(Serialize, Default)]
pub(super) struct Clues {
    pub(super) givens: Vec<[u64; 3]>,
    pub(super) cages: Vec<usize>,
    /// Variant rule clues, as named in text (`sandwichsum 3 (12)`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) rules: Vec<String>,
}

impl Clues {
    pub(super) fn of(clues: &[Clue]) -> Clues {
        let mut out = Clues::default();
        for clue in clues {
            match *clue {
                Clue::Given { cell, value } => {
                    let (r, c) = (cell.0 as u64 + 1, cell.1 as u64 + 1);
                    out.givens.push([r, c, u64::from(value)]);
                }
                Clue::Cage { index, .. } => out.cages.push(index + 1),
                Clue::Rule { .. } => out.rules.extend(clue.rule_text()),
            }
        }
        out
    }
}

/// `repair`: `--explain`'s greedy givens, or `--repair`'s edits.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum RepairLine {
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
pub(super) struct EditLine {
    pub(super) edit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) cell: Option<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) cage: Option<usize>,
    /// A rule clue, as named (`sandwichsum 2 at R0C2 (27)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) clue: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) from: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) to: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) value: Option<u32>,
}

impl RepairLine {
    pub(super) fn of(repaired: &Repaired) -> RepairLine {
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
            puzzle: repaired.puzzle.clone(),
            note,
        }
    }
}
