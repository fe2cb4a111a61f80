//! The JSON record of one puzzle, key by key as documented: the writer fills its header and
//! outcome, and each analysis its own keys.

mod parts;

use mipsolve::pipeline::Outcome;
use serde::Serialize;

pub use parts::{AuditLine, Clues, Conflict, EditLine, GradeLine, RepairLine, StatsLine, StepLine};

/// The documented record, key by key.
#[derive(Serialize, Default)]
pub struct Line<'a> {
    pub file: &'a str,
    pub index: Option<usize>,
    pub line: Option<usize>,
    pub kind: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'a [&'static str]>,
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
    pub operators: Vec<Operators<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Conflict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<Vec<[usize; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repair: Option<RepairLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audit: Option<AuditLine>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub warnings: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<&'a [Vec<Vec<i64>>]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unproven: Option<Vec<[i64; 3]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<GradeLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepLine>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<StepLine>,
}

/// The operators of one hidden-operator cage.
#[derive(Serialize)]
pub struct Operators<'a> {
    pub cage: usize,
    pub ops: &'a [&'static str],
}

impl Line<'_> {
    /// Adds `note` to the record's note, after what is said already.
    pub fn add_note(&mut self, note: String) {
        self.note = Some(match self.note.take() {
            Some(said) => format!("{said}; {note}"),
            None => note,
        });
    }

    /// Drops every grid, for an answer that must not give a solution away (a hint).
    pub fn without_grids(&mut self) {
        self.solution = None;
        self.second_solution = None;
        self.solutions = None;
    }
}

/// The cells (1-based) where an outcome's first two solutions differ, if it has two.
pub fn differs(outcome: &Outcome) -> Option<Vec<[usize; 2]>> {
    match outcome.solutions()[..] {
        [first, second, ..] => {
            let cells = first.differences(second).into_iter();
            Some(cells.map(|(r, c)| [r + 1, c + 1]).collect())
        }
        _ => None,
    }
}
