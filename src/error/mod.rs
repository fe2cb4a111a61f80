//! Typed errors with positions: what is wrong with an input ([`ParseError`]), which rule a grid
//! breaks ([`Violation`]), and why a solve failed ([`SolveError`]).

mod parse;
mod problem;
mod solve;
mod violation;

pub use parse::{CageLabel, ParseError};
pub use problem::Problem;
pub use solve::SolveError;
pub use violation::Violation;
