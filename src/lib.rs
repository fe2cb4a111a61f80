//! mipsolve: logic puzzles (Sudoku, KenKen, Takuzu) solved as mixed integer programs.
//!
//! Data flows one way: text is parsed into a [`puzzle::Puzzle`], which is its shape, givens
//! and a list of [`rule`]s (areas, cages, Takuzu's lines, variant rules); the rules narrow
//! its candidates ([`rule::RuleSet`], with [`reduce`]'s probing) and write their rows into
//! the shared cell [`model`], a solver ([`backend`]) solves it, and every grid is verified
//! in exact integers, rule by rule, before [`pipeline::run`] returns it. The library never prints; the `mipsolve` binary is
//! the application around it.
//!
//! ```
//! use mipsolve::pipeline::{self, Outcome, Question, SolveOptions};
//! use mipsolve::puzzle::{self, Options, Puzzle};
//!
//! let sudoku = puzzle::find("sudoku").expect("a registered kind");
//! let text = "....\n12..\n4...\n..1.\n";
//! let entry = (sudoku.parse)(text, &Options::new()).expect("text").remove(0);
//! let puzzle = entry.puzzle.expect("a valid puzzle");
//! let options = SolveOptions { question: Question::Unique, ..SolveOptions::default() };
//! let Ok(Outcome::Unique(grid)) = pipeline::run(puzzle.as_ref(), options) else {
//!     panic!("the puzzle has one solution");
//! };
//! assert_eq!(puzzle.render(&grid), "3421\n1243\n4132\n2314\n");
//! ```
// Unsafe code only where a C API has no safe wrapper, allowed module by module.
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod backend;
pub mod cage;
pub mod candidates;
pub mod clue;
pub mod deadline;
pub mod deduce;
pub mod domains;
pub mod error;
pub mod explain;
pub mod export;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod json_values;
pub mod model;
pub mod model_text;
pub mod picture;
pub mod pipeline;
pub mod puzzle;
pub mod reduce;
pub mod repair;
pub mod rule;
pub mod split;
pub mod split9;
