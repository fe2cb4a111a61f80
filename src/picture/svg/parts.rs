//! The parts of a drawn puzzle, in points from cell units: grid lines, rules' marks, cage
//! outlines and labels, and the cells' values.

use std::fmt::Write;

use super::{escape, CELL, SOLVED, THICK, THIN};
use crate::picture::{Drawing, Label, Mark, Style};

/// Thin lines between all cells, thick ones between blocks and around the grid.
pub(super) fn grid_lines(out: &mut String, d: &Drawing) {
    let (w, h) = (d.cols as f64 * CELL, d.rows as f64 * CELL);
    let mut thin = String::new();
    let mut thick = String::new();
    let block = |r: usize, c: usize| d.blocks.as_ref().map(|b| b[r * d.cols + c]);
    for r in 0..d.rows {
        for c in 0..d.cols {
            let (x, y) = (c as f64 * CELL, r as f64 * CELL);
            if c + 1 < d.cols {
                let path = if block(r, c) != block(r, c + 1) {
                    &mut thick
                } else {
                    &mut thin
                };
                let _ = write!(path, "M{} {}v{CELL}", x + CELL, y);
            }
            if r + 1 < d.rows {
                let path = if block(r, c) != block(r + 1, c) {
                    &mut thick
                } else {
                    &mut thin
                };
                let _ = write!(path, "M{} {}h{CELL}", x, y + CELL);
            }
        }
    }
    let _ = writeln!(
        out,
        "<path d=\"{thin}\" stroke=\"#808080\" stroke-width=\"{THIN}\"/>"
    );
    if !thick.is_empty() {
        let _ = writeln!(
            out,
            "<path d=\"{thick}\" stroke=\"black\" stroke-width=\"{THICK}\" stroke-linecap=\"square\"/>"
        );
    }
    let _ = writeln!(
        out,
        "<rect width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"{THICK}\"/>"
    );
}

/// A rule's mark, from cell units to points.
pub(super) fn draw_mark(out: &mut String, mark: &Mark) {
    let point = |(r, c): (f64, f64)| (c * CELL, r * CELL);
    let _ = match mark {
        Mark::Line {
            points,
            width,
            colour,
        } => {
            let mut path = String::new();
            for (i, (x, y)) in points.iter().map(|&p| point(p)).enumerate() {
                let _ = write!(path, "{}{x} {y}", if i == 0 { "M" } else { "L" });
            }
            writeln!(
                out,
                "<path d=\"{path}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                width * CELL
            )
        }
        Mark::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => {
            let (x, y) = point(*centre);
            let outline = stroke.map_or(String::new(), |colour| {
                format!(" stroke=\"{colour}\" stroke-width=\"1.5\"")
            });
            writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{:.1}\" fill=\"{fill}\"{outline}/>",
                radius * CELL
            )
        }
        Mark::Rect { centre, size, fill } => {
            let ((x, y), (h, w)) = (point(*centre), (size.0 * CELL, size.1 * CELL));
            writeln!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{fill}\"/>",
                x - w / 2.0,
                y - h / 2.0
            )
        }
        Mark::Text { at, text, size } => {
            let ((x, y), size) = (point(*at), size * CELL);
            writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\">{}</text>",
                y + size * 0.36,
                escape(text)
            )
        }
    };
}

/// A sum cage's dashed outline, inset from the cell borders.
pub(super) fn dashed_outline(out: &mut String, cage: &Label) {
    let inside =
        |r: isize, c: isize| r >= 0 && c >= 0 && cage.cells.contains(&(r as usize, c as usize));
    let d = CELL * 0.1;
    let mut path = String::new();
    for &(r, c) in &cage.cells {
        let (r, c) = (r as isize, c as isize);
        let (x, y) = (c as f64 * CELL, r as f64 * CELL);
        // Where a side's segment starts and ends: inset at a convex corner, at the cell's
        // edge along a straight run, past it at a concave corner.
        let end = |side: bool, diagonal: bool| match (side, diagonal) {
            (false, _) => d,
            (true, true) => -d,
            (true, false) => 0.0,
        };
        if !inside(r - 1, c) {
            let a = end(inside(r, c - 1), inside(r - 1, c - 1));
            let b = end(inside(r, c + 1), inside(r - 1, c + 1));
            let _ = write!(path, "M{:.1} {:.1}H{:.1}", x + a, y + d, x + CELL - b);
        }
        if !inside(r + 1, c) {
            let a = end(inside(r, c - 1), inside(r + 1, c - 1));
            let b = end(inside(r, c + 1), inside(r + 1, c + 1));
            let _ = write!(
                path,
                "M{:.1} {:.1}H{:.1}",
                x + a,
                y + CELL - d,
                x + CELL - b
            );
        }
        if !inside(r, c - 1) {
            let a = end(inside(r - 1, c), inside(r - 1, c - 1));
            let b = end(inside(r + 1, c), inside(r + 1, c - 1));
            let _ = write!(path, "M{:.1} {:.1}V{:.1}", x + d, y + a, y + CELL - b);
        }
        if !inside(r, c + 1) {
            let a = end(inside(r - 1, c), inside(r - 1, c + 1));
            let b = end(inside(r + 1, c), inside(r + 1, c + 1));
            let _ = write!(
                path,
                "M{:.1} {:.1}V{:.1}",
                x + CELL - d,
                y + a,
                y + CELL - b
            );
        }
    }
    let _ = writeln!(
        out,
        "<path d=\"{path}\" fill=\"none\" stroke=\"black\" stroke-width=\"1\" stroke-dasharray=\"3 2\"/>"
    );
}

/// A cage's clue or sum in the top-left corner of its first cell; over a dashed outline, on
/// a white ground that breaks the dashes.
pub(super) fn corner_label(out: &mut String, label: &Label, on_dashes: bool) {
    let Some(&(r, c)) = label.cells.iter().min() else {
        return;
    };
    // The label may run over the cage's next cells in its row, never past them: a long one
    // (a product of nine digits) is set smaller.
    let run = (c..).take_while(|&k| label.cells.contains(&(r, k))).count();
    let chars = label.text.chars().count().max(1) as f64;
    let size = (CELL * 0.24).min((run as f64 * CELL - CELL * 0.1) / (0.64 * chars));
    let (x, y) = (
        c as f64 * CELL + CELL * 0.06,
        r as f64 * CELL + CELL * 0.06 + size * 0.8,
    );
    if on_dashes {
        let width = size * 0.62 * label.text.chars().count() as f64 + 2.0;
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{width:.1}\" height=\"{:.1}\" fill=\"white\"/>",
            x - 1.0,
            y - size * 0.8,
            size
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\">{}</text>",
        escape(&label.text)
    );
}

/// A cell's value: a digit or symbol (bold for a given, the second colour for a solved one),
/// or a Takuzu circle.
pub(super) fn value_mark(
    out: &mut String,
    d: &Drawing,
    style: Style,
    (r, c): (usize, usize),
    text: &str,
    given: bool,
) {
    let (cx, cy) = (c as f64 * CELL + CELL / 2.0, r as f64 * CELL + CELL / 2.0);
    let colour = if given { "black" } else { SOLVED };
    if d.binary && style.circles {
        let fill = if text == "1" { colour } else { "white" };
        let _ = writeln!(
            out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{colour}\" stroke-width=\"2\"/>",
            CELL * 0.34
        );
        return;
    }
    // Labels sit in the top fifth: digits go a little lower and shrink with their length.
    let low = if d.clues.is_empty() && d.dashed.is_empty() {
        0.0
    } else {
        CELL * 0.06
    };
    let size = CELL * if text.chars().count() > 1 { 0.46 } else { 0.6 };
    let weight = if given { " font-weight=\"bold\"" } else { "" };
    let _ = writeln!(
        out,
        "<text x=\"{cx}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\" fill=\"{colour}\"{weight}>{}</text>",
        cy + low + size * 0.36,
        escape(text)
    );
}
