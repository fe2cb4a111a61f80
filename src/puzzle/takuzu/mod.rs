//! Takuzu (binary puzzle): each line half ones, no three equal in a row, and (unless allowed)
//! no two equal rows or columns, on the shared cell model with values {0, 1}.

mod forced;
mod parse;
mod rules;
mod unruly;

pub use parse::parse_takuzus;

use super::{
    boxed, gameid, Kind, OptionSpec, OptionValue, OptionalRule, Options, Parsed, Puzzle, Reduced,
};
use crate::cage::Tables;
use crate::clue::Clue;
use crate::deadline::Deadline;
use crate::deduce::{self, Deductions};
use crate::domains::Domains;
use crate::error::{ParseError, Violation};
use crate::geometry::{columns, rows, Area};
use crate::grid::{Cell, Grid};
use crate::model::{LinExpr, Model};
use crate::picture::Drawing;
use forced::ForcedMoves;

/// Largest supported side.
pub const MAX_SIDE: usize = 64;

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
                set: |o| o.allow_duplicate_lines = true,
            },
        },
        OptionSpec {
            name: "grid",
            help: "Read the file as one grid",
            value: OptionValue::Flag {
                set: |o| o.grid = true,
            },
        },
        OptionSpec {
            name: "line",
            help: "Read each line as one puzzle (n*n cells, row by row)",
            value: OptionValue::Flag {
                set: |o| o.line = true,
            },
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
    let allow_duplicate_lines = options.allow_duplicate_lines;
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
    lines: Vec<Area>,
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
            lines: [self::rows(rows, cols), columns(rows, cols)].concat(),
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

    /// Distinct lines: for lines a < b, continuous `z_j <= x_a + x_b`, `z_j <= 2 - x_a - x_b`
    /// (z is at most `x_a xor x_b`) and `sum_j z_j >= 1`. Pairs that already differ in a
    /// decided cell need nothing. Stops once the deadline has passed.
    fn distinct(&self, model: &mut Model, lines: &[Area], deadline: Deadline) {
        let digit = |model: &Model, (r, c): Cell| model.domains().get(r, c);
        for a in 0..lines.len() {
            if deadline.passed() {
                return;
            }
            for b in a + 1..lines.len() {
                let (line_a, line_b) = (&lines[a].cells, &lines[b].cells);
                let differ = line_a.iter().zip(line_b).any(|(&p, &q)| {
                    let (sp, sq) = (digit(model, p), digit(model, q));
                    sp.count_ones() == 1 && sq.count_ones() == 1 && sp != sq
                });
                if differ {
                    continue;
                }
                let pair = format!("{}_{}", lines[a].name.id(), lines[b].name.id());
                let mut sum = LinExpr::default();
                for (j, (&(ra, ca), &(rb, cb))) in line_a.iter().zip(line_b).enumerate() {
                    let at = format!("{pair}_{}", j + 1);
                    let z = model.continuous(format!("z_{at}"), 0.0, 1.0);
                    let mut both = model.x(ra, ca, 1);
                    both.add_expr(&model.x(rb, cb, 1), 1.0);
                    let mut le_sum = both.clone();
                    le_sum.add_var(z, -1.0);
                    model.add(format!("{at}_or"), le_sum, 0.0, f64::INFINITY);
                    let mut le_rest = both;
                    le_rest.add_var(z, 1.0);
                    model.add(format!("{at}_nand"), le_rest, f64::NEG_INFINITY, 2.0);
                    sum.add_var(z, 1.0);
                }
                model.add(format!("{pair}_differ"), sum, 1.0, f64::INFINITY);
            }
        }
    }
}

impl Puzzle for Takuzu {
    fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn reduce(&self, deadline: Deadline) -> Option<Reduced> {
        let mut domains = Domains::full(self.rows, self.cols, vec![0, 1]);
        for r in 0..self.rows {
            for c in 0..self.cols {
                if let Some(d) = self.given(r, c) {
                    domains.set(r, c, 1 << d);
                }
            }
        }
        let (row_lines, col_lines) = self.lines.split_at(self.rows);
        let moves = ForcedMoves::new(row_lines, col_lines, !self.allow_duplicate_lines);
        let feasible = crate::reduce::probe(&mut domains, deadline, |d, _| moves.propagate(d));
        feasible.then(|| Reduced {
            domains,
            tables: Tables::default(),
            narrow: Box::new(move |d, _| moves.propagate(d)),
        })
    }

    fn constrain(&self, _: &Tables, model: &mut Model, deadline: Deadline) {
        for line in &self.lines {
            let half = (line.cells.len() / 2) as f64;
            let mut ones = LinExpr::default();
            for &(r, c) in &line.cells {
                ones.add_expr(&model.x(r, c, 1), 1.0);
            }
            let id = line.name.id();
            model.add(format!("{id}_ones"), ones, half, half);
            for (j, w) in line.cells.windows(3).enumerate() {
                let mut window = LinExpr::default();
                for &(r, c) in w {
                    window.add_expr(&model.x(r, c, 1), 1.0);
                }
                model.add(format!("{id}_win{}", j + 1), window, 1.0, 2.0);
            }
        }
        if !self.allow_duplicate_lines {
            let (row_lines, col_lines) = self.lines.split_at(self.rows);
            self.distinct(model, row_lines, deadline);
            self.distinct(model, col_lines, deadline);
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

    fn documents_model(&self) -> Option<Model> {
        let mut model = Model::explicit(Domains::full(self.rows, self.cols, vec![0, 1]));
        for r in 0..self.rows {
            for c in 0..self.cols {
                if let Some(digit) = self.given(r, c) {
                    model.fix(r, c, usize::from(digit));
                }
            }
        }
        self.constrain(&Tables::default(), &mut model, Deadline::none());
        Some(model)
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
            diagonals: false,
            bars: Vec::new(),
            thermometers: Vec::new(),
            givens: (self.givens.iter())
                .map(|g| g.map(|d| d.to_string()))
                .collect(),
            symbols: vec!["0".into(), "1".into()],
            binary: true,
        })
    }

    fn deduce(&self, solution: &Grid, deadline: Deadline) -> Option<Deductions> {
        let distinct = !self.allow_duplicate_lines;
        let givens = &self.givens;
        deduce::takuzu::follow(&self.lines, self.cols, givens, distinct, solution, deadline)
    }

    fn verify(&self, grid: &Grid) -> Result<(), Violation> {
        self.violations(grid).into_iter().next().map_or(Ok(()), Err)
    }

    fn violations(&self, grid: &Grid) -> Vec<Violation> {
        if grid.rows() != self.rows || grid.cols() != self.cols {
            let (rows, cols) = (self.rows, self.cols);
            return vec![Violation::Shape { rows, cols }];
        }
        let mut found = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (cell, value) = ((r, c), grid.get(r, c));
                if value > 1 {
                    let (min, max) = (0, 1);
                    found.push(Violation::OutOfRange {
                        cell,
                        value,
                        min,
                        max,
                    });
                } else if let Some(given) = self.given(r, c).map(u32::from).filter(|&g| g != value)
                {
                    found.push(Violation::Given { cell, value, given });
                }
            }
        }
        if found
            .iter()
            .any(|v| matches!(v, Violation::OutOfRange { .. }))
        {
            return found;
        }
        // On a complete grid, a line that is not half ones has more than half of one digit.
        let get = |r, c| Some(grid.get(r, c) as u8);
        let each_line = self.lines.iter().map(std::slice::from_ref);
        found.extend(
            each_line
                .filter_map(|line| rules::broken_rule(get, line))
                .map(|(_, v)| v),
        );
        if !self.allow_duplicate_lines {
            found.extend(rules::equal_lines(get, self.rows, self.cols).map(|(_, v)| v));
        }
        found
    }

    fn relaxed(&self) -> Option<(Box<dyn Puzzle>, OptionalRule)> {
        let rule = OptionalRule {
            name: "distinct lines",
            option: "--allow-duplicate-lines",
        };
        (!self.allow_duplicate_lines).then(|| {
            let mut relaxed = self.clone();
            relaxed.allow_duplicate_lines = true;
            (Box::new(relaxed) as Box<dyn Puzzle>, rule)
        })
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
