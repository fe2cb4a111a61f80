//! Output formats, one file each, behind one small trait.

mod json;
mod svg;
mod text;

use std::io::{self, Write};

use super::config::Format;
use super::record::Record;

impl Format {
    /// The writer for this format; `headers` names each puzzle before its grid (text).
    pub fn output(self, headers: bool) -> Box<dyn Output> {
        match self {
            Format::Text => Box::new(text::Text { headers }),
            Format::Json => Box::new(json::Json),
            Format::Svg => Box::new(svg::Svg),
            Format::Notes => Box::new(svg::Notes),
            Format::Iss => Box::new(svg::Iss),
        }
    }
}

/// One output format.
pub trait Output: Send + Sync {
    /// Writes the record's part of standard output.
    fn write(&self, record: &Record, out: &mut dyn Write) -> io::Result<()>;
    /// The line the record puts on standard error, if any.
    fn note(&self, record: &Record) -> Option<String>;
}
