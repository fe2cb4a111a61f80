//! Simon Tatham's Solo game IDs, one per line: `3x3:` (boxes of 3 rows by 3 columns), `2x3:`,
//! `9j:` (jigsaw), with `x` (both diagonals) and `k` (killer) flags: `GRID[,BLOCKS][,CAGES,SUMS]`.

use super::variant::{default_style, Layout, Spec};
use super::MAX_SIZE;
use crate::error::{ParseError, Problem};
use crate::geometry::AreaName;
use crate::grid::{Cell, Grid};
use crate::puzzle::gameid::{at, blocks, game_of, id_lines, runs, write_blocks, write_runs, Game};
use crate::puzzle::latin::Latin;
use crate::puzzle::{Entry, Puzzle};

/// The block-structure letter for a run of joins with no boundary, in Solo's decoder.
const LONG_RUN: (char, usize) = ('z', 26);

/// Reads every game ID line (blank and `#` lines skipped); a bad ID fails only itself.
pub fn parse_ids(text: &str) -> Vec<Entry<Latin>> {
    id_lines(text)
        .map(|(line, id)| Entry {
            line,
            puzzle: spec(id)
                .and_then(|s| s.build().map_err(|e| e.problem))
                .map_err(|problem| ParseError::at(line, problem)),
        })
        .collect()
}

/// The variants Solo's game IDs can write: Jigsaw regions, X's diagonals and Killer cages.
pub const SOLO_VARIANTS: &[&str] = &["jigsaw", "x", "killer"];

/// The Solo game ID of a Sudoku with boxes or Jigsaw regions, optionally X and Killer;
/// `None` for what Solo does not have (a Latin square, consecutive marks, thermometers, more
/// than 31 symbols, Killer beyond 9x9, boxes one cell wide).
pub fn game_id(sudoku: &Latin) -> Option<String> {
    let n = sudoku.givens().rows();
    // Solo has at most 31 symbols, and Killer cages up to 9x9 only.
    if n > 31 || (n > 9 && !sudoku.cages().is_empty()) {
        return None;
    }
    let named =
        |wanted: fn(&AreaName) -> bool| sudoku.areas().iter().filter(move |a| wanted(&a.name));
    let mut sections = vec![write_runs(
        &(sudoku.givens().to_rows().concat().into_iter())
            .map(u64::from)
            .collect::<Vec<_>>(),
    )];
    let mut params = match named(|a| *a == AreaName::Box(0)).next() {
        Some(first) => {
            let rows = first
                .cells
                .iter()
                .filter(|c| c.1 == first.cells[0].1)
                .count();
            // Boxes one cell wide or tall read as something else in Solo.
            if rows < 2 || n / rows < 2 {
                return None;
            }
            format!("{rows}x{}", n / rows)
        }
        None => {
            let mut block = vec![usize::MAX; n * n];
            for (i, area) in named(|a| matches!(a, AreaName::Region(_))).enumerate() {
                area.cells.iter().for_each(|&(r, c)| block[r * n + c] = i);
            }
            if block.contains(&usize::MAX) {
                return None;
            }
            sections.push(write_blocks(&block, n, LONG_RUN));
            format!("{n}j")
        }
    };
    // Solo's X is both diagonals; one alone, or any other area, has no game ID.
    let diagonals = [
        named(|a| *a == AreaName::Diagonal).next().is_some(),
        named(|a| *a == AreaName::AntiDiagonal).next().is_some(),
    ];
    match diagonals {
        [true, true] => params.push('x'),
        [false, false] => {}
        _ => return None,
    }
    if named(|a| matches!(a, AreaName::Extra(_))).next().is_some() {
        return None;
    }
    let variant = Puzzle::variant(sudoku).unwrap_or(&[]);
    if variant.iter().any(|rule| !SOLO_VARIANTS.contains(rule)) {
        return None;
    }
    if !sudoku.cages().is_empty() {
        params.push('k');
        let mut block = vec![0; n * n];
        let mut sums = vec![0; n * n];
        for (i, cage) in sudoku.cages().iter().enumerate() {
            cage.cells.iter().for_each(|&(r, c)| block[r * n + c] = i);
            let &(r, c) = cage.cells.iter().min()?;
            sums[r * n + c] = cage.target;
        }
        sections.push(write_blocks(&block, n, LONG_RUN));
        sections.push(write_runs(&sums));
    }
    Some(format!("{params}:{}", sections.join(",")))
}

/// The characters of a section with their 1-based positions in the ID.
fn letters(section: &str, offset: usize) -> impl Iterator<Item = (usize, char)> + '_ {
    section
        .char_indices()
        .map(move |(i, ch)| (offset + i + 1, ch))
}

/// What the params say: box rows and columns (or a jigsaw's side), and the flags.
struct Params {
    /// The grid's side, `c * r`, checked: the sizes come from input.
    n: usize,
    /// Rows of a box (Solo's `c`), or the side of a jigsaw.
    c: usize,
    /// Columns of a box (Solo's `r`); 1 for a jigsaw.
    r: usize,
    x: bool,
    killer: bool,
}

/// `C[xR]` then flags: `j` jigsaw (of side C*R), `x` diagonals, `k` killer; difficulty and
/// symmetry letters are skipped, as the game skips them.
fn params(text: &str) -> Result<Params, Problem> {
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let n = digits(text);
    let c: usize = text[..n]
        .parse()
        .map_err(|_| at(1, "the params start with a size"))?;
    let mut rest = &text[n..];
    let mut r = None;
    if let Some(after) = rest.strip_prefix('x').filter(|a| digits(a) > 0) {
        let m = digits(after);
        r = Some(after[..m].parse().map_err(|_| at(n + 2, "a box size"))?);
        rest = &after[m..];
    }
    let (x, killer) = (rest.contains('x'), rest.contains('k'));
    let r = r.unwrap_or(match rest.contains('j') {
        true => 1,
        false => c,
    });
    let n = (c.checked_mul(r))
        .filter(|n| (4..=MAX_SIZE).contains(n))
        .ok_or_else(|| {
            at(
                1,
                format!("a grid of {c}x{r} boxes: sizes 4 to {MAX_SIZE} are supported"),
            )
        })?;
    Ok(match rest.contains('j') {
        true => Params {
            n,
            c: n,
            r: 1,
            x,
            killer,
        },
        false => Params { n, c, r, x, killer },
    })
}

/// The puzzle an ID describes.
fn spec(id: &str) -> Result<Spec, Problem> {
    let Some((game, params_text, desc)) = game_of(id) else {
        return Err(at(1, "expected PARAMS:DESC such as 3x3:a5b..."));
    };
    if game != Game::Solo {
        return Err(game.elsewhere());
    }
    let p = params(params_text)?;
    let n = p.n;
    let mut start = params_text.len() + 1;
    let mut sections = desc.split(',').map(|s| {
        let section = (s, start);
        start += s.len() + 1;
        section
    });
    let mut next = |what: &str| {
        sections
            .next()
            .ok_or_else(|| at(id.len(), format!("the {what} are missing")))
    };
    let (grid, offset) = next("givens")?;
    let values = runs(grid, offset, n * n, n as u64)?;
    let rows = values
        .chunks(n)
        .map(|row| row.iter().map(|&v| v as u32).collect())
        .collect();
    let givens = Grid::from_rows(rows).ok_or_else(|| at(offset + 1, "no cells"))?;
    let layout = match p.r {
        1 => {
            let (section, offset) = next("regions")?;
            let block = blocks(
                letters(section, offset),
                offset + section.len(),
                n,
                LONG_RUN,
            )?;
            Layout::Regions(
                block
                    .chunks(n)
                    .map(|row| row.iter().map(|b| (b + 1).to_string()).collect())
                    .collect(),
            )
        }
        r => Layout::Boxes(Some((p.c, r))),
    };
    let cages = match p.killer {
        true => {
            let (section, offset) = next("cages")?;
            let cage_of = blocks(
                letters(section, offset),
                offset + section.len(),
                n,
                LONG_RUN,
            )?;
            let (sums, offset) = next("cage sums")?;
            let sums = runs(sums, offset, n * n, u64::MAX)?;
            killer_cages(&cage_of, &sums, n, offset)?
        }
        false => Vec::new(),
    };
    let mut rules = serde_json::Map::new();
    if p.x {
        rules.insert("diagonals".into(), true.into());
    }
    if !cages.is_empty() {
        rules.insert("cages".into(), crate::rule::killer_cages(&cages));
    }
    Ok(Spec {
        givens,
        layout,
        rules,
        style: default_style(n),
    })
}

/// Killer cages from each cell's cage and the sums, each written at its cage's first cell.
fn killer_cages(
    cage_of: &[usize],
    sums: &[u64],
    n: usize,
    offset: usize,
) -> Result<Vec<(u64, Vec<Cell>)>, Problem> {
    let count = cage_of.iter().max().map_or(0, |m| m + 1);
    let mut cages: Vec<(u64, Vec<Cell>)> = vec![(0, Vec::new()); count];
    for (cell, (&cage, &sum)) in cage_of.iter().zip(sums).enumerate() {
        let (total, cells) = &mut cages[cage];
        match (cells.is_empty(), sum) {
            (true, 0) => {
                return Err(at(
                    offset + 1,
                    format!("cage at r{}c{} has no sum", cell / n + 1, cell % n + 1),
                ))
            }
            (true, s) => *total = s,
            (false, 0) => {}
            (false, _) => {
                return Err(at(
                    offset + 1,
                    format!(
                        "a second sum in the cage of r{}c{}",
                        cell / n + 1,
                        cell % n + 1
                    ),
                ))
            }
        }
        cells.push((cell / n, cell % n));
    }
    Ok(cages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::sudoku::variant::parse_json;

    /// Givens, areas as sets of cells and cages as (sum, cells).
    type Contents = (Vec<Vec<u32>>, Vec<Vec<Cell>>, Vec<(u64, Vec<Cell>)>);

    /// A puzzle's contents, in an order that does not depend on how the input listed them.
    fn contents(p: &Latin) -> Contents {
        let mut areas: Vec<Vec<Cell>> = (p.areas().iter())
            .map(|a| {
                let mut cells = a.cells.clone();
                cells.sort();
                cells
            })
            .collect();
        areas.sort();
        let mut cages: Vec<(u64, Vec<Cell>)> = (p.cages().iter())
            .map(|c| {
                let mut cells = c.cells.clone();
                cells.sort();
                (c.target, cells)
            })
            .collect();
        cages.sort();
        (p.givens().to_rows(), areas, cages)
    }

    macro_rules! id_reads_as_its_json {
        ($($name:ident: $file:literal,)*) => {$(
            #[test]
            fn $name() {
                let id = include_str!(concat!("../../../tests/forms/", $file, ".txt"));
                let json = include_str!(concat!("../../../tests/forms/", $file, ".json"));
                let from_id = parse_ids(id).remove(0).puzzle.unwrap();
                let from_json = parse_json(json, None).unwrap().remove(0).puzzle.unwrap();
                assert_eq!(contents(&from_id), contents(&from_json));
                assert_eq!(from_id.variant(), from_json.variant());
            }
        )*};
    }

    use crate::puzzle::Puzzle;

    id_reads_as_its_json! {
        classic_3x3_id_reads_as_its_json: "solo-3x3",
        boxes_2x3_id_reads_as_its_json: "solo-2x3",
        sixteen_by_sixteen_id_reads_as_its_json: "solo-4x4",
        x_id_reads_as_its_json: "solo-3x3x",
        killer_id_reads_as_its_json: "solo-3x3k",
        killer_x_id_reads_as_its_json: "solo-3x3kx",
        jigsaw_id_reads_as_its_json: "solo-9j",
        jigsaw_x_id_reads_as_its_json: "solo-9jx",
        jigsaw_killer_id_reads_as_its_json: "solo-9jk",
    }

    #[test]
    fn malformed_ids_name_the_position() {
        let error = |id: &str| parse_ids(id).remove(0).puzzle.unwrap_err().to_string();
        assert_eq!(
            error("3x3:a5!"),
            "1: game ID, character 7: unexpected character '!'"
        );
        assert_eq!(
            error("3x3:a5q"),
            "1: game ID, character 7: 19 cells, expected 81"
        );
        assert_eq!(
            error("3x3:b5"),
            "1: game ID, character 6: 3 cells, expected 81"
        );
        assert_eq!(
            error("9j:zzzc,ab"),
            "1: game ID, character 10: the blocks end after 5 of 145 boundaries"
        );
        assert_eq!(
            error("3x3k:zzzc"),
            "1: game ID, character 9: the cages are missing"
        );
        assert_eq!(
            error("18446744073709551615x3:a5b"),
            "1: game ID, character 1: a grid of 18446744073709551615x3 boxes: sizes 4 to 64 are supported"
        );
        assert_eq!(
            error("9x9j:a5b"),
            "1: game ID, character 1: a grid of 9x9 boxes: sizes 4 to 64 are supported"
        );
        assert_eq!(
            error("6:_a_6ac_a_a3,m6a5d2s1s1m3d2"),
            "1: this is a Keen game ID; Keen puzzles are KenKens: try mipsolve kenken"
        );
    }
}
