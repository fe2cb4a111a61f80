//! What one puzzle's run produced, and how it is printed: JSON Lines or text.

use serde::Serialize;
use serde_json::Value;

use crate::grid::Grid;
use crate::pipeline::{Outcome, Status};

/// The result of one puzzle (or of a file that could not be read or parsed).
pub struct Record {
    /// The path as given (`-` for standard input).
    pub file: String,
    /// Position in the file; `None` when the error concerns the whole file.
    pub index: Option<usize>,
    /// Whether the file holds several puzzles (then text headers show the index).
    pub in_collection: bool,
    pub kind: &'static str,
    pub shape: Option<(usize, usize)>,
    pub seconds: f64,
    /// The outcome with rendered grids, or a one-line error `FILE:LINE: what is wrong`.
    pub result: Result<Solved, String>,
}

/// An outcome with its grids rendered for text output.
pub struct Solved {
    pub outcome: Outcome,
    pub text: Option<String>,
    pub second_text: Option<String>,
}

/// How a record counts in the summary and the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Solved,
    NotUnique,
    Infeasible,
    Timeout,
    Error,
}

impl Verdict {
    /// The exit code this verdict asks for: 0, 1, or 2 for errors.
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Solved => 0,
            Verdict::NotUnique | Verdict::Infeasible | Verdict::Timeout => 1,
            Verdict::Error => 2,
        }
    }
}

#[derive(Serialize)]
struct JsonLine<'a> {
    file: &'a str,
    index: Option<usize>,
    kind: &'a str,
    size: Value,
    status: &'a str,
    unique: Option<bool>,
    seconds: f64,
    solution: Option<Vec<Vec<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_solution: Option<Vec<Vec<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

impl Record {
    /// The verdict for counting and the exit code.
    pub fn verdict(&self) -> Verdict {
        match &self.result {
            Err(_) => Verdict::Error,
            Ok(s) => match (s.outcome.status, s.outcome.unique) {
                (Status::Infeasible, _) => Verdict::Infeasible,
                (Status::Timeout, _) => Verdict::Timeout,
                (Status::Solved, Some(false)) => Verdict::NotUnique,
                (Status::Solved, _) => Verdict::Solved,
            },
        }
    }

    /// The record as one JSON line (no trailing newline).
    pub fn to_json(&self) -> String {
        let size = match self.shape {
            Some((r, c)) if r == c => Value::from(r),
            Some((r, c)) => Value::from(vec![r, c]),
            None => Value::Null,
        };
        let seconds = (self.seconds * 1e6).round() / 1e6;
        let line = match &self.result {
            Err(message) => JsonLine {
                file: &self.file,
                index: self.index,
                kind: self.kind,
                size,
                status: "error",
                unique: None,
                seconds,
                solution: None,
                second_solution: None,
                error: Some(message),
            },
            Ok(s) => JsonLine {
                file: &self.file,
                index: self.index,
                kind: self.kind,
                size,
                status: match s.outcome.status {
                    Status::Solved => "solved",
                    Status::Infeasible => "infeasible",
                    Status::Timeout => "timeout",
                },
                unique: s.outcome.unique,
                seconds,
                solution: s.outcome.solution.as_ref().map(Grid::to_rows),
                second_solution: s.outcome.second.as_ref().map(Grid::to_rows),
                error: None,
            },
        };
        serde_json::to_string(&line).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// `FILE` or `FILE [INDEX]`, naming the puzzle in headers and messages.
    pub fn name(&self) -> String {
        match self.index {
            Some(i) if self.in_collection => format!("{} [{i}]", self.file),
            _ => self.file.clone(),
        }
    }

    /// Text output: (stdout part, stderr line). Grids go to stdout, statuses to stderr.
    pub fn to_text(&self, with_header: bool) -> (String, Option<String>) {
        let mut out = String::new();
        let s = match &self.result {
            Err(message) => return (out, Some(message.clone())),
            Ok(s) => s,
        };
        if let Some(text) = &s.text {
            if with_header {
                out.push_str(&format!("# {}\n", self.name()));
            }
            out.push_str(text);
            match (s.outcome.unique, &s.second_text) {
                (Some(true), _) => out.push_str("# unique\n"),
                (Some(false), Some(second)) => {
                    out.push_str("# not unique, a second solution:\n");
                    out.push_str(second);
                }
                _ => {}
            }
        }
        let name = self.name();
        let message = match (s.outcome.status, s.outcome.unique) {
            (Status::Infeasible, _) => Some(format!("{name}: no solution")),
            (Status::Timeout, _) if s.text.is_some() => Some(format!(
                "{name}: time limit reached before uniqueness was decided"
            )),
            (Status::Timeout, _) => Some(format!("{name}: time limit reached")),
            (Status::Solved, Some(false)) => Some(format!("{name}: not unique")),
            _ => None,
        };
        (out, message)
    }
}
