//! The picture options the solving commands and `generate` share.

use std::path::PathBuf;

use clap::Args;
use mipsolve::picture::Style;

use super::super::config::{Paper, PdfSpec};

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
