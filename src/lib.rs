//! mipsolve: logic puzzles (Sudoku, KenKen, Takuzu) solved as mixed integer programs.
//!
//! Data flows one way: text is parsed into a [`puzzle::Puzzle`] (areas, cages, givens), its
//! candidates are [`reduce`]d, it constrains the shared cell [`model`], [`highs`] solves it,
//! and every grid is verified in exact integers before [`pipeline::run`] returns it. The
//! library never prints; the `mipsolve` binary is the application around it.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cage;
pub mod deadline;
pub mod domains;
pub mod error;
pub mod geometry;
pub mod grid;
pub mod highs;
pub mod model;
pub mod pipeline;
pub mod puzzle;
pub mod reduce;
pub mod split;
