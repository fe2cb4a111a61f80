//! Simon Tatham's Unruly game IDs, one per line: `WxH[u]:DESC`, `u` for distinct rows and
//! columns (without it, equal lines are allowed). Each letter skips that many blank cells
//! (`a` none, `b` one, ...) and places a 0 (lower case) or a 1 (upper case); `z`/`Z` skip 25
//! and place nothing; the last letter's cell is one past the grid.

use super::{Takuzu, MAX_SIDE};
use crate::error::{ParseError, Problem};
use crate::puzzle::gameid::{at, game_of, id_lines, Game};
use crate::puzzle::Entry;

/// Reads every game ID line (blank and `#` lines skipped); a bad ID fails only itself.
/// `allow_duplicate_lines` drops the distinct-lines rule of `u` IDs too.
pub fn parse_ids(text: &str, allow_duplicate_lines: bool) -> Vec<Entry<Takuzu>> {
    id_lines(text)
        .map(|(line, id)| Entry {
            line,
            puzzle: decode(id, allow_duplicate_lines).map_err(|p| ParseError::at(line, p)),
        })
        .collect()
}

/// The Unruly game ID of a Takuzu: `u` when lines must differ; `None` with a side under 6,
/// which Unruly does not have.
pub fn game_id(takuzu: &Takuzu) -> Option<String> {
    let (rows, cols) = (takuzu.rows, takuzu.cols);
    if rows < 6 || cols < 6 {
        return None;
    }
    let distinct = if takuzu.allow_duplicate_lines {
        ""
    } else {
        "u"
    };
    let mut desc = String::new();
    let mut skip = 0;
    for cell in 0..=rows * cols {
        let given = takuzu.givens.get(cell).copied().unwrap_or(Some(0));
        let Some(digit) = given else {
            skip += 1;
            continue;
        };
        while skip >= 25 {
            desc.push('z');
            skip -= 25;
        }
        let base = if digit == 1 { b'A' } else { b'a' };
        desc.push(char::from(base + skip as u8));
        skip = 0;
    }
    Some(format!("{cols}x{rows}{distinct}:{desc}"))
}

fn decode(id: &str, allow_duplicate_lines: bool) -> Result<Takuzu, Problem> {
    // Another game's ID, told by what no Unruly ID holds (digits, '_', ','), not a typo.
    let foreign = |desc: &str| desc.contains(|c: char| c.is_ascii_digit() || "_,".contains(c));
    if let Some((other, ..)) =
        game_of(id).filter(|(game, _, desc)| *game != Game::Unruly && foreign(desc))
    {
        return Err(other.elsewhere());
    }
    let expected = || at(1, "expected WxH:DESC such as 6x6:DdCDeAddBaDa");
    let (params, desc) = id.split_once(':').ok_or_else(expected)?;
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let w_len = digits(params);
    let cols: usize = params[..w_len].parse().map_err(|_| expected())?;
    let rest = params[w_len..].strip_prefix('x').ok_or_else(expected)?;
    let h_len = digits(rest);
    let rows: usize = rest[..h_len]
        .parse()
        .map_err(|_| at(w_len + 2, "a height"))?;
    let distinct = rest[h_len..].contains('u');
    if cols % 2 == 1 || rows % 2 == 1 || cols > MAX_SIDE || rows > MAX_SIDE || cols < 2 || rows < 2
    {
        return Err(at(
            1,
            format!("a {cols}x{rows} board: sides must be even, 2 to {MAX_SIDE}"),
        ));
    }
    let cells = rows * cols;
    let mut givens = vec![None; cells];
    let mut pos = 0;
    let start = params.len() + 1;
    for (i, ch) in desc.char_indices() {
        let position = start + i + 1;
        let (skip, digit) = match ch {
            'z' | 'Z' => (25, None),
            'a'..='y' => (ch as usize - 'a' as usize, Some(0)),
            'A'..='Y' => (ch as usize - 'A' as usize, Some(1)),
            other => return Err(at(position, format!("unexpected character '{other}'"))),
        };
        pos += skip;
        if let Some(d) = digit {
            if pos < cells {
                givens[pos] = Some(d);
            } else if pos > cells {
                return Err(at(position, format!("past the {cells} cells")));
            }
            pos += 1;
        }
    }
    if pos != cells + 1 {
        return Err(at(
            start + desc.len(),
            format!("the cells end at {pos}, not {}", cells + 1),
        ));
    }
    let takuzu = Takuzu::new(rows, cols, givens, !distinct || allow_duplicate_lines);
    match takuzu.broken_rule() {
        Some((_, violation)) => Err(violation.into()),
        None => Ok(takuzu),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_six_by_six_id_reads_as_its_grid() {
        let t = parse_ids("6x6:DdCDeAddBaDa", false)
            .remove(0)
            .puzzle
            .unwrap();
        let grid = "...1..\n.0..1.\n..1...\n.01...\n0...0.\n10...1\n";
        let expected = super::super::parse_takuzus(grid, true, None)
            .unwrap()
            .remove(0)
            .puzzle
            .unwrap();
        for r in 0..6 {
            for c in 0..6 {
                assert_eq!(t.given(r, c), expected.given(r, c), "r{}c{}", r + 1, c + 1);
            }
        }
    }

    #[test]
    fn malformed_ids_name_the_position() {
        let error = |id: &str| {
            parse_ids(id, false)
                .remove(0)
                .puzzle
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error("6x6:DdCDeAddBaD"),
            "1: game ID, character 15: the cells end at 36, not 37"
        );
        assert_eq!(
            error("6x6:Dd!"),
            "1: game ID, character 7: unexpected character '!'"
        );
    }
}
