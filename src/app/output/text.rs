//! Text: solved grids in the input's style on standard output, statuses on standard error.

use std::io::{self, Write};

use mipsolve::grid::{cell_name, Grid};
use mipsolve::pipeline::{CountEnd, Outcome};

use super::Output;
use crate::app::analysis::ANALYSES;
use crate::app::record::{culprit_note, stats_text, Record, Solved};

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
        self.write_solved(record, solved, out)?;
        for analysis in ANALYSES {
            analysis.at_end(&solved.found, &solved.outcome, out)?;
        }
        match &solved.stats {
            Some(stats) => writeln!(out, "# stats: {}", stats_text(stats)),
            None => Ok(()),
        }
    }

    fn note(&self, record: &Record) -> Option<String> {
        note(record)
    }
}

impl Text {
    /// The grids of a solved puzzle and what is said of them.
    fn write_solved(
        &self,
        record: &Record,
        solved: &Solved,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let Some(text) = solved.texts.first() else {
            return Ok(());
        };
        if self.headers {
            writeln!(out, "# {}", record.name())?;
        }
        for warning in &solved.warnings {
            writeln!(out, "# warning: {warning}")?;
        }
        for analysis in ANALYSES {
            if analysis.instead_of_grids(&solved.found, &solved.outcome, out)? {
                return Ok(());
            }
        }
        if let Outcome::Counted { end, .. } = &solved.outcome {
            write_count(&solved.texts, *end, out)?;
        } else {
            out.write_all(text.as_bytes())?;
        }
        if solved.verified {
            out.write_all(b"# verified: a solution\n")?;
        }
        match (&solved.outcome, solved.texts.get(1)) {
            (Outcome::Unique(_), _) => out.write_all(b"# unique\n")?,
            (Outcome::Several { first, second }, Some(text)) => {
                out.write_all(b"# not unique, a second solution:\n")?;
                out.write_all(text.as_bytes())?;
                writeln!(out, "# differs at {}", differences(first, second))?;
            }
            (Outcome::Timeout { found: Some(_) }, _) => {
                out.write_all(b"# uniqueness unknown: time limit\n")?
            }
            _ => {}
        }
        for analysis in ANALYSES {
            analysis.after_grids(&solved.found, &solved.outcome, out)?;
        }
        Ok(())
    }
}

/// The status line for standard error, if the record has one.
pub(super) fn note(record: &Record) -> Option<String> {
    let solved = match &record.result {
        Err(failure) => return Some(failure.to_string()),
        Ok(solved) => solved,
    };
    let name = record.name();
    let explained: String = ANALYSES
        .iter()
        .filter_map(|a| a.status(&solved.found))
        .collect();
    match &solved.outcome {
        Outcome::Infeasible { culprit: None } => Some(format!("{name}: no solution{explained}")),
        Outcome::Infeasible {
            culprit: Some(rule),
        } => Some(format!("{name}: {}{explained}", culprit_note(rule))),
        Outcome::Timeout { found: Some(_) } => Some(format!(
            "{name}: time limit reached before uniqueness was decided"
        )),
        Outcome::Timeout { found: None } => Some(format!("{name}: time limit reached")),
        Outcome::Several { .. } => Some(format!("{name}: not unique")),
        Outcome::Counted {
            solutions,
            end: CountEnd::TimeLimit,
        } => Some(format!(
            "{name}: time limit reached after {}",
            solutions_count(solutions.len())
        )),
        Outcome::Counted { .. } => None,
        Outcome::Solved(_) | Outcome::Unique(_) => None,
        Outcome::Rejected { broken, .. } => Some(format!(
            "{name}: not a solution: {}",
            (broken.iter().map(ToString::to_string))
                .collect::<Vec<_>>()
                .join("; ")
        )),
    }
}

/// A count: each solution under `# solution i`, then how many there are.
fn write_count(texts: &[String], end: CountEnd, out: &mut dyn Write) -> io::Result<()> {
    for (i, text) in texts.iter().enumerate() {
        writeln!(out, "# solution {}", i + 1)?;
        out.write_all(text.as_bytes())?;
    }
    let count = solutions_count(texts.len());
    match end {
        CountEnd::All => writeln!(out, "# {count} (all)"),
        CountEnd::Limit => writeln!(out, "# at least {count}"),
        CountEnd::TimeLimit => writeln!(out, "# at least {count} (time limit)"),
    }
}

/// `1 solution`, `3 solutions`.
fn solutions_count(n: usize) -> String {
    match n {
        1 => "1 solution".to_string(),
        n => format!("{n} solutions"),
    }
}

/// The cells where two grids differ, with both values: `r1c2 (6/8), r1c7 (8/6)`.
fn differences(first: &Grid, second: &Grid) -> String {
    let cells: Vec<String> = (first.differences(second).into_iter())
        .map(|(r, c)| {
            let (a, b) = (first.get(r, c), second.get(r, c));
            format!("{} ({a}/{b})", cell_name((r, c)))
        })
        .collect();
    cells.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::analysis::Findings;
    use crate::app::record::Solved;

    fn grid(rows: &[[u32; 2]]) -> Grid {
        Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    fn written(outcome: Outcome) -> String {
        let render = |g: &Grid| format!("{:?}\n", g.to_rows());
        let record = Record {
            file: "p.txt".into(),
            index: Some(0),
            line: Some(1),
            in_collection: false,
            kind: Some("sudoku"),
            variant: None,
            operators: Vec::new(),
            shape: Some((2, 2)),
            first: 1,
            seconds: 0.0,
            result: Ok(Solved {
                found: Findings::default(),
                warnings: Vec::new(),
                verified: false,
                stats: None,
                texts: outcome.solutions().into_iter().map(render).collect(),
                outcome,
            }),
        };
        let mut out = Vec::new();
        Text { headers: false }.write(&record, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_timeout_after_a_solution_says_uniqueness_is_unknown() {
        let found = Some(grid(&[[1, 2], [2, 1]]));
        assert_eq!(
            written(Outcome::Timeout { found }),
            "[[1, 2], [2, 1]]\n# uniqueness unknown: time limit\n"
        );
    }

    #[test]
    fn a_count_shows_each_solution_then_whether_they_are_all() {
        let solutions = vec![grid(&[[1, 2], [2, 1]]), grid(&[[2, 1], [1, 2]])];
        let all = Outcome::Counted {
            solutions: solutions.clone(),
            end: CountEnd::All,
        };
        assert_eq!(
            written(all),
            "# solution 1\n[[1, 2], [2, 1]]\n# solution 2\n[[2, 1], [1, 2]]\n\
             # 2 solutions (all)\n"
        );
        let limit = Outcome::Counted {
            solutions: solutions[..1].to_vec(),
            end: CountEnd::Limit,
        };
        assert_eq!(
            written(limit),
            "# solution 1\n[[1, 2], [2, 1]]\n# at least 1 solution\n"
        );
    }

    #[test]
    fn a_witness_lists_the_cells_that_differ() {
        let (first, second) = (grid(&[[1, 2], [2, 1]]), grid(&[[2, 1], [1, 2]]));
        assert_eq!(
            written(Outcome::Several { first, second }),
            "[[1, 2], [2, 1]]\n# not unique, a second solution:\n[[2, 1], [1, 2]]\n\
             # differs at r1c1 (1/2), r1c2 (2/1), r2c1 (2/1), r2c2 (1/2)\n"
        );
    }
}
