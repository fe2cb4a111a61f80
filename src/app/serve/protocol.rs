//! The f-puzzles solver protocol (the "Fpuzzles-SudokuSolver" userscript's, spoken by
//! SudokuSolverConsole): one JSON text message a request, each answer carrying its nonce.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::refusal::Refusal;

/// A request: `{"nonce": N, "command": C, "dataType": "fpuzzles", "data": D}`.
#[derive(Debug, Deserialize)]
#[serde(tag = "command", rename_all = "lowercase")]
pub enum Request {
    /// Each candidate's solutions (capped), or whether it has one.
    TrueCandidates(Puzzle),
    /// One solution.
    Solve(Puzzle),
    /// The count up to 2.
    Check(Puzzle),
    /// Every solution counted, with progress about once a second.
    Count(Puzzle),
    /// The whole logical path.
    SolvePath(Puzzle),
    /// The next logical step.
    Step(Puzzle),
    /// Stops the client's running job.
    Cancel,
}

/// A request's puzzle: lz-string base64 of the f-puzzles JSON (its nonce is read apart, by
/// [`nonce`], so that a request that does not read is answered with it too).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Puzzle {
    /// Always `fpuzzles`.
    pub data_type: String,
    /// The puzzle.
    pub data: String,
}

/// An answer, tagged by `type`.
#[derive(Debug, Serialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Answer {
    /// Per (cell, value), `(row * width + col) * maxValue + value - 1`: solutions with it.
    TrueCandidates {
        #[serde(rename = "solutionsPerCandidate")]
        solutions_per_candidate: Vec<i64>,
    },
    /// A solution, row by row.
    Solved { solution: Vec<u32> },
    /// A count so far (`inProgress`) or final.
    Count {
        count: u64,
        #[serde(rename = "inProgress")]
        in_progress: bool,
    },
    /// Logical steps: the cells after them and what they were.
    Logical {
        cells: Vec<LogicalCell>,
        message: String,
        #[serde(rename = "isValid")]
        is_valid: bool,
    },
    /// What could not be answered, and why.
    Invalid { message: String },
    /// The job was stopped.
    Canceled,
}

/// A cell of a logical answer: its value (0: none yet) and its candidates.
#[derive(Debug, Serialize, PartialEq)]
pub struct LogicalCell {
    pub value: u32,
    pub candidates: Vec<u32>,
}

/// An answer with the request's nonce, as sent.
pub fn message(nonce: &Value, answer: &Answer) -> String {
    let mut object = serde_json::to_value(answer).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut object {
        map.insert("nonce".into(), nonce.clone());
    }
    object.to_string()
}

/// The nonce of a request's text, if it has one (for answering one that does not read).
pub fn nonce(text: &str) -> Value {
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    value.get("nonce").cloned().unwrap_or(Value::Null)
}

/// A request read from its text, or what is wrong with it.
pub fn read(text: &str) -> Result<Request, Refusal> {
    let request: Request = serde_json::from_str(text).map_err(|e| {
        match e.to_string().contains("unknown variant") {
            true => Refusal::UnknownCommand(e),
            false => Refusal::Unread(e),
        }
    })?;
    if let Some(puzzle) = request.puzzle() {
        if puzzle.data_type != "fpuzzles" {
            return Err(Refusal::DataType(puzzle.data_type.clone()));
        }
    }
    Ok(request)
}

impl Request {
    /// Its puzzle, for every command but `cancel`.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        match self {
            Request::TrueCandidates(p)
            | Request::Solve(p)
            | Request::Check(p)
            | Request::Count(p)
            | Request::SolvePath(p)
            | Request::Step(p) => Some(p),
            Request::Cancel => None,
        }
    }

    /// The command's name, for the log.
    pub fn name(&self) -> &'static str {
        match self {
            Request::TrueCandidates(_) => "truecandidates",
            Request::Solve(_) => "solve",
            Request::Check(_) => "check",
            Request::Count(_) => "count",
            Request::SolvePath(_) => "solvepath",
            Request::Step(_) => "step",
            Request::Cancel => "cancel",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_by_command_and_answers_carry_the_nonce() {
        let text = r#"{"nonce": 7, "command": "check", "dataType": "fpuzzles", "data": "N4Ig"}"#;
        assert!(matches!(read(text), Ok(Request::Check(_))));
        let unknown = read(r#"{"nonce": 1, "command": "frobnicate"}"#).unwrap_err();
        let unknown = unknown.to_string();
        assert!(
            unknown.starts_with("unknown command: unknown variant `frobnicate`"),
            "{unknown}"
        );
        let answer = Answer::Count {
            count: 2,
            in_progress: false,
        };
        assert_eq!(
            message(&serde_json::json!(7), &answer),
            r#"{"count":2,"inProgress":false,"nonce":7,"type":"count"}"#
        );
    }
}
