//! Grids pasted with spaces or `-` as blanks (`53  7    `, `53--7----`): every row exactly n
//! characters, n rows. They are read with `.` for those blanks; a paste whose trailing blanks
//! were trimmed away is refused, naming the line, since its cells cannot be placed.

use super::{is_cell_char, MAX_LINE_SIZE};
use crate::error::{ParseError, Problem};

/// The text with space and `-` blanks written as `.`, when it is such a grid; `Ok(None)`
/// when it is not; an error when it looks like one whose rows lost their trailing blanks.
pub fn blanks_as_dots(text: &str) -> Result<Option<String>, ParseError> {
    let rows: Vec<(usize, &str)> = (text.lines().enumerate())
        .map(|(i, l)| {
            (
                i + 1,
                l.trim_start_matches('\u{feff}').trim_end_matches('\r'),
            )
        })
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let n = rows.len();
    let blank = |ch: char| ch == ' ' || ch == '-';
    let cells = |l: &str| l.chars().all(|ch| is_cell_char(ch) || blank(ch));
    let gaps = |l: &str| l.contains("  ") || l.contains('-') || l.starts_with(' ');
    if !(4..=MAX_LINE_SIZE).contains(&n)
        || !rows.iter().all(|(_, l)| cells(l))
        || !rows.iter().any(|(_, l)| gaps(l))
        // Rows longer than the grid is tall are spaced cells or another form.
        || !rows.iter().all(|(_, l)| l.chars().count() <= n)
        // Most rows of such a paste are whole (a trim loses blanks at some row ends only).
        || rows.iter().filter(|(_, l)| l.chars().count() == n).count() * 2 < n
    {
        return Ok(None);
    }
    if let Some(&(line, row)) = rows.iter().find(|(_, l)| l.chars().count() != n) {
        let found = row.chars().count();
        return Err(ParseError::at(line, Problem::PastedBlanks { n, found }));
    }
    let dotted = (text.lines().enumerate())
        .map(|(i, l)| match rows.iter().any(|&(line, _)| line == i + 1) {
            true => l.replace([' ', '-'], "."),
            false => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Some(dotted))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_dashes_are_blanks_when_every_row_has_n_characters() {
        let text = "53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n7   2   6\n 6    28 \n   419  5\n    8  79\n";
        let dotted = blanks_as_dots(text).unwrap().unwrap();
        assert_eq!(dotted.lines().next(), Some("53..7...."));
        let dashes = text.replace(' ', "-");
        assert_eq!(blanks_as_dots(&dashes).unwrap().unwrap(), dotted);
    }

    #[test]
    fn a_spaced_grid_is_no_such_paste() {
        let spaced = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
        assert_eq!(blanks_as_dots(spaced).unwrap(), None);
        assert_eq!(blanks_as_dots("1234\n3412\n2143\n4321\n").unwrap(), None);
    }

    #[test]
    fn trimmed_rows_are_refused_naming_the_line() {
        let text = "53  7    \n6  195\n 98    6 \n8   6   3\n4  8 3  1\n7   2   6\n 6    28 \n   419  5\n    8  79\n";
        let error = blanks_as_dots(text).unwrap_err();
        assert_eq!(error.line, Some(2));
        assert!(error.to_string().contains("found 6"), "{error}");
    }
}
