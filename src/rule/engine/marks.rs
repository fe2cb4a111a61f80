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

/// How a clue outside the grid is framed, so that clues of different rules on one grid can be
/// told apart: bare (sandwiches), in a square (X-sums) or in a circle (skyscrapers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// The number alone.
    Bare,
    /// The number in a square.
    Square,
    /// The number in a circle.
    Circle,
}

/// A clue outside the grid in its frame: the frame's marks, then the number.
pub fn framed(place: (i64, i64), text: &str, frame: Frame) -> Vec<Mark> {
    let at = (place.0 as f64 - 0.5, place.1 as f64 - 0.5);
    let r = 0.36;
    let border = match frame {
        Frame::Bare => None,
        Frame::Square => Some(Mark::Line {
            points: vec![
                (at.0 - r, at.1 - r),
                (at.0 - r, at.1 + r),
                (at.0 + r, at.1 + r),
                (at.0 + r, at.1 - r),
                (at.0 - r, at.1 - r),
            ],
            width: 0.03,
            colour: "black",
        }),
        Frame::Circle => Some(Mark::Circle {
            centre: at,
            radius: r,
            fill: "white",
            stroke: Some("black"),
        }),
    };
    border.into_iter().chain([outside(place, text)]).collect()
}

/// An arrowhead at the centre of `to`, pointing away from `from` (the last two cells of an
/// arrow's line), as setters draw arrows.
pub fn arrowhead(from: Cell, to: Cell, width: f64, colour: &'static str) -> Mark {
    let (p, q) = (centre(from), centre(to));
    let (dr, dc) = (q.0 - p.0, q.1 - p.1);
    let length = (dr * dr + dc * dc).sqrt();
    let (ur, uc) = (dr / length, dc / length);
    let (back, side) = (0.3, 0.2);
    let wing = |sign: f64| {
        (
            q.0 - back * ur + sign * side * uc,
            q.1 - back * uc - sign * side * ur,
        )
    };
    Mark::Line {
        points: vec![wing(1.0), q, wing(-1.0)],
        width,
        colour,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrowhead_points_along_the_last_step() {
        let Mark::Line { points, .. } = arrowhead((0, 0), (0, 1), 0.06, "grey") else {
            panic!("a line");
        };
        assert_eq!(points[1], (0.5, 1.5));
        // Both wings lie behind the tip, one on each side of the line.
        assert!(points[0].1 < 1.5 && points[2].1 < 1.5);
        assert!((points[0].0 - 0.5) * (points[2].0 - 0.5) < 0.0);
    }

    #[test]
    fn outside_clues_of_different_frames_differ() {
        let bare = framed((0, 1), "12", Frame::Bare);
        let square = framed((0, 1), "12", Frame::Square);
        let circle = framed((0, 1), "12", Frame::Circle);
        assert_eq!(bare.len(), 1);
        assert!(matches!(square[0], Mark::Line { .. }));
        assert!(matches!(circle[0], Mark::Circle { .. }));
    }
}
