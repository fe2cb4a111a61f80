//! Guarantees: no input panics the parsers,
//! random puzzles always come back verified, and time limits give `timeout`.

mod common;

use common::{cases, repo, run, tests};
use libtest_mimic::{Arguments, Completion};
use mipsolve::grid::Grid;
use mipsolve::pipeline::{self, Outcome, Question, SolveOptions};
use mipsolve::puzzle::{self, FromRules, OptionValue, Options, Puzzle};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Options as the command line sets them: each through its kind's own parser.
fn options(kind: &str, given: &[(&str, &str)]) -> Result<Options, String> {
    let kind = puzzle::find(kind).unwrap();
    let mut options = Options::new();
    for &(name, value) in given {
        let spec = kind.options.iter().find(|s| s.name == name).unwrap();
        match spec.value {
            OptionValue::Flag { set } => set(&mut options),
            OptionValue::Choice { set, .. } => set(&mut options, value),
            OptionValue::Value { set, .. } => {
                set(&mut options, value).map_err(|e| e.to_string())?
            }
        }
    }
    Ok(options)
}

/// The fuzzed texts, drawn in order from one seed: random bytes every third round, else a
/// seed puzzle with one to four bytes changed, inserted or removed.
fn fuzzed_texts() -> Vec<(String, String)> {
    let seeds: Vec<String> = [
        "puzzles/sudoku/wikipedia-9x9.txt",
        "puzzles/sudoku/pkit-1051-16x16.txt",
        "puzzles/kenken/doc-6x6.json",
        "puzzles/takuzu/4x4.txt",
    ]
    .iter()
    .map(|p| std::fs::read_to_string(repo(p)).unwrap())
    .collect();
    let alphabet = b"0123456789.ABZ_|-+*# \n[]{}\":,x/=";
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut texts = Vec::new();
    for round in 0..1500 {
        let text: String = if round % 3 == 0 {
            let len = rng.below(400);
            (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())] as char)
                .collect()
        } else {
            let mut bytes: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len().max(1));
                let ch = alphabet[rng.below(alphabet.len())] as char;
                match rng.below(3) {
                    0 if at < bytes.len() => bytes[at] = ch,
                    1 => bytes.insert(at.min(bytes.len()), ch),
                    _ if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => {}
                }
            }
            bytes.into_iter().collect()
        };
        texts.push((format!("round {round}"), text));
    }
    texts
}

fn random_bytes_and_mutated_puzzles_never_panic_a_parser(text: String) {
    for kind in puzzle::KINDS {
        // Any parsed puzzle must also survive its reductions.
        if let Ok(puzzles) = (kind.parse)(&text, &Options::new()) {
            for p in puzzles.into_iter().filter_map(|e| e.puzzle.ok()) {
                let _ = p.reduce(mipsolve::deadline::Deadline::none());
            }
        }
    }
}

/// A random Latin-square Sudoku solution: the pattern grid, shuffled.
fn random_sudoku(rng: &mut Rng, br: usize, bc: usize) -> Vec<Vec<u32>> {
    let n = br * bc;
    let mut digits: Vec<u32> = (1..=n as u32).collect();
    for i in (1..n).rev() {
        digits.swap(i, rng.below(i + 1));
    }
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| digits[(bc * (r % br) + r / br + c) % n])
                .collect()
        })
        .collect()
}

/// Parses `text` as a `kind` puzzle with `options` and solves it.
fn solve_text(
    kind: &str,
    options: &Options,
    text: &str,
    check_unique: bool,
) -> (Box<dyn Puzzle>, Outcome) {
    let kind = puzzle::find(kind).unwrap();
    let puzzle = (kind.parse)(text, options)
        .unwrap()
        .remove(0)
        .puzzle
        .unwrap();
    let question = match check_unique {
        true => Question::Unique,
        false => Question::Solve,
    };
    let options = SolveOptions {
        question,
        ..SolveOptions::default()
    };
    let outcome = pipeline::run(puzzle.as_ref(), options).unwrap();
    (puzzle, outcome)
}

/// A random Sudoku: its box, its full grid and its givens (the grid with cells hidden).
struct RandomSudoku {
    boxes: (usize, usize),
    full: Vec<Vec<u32>>,
    givens: Vec<Vec<u32>>,
}

/// Four random Sudokus of each box shape, drawn in order from one seed.
fn random_sudokus() -> Vec<(String, RandomSudoku)> {
    let mut rng = Rng(42);
    let mut drawn = Vec::new();
    for (br, bc) in [(2, 2), (2, 3), (3, 3), (2, 4), (4, 4)] {
        for i in 0..4 {
            let full = random_sudoku(&mut rng, br, bc);
            let n = full.len();
            let hide = rng.below(n * n * 2 / 3 + 1);
            let mut givens = full.clone();
            for _ in 0..hide {
                givens[rng.below(n)][rng.below(n)] = 0;
            }
            let boxes = (br, bc);
            let sudoku = RandomSudoku {
                boxes,
                full,
                givens,
            };
            drawn.push((format!("box {br}x{bc} #{i}"), sudoku));
        }
    }
    drawn
}

fn random_sudokus_with_hidden_cells_come_back_verified_keeping_their_givens(sudoku: RandomSudoku) {
    let RandomSudoku {
        boxes: (br, bc),
        full,
        givens,
    } = sudoku;
    let text: String = givens
        .iter()
        .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let options = options("sudoku", &[("box", &format!("{br}x{bc}"))]).unwrap();
    let (puzzle, outcome) = solve_text("sudoku", &options, &text, false);
    let solution = outcome
        .solution()
        .expect("a puzzle made from a grid is solvable")
        .clone();
    assert!(puzzle.verify(&solution).is_ok());
    for (r, row) in givens.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            assert!(v == 0 || solution.get(r, c) == v, "given kept");
        }
    }
    // All cells given: that very grid, unique.
    let text: String = full
        .iter()
        .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let (_, outcome) = solve_text("sudoku", &options, &text, true);
    assert_eq!(Some(outcome), Grid::from_rows(full).map(Outcome::Unique));
}

/// A random valid Takuzu grid: rows chosen from the valid rows so that columns stay valid.
fn random_takuzu(rng: &mut Rng, n: usize) -> Option<Vec<Vec<u8>>> {
    let rows: Vec<Vec<u8>> = (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == n / 2)
        .map(|m| (0..n).map(|j| (m >> j & 1) as u8).collect::<Vec<u8>>())
        .filter(|r| r.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])))
        .collect();
    let mut grid: Vec<Vec<u8>> = Vec::new();
    for _ in 0..20_000 {
        if grid.len() == n {
            let cols: Vec<Vec<u8>> = (0..n)
                .map(|j| grid.iter().map(|r| r[j]).collect())
                .collect();
            let ok = cols
                .iter()
                .all(|c| c.iter().filter(|&&v| v == 1).count() == n / 2)
                && (0..n).all(|a| (a + 1..n).all(|b| cols[a] != cols[b]));
            if ok {
                return Some(grid);
            }
            grid.clear();
        }
        let row = &rows[rng.below(rows.len())];
        let i = grid.len();
        let fits = !grid.contains(row)
            && (0..n).all(|j| i < 2 || !(grid[i - 1][j] == row[j] && grid[i - 2][j] == row[j]));
        if fits {
            grid.push(row.clone());
        } else if rng.below(8) == 0 {
            grid.clear();
        }
    }
    None
}

/// Three random Takuzus of each size, drawn in order from one seed, as text with about half
/// their cells hidden (`None` where the draw finds no grid in its 20,000 tries).
fn random_takuzus() -> Vec<(String, Option<String>)> {
    let mut rng = Rng(7);
    let mut drawn = Vec::new();
    for n in [4, 6, 8] {
        for i in 0..3 {
            let name = format!("{n}x{n} #{i}");
            let Some(full) = random_takuzu(&mut rng, n) else {
                drawn.push((name, None));
                continue;
            };
            let text: String = full
                .iter()
                .map(|row| {
                    let cells: String = row
                        .iter()
                        .map(|&v| {
                            if rng.below(2) == 0 {
                                '.'
                            } else {
                                char::from(b'0' + v)
                            }
                        })
                        .collect();
                    cells + "\n"
                })
                .collect();
            drawn.push((name, Some(text)));
        }
    }
    drawn
}

fn random_takuzus_with_hidden_cells_come_back_verified_keeping_their_givens(
    text: Option<String>,
) -> Completion {
    let Some(text) = text else {
        return Completion::ignored_with("the draw found no grid");
    };
    let (puzzle, outcome) = solve_text("takuzu", &Options::new(), &text, false);
    let solution = outcome.solution().expect("solvable").clone();
    assert!(puzzle.verify(&solution).is_ok());
    for (r, line) in text.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            assert!(ch == '.' || solution.get(r, c) == ch.to_digit(2).unwrap());
        }
    }
    Completion::Completed
}

fn a_time_limit_gives_timeout_and_the_batch_goes_on() {
    // No solver lists a billion solutions of the empty 9x9 in 0.2 s: the count cannot finish.
    let r = run(&[
        "sudoku",
        "--count",
        "1000000000",
        "--time-limit",
        "0.2",
        "--format",
        "json",
        "tests/fixtures/count/empty-9x9.txt",
        "puzzles/sudoku/wikipedia-9x9.txt",
    ]);
    let lines = r.json();
    assert_eq!(lines[0]["status"], "timeout");
    assert_eq!(lines[0]["count_complete"], false);
    assert_eq!(lines[1]["status"], "solved");
    assert_eq!(r.code, 1);
}

fn a_file_over_the_size_limit_that_is_no_collection_of_lines_is_refused() {
    // One line of 65 MiB: no block of lines reads as puzzles, so nothing streams.
    let path = std::env::temp_dir().join(format!("mipsolve-big-{}.txt", std::process::id()));
    let big = "0".repeat(65 << 20);
    std::fs::write(&path, big).unwrap();
    let r = run(&["sudoku", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.ends_with(": file is larger than 64 MiB\n"),
        "{}",
        r.stderr
    );
}

/// Random KenKen cages over a solved grid: horizontal pairs with an op their values meet,
/// single cells as `=`; the target values come from the grid itself.
fn random_kenken(rng: &mut Rng, grid: &[Vec<u32>]) -> String {
    let n = grid.len();
    let mut cages = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        let mut c = 0;
        while c < n {
            if c + 1 < n && rng.below(4) != 0 {
                let (a, b) = (row[c], row[c + 1]);
                let (op, target) = match rng.below(4) {
                    0 => ("+", a + b),
                    1 => ("*", a * b),
                    2 if a != b => ("-", a.abs_diff(b)),
                    3 if a.max(b) % a.min(b) == 0 => ("/", a.max(b) / a.min(b)),
                    _ => ("+", a + b),
                };
                cages.push(format!(
                    r#"{{"op":"{op}","target":{target},"cells":[[{},{}],[{},{}]]}}"#,
                    r + 1,
                    c + 1,
                    r + 1,
                    c + 2
                ));
                c += 2;
            } else {
                cages.push(format!(
                    r#"{{"op":"=","target":{},"cells":[[{},{}]]}}"#,
                    row[c],
                    r + 1,
                    c + 1
                ));
                c += 1;
            }
        }
    }
    format!(r#"{{"size":{n},"cages":[{}]}}"#, cages.join(","))
}

/// A random KenKen: its cage options, its text and the Latin square it was built from.
struct RandomKenken {
    cages: &'static str,
    products: &'static str,
    text: String,
    square: Vec<Vec<u32>>,
}

/// A random KenKen of each size for each cage formulation, drawn in order from one seed.
fn random_kenkens() -> Vec<(String, RandomKenken)> {
    let mut rng = Rng(2024);
    let mut drawn = Vec::new();
    for (br, bc) in [(2, 2), (2, 3), (2, 4), (3, 3)] {
        for (cages, products) in [
            ("table", "exact"),
            ("arithmetic", "exact"),
            ("arithmetic", "log"),
        ] {
            let square = random_sudoku(&mut rng, br, bc);
            let text = random_kenken(&mut rng, &square);
            let n = br * bc;
            let name = format!("{n}x{n} --cages {cages} --products {products}");
            let kenken = RandomKenken {
                cages,
                products,
                text,
                square,
            };
            drawn.push((name, kenken));
        }
    }
    drawn
}

fn random_kenkens_built_from_latin_squares_come_back_verified(kenken: RandomKenken) {
    let RandomKenken {
        cages,
        products,
        text,
        square,
    } = kenken;
    let options = options("kenken", &[("cages", cages), ("products", products)]).unwrap();
    let (puzzle, outcome) = solve_text("kenken", &options, &text, true);
    let solution = outcome
        .solution()
        .expect("a KenKen made from a grid is solvable");
    assert!(puzzle.verify(solution).is_ok(), "{text}");
    if let Outcome::Unique(unique) = &outcome {
        assert_eq!(Some(unique.clone()), Grid::from_rows(square), "{text}");
    }
}

const EXTREME: &str = "extreme_option_values_are_input_errors_never_panics";

/// The Wikipedia 9x9, and the Sudoku reader.
fn wikipedia() -> (String, &'static puzzle::Kind) {
    let wiki = std::fs::read_to_string(repo("puzzles/sudoku/wikipedia-9x9.txt")).unwrap();
    (wiki, puzzle::find("sudoku").unwrap())
}

/// A box that does not fit a 9x9 is refused: by the option, by the reader, or puzzle by puzzle.
fn a_box_that_does_not_fit_is_refused(shape: &str) {
    let (wiki, sudoku) = wikipedia();
    let refused = match options("sudoku", &[("box", shape)]).map(|o| (sudoku.parse)(&wiki, &o)) {
        Ok(Ok(entries)) => entries.iter().all(|e| e.puzzle.is_err()),
        Ok(Err(_)) | Err(_) => true,
    };
    assert!(refused, "box {shape} does not fit a 9x9");
}

/// A box of 9 cells is a valid option, and never panics the reader.
fn a_box_of_nine_cells_never_panics(shape: &str) {
    let (wiki, sudoku) = wikipedia();
    let given = options("sudoku", &[("box", shape)]).unwrap();
    let _ = (sudoku.parse)(&wiki, &given);
}

/// An alphabet, if the option takes it, never panics the reader.
fn an_alphabet_never_panics(alphabet: &str) {
    let (wiki, sudoku) = wikipedia();
    if let Ok(given) = options("sudoku", &[("alphabet", alphabet)]) {
        let _ = (sudoku.parse)(&wiki, &given);
    }
}

fn main() {
    let mut trials = cases(
        "random_bytes_and_mutated_puzzles_never_panic_a_parser",
        fuzzed_texts,
        random_bytes_and_mutated_puzzles_never_panic_a_parser,
    );
    trials.extend(cases(
        "random_sudokus_with_hidden_cells_come_back_verified_keeping_their_givens",
        random_sudokus,
        random_sudokus_with_hidden_cells_come_back_verified_keeping_their_givens,
    ));
    trials.extend(cases(
        "random_takuzus_with_hidden_cells_come_back_verified_keeping_their_givens",
        random_takuzus,
        random_takuzus_with_hidden_cells_come_back_verified_keeping_their_givens,
    ));
    trials.extend(cases(
        "random_kenkens_built_from_latin_squares_come_back_verified",
        random_kenkens,
        random_kenkens_built_from_latin_squares_come_back_verified,
    ));
    let refused = [
        "5x3689348814741910325",
        "18446744073709551615x2",
        "0x9",
        "4x4",
    ];
    trials.extend(cases(
        EXTREME,
        || {
            refused
                .map(|shape| (format!("box {shape} is refused"), shape))
                .to_vec()
        },
        a_box_that_does_not_fit_is_refused,
    ));
    let nine = ["9x1", "1x9", "3x3"];
    trials.extend(cases(
        EXTREME,
        || {
            nine.map(|shape| (format!("box {shape} never panics"), shape))
                .to_vec()
        },
        a_box_of_nine_cells_never_panics,
    ));
    let alphabets = ["A-Z", "0-9A-Z", "nonsense"];
    trials.extend(cases(
        EXTREME,
        || (alphabets.map(|a| (format!("alphabet {a} never panics"), a))).to_vec(),
        an_alphabet_never_panics,
    ));
    trials.extend(tests![
        a_time_limit_gives_timeout_and_the_batch_goes_on,
        a_file_over_the_size_limit_that_is_no_collection_of_lines_is_refused,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
