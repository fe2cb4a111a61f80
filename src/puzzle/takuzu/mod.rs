//! Takuzu (binary puzzle): each line half ones, no three equal in a row, and (unless allowed)
//! no two equal rows or columns, on the shared cell model with values {0, 1}.

mod forced;
mod lines;
mod parse;
mod rules;
mod unruly;

pub use parse::parse_takuzus;

use std::sync::Arc;

use super::{boxed, gameid, Kind, OptionSpec, OptionValue, Options, Parsed, Puzzle};
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::deduce::{self, Deductions};
use crate::error::{ParseError, Violation};
use crate::geometry::{columns, rows, Area};
use crate::grid::Grid;
use crate::picture::Drawing;
use crate::rule::{Rule, RuleSet};
use lines::{DistinctLines, Lines};

/// Largest supported side.
pub const MAX_SIDE: usize = 64;

/// Takuzu's own options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TakuzuOptions {
    /// `--allow-duplicate-lines`: rows and columns may repeat.
    pub allow_duplicate_lines: bool,
}

/// The registry entry.
pub static KIND: Kind = Kind {
    name: "takuzu",
    title: "Takuzu",
    about: "Solve Takuzu / binary puzzles (.txt: rows of 0, 1 and '.', or one puzzle per line; even sides up to 64)",
    extensions: &["txt"],
    options: &[
        OptionSpec {
            name: "allow-duplicate-lines",
            help: "Drop the rule that all rows and all columns differ",
            value: OptionValue::Flag {
                set: |o| o.takuzu.allow_duplicate_lines = true,
            },
            generates: true,
        },
        OptionSpec {
            name: "grid",
            help: "Read the file as one grid",
            value: OptionValue::Flag {
                set: |o| o.grid = true,
            },
            generates: false,
        },
        OptionSpec {
            name: "line",
            help: "Read each line as one puzzle (n*n cells, row by row)",
            value: OptionValue::Flag {
                set: |o| o.line = true,
            },
            generates: false,
        },
    ],
    recognizes,
    parse,
    game: Some(gameid::Game::Unruly),
};

/// Cells of only `0`, `1` and blanks that use both `0` and `.` or `_` (a Sudoku never has
/// two blank symbols).
fn recognizes(text: &str) -> bool {
    let cells = || {
        (text.lines())
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::chars)
            .filter(|&ch| !ch.is_whitespace() && !"|-+\u{feff}".contains(ch))
    };
    if gameid::has_game(text, gameid::Game::Unruly) {
        return true;
    }
    cells().all(|ch| "01._".contains(ch))
        && cells().any(|ch| ch == '0')
        && cells().any(|ch| "._".contains(ch))
}

/// The longest line a Takuzu file may have: a one-line 64x64 with room to spare.
const MAX_LINE: usize = 10_000;

fn parse(text: &str, options: &Options) -> Result<Vec<Parsed>, ParseError> {
    super::check_line_lengths(text, MAX_LINE)?;
    let allow_duplicate_lines = options.takuzu.allow_duplicate_lines;
    let grid = super::grid_or_lines(options)?;
    if gameid::has_game(text, gameid::Game::Unruly) {
        return Ok(boxed(unruly::parse_ids(text, allow_duplicate_lines)));
    }
    Ok(boxed(parse_takuzus(text, allow_duplicate_lines, grid)?))
}

/// A Takuzu: givens (`None` = blank) and whether equal lines are allowed.
#[derive(Debug, Clone)]
pub struct Takuzu {
    rows: usize,
    cols: usize,
    givens: Vec<Option<u8>>,
    allow_duplicate_lines: bool,
    /// The rows, then the columns.
    lines: Arc<[Area]>,
}

impl Takuzu {
    /// A Takuzu from its givens, row by row.
    pub fn new(
        rows: usize,
        cols: usize,
        givens: Vec<Option<u8>>,
        allow_duplicate_lines: bool,
    ) -> Self {
        Takuzu {
            rows,
            cols,
            givens,
            allow_duplicate_lines,
            lines: [self::rows(rows, cols), columns(rows, cols)]
                .concat()
                .into(),
        }
    }

    /// The given digit of a cell, if any.
    pub fn given(&self, r: usize, c: usize) -> Option<u8> {
        self.givens[r * self.cols + c]
    }

    /// The first rule the givens already break, with the row it shows on.
    pub fn broken_rule(&self) -> Option<(usize, Violation)> {
        let get = |r, c| self.given(r, c);
        rules::broken_rule(get, &self.lines).or_else(|| {
            if self.allow_duplicate_lines {
                None
            } else {
                rules::equal_lines(get, self.rows, self.cols)
            }
        })
    }
}

impl Puzzle for Takuzu {
    fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn rules(&self) -> RuleSet {
        let mut rules: Vec<Arc<dyn Rule>> =
            vec![Arc::new(Lines::new(self.lines.clone(), self.rows))];
        if !self.allow_duplicate_lines {
            rules.push(Arc::new(DistinctLines::new(self.lines.clone(), self.rows)));
        }
        RuleSet {
            rows: self.rows,
            cols: self.cols,
            values: vec![0, 1],
            givens: self.givens.iter().map(|g| g.map(u32::from)).collect(),
            rules,
        }
    }

    fn clues(&self) -> Vec<Clue> {
        (self.givens.iter().enumerate())
            .filter_map(|(i, given)| {
                let cell = (i / self.cols, i % self.cols);
                given.map(|digit| Clue::Given {
                    cell,
                    value: u32::from(digit),
                })
            })
            .collect()
    }

    fn with_clues(&self, clues: &[Clue]) -> Option<Box<dyn Puzzle>> {
        let mut givens = vec![None; self.rows * self.cols];
        for clue in clues {
            if let Clue::Given {
                cell: (r, c),
                value,
            } = *clue
            {
                givens[r * self.cols + c] = Some(value as u8);
            }
        }
        Some(Box::new(Takuzu {
            givens,
            ..self.clone()
        }))
    }

    fn game_id(&self) -> Option<String> {
        unruly::game_id(self)
    }

    fn drawing(&self) -> Option<Drawing> {
        Some(Drawing {
            rows: self.rows,
            cols: self.cols,
            blocks: None,
            dashed: Vec::new(),
            clues: Vec::new(),
            under: Vec::new(),
            over: Vec::new(),
            givens: (self.givens.iter())
                .map(|g| g.map(|d| d.to_string()))
                .collect(),
            symbols: vec!["0".into(), "1".into()],
            binary: true,
        })
    }

    fn decided_up_to(&self, givens: &[Option<u32>], cap: usize) -> Option<bool> {
        let distinct = !self.allow_duplicate_lines;
        let givens: Vec<Option<u8>> = givens.iter().map(|g| g.map(|d| d as u8)).collect();
        deduce::takuzu_bits::decide(self.rows, self.cols, &givens, distinct, cap)
    }

    fn deduce_up_to(&self, solution: &Grid, deadline: Deadline, cap: usize) -> Option<Deductions> {
        let distinct = !self.allow_duplicate_lines;
        let (lines, givens) = (&self.lines, &self.givens);
        deduce::takuzu::follow(lines, self.cols, givens, distinct, solution, deadline, cap)
    }

    fn render_puzzle(&self) -> Option<String> {
        let mut out = String::with_capacity(self.rows * (self.cols + 1));
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.push(match self.given(r, c) {
                    Some(digit) => char::from(b'0' + digit),
                    None => '.',
                });
            }
            out.push('\n');
        }
        Some(out)
    }

    fn render(&self, grid: &Grid) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols + 1));
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                out.push(if grid.get(r, c) == 1 { '1' } else { '0' });
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
#[path = "verify_tests.rs"]
mod verify_tests;
