//! The record of one puzzle, key for key the JSON record of `mipsolve --format json`
//! (docs/usage.md), handed to Python as a dict: the keys every record has, then those of the
//! outcome and of the analysis asked for, each left out when it says nothing, as there.
//! Pairs and triples are vectors, not arrays: Python gets lists, as `json.loads` gives them.

use mipsolve::clue::Clue;
use mipsolve::deduce::Step;
use mipsolve::grid::{Cell, Grid};
use mipsolve::pipeline::{CountEnd, Outcome};
use mipsolve::puzzle::Puzzle;
use mipsolve::rule::OptionalRule;
use serde::Serialize;

use crate::input::Item;

/// The record, key by key.
#[derive(Serialize, Default)]
pub struct Line {
    pub file: String,
    pub index: Option<usize>,
    pub line: Option<usize>,
    pub kind: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Vec<&'static str>>,
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    pub status: &'static str,
    pub unique: Option<bool>,
    pub seconds: f64,
    pub solution: Option<Vec<Vec<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_solution: Option<Vec<Vec<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Vec<Vec<u32>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broken: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub operators: Vec<Operators>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Conflict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<Vec<Vec<usize>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repair: Option<RepairLine>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<Vec<Vec<i64>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unproven: Option<Vec<Vec<i64>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<GradeLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepLine>>,
}

/// The operators a hidden-operator cage's values meet its target with.
#[derive(Serialize)]
pub struct Operators {
    pub cage: usize,
    pub ops: Vec<&'static str>,
}

impl Line {
    /// The keys every record has, for `item`, as an error until more is said.
    pub fn header(item: &Item) -> Line {
        let puzzle = item.puzzle.as_ref().ok();
        Line {
            file: item.file.clone(),
            index: item.index,
            line: item.line,
            kind: item.kind.map(|k| k.name),
            variant: puzzle.and_then(|p| p.variant().map(<[_]>::to_vec)),
            rows: puzzle.map(|p| p.shape().0),
            cols: puzzle.map(|p| p.shape().1),
            status: "error",
            ..Line::default()
        }
    }

    /// The status, uniqueness and grids of `outcome`, and what the puzzle's solution says
    /// (hidden operators, the reader's warnings).
    pub fn outcome(&mut self, outcome: &Outcome, puzzle: &dyn Puzzle) {
        let rows = |grid: &Grid| Some(grid.to_rows());
        (self.status, self.unique) = match outcome {
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
        self.solution = outcome.solution().and_then(rows);
        if let Some(grid) = outcome.solution() {
            self.operators = (puzzle.hidden_operators(grid).into_iter())
                .map(|h| Operators {
                    cage: h.cage,
                    ops: h.operators,
                })
                .collect();
        }
        self.warnings = puzzle.warnings().to_vec();
    }

    /// Adds `note` after what the record says already.
    pub fn add_note(&mut self, note: String) {
        self.note = Some(match self.note.take() {
            Some(said) => format!("{said}; {note}"),
            None => note,
        });
    }
}

/// What an infeasible puzzle's culprit rule means for the user.
fn culprit_note(rule: &OptionalRule) -> String {
    format!(
        "no solution with {}; it has one with {}",
        rule.name, rule.option
    )
}

/// The cells (1-based) where an outcome's first two solutions differ, if it has two.
pub fn differs(outcome: &Outcome) -> Option<Vec<Vec<usize>>> {
    match outcome.solutions()[..] {
        [first, second, ..] => {
            let cells = first.differences(second).into_iter();
            Some(cells.map(|(r, c)| vec![r + 1, c + 1]).collect())
        }
        _ => None,
    }
}

/// `grade`: `{"level": "advanced", "score": 1840, "guesses": 0, "trials": 0}`.
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
/// the cells that justify it, its area, and the text a person reads (all 1-based).
#[derive(Serialize)]
pub struct StepLine {
    pub technique: String,
    pub placed: Vec<Vec<usize>>,
    pub removed: Vec<Vec<usize>>,
    pub cells: Vec<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    pub text: String,
}

impl StepLine {
    pub fn of(step: &Step) -> StepLine {
        let triple = |&((r, c), v): &(Cell, u32)| vec![r + 1, c + 1, v as usize];
        StepLine {
            technique: step.technique.name(),
            placed: step.placed.iter().map(triple).collect(),
            removed: step.removed.iter().map(triple).collect(),
            cells: step
                .because
                .iter()
                .map(|&(r, c)| vec![r + 1, c + 1])
                .collect(),
            area: step.area.as_ref().map(ToString::to_string),
            text: step.to_string(),
        }
    }
}

/// A minimal conflict, and those of its clues the puzzle has a solution without (`None` when
/// the time limit ran out before that was known).
#[derive(Serialize)]
pub struct Conflict {
    #[serde(flatten)]
    pub clues: Clues,
    pub solvable_without: Option<Clues>,
}

/// Givens as `[row, col, value]` and cages by number, all 1-based.
#[derive(Serialize, Default)]
pub struct Clues {
    pub givens: Vec<Vec<u64>>,
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
                    out.givens.push(vec![r, c, u64::from(value)]);
                }
                Clue::Cage { index, .. } => out.cages.push(index + 1),
                Clue::Rule { .. } => out.rules.extend(clue.rule_text()),
            }
        }
        out
    }
}

/// `repair`: the explanation's greedy givens, or a repair's edits.
#[derive(Serialize)]
#[serde(untagged)]
pub enum RepairLine {
    /// Givens that make a puzzle unique, and how they were chosen.
    Greedy {
        givens: Vec<Vec<u64>>,
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
    pub cell: Option<Vec<usize>>,
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
