//! Links and strings that carry a puzzle (`https://www.f-puzzles.com/?load=...`, SudokuPad's
//! and Cracking the Cryptic's `.../fpuzzles...`, `?puzzleid=fpuzzles...`, SudokuPad's own
//! `scl`/`ctc`, or the bare string), found in lines of text among titles, notes and CSV
//! fields. Pasted links are often damaged: they are percent-decoded and spaces turned back
//! into `+`; what still does not decode is refused.

use serde_json::{Map, Value};

use super::fpuzzles::from_object;
use crate::error::{ParseError, Problem};
use crate::puzzle::latin::Latin;
use crate::puzzle::Entry;

/// Where an f-puzzles string starts in the links that carry one, longest first
/// (`sudokupad.app/?puzzleid=fpuzzles...` holds it after `=fpuzzles`).
const PREFIXES: [&str; 6] = [
    "?load=",
    "/fpuzzles",
    "=fpuzzles",
    "/fpuz",
    "=fpuz",
    "#fpuzzles",
];

/// The sites whose links carry a puzzle: f-puzzles, SudokuPad and Cracking the Cryptic's app.
const SITES: [&str; 3] = ["f-puzzles.com", "sudokupad.", "crackingthecryptic.com"];

/// Characters that end a link inside a line of text (a CSV field, quotes, brackets).
const ENDS: [char; 13] = [
    ',', ';', '"', '\'', '<', '>', '(', ')', '[', ']', '{', '}', '|',
];

/// Whether a word of text is an f-puzzles or SudokuPad link, or a bare f-puzzles string
/// (which starts `N4Ig`: `{"` compressed).
fn is_link(word: &str) -> bool {
    SITES.iter().any(|site| word.contains(site)) || word.starts_with("N4Ig")
}

/// Whether a line shows cells (16 digits or dots at least): a puzzle, never a title.
fn shows_cells(line: &str) -> bool {
    line.chars()
        .filter(|ch| ch.is_ascii_digit() || *ch == '.')
        .count()
        >= 16
}

/// Whether `text` is a file of links: some line holds one, no line shows cells, and it is no
/// JSON (whose strings may hold a link). Its other lines are titles, notes or a CSV header.
pub fn holds_links(text: &str) -> bool {
    let content = || (text.lines().map(str::trim)).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let json = text.trim_start().starts_with(['{', '[']);
    let named = SITES.iter().any(|site| text.contains(site)) || text.contains("N4Ig");
    named
        && !json
        && content().any(|l| !links_in(l).is_empty())
        && content().all(|l| !links_in(l).is_empty() || !shows_cells(l))
}

/// The links of one line, in order: each word that is a link, read up to the next space or
/// field end; with the words after it that could be its string cut by spaces (a pasted link
/// whose `+` became spaces), as a second reading tried when the first does not decode.
fn links_in(line: &str) -> Vec<(String, Option<String>)> {
    let mut links: Vec<(String, Option<String>)> = Vec::new();
    for field in line.split(ENDS) {
        // The offset in `field` where the open link starts.
        let mut open: Option<usize> = None;
        for word in field.split_whitespace() {
            let at = word.as_ptr() as usize - field.as_ptr() as usize;
            let base64 = |ch: char| ch.is_ascii_alphanumeric() || "+/=%-_".contains(ch);
            if is_link(word) {
                links.push((word.to_string(), None));
                open = Some(at);
            } else if let (Some(start), true) = (open, word.chars().all(base64)) {
                // The text as pasted, spaces and all: the decoder turns them back into `+`.
                let glued = &field[start..at + word.len()];
                links.last_mut().expect("an open link").1 = Some(glued.to_string());
            } else {
                open = None;
            }
        }
    }
    links
}

/// Reads each link of `text` as one puzzle (several on one line are several puzzles); the
/// lines with none (titles, notes, a CSV header) are skipped and named in a warning on the
/// first puzzle.
pub fn parse_links(text: &str) -> Vec<Entry<Latin>> {
    let mut entries = Vec::new();
    let mut skipped = Vec::new();
    let lines = (text.lines().enumerate()).map(|(i, l)| (i + 1, l.trim()));
    for (line, l) in lines.filter(|(_, l)| !l.is_empty() && !l.starts_with('#')) {
        let links = links_in(l);
        if links.is_empty() {
            skipped.push(line);
        }
        for (link, glued) in links {
            let puzzle = match glued.map(|g| read_link(&g)) {
                Some(Ok(puzzle)) => Ok(puzzle),
                Some(Err(e)) => read_link(&link).map_err(|_| e),
                None => read_link(&link),
            };
            let puzzle = puzzle.map_err(|mut e| {
                e.line.get_or_insert(line);
                e
            });
            entries.push(Entry { line, puzzle });
        }
    }
    let first = entries.iter_mut().find(|e| e.puzzle.is_ok());
    if let (
        Some(Entry {
            puzzle: Ok(first), ..
        }),
        false,
    ) = (first, skipped.is_empty())
    {
        let listed: Vec<String> = skipped.iter().take(5).map(usize::to_string).collect();
        let more = if skipped.len() > 5 { ", ..." } else { "" };
        let (s, they) = if skipped.len() == 1 {
            ("", "it holds")
        } else {
            ("s", "they hold")
        };
        let warning = format!(
            "line{s} {}{more} skipped: {they} no link (a title, a note or a header?)",
            listed.join(", ")
        );
        first.add_warning(warning);
    }
    entries
}

/// The puzzle of one link: an f-puzzles one, or SudokuPad's own (`scl`/`ctc`), which warns of
/// the rules it only draws.
fn read_link(link: &str) -> Result<Latin, ParseError> {
    let own = super::sudokupad::start(link).filter(|_| !PREFIXES.iter().any(|p| link.contains(p)));
    if own.is_none() || link.contains("?id=") || link.contains("&id=") {
        return decode(link).and_then(|object| from_object(&object));
    }
    let (object, warning) = super::sudokupad::decode(link)?;
    let puzzle = from_object(&object)?;
    Ok(match warning {
        Some(warning) => puzzle.with_warning(warning),
        None => puzzle,
    })
}

/// The JSON object a link or string holds.
fn decode(link: &str) -> Result<Map<String, Value>, ParseError> {
    let fail = |message: String| ParseError::whole(Problem::Link(message));
    if link.contains("?id=") || link.contains("&id=") {
        return Err(fail("this is a short link: its puzzle is stored on the website, and mipsolve does not fetch from the network; open it in f-puzzles and copy the full link (Export, Get link) instead".into()));
    }
    // The first prefix found, longest first (`/fpuzzles` before `/fpuz`).
    let start = (PREFIXES.iter()).find_map(|p| link.find(p).map(|i| i + p.len()));
    let payload = match start {
        Some(i) => &link[i..],
        None if link.starts_with("N4Ig") => link,
        None if !link.contains("f-puzzles.com") => return Err(fail("this is a short link (a puzzle id): its puzzle is stored on the website, and mipsolve does not fetch from the network; copy the puzzle's full link (SudokuPad: the share dialog's long link, or f-puzzles' Export) instead".into())),
        None => return Err(fail("no puzzle in this link: expected https://www.f-puzzles.com/?load=... or https://sudokupad.app/fpuzzles...".into())),
    };
    let payload = payload.split(['&', '#']).next().unwrap_or("");
    let decoded = percent_encoding::percent_decode_str(payload).decode_utf8_lossy();
    let cleaned: String = decoded
        .chars()
        .map(|ch| if ch == ' ' { '+' } else { ch })
        .filter(|ch| !ch.is_whitespace())
        .collect();
    let text = lz_str::decompress_from_base64(&cleaned)
        .and_then(|units| String::from_utf16(&units).ok())
        .filter(|text| !text.is_empty());
    let text = text.ok_or_else(|| fail(format!("the f-puzzles string ({} characters) does not decode: it may be cut short or damaged; copy the whole link again", cleaned.len())))?;
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(object)) => Ok(object),
        _ => Err(fail("the f-puzzles string decodes, but not to a puzzle (a JSON object); copy the whole link again".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_found_among_titles_and_fields() {
        let links = links_in("Killer #3: https://f-puzzles.com/?load=N4Ig,by Bob");
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].0, "https://f-puzzles.com/?load=N4Ig");
        let two = links_in("N4IgAAA N4IgBBB");
        assert_eq!(two.len(), 2);
        let spaced = links_in("https://f-puzzles.com/?load=N4Ig abc");
        assert_eq!(
            spaced[0].1.as_deref(),
            Some("https://f-puzzles.com/?load=N4Ig abc")
        );
        assert!(holds_links(
            "title,link\n\"A\",https://sudokupad.app/fpuzzlesN4Ig\n"
        ));
        assert!(!holds_links("530070000600195000098000060800060003400803001700020006060000280000419005000080079\nhttps://sudokupad.app/fpuzzlesN4Ig\n"));
    }
}
