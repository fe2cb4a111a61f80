//! How the variant rules draw themselves, as setters draw them: dots and letters on the side
//! two cells share, lines through cell centres, clues outside the grid.

use crate::grid::Cell;
use crate::picture::{centre, Mark};

/// The point midway between two cells' centres.
fn between(a: Cell, b: Cell) -> (f64, f64) {
    let (p, q) = (centre(a), centre(b));
    ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
}

/// A dot on the side two cells share: white (`filled` false) or black.
pub fn dot(a: Cell, b: Cell, filled: bool) -> Mark {
    Mark::Circle {
        centre: between(a, b),
        radius: 0.13,
        fill: if filled { "black" } else { "white" },
        stroke: Some("black"),
    }
}

/// A short text on the side two cells share (X, V, a dot's number).
pub fn side_text(a: Cell, b: Cell, text: &str) -> Mark {
    Mark::Text {
        at: between(a, b),
        text: text.to_string(),
        size: 0.34,
    }
}

/// A line through the centres of `cells`.
pub fn line(cells: &[Cell], width: f64, colour: &'static str) -> Mark {
    Mark::Line {
        points: cells.iter().map(|&cell| centre(cell)).collect(),
        width,
        colour,
    }
}

/// A circle in a cell: `filled` grey, or an outline.
pub fn ring(cell: Cell, radius: f64, filled: bool) -> Mark {
    Mark::Circle {
        centre: centre(cell),
        radius,
        fill: if filled { "#c8c8c8" } else { "white" },
        stroke: (!filled).then_some("#808080"),
    }
}

/// A cell shaded in `colour` (drawn under the grid lines).
pub fn shade(cell: Cell, colour: &'static str) -> Mark {
    Mark::Rect {
        centre: centre(cell),
        size: (1.0, 1.0),
        fill: colour,
    }
}

/// A clue written at a place outside the grid, 1-based as f-puzzles writes it (`R0C3`).
pub fn outside(place: (i64, i64), text: &str) -> Mark {
    Mark::Text {
        at: (place.0 as f64 - 0.5, place.1 as f64 - 0.5),
        text: text.to_string(),
        size: 0.45,
    }
}
