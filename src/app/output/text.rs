//! Text: solved grids in the input's style on standard output, statuses on standard error.

use std::io::{self, Write};

use mipsolve::pipeline::Outcome;

use super::Output;
use crate::app::record::{culprit_note, Record};

/// The text format.
pub struct Text {
    /// Whether each grid is preceded by `# FILE` (several puzzles in the run).
    pub headers: bool,
}

impl Output for Text {
    fn write(&self, record: &Record, out: &mut dyn Write) -> io::Result<()> {
        let Ok(solved) = &record.result else {
            return Ok(());
        };
        let Some(text) = &solved.text else {
            return Ok(());
        };
        if self.headers {
            writeln!(out, "# {}", record.name())?;
        }
        out.write_all(text.as_bytes())?;
        match (&solved.outcome, &solved.second_text) {
            (Outcome::Unique(_), _) => out.write_all(b"# unique\n"),
            (Outcome::Several { .. }, Some(second)) => {
                out.write_all(b"# not unique, a second solution:\n")?;
                out.write_all(second.as_bytes())
            }
            _ => Ok(()),
        }
    }

    fn note(&self, record: &Record) -> Option<String> {
        let solved = match &record.result {
            Err(message) => return Some(message.clone()),
            Ok(solved) => solved,
        };
        let name = record.name();
        match &solved.outcome {
            Outcome::Infeasible { culprit: None } => Some(format!("{name}: no solution")),
            Outcome::Infeasible {
                culprit: Some(rule),
            } => Some(format!("{name}: {}", culprit_note(rule))),
            Outcome::Timeout { found: Some(_) } => Some(format!(
                "{name}: time limit reached before uniqueness was decided"
            )),
            Outcome::Timeout { found: None } => Some(format!("{name}: time limit reached")),
            Outcome::Several { .. } => Some(format!("{name}: not unique")),
            Outcome::Solved(_) | Outcome::Unique(_) => None,
        }
    }
}
