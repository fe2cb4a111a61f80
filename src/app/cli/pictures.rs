//! The picture options the solving commands and `generate` share.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use mipsolve::picture::Style;

/// `--pdf FILE` and how its pages look.
#[derive(Debug, Args)]
pub(super) struct PrintArgs {
    /// Every puzzle in one PDF: --per-page puzzles a page, then the same pages with the
    /// solutions, each titled with its file (or seed) and, when graded, its level
    #[arg(long, value_name = "FILE")]
    pdf: Option<PathBuf>,
    /// Puzzles on each PDF page
    #[arg(long, value_name = "N", default_value_t = 4, requires = "pdf",
          value_parser = clap::value_parser!(u8).range(1..=36))]
    per_page: u8,
    /// Paper size of the PDF pages
    #[arg(long, value_enum, ignore_case = true, default_value_t = Paper::A4, requires = "pdf")]
    paper: Paper,
    /// Takuzu pictures show 1 as a black and 0 as a white circle, not as digits
    #[arg(long)]
    circles: bool,
}

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

impl PrintArgs {
    /// Whether `--pdf` is given.
    pub(super) fn asks_pdf(&self) -> bool {
        self.pdf.is_some()
    }

    /// Whether `--circles` is given.
    pub(super) fn circles(&self) -> bool {
        self.circles
    }

    /// The PDF asked for, if any, and the drawing style.
    pub(super) fn spec(&self) -> (Option<PdfSpec>, Style) {
        let pdf = self.pdf.clone().map(|path| PdfSpec {
            path,
            per_page: usize::from(self.per_page),
            paper: self.paper,
        });
        let style = Style {
            blank: false,
            circles: self.circles,
        };
        (pdf, style)
    }
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
