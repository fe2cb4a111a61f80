//! `--write-model DIR`: each puzzle's MIP in a file of its own, and beside it, when solutions
//! were counted or checked for uniqueness, the certificate with them cut off.

use std::collections::HashSet;
use std::path::Path;

use mipsolve::deadline::Deadline;
use mipsolve::export::{self, ModelFormulation, NoModel};
use mipsolve::model_text;
use mipsolve::pipeline::{Outcome, Question};
use mipsolve::puzzle::Puzzle;

use super::config::WriteModel;
use super::failure::Unwritten;
use super::walk::{self, Item};

/// File name stems, one per item in order, `<file-stem>` or `<file-stem>-<index>` in a
/// collection (`stdin` for standard input), made unique within the run by `-2`, `-3`, ... so
/// that no puzzle's file overwrites another's.
#[derive(Default)]
pub struct Stems {
    taken: HashSet<String>,
}

impl Stems {
    /// The next item's stem.
    pub fn next(&mut self, item: &Item) -> String {
        let stem = match item.file.as_str() {
            "-" => "stdin".to_string(),
            file => Path::new(file)
                .file_stem()
                .map_or("puzzle".into(), |s| s.to_string_lossy().into_owned()),
        };
        let base = match item.index {
            Some(i) if item.in_collection => format!("{stem}-{i}"),
            _ => stem,
        };
        let mut name = base.clone();
        let mut n = 1;
        while !self.taken.insert(name.clone()) {
            n += 1;
            name = format!("{base}-{n}");
        }
        name
    }
}

/// Writes the puzzle's model as `DIR/STEM.lp` (or `.mps`), and with uniqueness or a count
/// asked and a solution found, `DIR/STEM-nogood.lp` with the found solutions cut off.
pub fn write(
    spec: &WriteModel,
    stem: &str,
    title: &str,
    puzzle: &dyn Puzzle,
    question: Question,
    outcome: &Outcome,
    deadline: Deadline,
) -> Result<(), Unwritten> {
    let which = match spec.formulation {
        ModelFormulation::Reduced => "the reduced model, after the exact reductions",
        ModelFormulation::Documents => "the formulation documents' model",
    };
    let model = export::model(puzzle, spec.formulation, deadline).map_err(|e| match e {
        NoModel::TimeLimit => Unwritten::TimeLimit,
    })?;
    let extension = spec.format.extension();
    let save = |name: String, text: String| {
        let path = spec.dir.join(format!("{name}.{extension}"));
        std::fs::write(&path, text).map_err(|e| Unwritten::Model {
            path: path.display().to_string(),
            reason: walk::io_message(&e),
        })
    };
    let title = format!("{title}: {which}");
    save(
        stem.to_string(),
        model_text::write(&model, spec.format, &title),
    )?;
    let solutions = outcome.solutions();
    if question == Question::Solve || solutions.is_empty() {
        return Ok(());
    }
    let cut = export::with_cuts(&model, &solutions);
    let found = match solutions.len() {
        1 => "the solution".to_string(),
        n => format!("the {n} solutions"),
    };
    let title = format!("{title}, with {found} found cut off: infeasible means there is no other");
    save(
        format!("{stem}-nogood"),
        model_text::write(&cut, spec.format, &title),
    )
}
