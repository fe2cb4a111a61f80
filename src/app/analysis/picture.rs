//! Pictures: what a picture of the puzzle shows, its SVG for `--format svg`, and its file for
//! `--picture DIR`.

use std::path::Path;

use mipsolve::picture::{self, raster};

use super::{Analysis, Findings, Solving};
use crate::app::config::{Format, PictureFormat};
use crate::app::failure::{Failure, Unwritten};
use crate::app::walk;

/// The picture.
pub struct Picture;

impl Analysis for Picture {
    fn run(&self, at: &Solving, found: &mut Findings) -> Result<(), Failure> {
        let config = at.config;
        if config.format != Format::Svg && !config.pictures.any() {
            return Ok(());
        }
        found.drawing = at.puzzle.drawing();
        // A hint's picture shows the puzzle only: the solution would give the hint away.
        let shown = at.outcome.solution().filter(|_| !config.deduce.hint);
        let svg = (found.drawing.as_ref()).map(|d| picture::svg(d, shown, config.pictures.style));
        if let (Some(dir), Some(svg)) = (&config.pictures.dir, &svg) {
            let format = config.pictures.format.unwrap_or(PictureFormat::Svg);
            write(dir, at.stem, format, svg).map_err(|m| at.unwritten(m))?;
        }
        found.svg = svg.filter(|_| config.format == Format::Svg);
        Ok(())
    }
}

/// Writes `svg` as `DIR/STEM.svg` (or `.png`, `.pdf`).
fn write(dir: &Path, stem: &str, format: PictureFormat, svg: &str) -> Result<(), Unwritten> {
    let path = dir.join(format!("{stem}.{}", format.extension()));
    let bytes = match format {
        PictureFormat::Svg => svg.as_bytes().to_vec(),
        // Two pixels per point: sharp on screens, 800 pixels across a 9x9.
        PictureFormat::Png => raster::png(svg, 2.0)?,
        PictureFormat::Pdf => raster::pdf(&[svg.to_string()])?,
    };
    std::fs::write(&path, bytes).map_err(|e| Unwritten::Picture {
        path: path.display().to_string(),
        reason: walk::io_message(&e),
    })
}
