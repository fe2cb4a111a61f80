//! JSON Lines: one object per puzzle, written with serde: the record's header and outcome
//! here, each analysis's keys by the analysis.

use std::io::{self, Write};

use mipsolve::grid::Grid;
use mipsolve::pipeline::{CountEnd, Outcome};

use super::Output;
use crate::app::analysis::ANALYSES;
use crate::app::json_line::{Line, Operators, StatsLine};
use crate::app::record::{culprit_note, Record, Solved};

/// The JSON Lines format.
pub struct Json;

/// The record's header: file, place, kind and shape, as an error until more is said.
fn header(record: &Record) -> Line<'_> {
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

/// The status, uniqueness, grids, warnings and stats of an outcome.
fn outcome<'a>(line: &mut Line<'a>, solved: &'a Solved, first: u32) {
    // Values as the puzzle writes them.
    let written = |grid: &Grid| -> Vec<Vec<u32>> {
        let mut rows = grid.to_rows();
        rows.iter_mut().flatten().for_each(|v| *v = *v + first - 1);
        rows
    };
    let rows = |grid: &Grid| Some(written(grid));
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
            line.solutions = Some(solutions.iter().map(written).collect());
            let unique = (solutions.len() > 1 || complete).then_some(solutions.len() == 1);
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
    line.warnings = &solved.warnings;
}

impl Output for Json {
    fn write(&self, record: &Record, out: &mut dyn Write) -> io::Result<()> {
        let mut line = header(record);
        match &record.result {
            Err(failure) => line.error = Some(failure.to_string()),
            Ok(solved) => {
                outcome(&mut line, solved, record.first);
                for analysis in ANALYSES {
                    analysis.json(&solved.found, &solved.outcome, &mut line);
                }
            }
        }
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")
    }

    fn note(&self, record: &Record) -> Option<String> {
        record.result.as_ref().err().map(ToString::to_string)
    }
}
