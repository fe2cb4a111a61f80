//! What a generated puzzle looks like before its values are drawn (kind, size, variant,
//! operators), and the frame one attempt draws for it (regions, cages), from which each
//! set of givens becomes a puzzle of the kind.

use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};

use super::regions;
use crate::cage::{draw as cages, Cage, Op};
use crate::deduce::Ladder;
use crate::error::ParseError;
use crate::geometry::{columns, rows};
use crate::grid::{Cell, Grid};
use crate::puzzle::latin::Latin;
use crate::puzzle::sudoku::variant::{default_style, Layout, Spec};
use crate::puzzle::takuzu::Takuzu;
use crate::puzzle::Puzzle;
use crate::puzzle::{kenken, sudoku};
use crate::rule::engine::entry::Placement;

/// The kind and shape of the puzzles asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Design {
    /// A Sudoku of side `size`.
    Sudoku {
        /// The side.
        size: usize,
        /// Boxes (rows, columns), or Jigsaw regions when `None`.
        boxes: Option<(usize, usize)>,
        /// The rules placed on it, by their `--variant` names (`rule::PLACEMENTS`).
        rules: Vec<&'static str>,
    },
    /// A KenKen of side `size`.
    KenKen {
        /// The side.
        size: usize,
        /// The operators cages may use.
        ops: Vec<Op>,
        /// Every cage of two cells or more shows `?` instead of its operator.
        hidden: bool,
    },
    /// A Takuzu of `rows` x `cols`.
    Takuzu {
        /// Rows (even).
        rows: usize,
        /// Columns (even).
        cols: usize,
        /// No two rows and no two columns alike.
        distinct: bool,
    },
}

/// What one attempt draws besides the values: Jigsaw regions, and once the solution is
/// known, the cages and the other clues read off it.
#[derive(Debug, Clone)]
pub struct Frame {
    design: Design,
    /// Jigsaw regions: a label per cell.
    regions: Option<Vec<usize>>,
    /// KenKen cages.
    cages: Vec<Cage>,
    /// A Sudoku's rules as keyed data: at first those its values obey, then also the clues
    /// read off the solution.
    rules: Map<String, Value>,
    /// Whether clues were read off the solution (cages, marks).
    drawn: bool,
}

impl Design {
    /// Rows and columns.
    pub fn shape(&self) -> (usize, usize) {
        match *self {
            Design::Sudoku { size, .. } | Design::KenKen { size, .. } => (size, size),
            Design::Takuzu { rows, cols, .. } => (rows, cols),
        }
    }

    /// The kind's difficulty ladder (`--grade`'s levels).
    pub fn ladder(&self) -> Ladder {
        match self {
            Design::Sudoku { .. } => Ladder::Solo,
            Design::KenKen { .. } => Ladder::Keen,
            Design::Takuzu { .. } => Ladder::Unruly,
        }
    }

    /// Whether each attempt draws a frame of its own before the values (Jigsaw regions).
    pub fn has_random_frame(&self) -> bool {
        matches!(self, Design::Sudoku { boxes: None, .. })
    }

    /// Whether the puzzle's clues are givens to remove (not cages alone).
    pub fn has_givens(&self) -> bool {
        !matches!(self, Design::KenKen { .. })
    }

    /// The rules placed on a Sudoku.
    fn placements(&self) -> impl Iterator<Item = &'static Placement> + '_ {
        let names = match self {
            Design::Sudoku { rules, .. } => rules.as_slice(),
            _ => &[],
        };
        names.iter().filter_map(|name| crate::rule::placement(name))
    }

    /// A frame with random regions where the design has them, and no cages yet.
    pub fn frame(&self, rng: &mut ChaCha8Rng) -> Frame {
        let regions = match *self {
            Design::Sudoku {
                size, boxes: None, ..
            } => Some(regions::jigsaw(size, rng)),
            _ => None,
        };
        let mut rules = Map::new();
        for placed in self.placements() {
            if let Some(fixed) = placed.fixed {
                fixed(&mut rules);
            }
        }
        Frame {
            design: self.clone(),
            regions,
            cages: Vec::new(),
            rules,
            drawn: false,
        }
    }
}

impl Frame {
    /// The same frame with cages and other clues drawn over `solution`, for the designs
    /// that have them. A KenKen's lone cells stay givens half the time, unless a level above
    /// the second rung (`rank` on the ladder) is asked: measured, easy and normal puzzles
    /// come sooner with them, harder ones without.
    pub fn with_cages(
        mut self,
        solution: &Grid,
        rank: Option<usize>,
        rng: &mut ChaCha8Rng,
    ) -> Frame {
        if let Design::KenKen { ops, hidden, .. } = &self.design {
            let lone_kept = match rank {
                Some(2..) => 0,
                _ => 50,
            };
            self.cages = cages::kenken(solution, ops, *hidden, lone_kept, rng);
        }
        for placed in self.design.placements() {
            if let Some(drawn) = placed.drawn {
                drawn(solution, rng, &mut self.rules);
                self.drawn = true;
            }
        }
        self
    }

    /// The puzzle with these givens (row by row, `None` for a blank): Sudokus built and
    /// checked as their JSON reader builds them; KenKen and Takuzu made directly (the
    /// solution's cages and givens need no checks).
    pub fn puzzle(&self, givens: &[Option<u32>]) -> Result<Box<dyn Puzzle>, ParseError> {
        let (rows_n, cols_n) = self.design.shape();
        let grid = || {
            let rows = (givens.chunks(cols_n))
                .map(|row| row.iter().map(|g| g.unwrap_or(0)).collect())
                .collect();
            Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(rows_n, cols_n, 0))
        };
        Ok(match &self.design {
            Design::Sudoku { size, boxes, .. } => {
                let layout = match (&self.regions, boxes) {
                    (Some(labels), _) => Layout::Regions(
                        (labels.chunks(*size))
                            .map(|row| row.iter().map(|l| (l + 1).to_string()).collect())
                            .collect(),
                    ),
                    (None, shape) => Layout::Boxes(*shape),
                };
                let spec = Spec {
                    givens: grid(),
                    layout,
                    rules: self.rules.clone(),
                    style: default_style(*size),
                };
                Box::new(spec.build()?.with_game_id(sudoku::solo_game_id))
            }
            Design::KenKen { size, .. } if self.cages.is_empty() => {
                Box::new(latin_square(*size, grid())?.with_game_id(sudoku::solo_game_id))
            }
            Design::KenKen { size, .. } => {
                let n = *size;
                let lines = [rows(n, n), columns(n, n)].concat();
                let blank = Grid::filled(n, n, 0);
                let frame = Latin::new(lines, self.cages.clone(), blank, default_style(n));
                Box::new(frame.with_game_id(kenken::keen_game_id))
            }
            Design::Takuzu {
                rows,
                cols,
                distinct,
            } => {
                let digits = givens.iter().map(|g| g.map(|v| v as u8)).collect();
                Box::new(Takuzu::new(*rows, *cols, digits, !distinct))
            }
        })
    }

    /// Whether cages or other clues were drawn over the solution.
    pub fn has_cages(&self) -> bool {
        !self.cages.is_empty() || self.drawn
    }

    /// What the frame was drawn for.
    pub fn design(&self) -> &Design {
        &self.design
    }
}

/// A Latin square of side `n` with these givens: what a KenKen's values are drawn from.
fn latin_square(n: usize, givens: Grid) -> Result<Latin, ParseError> {
    let spec = Spec {
        givens,
        layout: Layout::Latin,
        rules: serde_json::Map::new(),
        style: default_style(n),
    };
    spec.build()
}

/// The row-major cells of a grid.
pub fn cells(rows: usize, cols: usize) -> impl Iterator<Item = Cell> {
    (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)))
}
