//! SVG pictures as PNG (resvg) and PDF (svg2pdf, pages assembled with pdf-writer), with the
//! bundled DejaVu Sans so that they are the same on every machine.

use std::collections::HashMap;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};
use resvg::{tiny_skia, usvg};

/// Why a picture could not be made: the stage that failed and what it said.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RasterError {
    /// The SVG did not parse.
    #[error("SVG: {0}")]
    Svg(String),
    /// The picture has no pixels, or too many.
    #[error("{0}")]
    Size(&'static str),
    /// PNG encoding failed.
    #[error("PNG: {0}")]
    Png(String),
    /// PDF conversion failed.
    #[error("PDF: {0}")]
    Pdf(String),
}

/// DejaVu Sans, subset (see `assets/fonts/README.md`).
const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Parsed SVG with the bundled fonts only.
fn tree(svg: &str) -> Result<usvg::Tree, RasterError> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(REGULAR.to_vec());
    fonts.load_font_data(BOLD.to_vec());
    fonts.set_sans_serif_family(super::svg::FONT);
    usvg::Tree::from_str(svg, &options).map_err(|e| RasterError::Svg(e.to_string()))
}

/// The picture as PNG, `scale` pixels per SVG unit.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RasterError> {
    let tree = tree(svg)?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or(RasterError::Size("an empty picture"))?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or(RasterError::Size("a picture too large"))?;
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RasterError::Png(e.to_string()))
}

/// SVG pages (each of its own size, in points) as one PDF.
pub fn pdf(pages: &[String]) -> Result<Vec<u8>, RasterError> {
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let mut pdf = Pdf::new();
    let mut kids = Vec::new();
    let mut chunks = Vec::new();
    for svg in pages {
        let tree = tree(svg)?;
        let (chunk, svg_id) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| RasterError::Pdf(e.to_string()))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let lost = || RasterError::Pdf("the picture was lost".into());
        let svg_id = *map.get(&svg_id).ok_or_else(lost)?;
        let (page_id, content_id) = (alloc.bump(), alloc.bump());
        let (w, h) = (tree.size().width(), tree.size().height());
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(Name(b"S1"), svg_id);
        page.finish();
        let mut content = Content::new();
        content
            .transform([w, 0.0, 0.0, h, 0.0, 0.0])
            .x_object(Name(b"S1"));
        pdf.stream(content_id, &content.finish());
        kids.push(page_id);
        chunks.push(chunk);
    }
    pdf.catalog(catalog).pages(tree_id);
    let count = kids.len() as i32;
    pdf.pages(tree_id).kids(kids).count(count);
    for chunk in &chunks {
        pdf.extend(chunk);
    }
    Ok(pdf.finish())
}
