//! Pictures. The SVG of one puzzle of each kind and variant is a reviewed snapshot
//! (`tests/snapshots/`, insta); the solved values drawn are the fixture's known solution;
//! PNG files have the size the picture asks for; a PDF has a page per `--per-page` puzzles and
//! as many solution pages. Each fixture has a test per check, named `FIXTURE::CHECK`, and each
//! PNG of the run that draws two is a test of its own, so that a failing fixture or picture
//! hides none of the others.

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use common::{cases, repo, run, solutions, tests, trial, Run};
use libtest_mimic::{Arguments, Trial};

/// The tests of each fixture of each kind and variant: `name: (snapshot, [subcommand and
/// extra options], fixture) => checks;`. Each gets the test
/// `name::svg_matches_its_reviewed_snapshot`, and one test `name::check` per check listed
/// after `=>`, each a function below that takes the fixture's subcommand and options and its
/// path.
macro_rules! pictures {
    ($(
        $module:ident: ($snapshot:literal, [$($arg:literal),+], $path:literal)
            $(=> $($check:ident),+)?;
    )*) => {
        $(mod $module {
            pub const ARGS: &[&str] = &[$($arg),+];
            pub const PATH: &str = $path;
        })*

        /// The tests of every fixture, named `FIXTURE::CHECK`.
        fn picture_trials() -> Vec<Trial> {
            vec![$(
                trial(
                    concat!(stringify!($module), "::svg_matches_its_reviewed_snapshot"),
                    || svg_matches_its_reviewed_snapshot($snapshot, $module::PATH, $module::ARGS),
                ),
                $($(
                    trial(
                        concat!(stringify!($module), "::", stringify!($check)),
                        || $check($module::PATH, $module::ARGS),
                    ),
                )+)?
            )*]
        }
    };
}

// Compact 16x16 grids write values past 9 as letters: the known solution is checked on the
// 9x9s, 6x6s and 4x4s drawn with no extra option.
pictures! {
    sudoku_9x9: ("sudoku-9x9", ["sudoku"], "puzzles/sudoku/wikipedia-9x9.txt")
        => draws_the_known_solution;
    sudoku_6x6: ("sudoku-6x6", ["sudoku"], "puzzles/sudoku/small-6x6.txt")
        => draws_the_known_solution;
    sudoku_16x16: ("sudoku-16x16", ["sudoku"], "puzzles/sudoku/pkit-1051-16x16.txt");
    killer_9x9: ("killer-9x9", ["sudoku"], "puzzles/sudoku/killer-9x9.json")
        => draws_the_known_solution;
    killer_x_9x9: ("killer-x-9x9", ["sudoku"], "puzzles/sudoku/killer-x-9x9.json")
        => draws_the_known_solution;
    jigsaw_9x9: ("jigsaw-9x9", ["sudoku"], "puzzles/sudoku/jigsaw-9x9.json")
        => draws_the_known_solution;
    x_9x9: ("x-9x9", ["sudoku"], "puzzles/sudoku/x-9x9.json")
        => draws_the_known_solution;
    consecutive_thermometer_6x6: (
        "consecutive-thermometer-6x6",
        ["sudoku"],
        "puzzles/sudoku/consecutive-thermometer-6x6.json"
    ) => draws_the_known_solution;
    kenken_6x6: ("kenken-6x6", ["kenken"], "puzzles/kenken/doc-6x6.json")
        => draws_the_known_solution;
    kenken_9x9: ("kenken-9x9", ["kenken"], "puzzles/kenken/pkit-157-9x9.json")
        => draws_the_known_solution;
    takuzu_4x4: ("takuzu-4x4", ["takuzu"], "puzzles/takuzu/4x4.txt")
        => draws_the_known_solution;
    takuzu_4x4_circles: ("takuzu-4x4-circles", ["takuzu", "--circles"], "puzzles/takuzu/4x4.txt");
    kenken_6x6_blank: ("kenken-6x6-blank", ["kenken", "--blank"], "puzzles/kenken/doc-6x6.json")
        => draws_no_solved_value;
}

fn svg(path: &str, args: &[&str]) -> String {
    let result = run(&[args, &["--format", "svg", "-q", path]].concat());
    assert_eq!(result.code, 0, "{path}: {}", result.stderr);
    result.stdout
}

/// The SVG is the reviewed `tests/snapshots/pictures__SNAPSHOT.snap` (named as when all the
/// fixtures were one test at the top of this file).
fn svg_matches_its_reviewed_snapshot(snapshot: &str, path: &str, args: &[&str]) {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    let name = format!("pictures__{snapshot}");
    settings.bind(|| insta::assert_snapshot!(name, svg(path, args)));
}

/// The values an SVG draws in the solved colour, by cell (40 units a cell, 10 of margin).
fn solved_values(svg: &str, n: usize) -> Vec<Vec<Option<String>>> {
    let mut grid = vec![vec![None; n]; n];
    for line in svg
        .lines()
        .filter(|l| l.contains("fill=\"#1f5fbf\"") && l.starts_with("<text"))
    {
        let number = |key: &str| -> f64 {
            let start = line.find(key).unwrap() + key.len();
            line[start..].split('"').next().unwrap().parse().unwrap()
        };
        let (x, y) = (number(" x=\""), number(" y=\""));
        let text = line
            .rsplit_once("\">")
            .unwrap()
            .1
            .trim_end_matches("</text>");
        grid[(y / 40.0) as usize][(x / 40.0) as usize] = Some(text.to_string());
    }
    grid
}

/// Every solved value drawn is the one of the known solution (the `.sol` beside the fixture),
/// and some are drawn.
fn draws_the_known_solution(path: &str, args: &[&str]) {
    let picture = svg(path, args);
    let known = &solutions(&repo(path).with_extension("sol"))[0];
    let drawn = solved_values(&picture, known.len());
    for (r, row) in known.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            if let Some(text) = &drawn[r][c] {
                assert_eq!(*text, value.to_string(), "{path} r{}c{}", r + 1, c + 1);
            }
        }
    }
    let open = drawn.iter().flatten().filter(|v| v.is_some()).count();
    assert!(open > 0, "{path}: no solved value drawn");
}

/// A blank picture draws no solved value.
fn draws_no_solved_value(path: &str, args: &[&str]) {
    let n = solutions(&repo(path).with_extension("sol"))[0].len();
    let drawn = solved_values(&svg(path, args), n);
    assert_eq!(drawn.concat().iter().flatten().count(), 0, "{path}");
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mipsolve-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const PNG: &str = "png_pictures_have_the_size_the_picture_asks_for";

/// The PNG pictures one run draws of two puzzles, each with its cells a side.
const PNGS: [(&str, u32); 2] = [("killer-9x9.png", 9), ("small-6x6.png", 6)];

/// The folder and the run that drew [`PNGS`] into it, made once and shared by their tests.
fn png_run() -> &'static (PathBuf, Run) {
    static DRAWN: OnceLock<(PathBuf, Run)> = OnceLock::new();
    DRAWN.get_or_init(|| {
        let dir = scratch("png");
        let out = dir.to_string_lossy().to_string();
        let result = run(&[
            "sudoku",
            "--picture",
            &out,
            "--picture-format",
            "png",
            "-q",
            "puzzles/sudoku/killer-9x9.json",
            "puzzles/sudoku/small-6x6.txt",
        ]);
        (dir, result)
    })
}

/// The run that draws the pictures ends with exit code 0.
fn the_png_run_succeeds() {
    let (_, result) = png_run();
    assert_eq!(result.code, 0, "{}", result.stderr);
}

/// A PNG of the run is a PNG of the size its cells ask for.
fn png_pictures_have_the_size_the_picture_asks_for((file, cells): (&str, u32)) {
    let (dir, _) = png_run();
    let bytes = std::fs::read(dir.join(file)).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{file}");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    // 40 points a cell, 10 of margin on each side, two pixels a point.
    let side = (cells * 40 + 20) * 2;
    assert_eq!((width, height), (side, side), "{file}");
}

/// Pages of a PDF: its `/Type /Page` objects.
fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

fn a_pdf_has_the_puzzle_pages_then_as_many_solution_pages() {
    let dir = scratch("pdf");
    let book = dir.join("book.pdf").to_string_lossy().to_string();
    let result = run(&[
        "render",
        "--pdf",
        &book,
        "--per-page",
        "4",
        "-q",
        "puzzles/kenken",
    ]);
    assert_eq!(
        result.code, 1,
        "the folder holds an infeasible KenKen: {}",
        result.stderr
    );
    // Some files hold several puzzles: count the records.
    let count = run(&["kenken", "--format", "json", "-q", "puzzles/kenken"])
        .json()
        .len();
    let bytes = std::fs::read(&book).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(pages(&bytes), 2 * count.div_ceil(4), "{count} puzzles");
    let made = dir.join("made.pdf").to_string_lossy().to_string();
    let result = run(&[
        "generate",
        "takuzu",
        "--size",
        "6",
        "-n",
        "7",
        "--seed",
        "1",
        "--per-page",
        "6",
        "--pdf",
        &made,
        "-q",
    ]);
    assert_eq!(result.code, 0, "{}", result.stderr);
    assert_eq!(pages(&std::fs::read(&made).unwrap()), 4);
}

fn main() {
    let mut trials = picture_trials();
    trials.extend(cases(
        PNG,
        || {
            PNGS.map(|(file, cells)| (file.to_string(), (file, cells)))
                .to_vec()
        },
        png_pictures_have_the_size_the_picture_asks_for,
    ));
    trials.push(trial(&format!("{PNG}: the run"), the_png_run_succeeds));
    trials.extend(tests![
        a_pdf_has_the_puzzle_pages_then_as_many_solution_pages
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
