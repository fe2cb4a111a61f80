//! KenKen: a Latin square (rows and columns are all-different areas) with arithmetic cages,
//! a [`Latin`] puzzle with cages and no givens.

mod keen;
mod parse;

pub(crate) use keen::game_id as keen_game_id;
pub use parse::parse_kenkens;

use super::latin::boxed_with_game_id;
use super::{gameid, Kind, OptionSpec, OptionValue, Options, Parsed};
use crate::cage::Products;
use crate::error::{ParseError, Problem};
use crate::rule::CageFormulation;

/// Largest supported side.
pub const MAX_SIZE: usize = 32;

/// KenKen's own options; `None` where not given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KenKenOptions {
    /// `--cages table|arithmetic`: whether cages may choose among their assignments.
    pub cage_tables: Option<bool>,
    /// `--products exact|log`.
    pub products: Option<Products>,
}

/// The registry entry.
pub static KIND: Kind = Kind {
    name: "kenken",
    title: "KenKen",
    about: "Solve KenKen puzzles (.json: one puzzle or an array of puzzles, sizes 1 to 32; .txt: Keen game IDs)",
    extensions: &["json", "txt"],
    options: &[
        OptionSpec {
            name: "cages",
            help: "How cages become constraints",
            value: OptionValue::Choice {
                placeholder: "CAGES",
                choices: &[
                (
                    "table",
                    "Each cage with at most 1000 assignments chooses one of them (the others: arithmetic)",
                ),
                (
                    "arithmetic",
                    "Sums, differences and products on cell values, as in the formulation documents",
                ),
            ],
                set: |o, word| o.kenken.cage_tables = Some(word == "table"),
            },
            generates: false,
        },
        OptionSpec {
            name: "products",
            help: "Linearization of arithmetic \"*\" and \"/\" cages",
            value: OptionValue::Choice {
                placeholder: "PRODUCTS",
                choices: &[
                ("exact", "Integer exponents of each prime: exact"),
                (
                    "log",
                    "Logarithms, as in the formulation documents (checked and cut off when inexact)",
                ),
            ],
                set: |o, word| {
                    o.kenken.products = Some(match word {
                        "log" => Products::Log,
                        _ => Products::Exact,
                    })
                },
            },
            generates: false,
        },
    ],
    recognizes,
    parse,
    game: Some(gameid::Game::Keen),
};

/// JSON text with ops in its cages, or Keen game IDs.
fn recognizes(text: &str) -> bool {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    (trimmed.starts_with(['{', '[']) && text.contains("\"op\""))
        || gameid::has_game(text, gameid::Game::Keen)
}

fn parse(text: &str, options: &Options) -> Result<Vec<Parsed>, ParseError> {
    let formulation = CageFormulation {
        tables: options.kenken.cage_tables.unwrap_or(true),
        products: options.kenken.products.unwrap_or(Products::Exact),
    };
    if gameid::has_game(text, gameid::Game::Keen) {
        return Ok(boxed_with_game_id(
            keen::parse_ids(text, formulation),
            keen::game_id,
        ));
    }
    let content = text.trim_start_matches('\u{feff}').trim_start();
    if !content.is_empty() && !content.starts_with(['{', '[']) && gameid::first_game(text).is_none()
    {
        return Err(ParseError::whole(Problem::NotAPuzzle {
            title: "KenKen",
            expected: "expected JSON cages or Keen game IDs",
        }));
    }
    Ok(boxed_with_game_id(
        parse_kenkens(text, formulation)?,
        keen::game_id,
    ))
}
