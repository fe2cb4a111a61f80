//! `--write-model DIR`: the puzzle's model written as a file, for the study of formulations.

use super::{Analysis, Findings, Solving};
use crate::app::failure::Failure;
use crate::app::model_files;

/// The model file.
pub struct ModelFile;

impl Analysis for ModelFile {
    fn run(&self, at: &Solving, _: &mut Findings) -> Result<(), Failure> {
        let Some(spec) = &at.config.write_model else {
            return Ok(());
        };
        let item = at.item;
        let name = match item.index {
            Some(i) if item.in_collection => format!("{} [{i}]", item.file),
            _ => item.file.clone(),
        };
        let title = format!("{name}, {}", item.kind.map_or("puzzle", |k| k.title));
        let question = at.config.solve.question;
        let (puzzle, outcome) = (at.puzzle, at.outcome);
        model_files::write(
            spec,
            at.stem,
            &title,
            puzzle,
            question,
            outcome,
            at.deadline,
        )
        .map_err(|message| at.unwritten(message))
    }
}
