//! What one puzzle's run produced, ready to print, and how it counts in the exit code.

use mipsolve::pipeline::{CountEnd, Outcome, Stats};
use mipsolve::puzzle::HiddenOperators;
use mipsolve::rule::OptionalRule;

use super::analysis::Findings;
use super::failure::Failure;

/// The result of one puzzle (or of a file that could not be read or parsed).
pub struct Record {
    /// The path as given (`-` for standard input).
    pub file: String,
    /// Position in the file; `None` when the error concerns the whole file.
    pub index: Option<usize>,
    /// The 1-based line the puzzle starts on.
    pub line: Option<usize>,
    /// Whether the file holds several puzzles (then text headers show the index).
    pub in_collection: bool,
    /// The registry name of the kind, when it is known.
    pub kind: Option<&'static str>,
    /// The names of the variant's rules, in registry order, for kinds that have variants.
    pub variant: Option<Vec<&'static str>>,
    /// For cages with a hidden operator, the operators the solution meets them with.
    pub operators: Vec<HiddenOperators>,
    /// Rows and columns, when the puzzle parsed.
    pub shape: Option<(usize, usize)>,
    /// The value the puzzle writes for 1 (0 for values from 0), which its grids are shown in.
    pub first: u32,
    /// Wall-clock seconds spent on the puzzle.
    pub seconds: f64,
    /// The outcome with rendered grids, or what stopped it.
    pub result: Result<Solved, Failure>,
}

/// An outcome with its grids rendered in the input's style.
pub struct Solved {
    /// What the pipeline found.
    pub outcome: Outcome,
    /// Every solution found (the first, the witness, or a count's), rendered.
    pub texts: Vec<String>,
    /// What the analyses found.
    pub found: Findings,
    /// What the reader could not take from the input (rules a link only draws).
    pub warnings: Vec<String>,
    /// Whether the outcome is that of a proposed grid (`--verify`).
    pub verified: bool,
    /// What settled each question and the time spent, when `--stats` asks.
    pub stats: Option<Stats>,
}

/// How a record counts in the summary and the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Solved (and unique, when asked).
    Solved,
    /// Two solutions found.
    NotUnique,
    /// No solution.
    Infeasible,
    /// Out of time.
    Timeout,
    /// A proposed grid that is no solution.
    Rejected,
    /// Bad input or a solver failure.
    Error,
}

impl Status {
    /// The exit code this verdict asks for: 0, 1, or 2 for errors.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Solved => 0,
            Status::NotUnique | Status::Infeasible | Status::Timeout | Status::Rejected => 1,
            Status::Error => 2,
        }
    }
}

impl Record {
    /// The verdict for counting and the exit code.
    pub fn status(&self) -> Status {
        match &self.result {
            Err(_) => Status::Error,
            Ok(s) => match s.outcome {
                Outcome::Solved(_) | Outcome::Unique(_) => Status::Solved,
                Outcome::Counted { end, .. } => match end {
                    CountEnd::All | CountEnd::Limit => Status::Solved,
                    CountEnd::TimeLimit => Status::Timeout,
                },
                Outcome::Several { .. } => Status::NotUnique,
                Outcome::Infeasible { .. } => Status::Infeasible,
                Outcome::Timeout { .. } => Status::Timeout,
                Outcome::Rejected { .. } => Status::Rejected,
            },
        }
    }

    /// `FILE` or `FILE [INDEX]`, naming the puzzle in headers and messages.
    pub fn name(&self) -> String {
        match self.index {
            Some(i) if self.in_collection => format!("{} [{i}]", self.file),
            _ => self.file.clone(),
        }
    }
}

/// The `--stats` line: what settled each question, the time in each stage that ran, the size
/// of the model a solver was handed, and the counts the solver reports.
pub fn stats_text(stats: &Stats) -> String {
    let stages = [
        ("reductions", stats.reductions),
        ("split", stats.split),
        ("model", stats.model),
        ("solver", stats.solver),
    ];
    let times: Vec<String> = (stages.into_iter())
        .filter_map(|(name, time)| Some(format!("{name} {:.3} ms", time?.as_secs_f64() * 1e3)))
        .collect();
    let mut parts = vec![format!("decided by {}", stats.decided_by.join(", "))];
    parts.push(times.join(", "));
    if let Some(size) = stats.size {
        let (rows, columns, nonzeros) = (size.rows, size.columns, size.nonzeros);
        parts.push(format!(
            "rows {rows}, columns {columns}, nonzeros {nonzeros}"
        ));
    }
    let counts = [
        ("nodes", stats.nodes),
        ("iterations", stats.iterations),
        ("conflicts", stats.conflicts),
    ];
    let work: Vec<String> = (counts.into_iter())
        .filter_map(|(name, count)| Some(format!("{name} {}", count?)))
        .collect();
    if !work.is_empty() {
        parts.push(work.join(", "));
    }
    parts.join("; ")
}

/// What an infeasible puzzle's culprit rule means for the user.
pub fn culprit_note(rule: &OptionalRule) -> String {
    format!(
        "no solution with {}; it has one with {}",
        rule.name, rule.option
    )
}
