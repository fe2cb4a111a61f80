//! What the solving commands and `generate` draw: picture files, the PDF and their style.

use std::path::PathBuf;

use clap::ValueEnum;
use mipsolve::picture::Style;

/// Paper sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Paper {
    /// 210 x 297 mm
    A4,
    /// 8.5 x 11 in
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn points(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.0, 842.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// `--pdf FILE`, free of clap.
#[derive(Debug, Clone)]
pub struct PdfSpec {
    /// The file written.
    pub path: PathBuf,
    /// Puzzles per page.
    pub per_page: usize,
    /// Paper size.
    pub paper: Paper,
}

/// Picture file formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PictureFormat {
    /// SVG
    Svg,
    /// PNG (rendered by resvg)
    Png,
    /// PDF, one page (by svg2pdf)
    Pdf,
}

impl PictureFormat {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
            PictureFormat::Pdf => "pdf",
        }
    }
}

/// What the solving commands draw: `--picture DIR`, `--pdf FILE`, `--format svg`.
#[derive(Debug, Clone, Default)]
pub struct Pictures {
    /// One picture per puzzle in this folder (created if missing).
    pub dir: Option<PathBuf>,
    /// Their file format.
    pub format: Option<PictureFormat>,
    /// Every puzzle in one PDF.
    pub pdf: Option<PdfSpec>,
    /// How they are drawn.
    pub style: Style,
}

impl Pictures {
    /// Whether any picture is asked for besides `--format svg`.
    pub fn any(&self) -> bool {
        self.dir.is_some() || self.pdf.is_some()
    }
}
