//! Simon Tatham's game IDs, `PARAMS:DESC` as the games print them: which game a line is, and
//! the two encodings the games share: runs of blanks between numbers, and block structures
//! (regions, cages) as runs of joined cells between boundaries.

use crate::error::Problem;

/// The games whose IDs the tool reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// Solo: Sudoku and its variants (`3x3:`, `9j:`, `3x3xk:`).
    Solo,
    /// Keen: KenKen (`6:`).
    Keen,
    /// Unruly: Takuzu (`8x8:`, `8x8u:`).
    Unruly,
}

impl Game {
    /// The game's name, the kind its puzzles are, and that kind's subcommand.
    pub fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Game::Solo => ("Solo", "Sudoku", "sudoku"),
            Game::Keen => ("Keen", "KenKen", "kenken"),
            Game::Unruly => ("Unruly", "Takuzu", "takuzu"),
        }
    }

    /// The problem of a line holding this game's ID, given to another game's reader.
    pub fn elsewhere(self) -> Problem {
        let (game, title, name) = self.names();
        Problem::OtherGame { game, title, name }
    }
}

/// The game of a game ID line, with its params and desc; `None` when the line is none.
pub fn game_of(line: &str) -> Option<(Game, &str, &str)> {
    let (params, desc) = line.trim().split_once(':')?;
    let digits = params.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || desc.is_empty() || desc.contains(char::is_whitespace) {
        return None;
    }
    let rest = &params[digits..];
    let second = rest
        .strip_prefix('x')
        .map(|r| r.chars().take_while(char::is_ascii_digit).count());
    let solo_flags = |flags: &str| flags.contains(['x', 'k', 'j']);
    let letters_only = desc.chars().all(|ch| ch.is_ascii_alphabetic());
    // Unruly's sides are even and at least 6; Solo's box sides multiply to at most 31.
    let unruly_sides = second.is_some_and(|d| {
        let even_from_6 = |t: &str| t.parse::<usize>().is_ok_and(|n| n >= 6 && n % 2 == 0);
        even_from_6(&params[..digits]) && even_from_6(&rest[1..1 + d])
    });
    let game = match second {
        Some(d) if d > 0 && letters_only && unruly_sides && !solo_flags(&rest[1 + d..]) => {
            Game::Unruly
        }
        Some(d) if d > 0 => Game::Solo,
        _ if rest.contains('j') => Game::Solo,
        _ if desc.contains(',') => Game::Keen,
        _ => return None,
    };
    Some((game, params, desc))
}

/// The content lines of a file of game IDs: 1-based number and text, blank and `#` lines
/// skipped.
pub fn id_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.trim_start_matches('\u{feff}').trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// The game of the text's first content line, when it is a game ID.
pub fn first_game(text: &str) -> Option<Game> {
    let first = (text.lines())
        .map(|l| l.trim_start_matches('\u{feff}').trim())
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    first.and_then(game_of).map(|(game, ..)| game)
}

/// Whether the text is a file of game IDs (its first content line is one) holding any ID
/// of `game`: that game's reader takes it, and names the subcommand for the other lines.
pub fn has_game(text: &str, game: Game) -> bool {
    first_game(text).is_some() && games(text).contains(&game)
}

/// The games of a file's game ID lines, in order of first appearance.
pub fn games(text: &str) -> Vec<Game> {
    let mut found = Vec::new();
    for (game, ..) in id_lines(text).filter_map(|(_, line)| game_of(line)) {
        if !found.contains(&game) {
            found.push(game);
        }
    }
    found
}

/// The text with every line that is not a game ID of `game` blanked, so that line numbers
/// stay those of the file.
pub fn only_game(text: &str, game: Game) -> String {
    (text.lines())
        .map(|line| match game_of(line.trim_start_matches('\u{feff}')) {
            Some((g, ..)) if g == game => line,
            _ => "",
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A problem at a 1-based character position of a game ID.
pub fn at(position: usize, message: impl Into<String>) -> Problem {
    Problem::GameId {
        position,
        message: message.into(),
    }
}

/// Cells written as runs: a letter `a`..`z` is 1..26 blank cells (0), a decimal number one
/// cell with that value, `_` separates two numbers. `start` is the section's 0-based offset
/// in the line, for messages. Exactly `cells` cells, values at most `max`.
pub fn runs(section: &str, start: usize, cells: usize, max: u64) -> Result<Vec<u64>, Problem> {
    let mut out = Vec::with_capacity(cells);
    let mut chars = section.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let position = start + i + 1;
        match ch {
            'a'..='z' => out.extend(std::iter::repeat_n(0, ch as usize - 'a' as usize + 1)),
            '_' => {}
            '1'..='9' => {
                let mut value = u64::from(ch as u8 - b'0');
                while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                    value = value
                        .saturating_mul(10)
                        .saturating_add(u64::from(d as u8 - b'0'));
                    chars.next();
                }
                if value > max {
                    return Err(at(position, format!("value {value} is more than {max}")));
                }
                out.push(value);
            }
            other => return Err(at(position, format!("unexpected character '{other}'"))),
        }
        if out.len() > cells {
            return Err(at(position, format!("more than {cells} cells")));
        }
    }
    if out.len() < cells {
        let position = start + section.len();
        return Err(at(
            position,
            format!("{} cells, expected {cells}", out.len()),
        ));
    }
    Ok(out)
}

/// A block structure over an `n` x `n` grid: each letter is k cells joined across the next
/// boundaries (`_` 0, `a` 1, ...) then one boundary; `long` is the letter for a run of
/// joins with no boundary after it, and how many. The letters come with their 1-based
/// positions in the ID; `end` is the position after the last. Returns each cell's block,
/// numbered in order of first cell.
pub fn blocks(
    letters: impl IntoIterator<Item = (usize, char)>,
    end: usize,
    n: usize,
    long: (char, usize),
) -> Result<Vec<usize>, Problem> {
    let lines = 2 * n * (n - 1);
    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut pos = 0;
    for (position, ch) in letters {
        let (joins, boundary) = match ch {
            _ if ch == long.0 => (long.1, false),
            '_' => (0, true),
            'a'..='z' => (ch as usize - 'a' as usize + 1, true),
            other => return Err(at(position, format!("unexpected character '{other}'"))),
        };
        for _ in 0..joins {
            if pos >= lines {
                return Err(at(position, "more boundaries than the grid has"));
            }
            let (a, b) = line_cells(pos, n);
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra] = rb;
            pos += 1;
        }
        pos += usize::from(boundary);
        if pos > lines + 1 {
            return Err(at(position, "more boundaries than the grid has"));
        }
    }
    if pos != lines + 1 {
        let boundaries = lines + 1;
        return Err(at(
            end,
            format!("the blocks end after {pos} of {boundaries} boundaries"),
        ));
    }
    let mut ids: Vec<Option<usize>> = vec![None; n * n];
    let mut next = 0;
    let block = (0..n * n)
        .map(|cell| {
            let r = root(&mut parent, cell);
            *ids[r].get_or_insert_with(|| {
                next += 1;
                next - 1
            })
        })
        .collect();
    Ok(block)
}

/// Cells as [`runs`] reads them: a letter for each run of up to 26 blanks (0), numbers in
/// decimal, `_` between two numbers side by side.
pub fn write_runs(values: &[u64]) -> String {
    let mut out = String::new();
    let mut blanks = 0;
    let mut after_number = false;
    for &value in values.iter().chain([&u64::MAX]) {
        if value == 0 {
            blanks += 1;
            continue;
        }
        while blanks > 0 {
            let run = blanks.min(26);
            out.push(char::from(b'a' + (run - 1) as u8));
            blanks -= run;
            after_number = false;
        }
        if value == u64::MAX {
            break;
        }
        if after_number {
            out.push('_');
        }
        out.push_str(&value.to_string());
        after_number = true;
    }
    out
}

/// A block structure as [`blocks`] reads it (with `long` its letter for a run of joins with
/// no boundary): each cell's block on an `n` x `n` grid, row by row.
pub fn write_blocks(block: &[usize], n: usize, long: (char, usize)) -> String {
    let lines = 2 * n * (n - 1);
    let mut out = String::new();
    let mut joins = 0;
    for pos in 0..=lines {
        let boundary = pos == lines || {
            let (a, b) = line_cells(pos, n);
            block[a] != block[b]
        };
        if !boundary {
            joins += 1;
            continue;
        }
        while joins >= long.1 {
            out.push(long.0);
            joins -= long.1;
        }
        out.push(match joins {
            0 => '_',
            k => char::from(b'a' + (k - 1) as u8),
        });
        joins = 0;
    }
    out
}

/// The two cells (row-major indices) on either side of internal line `pos`: first the
/// vertical lines row by row, then the horizontal lines column by column.
fn line_cells(pos: usize, n: usize) -> (usize, usize) {
    let half = n * (n - 1);
    if pos < half {
        let (y, x) = (pos / (n - 1), pos % (n - 1));
        (y * n + x, y * n + x + 1)
    } else {
        let q = pos - half;
        let (x, y) = (q / (n - 1), q % (n - 1));
        (y * n + x, (y + 1) * n + x)
    }
}

fn root(parent: &mut [usize], mut cell: usize) -> usize {
    while parent[cell] != cell {
        parent[cell] = parent[parent[cell]];
        cell = parent[cell];
    }
    cell
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_told_apart_by_their_params_and_desc() {
        assert_eq!(game_of("3x3:a5b").map(|g| g.0), Some(Game::Solo));
        assert_eq!(game_of("9jk:zzzc,ab,c").map(|g| g.0), Some(Game::Solo));
        assert_eq!(game_of("8x8u:aBcD").map(|g| g.0), Some(Game::Unruly));
        assert_eq!(game_of("6:_a_6,a12").map(|g| g.0), Some(Game::Keen));
        assert_eq!(game_of("53..7....").map(|g| g.0), None);
        assert_eq!(game_of("quizzes,solutions").map(|g| g.0), None);
    }

    #[test]
    fn runs_of_blanks_and_numbers_fill_the_cells() {
        assert_eq!(runs("b12_3a", 0, 5, 16), Ok(vec![0, 0, 12, 3, 0]));
        assert_eq!(runs("b12", 4, 5, 16), Err(at(7, "3 cells, expected 5")));
        assert_eq!(
            runs("b17", 4, 3, 16),
            Err(at(6, "value 17 is more than 16"))
        );
    }

    #[test]
    fn written_runs_and_blocks_read_back() {
        let values = [vec![0, 0, 5, 12, 0, 3, 3], vec![0; 27], vec![7, 0]].concat();
        let text = write_runs(&values);
        assert_eq!(text, "b5_12a3_3za7a");
        assert_eq!(runs(&text, 0, values.len(), 100), Ok(values));
        let n = 9;
        let block: Vec<usize> = (0..n * n).map(|i| (i / n / 3) * 3 + i % n / 3).collect();
        let text = write_blocks(&block, n, ('z', 26));
        let letters = text.char_indices().map(|(i, ch)| (i + 1, ch));
        assert_eq!(blocks(letters, text.len() + 1, n, ('z', 26)), Ok(block));
        let one: Vec<usize> = vec![0; 36];
        let text = write_blocks(&one, 6, ('z', 26));
        let letters = text.char_indices().map(|(i, ch)| (i + 1, ch));
        assert_eq!(blocks(letters, text.len() + 1, 6, ('z', 26)), Ok(one));
    }

    #[test]
    fn a_block_structure_decodes_to_its_regions() {
        let letters = |s: &'static str| s.chars().enumerate().map(|(i, ch)| (i + 1, ch));
        // A 4x4 jigsaw: A A B B / A A B B / C C C C / D D D D.
        let block = blocks(letters("abh_a_a_a__"), 12, 4, ('z', 26)).unwrap();
        assert_eq!(block, vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
        assert!(
            blocks(letters("abh_a_a_a_"), 11, 4, ('z', 26)).is_err(),
            "one short"
        );
    }
}
