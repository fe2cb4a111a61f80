//! Pictures: what a picture of the puzzle shows, its SVG for `--format svg`, and its file for
//! `--picture DIR`.

use mipsolve::picture;

use super::{Analysis, Findings, Solving};
use crate::app::cli::PictureFormat;
use crate::app::failure::Failure;
use crate::app::output::Format;
use crate::app::picture_files;

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
            picture_files::write(dir, at.stem, format, svg).map_err(|m| at.unwritten(m))?;
        }
        found.svg = svg.filter(|_| config.format == Format::Svg);
        Ok(())
    }
}
