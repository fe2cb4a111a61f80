use super::*;
use crate::geometry::AreaName;

/// A reading with an explicit box shape.
fn boxed(rows: usize, cols: usize) -> Reading {
    Reading {
        box_shape: Some((rows, cols)),
        ..Reading::default()
    }
}

fn one(text: &str) -> Result<Latin, ParseError> {
    let mut all = parse_sudokus(text, &Reading::default())?;
    assert_eq!(all.len(), 1, "expected one puzzle");
    all.remove(0).puzzle
}

fn error(text: &str) -> String {
    match one(text) {
        Ok(_) => panic!("parsed, expected an error"),
        Err(e) => e.to_string(),
    }
}

/// Rows and columns of the first box.
fn box_shape(s: &Latin) -> (usize, usize) {
    let first = s.areas().iter().find(|a| a.name == AreaName::Box(0));
    let cells = &first.expect("boxes").cells;
    let span = |f: fn(&(usize, usize)) -> usize| cells.iter().map(f).max().unwrap_or(0) + 1;
    (span(|c| c.0), span(|c| c.1))
}

const WIKI: &str = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n\
                    7...2...6\n.6....28.\n...419..5\n....8..79\n";

#[test]
fn reads_compact_grid_with_comments() {
    let s = one(&format!("# the Wikipedia puzzle\n\n{WIKI}")).unwrap();
    assert_eq!(s.givens().rows(), 9);
    assert_eq!(s.givens().get(0, 0), 5);
    assert_eq!(s.givens().get(0, 2), 0);
    assert_eq!(s.givens().get(8, 8), 9);
    assert_eq!(box_shape(&s), (3, 3));
    assert_eq!(s.style(), Style::Compact(Alphabet::Digits));
}

#[test]
fn ignores_box_drawing_separators() {
    let text = "53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n8..|.6.|..3\n\
                4..|8.3|..1\n7..|.2.|..6\n---+---+---\n.6.|...|28.\n...|419|..5\n\
                ...|.8.|.79\n";
    let s = one(text).unwrap();
    assert_eq!(s.givens(), one(WIKI).unwrap().givens());
}

#[test]
fn reads_spaced_pretty_printed_grid() {
    let text = "*-----------*\n|5 3 . | . 7 . | . . .|\n|6 . . | 1 9 5 | . . .|\n\
                |. 9 8 | . . . | . 6 .|\n|-------+-------+------|\n|8 . . | . 6 . | . . 3|\n\
                |4 . . | 8 . 3 | . . 1|\n|7 . . | . 2 . | . . 6|\n|. 6 . | . . . | 2 8 .|\n\
                |. . . | 4 1 9 | . . 5|\n|. . . | . 8 . | . 7 9|\n*-----------*\n";
    let s = one(text).unwrap();
    assert_eq!(s.givens(), one(WIKI).unwrap().givens());
    assert_eq!(s.style(), Style::Spaced);
}

#[test]
fn reads_whitespace_separated_numbers_above_nine() {
    let mut text = String::new();
    for r in 0..16 {
        let row: Vec<String> = (0..16)
            .map(|c| {
                if r == c {
                    ((r % 16) + 1).to_string()
                } else {
                    "0".into()
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let s = one(&text).unwrap();
    assert_eq!(s.givens().get(15, 15), 16);
    assert_eq!(s.givens().get(9, 9), 10);
    assert_eq!(box_shape(&s), (4, 4));
    assert_eq!(s.style(), Style::Spaced);
}

#[test]
fn reads_letters_as_values_above_nine() {
    let mut text = String::new();
    for r in 0..16 {
        let row: String = (0..16)
            .map(|c| {
                if c == 0 {
                    char::from_digit(r + 1, 36).unwrap()
                } else {
                    '.'
                }
            })
            .collect();
        text.push_str(&row.to_uppercase());
        text.push('\n');
    }
    let s = one(&text).unwrap();
    assert_eq!(s.givens().get(9, 0), 10);
    assert_eq!(s.givens().get(15, 0), 16);
}

#[test]
fn accepts_every_blank_character() {
    let s = one("1._.\n....\n....\n....\n").unwrap();
    assert_eq!(s.givens().to_rows()[0], vec![1, 0, 0, 0]);
    let s = one("1000\n0000\n0000\n0000\n").unwrap();
    assert_eq!(s.givens().to_rows()[0], vec![1, 0, 0, 0]);
}

#[test]
fn six_by_six_gets_two_by_three_boxes() {
    let s = one("1.....\n......\n......\n......\n......\n......\n").unwrap();
    assert_eq!(box_shape(&s), (2, 3));
}

#[test]
fn box_option_overrides_the_shape() {
    let text = "1.....\n......\n......\n......\n......\n......\n";
    let s = parse_sudokus(text, &boxed(3, 2))
        .unwrap()
        .remove(0)
        .puzzle
        .unwrap();
    assert_eq!(box_shape(&s), (3, 2));
    let e = parse_sudokus(text, &boxed(2, 2))
        .unwrap()
        .remove(0)
        .puzzle
        .unwrap_err();
    assert_eq!(e.to_string(), "1: box 2x2 does not fit size 6 (2*2 != 6)");
}

#[test]
fn reads_a_collection_of_one_line_puzzles_with_extra_fields() {
    let line = WIKI.replace('\n', "");
    let text = format!("{line}  #1  rating 3.2\n{}\n", line.replace('.', "0"));
    let all = parse_sudokus(&text, &Reading::default()).unwrap();
    assert_eq!(all.len(), 2);
    for p in all {
        assert_eq!(p.puzzle.unwrap().givens(), one(WIKI).unwrap().givens());
    }
}

#[test]
fn bad_line_in_a_collection_fails_only_that_puzzle() {
    let line = WIKI.replace('\n', "");
    let text = format!("{line}\n{}\n{line}\n", &line[..80]);
    let all = parse_sudokus(&text, &Reading::default()).unwrap();
    assert!(all[0].puzzle.is_ok() && all[2].puzzle.is_ok());
    assert_eq!(
        all[1].puzzle.as_ref().unwrap_err().to_string(),
        "2: a one-line puzzle needs n*n cells (16, 36, 64, 81, ... 1225), found 80"
    );
}

#[test]
fn rejects_ragged_rows() {
    let text = WIKI.replace("6..195...", "6..195..");
    assert_eq!(error(&text), "2: expected 9 cells, found 8");
}

#[test]
fn rejects_bad_characters() {
    let text = WIKI.replace("6..195...", "6..19?...");
    assert_eq!(
        error(&text),
        "2: unexpected character '?' (cells are 1-9 and A-Z; blanks are '.', '0' or '_')"
    );
}

#[test]
fn rejects_a_missing_row() {
    let text = WIKI.replace("....8..79\n", "");
    assert_eq!(error(&text), "8: expected 9 rows, found 8");
}

#[test]
fn rejects_values_larger_than_the_size() {
    assert_eq!(
        error("1...\n..5.\n....\n....\n"),
        "2: value 5 is out of range 1..4"
    );
    assert_eq!(
        error(&WIKI.replace("6..195...", "6..1A5...")),
        "2: unexpected character 'A' (cells are 1-9 and A-Z; blanks are '.', '0' or '_')"
    );
    // `x` or `O` for a blank is no value out of range: it is no cell at all.
    assert_eq!(
        error(&WIKI.replace("6..195...", "6xx195xxx")),
        "2: unexpected character 'x' (cells are 1-9 and A-Z; blanks are '.', '0' or '_')"
    );
}

#[test]
fn rejects_prime_sizes() {
    assert_eq!(
        error("1....\n.....\n.....\n.....\n.....\n"),
        "1: size 5 has no box shape (5 is prime)"
    );
}

#[test]
fn rejects_conflicting_givens_naming_the_cells() {
    let text = WIKI.replace(".98....6.", ".985..56.");
    assert_eq!(error(&text), "3: row 3 has 5 twice: r3c4, r3c7");
    let column = WIKI.replace("....8..79", "5...8..79");
    assert_eq!(error(&column), "9: column 1 has 5 twice: r1c1, r9c1");
    let boxed = WIKI.replace("6..195...", "6.3195...");
    assert_eq!(error(&boxed), "2: box 1 has 3 twice: r1c2, r2c3");
}

#[test]
fn rejects_empty_input() {
    let e = parse_sudokus("# nothing\n\n", &Reading::default())
        .err()
        .unwrap();
    assert_eq!(e.to_string(), "no puzzle found");
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A valid n x n solution (the pattern grid for boxes r x c), with about half its cells blank.
fn random_givens(rng: &mut Rng, r: usize, c: usize) -> Vec<Vec<u32>> {
    let n = r * c;
    (0..n)
        .map(|row| {
            (0..n)
                .map(|col| match rng.below(2) {
                    0 => 0,
                    _ => ((c * (row % r) + row / r + col) % n + 1) as u32,
                })
                .collect()
        })
        .collect()
}

/// The grid written in every form the reader accepts for it.
fn written_forms(g: &[Vec<u32>]) -> Vec<(&'static str, String)> {
    let n = g.len();
    let ch = |v: u32| match v {
        0 => '.',
        v => char::from_digit(v, 36).unwrap().to_ascii_uppercase(),
    };
    let compact: Vec<String> = g
        .iter()
        .map(|row| row.iter().map(|&v| ch(v)).collect())
        .collect();
    let spaced: Vec<String> = (g.iter())
        .map(|row| {
            row.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let tabs: Vec<String> = (g.iter())
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&v| if v == 0 { String::new() } else { v.to_string() })
                .collect();
            cells.join("\t")
        })
        .collect();
    let line = compact.concat();
    let mut forms = vec![
        ("compact grid", compact.join("\n") + "\n"),
        ("spaced grid", spaced.join("\n") + "\n"),
        ("tab-separated grid", tabs.join("\n") + "\n"),
        (
            "bordered grid",
            format!(
                "+{}+\n{}\n+{}+\n",
                "-".repeat(n),
                compact
                    .iter()
                    .map(|r| format!("|{r}|"))
                    .collect::<Vec<_>>()
                    .join("\n"),
                "-".repeat(n)
            ),
        ),
        (
            "byte-order mark",
            format!("\u{feff}{}\n", compact.join("\n")),
        ),
        (
            "labelled grid",
            format!("Grid 01\n{}\n", compact.join("\n")),
        ),
    ];
    if n <= 35 {
        forms.push(("one line with an id", format!("puzzle-7 {line}\n")));
        forms.push((
            "CSV with a header",
            format!(
                "quizzes,solutions\n{},{}\n",
                line.replace('.', "0"),
                "1".repeat(n * n)
            ),
        ));
    }
    forms
}

#[test]
fn a_grid_written_in_every_accepted_form_reads_back_to_the_same_givens() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
        for _ in 0..5 {
            let givens = random_givens(&mut rng, r, c);
            for (form, text) in written_forms(&givens) {
                let read = parse_sudokus(&text, &Reading::default())
                    .unwrap_or_else(|e| panic!("{form}: {e}\n{text}"));
                assert_eq!(read.len(), 1, "{form}: {text}");
                let puzzle = read.into_iter().next().unwrap().puzzle;
                let puzzle = puzzle.unwrap_or_else(|e| panic!("{form}: {e}\n{text}"));
                assert_eq!(puzzle.givens().to_rows(), givens, "{form}:\n{text}");
            }
        }
    }
}

#[test]
fn the_bit_set_pass_finds_a_repeat_exactly_where_the_areas_do() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut repeats = 0;
    for round in 0..3000 {
        let (box_rows, box_cols) = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4)][round % 6];
        let n = box_rows * box_cols;
        // Few givens, so that some grids repeat nothing and some repeat once.
        let kept = rng.random_range(0..n * 2);
        let mut cells = vec![0u32; n * n];
        for _ in 0..kept {
            cells[rng.random_range(0..n * n)] = rng.random_range(1..=n as u32);
        }
        let givens = Grid::from_cells(n, cells).unwrap();
        let areas = [rows(n, n), columns(n, n), boxes(n, box_rows, box_cols)].concat();
        let puzzle = Latin::new(Arc::from(areas), Vec::new(), givens.clone(), Style::Spaced);
        let seen = repeats_some(&givens, (box_rows, box_cols));
        assert_eq!(
            seen,
            puzzle.conflict().is_some(),
            "round {round}: {givens:?}"
        );
        repeats += usize::from(seen);
    }
    // The rounds reach both answers.
    assert!((500..2500).contains(&repeats), "{repeats}");
    // Boxes that do not tile the grid are left to the areas.
    let blank = Grid::from_cells(6, vec![0; 36]).unwrap();
    assert!(repeats_some(&blank, (2, 2)) && repeats_some(&blank, (0, 6)));
}
