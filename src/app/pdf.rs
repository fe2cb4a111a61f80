//! `--pdf FILE`: every puzzle on pages, then the same pages with the solutions.

use mipsolve::grid::Grid;
use mipsolve::picture::{self, raster, Drawing, Style};

use super::config::PdfSpec;
use super::record::{Record, Status};
use super::walk;

/// One puzzle for a PDF: its title, drawing and solution.
pub struct Printed {
    /// The file (and index) or seed, with the level when known.
    pub title: String,
    /// What the picture shows.
    pub drawing: Drawing,
    /// The solution, when one was found.
    pub solution: Option<Grid>,
    /// What its solution page calls it: `solution`, `one of several solutions`, `no
    /// solution`, `timeout`.
    pub heading: &'static str,
}

/// The record's puzzle for the PDF, when it was drawn.
pub fn printed(record: &Record) -> Option<Printed> {
    let solved = record.result.as_ref().ok()?;
    let level = (solved.found.deduced.as_ref())
        .and_then(|d| d.found.as_ref().ok())
        .map(|steps| format!(" ({})", steps.level()));
    Some(Printed {
        title: format!("{}{}", record.name(), level.unwrap_or_default()),
        drawing: solved.found.drawing.clone()?,
        solution: solved.outcome.solution().cloned(),
        heading: match (record.status(), solved.outcome.solution()) {
            (Status::NotUnique, _) => "one of several solutions",
            (Status::Timeout, Some(_)) => "timeout, a solution not proven unique",
            (Status::Timeout, None) => "timeout",
            (_, Some(_)) => "solution",
            (_, None) => "no solution",
        },
    })
}

/// Writes the PDF: the puzzles without their solutions, `per_page` a page, then the pages of
/// solutions in the same order.
pub fn write_pdf(spec: &PdfSpec, puzzles: &[Printed], style: Style) -> anyhow::Result<()> {
    let (width, height) = spec.paper.points();
    let columns = (1..=spec.per_page)
        .find(|c| c * c >= spec.per_page)
        .unwrap_or(1);
    let mut pages = Vec::new();
    for blank in [true, false] {
        for chunk in puzzles.chunks(spec.per_page) {
            let items: Vec<(String, &Drawing, Option<&Grid>)> = (chunk.iter())
                .map(|p| {
                    let title = match blank {
                        true => p.title.clone(),
                        false => format!("{}: {}", p.heading, p.title),
                    };
                    (title, &p.drawing, p.solution.as_ref())
                })
                .collect();
            let style = Style { blank, ..style };
            pages.push(picture::page(width, height, columns, &items, style));
        }
    }
    let bytes = raster::pdf(&pages).map_err(|e| anyhow::anyhow!("{e}"))?;
    std::fs::write(&spec.path, bytes).map_err(|e| {
        let path = spec.path.display();
        anyhow::anyhow!("cannot write {path}: {}", walk::io_message(&e))
    })
}
