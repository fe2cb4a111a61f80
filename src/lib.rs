//! mipsolve: logic puzzles (Sudoku, KenKen, Takuzu) solved as mixed integer programs.

pub mod batch;
pub mod cli;
pub mod grid;
pub mod model;
pub mod pipeline;
pub mod propagate;
pub mod puzzle;
pub mod report;
pub mod solve;
