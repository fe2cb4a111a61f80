//! mipsolve from Python: the native module `mipsolve._mipsolve`, which the package
//! `mipsolve` wraps and documents. Each call reads its puzzle as the command line reads a
//! file, answers it off the interpreter (the GIL released, Ctrl-C heeded) with the same
//! library, and hands back the command line's JSON record as a dict; errors are exceptions
//! carrying the command line's messages.

mod answer;
mod batch;
mod blocks;
mod calls;
mod detached;
mod errors;
mod generate;
mod input;
mod options;
mod pool;
mod record;

use pyo3::prelude::*;

/// The command line's allocator: puzzles are read on one thread and solved on others.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[pymodule]
fn _mipsolve(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_function(wrap_pyfunction!(calls::solve, module)?)?;
    module.add_function(wrap_pyfunction!(calls::count, module)?)?;
    module.add_function(wrap_pyfunction!(calls::candidates, module)?)?;
    module.add_function(wrap_pyfunction!(calls::verify, module)?)?;
    module.add_function(wrap_pyfunction!(calls::explain, module)?)?;
    module.add_function(wrap_pyfunction!(calls::repair, module)?)?;
    module.add_function(wrap_pyfunction!(calls::grade, module)?)?;
    module.add_function(wrap_pyfunction!(calls::svg, module)?)?;
    module.add_function(wrap_pyfunction!(generate::generate, module)?)?;
    module.add_function(wrap_pyfunction!(batch::solve_many, module)?)?;
    module.add_class::<batch::SolveMany>()?;
    let puzzle_error = py.get_type::<errors::PuzzleError>();
    // Where a PuzzleError's input is wrong, when known: None until a call says.
    puzzle_error.setattr("line", py.None())?;
    puzzle_error.setattr("column", py.None())?;
    module.add("PuzzleError", puzzle_error)?;
    module.add("SolveError", py.get_type::<errors::SolveError>())?;
    Ok(())
}
