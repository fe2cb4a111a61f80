//! One text a puzzle: its SVG picture, its ISS string, or nothing there (`render` writes a
//! PDF); statuses on standard error as the text format gives them.

use std::io::{self, Write};

use super::{text, Output};
use crate::app::record::Record;

/// The SVG format.
pub struct Svg;

impl Output for Svg {
    fn write(&self, record: &Record, out: &mut dyn Write) -> io::Result<()> {
        match record
            .result
            .as_ref()
            .ok()
            .and_then(|s| s.found.svg.as_deref())
        {
            Some(svg) => out.write_all(svg.as_bytes()),
            None => Ok(()),
        }
    }

    fn note(&self, record: &Record) -> Option<String> {
        text::note(record)
    }
}

/// Each puzzle's ISS string, one a line.
pub struct Iss;

impl Output for Iss {
    fn write(&self, record: &Record, out: &mut dyn Write) -> io::Result<()> {
        match record
            .result
            .as_ref()
            .ok()
            .and_then(|s| s.found.iss.as_deref())
        {
            Some(iss) => writeln!(out, "{iss}"),
            None => Ok(()),
        }
    }

    fn note(&self, record: &Record) -> Option<String> {
        text::note(record)
    }
}

/// Statuses only.
pub struct Notes;

impl Output for Notes {
    fn write(&self, _: &Record, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn note(&self, record: &Record) -> Option<String> {
        text::note(record)
    }
}
