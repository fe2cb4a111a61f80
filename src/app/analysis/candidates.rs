//! `--candidates`: every value some solution puts in each cell.

use std::io::{self, Write};

use mipsolve::candidates::{true_candidates, TrueCandidates};
use mipsolve::pipeline::Outcome;

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;
use crate::app::json_line::Line;

/// The true candidates.
pub struct Candidates;

impl Analysis for Candidates {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        if at.config.candidates && at.outcome.solution().is_some() {
            found.candidates = true_candidates(at.puzzle, at.deadline).map_err(|e| at.failed(e))?;
            // Shown as the puzzle writes its values.
            let shift = i64::from(at.puzzle.first()) - 1;
            if let Some(found) = found.candidates.as_mut().filter(|_| shift != 0) {
                found
                    .values
                    .iter_mut()
                    .flatten()
                    .flatten()
                    .for_each(|v| *v += shift);
                found.unproven.iter_mut().for_each(|(_, v)| *v += shift);
            }
        }
        Ok(())
    }

    fn instead_of_grids(
        &self,
        findings: &Findings,
        _: &Outcome,
        out: &mut dyn Write,
    ) -> io::Result<bool> {
        let Some(found) = &findings.candidates else {
            return Ok(false);
        };
        out.write_all(candidates_text(found).as_bytes())?;
        Ok(true)
    }

    fn json<'a>(&self, findings: &'a Findings, _: &Outcome, line: &mut Line<'a>) {
        if let Some(found) = &findings.candidates {
            line.candidates = Some(&found.values);
            let unproven =
                (found.unproven.iter()).map(|&((r, c), v)| [r as i64 + 1, c as i64 + 1, v]);
            line.unproven = (!found.complete()).then(|| unproven.collect());
        }
    }
}

/// `--candidates`' grid: each cell's values run together (`1`, `379`), aligned in columns,
/// or spaced with commas past 9; then a line saying how many and whether all are proven.
pub fn candidates_text(found: &TrueCandidates) -> String {
    let wide = found.values.iter().flatten().flatten().any(|&v| v > 9);
    let cell = |values: &Vec<i64>| {
        let written: Vec<String> = values.iter().map(i64::to_string).collect();
        written.join(if wide { "," } else { "" })
    };
    let cells: Vec<Vec<String>> = found
        .values
        .iter()
        .map(|row| row.iter().map(cell).collect())
        .collect();
    let width = cells.iter().flatten().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for row in &cells {
        let padded: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
        out.push_str(padded.join(" ").trim_end());
        out.push('\n');
    }
    let count: usize = found.values.iter().flatten().map(Vec::len).sum();
    let open = found
        .values
        .iter()
        .flatten()
        .filter(|v| v.len() > 1)
        .count();
    out.push_str(&match found.complete() {
        true => format!("# true candidates: {count} in all, {open} cells open, each proven by a solution ({} found)\n", found.solutions),
        false => format!("# true candidates: time limit reached, {} of the {count} unproven (neither a solution nor a proof of none found)\n", found.unproven.len()),
    });
    out
}
