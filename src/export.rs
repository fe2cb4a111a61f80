//! A puzzle's MIP for other solvers: the model HiGHS is handed (after the exact reductions)
//! or the formulation documents' own, and the same model with found solutions cut off, a
//! certificate: a solver that finds it infeasible has re-proved that they are all.

use crate::deadline::Deadline;
use crate::grid::Grid;
use crate::model::Model;
use crate::puzzle::FromRules;
use crate::puzzle::Puzzle;

/// Which model is written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ModelFormulation {
    /// The model as HiGHS is handed it: candidates left by the exact reductions, decided
    /// cells folded into constants, cage tables.
    #[default]
    Reduced,
    /// The formulation documents' model: every `x[r,c,k]`, no reductions.
    Documents,
}

/// Why no model was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoModel {
    /// The deadline passed before the model was complete.
    TimeLimit,
}

/// The puzzle's model in `formulation`, built by `deadline`.
pub fn model(
    puzzle: &dyn Puzzle,
    formulation: ModelFormulation,
    deadline: Deadline,
) -> Result<Model, NoModel> {
    if formulation == ModelFormulation::Documents {
        return Ok(puzzle.documents_model());
    }
    let (rows, cols) = puzzle.shape();
    let model = match puzzle.reduce(deadline) {
        Some(reduced) => {
            let mut model = Model::new(reduced.domains.clone());
            reduced.constrain(&mut model, deadline);
            model
        }
        None => Model::infeasible(rows, cols, "exact_reductions_find_no_solution"),
    };
    // Past the deadline the constraints may be incomplete: such a model is never written.
    match deadline.passed() {
        true => Err(NoModel::TimeLimit),
        false => Ok(model),
    }
}

/// `model` with each of `solutions` cut off by a no-good row (`nogood1`, `nogood2`, ...).
pub fn with_cuts(model: &Model, solutions: &[&Grid]) -> Model {
    let mut cut = model.clone();
    for grid in solutions {
        cut.forbid(grid);
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle;

    #[test]
    fn no_reduced_model_is_written_once_the_puzzles_time_is_spent() {
        let sudoku = puzzle::find("sudoku").unwrap();
        let text = std::fs::read_to_string("puzzles/sudoku/hard-9x9.txt").unwrap();
        let parsed = (sudoku.parse)(&text, &puzzle::Options::new()).unwrap();
        let puzzle = parsed.into_iter().next().unwrap().puzzle.unwrap();
        let written = model(puzzle.as_ref(), ModelFormulation::Reduced, Deadline::none());
        assert!(written.is_ok());
        let spent = Deadline::after(Some(std::time::Duration::ZERO));
        let written = model(puzzle.as_ref(), ModelFormulation::Reduced, spent);
        assert_eq!(written.err(), Some(NoModel::TimeLimit));
    }
}
