//! The SVG writer: one puzzle as a group in cell units of [`CELL`] points, wrapped as a
//! picture of its own or placed with others on a page.

mod parts;

use std::fmt::Write;

use super::{Drawing, Mark, Style};
use crate::grid::Grid;
use parts::{corner_label, dashed_outline, draw_mark, grid_lines, value_mark};

/// A cell's side, in points.
const CELL: f64 = 40.0;
/// The margin around a picture.
const MARGIN: f64 = 10.0;
/// The font the pictures name (bundled for PNG and PDF; any sans-serif elsewhere).
pub const FONT: &str = "DejaVu Sans";
/// Thin cell lines, thick block borders.
const THIN: f64 = 1.0;
const THICK: f64 = 3.0;
/// Solved values, in a second colour.
const SOLVED: &str = "#1f5fbf";

/// The puzzle (and, unless `style.blank`, its solution) as an SVG document.
pub fn svg(drawing: &Drawing, solution: Option<&Grid>, style: Style) -> String {
    let (w, h) = size(drawing);
    let mut out = header(w, h);
    let m = margin(drawing);
    let _ = writeln!(out, "<g transform=\"translate({m} {m})\">");
    out.push_str(&body(drawing, solution, style));
    out.push_str("</g>\n</svg>\n");
    out
}

/// A page of `width` x `height` points holding pictures, each with its title, laid out in
/// `columns` columns.
pub fn page(
    width: f64,
    height: f64,
    columns: usize,
    pictures: &[(String, &Drawing, Option<&Grid>)],
    style: Style,
) -> String {
    let mut out = header(width, height);
    let rows = pictures.len().div_ceil(columns.max(1)).max(1);
    let page_margin = 36.0;
    let title = 14.0;
    let (slot_w, slot_h) = (
        (width - 2.0 * page_margin) / columns.max(1) as f64,
        (height - 2.0 * page_margin) / rows as f64,
    );
    for (i, (name, drawing, solution)) in pictures.iter().enumerate() {
        let (x, y) = (
            page_margin + (i % columns.max(1)) as f64 * slot_w,
            page_margin + (i / columns.max(1)) as f64 * slot_h,
        );
        let (w, h) = size(drawing);
        let scale = ((slot_w - 12.0) / w).min((slot_h - title - 18.0) / h);
        let left = x + (slot_w - w * scale) / 2.0;
        let _ = writeln!(
            out,
            "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            x + slot_w / 2.0,
            y + title,
            escape(&shortened(
                name,
                ((slot_w - 12.0) / TITLE_CHAR_WIDTH) as usize
            ))
        );
        let _ = writeln!(
            out,
            "<g transform=\"translate({:.2} {:.2}) scale({scale:.4}) translate({m} {m})\">",
            left,
            y + title + 6.0,
            m = margin(drawing)
        );
        out.push_str(&body(drawing, *solution, style));
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// Width and height of a picture, margins included.
fn size(drawing: &Drawing) -> (f64, f64) {
    let m = margin(drawing);
    let w = drawing.cols as f64 * CELL + 2.0 * m;
    let h = drawing.rows as f64 * CELL + 2.0 * m;
    (w, h)
}

/// The margin around the grid: a cell wider when a mark lies outside it (a clue outside).
fn margin(drawing: &Drawing) -> f64 {
    let (rows, cols) = (drawing.rows as f64, drawing.cols as f64);
    let outside = |(r, c): (f64, f64)| r < 0.0 || c < 0.0 || r > rows || c > cols;
    let points = (drawing.under.iter().chain(&drawing.over)).flat_map(|mark| match mark {
        Mark::Line { points, .. } => points.clone(),
        Mark::Circle { centre, .. } | Mark::Rect { centre, .. } => vec![*centre],
        Mark::Text { at, .. } => vec![*at],
    });
    match points.into_iter().any(outside) {
        true => MARGIN + CELL,
        false => MARGIN,
    }
}

fn header(w: f64, h: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}, sans-serif\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    )
}

/// The puzzle drawn from (0, 0) in cell units of [`CELL`].
fn body(d: &Drawing, solution: Option<&Grid>, style: Style) -> String {
    let mut out = String::new();
    for mark in &d.under {
        draw_mark(&mut out, mark);
    }
    grid_lines(&mut out, d);
    for mark in &d.over {
        draw_mark(&mut out, mark);
    }
    for cage in &d.dashed {
        dashed_outline(&mut out, cage);
    }
    for label in d.dashed.iter().chain(&d.clues) {
        corner_label(&mut out, label, !d.dashed.is_empty());
    }
    let shown = solution.filter(|_| !style.blank);
    for r in 0..d.rows {
        for c in 0..d.cols {
            let given = d.givens[r * d.cols + c].as_deref();
            let value = shown.map(|g| g.get(r, c));
            match (given, value) {
                (Some(text), _) => value_mark(&mut out, d, style, (r, c), text, true),
                (None, Some(v)) => {
                    let text = d
                        .symbols
                        .get(v as usize)
                        .map_or(String::new(), Clone::clone);
                    value_mark(&mut out, d, style, (r, c), &text, false)
                }
                (None, None) => {}
            }
        }
    }
    out
}

/// The widest a character of an 11-point title is (DejaVu Sans's widest capitals and digits).
const TITLE_CHAR_WIDTH: f64 = 8.0;

/// `text` in at most `max` characters: a longer title keeps its end (the file name, the
/// level) behind `…`, so that titles side by side never overlap.
fn shortened(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let tail: String = text.chars().skip(count + 1 - max.max(1)).collect();
    format!("…{tail}")
}

/// Text safe inside SVG markup.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_title_keeps_its_end_within_its_slot() {
        let long = "solution: batch/sub/folder/deeper/puzzle-0001.txt (trivial)";
        let short = shortened(long, 20);
        assert_eq!(short.chars().count(), 20);
        assert_eq!(short, "…-0001.txt (trivial)");
        assert_eq!(shortened("puzzle.txt", 20), "puzzle.txt");
    }

    #[test]
    fn titles_side_by_side_fit_their_columns() {
        let drawing = Drawing {
            rows: 4,
            cols: 4,
            blocks: None,
            dashed: Vec::new(),
            clues: Vec::new(),
            under: Vec::new(),
            over: Vec::new(),
            givens: vec![None; 16],
            symbols: ["", "1", "2", "3", "4"].map(String::from).to_vec(),
            binary: false,
        };
        let long = "x".repeat(300);
        let pictures = vec![(long.clone(), &drawing, None), (long, &drawing, None)];
        let svg = page(595.0, 842.0, 2, &pictures, Style::default());
        for line in svg.lines().filter(|l| l.starts_with("<text")) {
            let text = &line[line.find('>').unwrap() + 1..line.rfind('<').unwrap()];
            let width = text.chars().count() as f64 * TITLE_CHAR_WIDTH;
            assert!(width <= (595.0 - 72.0) / 2.0, "{line}");
        }
    }
}
