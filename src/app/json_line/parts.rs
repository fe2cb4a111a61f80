//! The documented parts of a JSON record: a grade, a step, an audit, the stats, a conflict, a
//! repair, each as serde writes it.

use std::time::Duration;

use mipsolve::clue::Clue;
use mipsolve::deduce::Step;
use mipsolve::grid::Cell;
use mipsolve::pipeline::Stats;
use serde::Serialize;

/// `--grade`: `{"level": "advanced", "score": 1840, "guesses": 0}`.
#[derive(Serialize)]
pub struct GradeLine {
    pub level: &'static str,
    pub score: u32,
    pub guesses: usize,
    pub trials: usize,
    /// The variant scale's level, for a Sudoku variant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_level: Option<&'static str>,
}

/// One step: its technique, the cells placed and candidates removed (`[row, col, value]`),
/// the cells that justify it (1-based), its area, and the text a person reads.
#[derive(Serialize)]
pub struct StepLine {
    pub technique: String,
    pub placed: Vec<[usize; 3]>,
    pub removed: Vec<[usize; 3]>,
    pub cells: Vec<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    pub text: String,
}

impl StepLine {
    pub fn of(step: &Step) -> StepLine {
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
pub struct AuditLine {
    pub redundant: Vec<[u64; 3]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operators: Option<Vec<usize>>,
    pub minimal: bool,
}

/// `--stats`: the engine of each question, seconds per stage (`null`: the stage did not
/// run), the size of the model a solver was handed (`null`: none was built), the solver's
/// work (`null`: not reported).
#[derive(Serialize)]
pub struct StatsLine {
    pub decided_by: Vec<&'static str>,
    pub seconds: StageSeconds,
    pub model: Option<SizeLine>,
    pub nodes: Option<u64>,
    pub iterations: Option<u64>,
    pub conflicts: Option<u64>,
}

/// Seconds spent in each stage.
#[derive(Serialize)]
pub struct StageSeconds {
    pub reductions: Option<f64>,
    pub split: Option<f64>,
    pub model: Option<f64>,
    pub solver: Option<f64>,
}

/// The size of a model as a MIP solver is handed it.
#[derive(Serialize)]
pub struct SizeLine {
    pub rows: usize,
    pub columns: usize,
    pub nonzeros: usize,
}

impl StatsLine {
    pub fn of(stats: &Stats) -> StatsLine {
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
pub struct Conflict {
    #[serde(flatten)]
    pub clues: Clues,
    pub solvable_without: Option<Clues>,
}

/// Givens as `[row, col, value]` and cages by number, all 1-based.
#[derive(Serialize, Default)]
pub struct Clues {
    pub givens: Vec<[u64; 3]>,
    pub cages: Vec<usize>,
    /// Variant rule clues, as named in text (`sandwichsum 3 (12)`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
}

impl Clues {
    pub fn of(clues: &[Clue]) -> Clues {
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
pub enum RepairLine {
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
pub struct EditLine {
    pub edit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cage: Option<usize>,
    /// A rule clue, as named (`sandwichsum 2 at R0C2 (27)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clue: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
}
