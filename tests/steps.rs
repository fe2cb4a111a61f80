//! `--grade`, `--steps` and `--hint`. The grades are checked against the level Simon Tatham's
//! Solo and Unruly generated each fixture at (`tests/fixtures/grade/`, made by
//! `bench/grade_fixtures.py`); the steps of every fixture and corpus puzzle are replayed
//! against its known solution (from CP-SAT or the fixture's `.sol`): each placement is the
//! solution's value, no cell is placed twice, no removed candidate is the solution's value,
//! and the steps end at the solution.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use common::{cases, repo, run, solution_path, solutions, tests, trial};
use libtest_mimic::{Arguments, Completion};
use serde_json::Value;

/// The kind a grading fixture is read as: Solo's are Sudokus, Keen's KenKens, Unruly's
/// Takuzus.
fn kind(path: &Path) -> &'static str {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    match name.split('-').next().unwrap() {
        "solo" => "sudoku",
        "keen" => "kenken",
        _ => "takuzu",
    }
}

/// The grading fixtures, with the level in their names.
fn fixtures() -> Vec<(PathBuf, String)> {
    let mut found: Vec<(PathBuf, String)> = std::fs::read_dir(repo("tests/fixtures/grade"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            let level = stem.rsplit('-').next().unwrap().to_string();
            (p, level)
        })
        .collect();
    found.sort();
    found
}

fn records(args: &[&str], path: &Path) -> Vec<Value> {
    let path = path.to_string_lossy().to_string();
    let result = run(&[args, &["--format", "json", "-q", &path]].concat());
    assert_eq!(result.code, 0, "{path}: {}", result.stderr);
    result.json()
}

/// The grading fixtures, by file name.
fn grading_fixtures() -> Vec<(String, (PathBuf, String))> {
    let all = fixtures();
    // Solo's six levels at two sizes, Keen's five, Unruly's three with and without distinct
    // lines.
    assert_eq!(all.len(), 23);
    all.into_iter()
        .map(|case| (file_name(&case.0), case))
        .collect()
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().to_string()
}

fn grades_agree_with_the_level_tathams_games_generated_each_puzzle_at(
    (path, level): (PathBuf, String),
) {
    let graded = records(&[kind(&path), "--grade"], &path);
    assert_eq!(graded.len(), 4, "{}", path.display());
    for record in graded {
        let at = path.display();
        assert_eq!(record["grade"]["level"], level.as_str(), "{at}");
        let guesses = record["grade"]["guesses"].as_u64().unwrap();
        assert_eq!(guesses > 0, level == "unreasonable", "{record}");
    }
}

/// Replays `steps` on `givens` towards `solution`, on its own plain grid.
fn replay(steps: &[Value], givens: &[Vec<u32>], solution: &[Vec<u32>], at: &str) {
    let mut grid = givens.to_vec();
    let cells = |v: &Value| -> Vec<(usize, usize, u32)> {
        (v.as_array().unwrap().iter())
            .map(|t| {
                let n = |i: usize| t[i].as_u64().unwrap();
                (n(0) as usize - 1, n(1) as usize - 1, n(2) as u32)
            })
            .collect()
    };
    for step in steps {
        let (placed, removed) = (cells(&step["placed"]), cells(&step["removed"]));
        assert!(!placed.is_empty() || !removed.is_empty(), "{at}: {step}");
        for (r, c, v) in placed {
            assert!(grid[r][c] == 0 || givens[r][c] == 0, "{at}: {step}");
            assert_eq!(solution[r][c], v, "{at}: {step}");
            grid[r][c] = v;
        }
        for (r, c, v) in removed {
            assert_ne!(
                solution[r][c], v,
                "{at}: removed the solution's value: {step}"
            );
        }
    }
    assert_eq!(grid, solution, "{at}: the steps end at the solution");
}

/// The givens of every puzzle of a Solo fixture file: one puzzle per line, `.` blank.
fn givens_of(path: &Path, side: usize) -> Vec<Vec<Vec<u32>>> {
    let text = std::fs::read_to_string(path).unwrap();
    let value = |ch: char| ch.to_digit(36).unwrap_or(0);
    (text.lines().filter(|l| !l.starts_with('#')))
        .map(|line| {
            let cells: Vec<u32> = line.trim().chars().map(value).collect();
            cells.chunks(side).map(<[u32]>::to_vec).collect()
        })
        .collect()
}

/// The cells of `solution` that no step places (the givens, when the steps are sound).
fn unplaced(solution: &[Vec<u32>], steps: &[Value]) -> Vec<Vec<u32>> {
    let mut givens = solution.to_vec();
    for step in steps {
        for t in step["placed"].as_array().unwrap() {
            let (r, c) = (t[0].as_u64().unwrap() - 1, t[1].as_u64().unwrap() - 1);
            givens[r as usize][c as usize] = 0;
        }
    }
    givens
}

/// Replays the steps of every puzzle of `path` (read as `kind`) against its `.sol`; with
/// `givens`, from those, else from the cells no step places.
fn replay_file(kind: &str, path: &Path, givens: Option<Vec<Vec<Vec<u32>>>>) {
    let known = solutions(&solution_path(path));
    let stepped = records(&[kind, "--steps"], path);
    assert_eq!(stepped.len(), known.len(), "{}", path.display());
    for (i, record) in stepped.iter().enumerate() {
        let at = format!("{} #{i}", path.display());
        let steps = record["steps"].as_array().unwrap();
        let start = match &givens {
            Some(all) => all[i].clone(),
            None => unplaced(&known[i], steps),
        };
        replay(steps, &start, &known[i], &at);
    }
}

/// The grading fixtures whose steps are replayed: Keen's game IDs have no CP-SAT solutions
/// beside them (the corpus's KenKens stand in).
fn solved_fixtures() -> Vec<(String, PathBuf)> {
    let solved = fixtures().into_iter().filter(|(p, _)| kind(p) != "kenken");
    solved.map(|(path, _)| (file_name(&path), path)).collect()
}

fn every_step_of_the_grading_fixtures_replays_to_the_known_solution(path: PathBuf) {
    let givens = match kind(&path) {
        "sudoku" => Some(givens_of(&path, solutions(&solution_path(&path))[0].len())),
        _ => None,
    };
    replay_file(kind(&path), &path, givens);
}

/// Runs shared by tests, each made once, by the first test that needs it.
struct Memo<V>(Mutex<BTreeMap<String, Arc<OnceLock<V>>>>);

impl<V: Clone> Memo<V> {
    const fn new() -> Self {
        Memo(Mutex::new(BTreeMap::new()))
    }

    fn get(&self, key: &str, make: impl FnOnce() -> V) -> V {
        let cell = Arc::clone(self.0.lock().unwrap().entry(key.to_string()).or_default());
        cell.get_or_init(make).clone()
    }
}

const CORPUS: &str = "every_step_of_every_unique_corpus_puzzle_replays_to_the_known_solution";

/// Every corpus puzzle file with a `.sol` beside it, by path from the repository root, with
/// its kind.
fn corpus_files() -> Vec<(String, (&'static str, PathBuf))> {
    let mut found = Vec::new();
    for kind in ["sudoku", "kenken", "takuzu"] {
        let folder = std::fs::read_dir(repo(&format!("puzzles/{kind}"))).unwrap();
        let mut paths: Vec<PathBuf> = folder.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let puzzle = path.extension().is_some_and(|x| x == "txt" || x == "json");
            if !puzzle || !solution_path(&path).exists() {
                continue;
            }
            let name = format!("puzzles/{kind}/{}", file_name(&path));
            found.push((name, (kind, path)));
        }
    }
    found
}

/// A corpus file's `--steps` records and its known solutions.
type Stepped = (Vec<Value>, Vec<Vec<Vec<u32>>>);

/// The `--steps` records of a corpus file and its known solutions, when every puzzle of the
/// file is unique with one known solution each (else `None`: such a file is not replayed).
fn corpus_steps(kind: &str, path: &Path) -> Option<Stepped> {
    static RUNS: Memo<Option<Stepped>> = Memo::new();
    let name = path.to_string_lossy().to_string();
    RUNS.get(&name, || {
        let result = run(&[kind, "--steps", "--format", "json", "-q", &name]);
        let records = result.json();
        let known = solutions(&solution_path(path));
        // A file whose puzzles are all unique has one known solution per puzzle.
        if records.iter().any(|r| r["unique"] != true) || records.len() != known.len() {
            return None;
        }
        Some((records, known))
    })
}

fn every_step_of_every_unique_corpus_puzzle_replays_to_the_known_solution(
    (kind, path): (&str, PathBuf),
) -> Completion {
    let Some((records, known)) = corpus_steps(kind, &path) else {
        return Completion::ignored_with("its puzzles are not all unique, one known solution each");
    };
    let name = path.to_string_lossy().to_string();
    for (i, record) in records.iter().enumerate() {
        let steps = record["steps"].as_array().unwrap();
        let at = format!("{name} #{i}");
        replay(steps, &unplaced(&known[i], steps), &known[i], &at);
    }
    Completion::Completed
}

/// At least 60 corpus puzzles are replayed (the files' runs are shared with their tests).
fn at_least_60_corpus_puzzles_are_replayed() {
    let replayed: usize = (corpus_files().into_iter())
        .filter_map(|(_, (kind, path))| corpus_steps(kind, &path))
        .map(|(records, _)| records.len())
        .sum();
    assert!(replayed >= 60, "{replayed} puzzles replayed");
}

fn the_text_says_the_grade_and_each_step() {
    let result = run(&[
        "sudoku",
        "--grade",
        "--steps",
        "puzzles/sudoku/small-4x4.txt",
    ]);
    assert_eq!(result.code, 0);
    let lines: Vec<&str> = result.stdout.lines().collect();
    let known = solutions(&repo("puzzles/sudoku/small-4x4.sol")).remove(0);
    let rows: Vec<String> = (known.iter())
        .map(|row| row.iter().map(u32::to_string).collect())
        .collect();
    assert_eq!(lines[..4], rows[..], "{}", result.stdout);
    assert_eq!(lines[4], "# unique");
    let grade = lines[5].strip_prefix("# grade: ").expect("a grade line");
    let (level, rest) = grade.split_once(" (score ").unwrap();
    assert!(["trivial", "basic"].contains(&level), "{grade}");
    assert!(rest.ends_with(", 0 guesses)"), "{grade}");
    assert_eq!(lines[6], format!("# steps ({}):", lines.len() - 7));
    assert!(
        lines[7..].iter().all(|l| l.starts_with("# r")),
        "{}",
        result.stdout
    );
}

fn a_hint_is_the_first_step_and_shows_no_solution() {
    // r1c6 is 8 in the puzzle's solution (puzzles/sudoku/wikipedia-9x9.sol).
    let result = run(&["sudoku", "--hint", "puzzles/sudoku/wikipedia-9x9.txt"]);
    assert_eq!(result.code, 0);
    assert_eq!(result.stdout, "# hint: r1c6 = 8: hidden single in box 2\n");
    let json = run(&[
        "sudoku",
        "--hint",
        "--format",
        "json",
        "puzzles/sudoku/wikipedia-9x9.txt",
    ]);
    let record = json.single();
    assert_eq!(record["solution"], Value::Null);
    assert_eq!(record["hint"]["placed"], serde_json::json!([[1, 6, 8]]));
}

fn a_hint_on_filled_in_values_that_leave_no_solution_names_the_conflict() {
    let result = run(&["sudoku", "--hint", "puzzles/sudoku/no-solution-9x9.txt"]);
    assert_eq!(result.code, 1);
    assert_eq!(result.stdout, "");
    assert!(
        result.stderr.contains("cannot all hold together"),
        "{}",
        result.stderr
    );
}

fn takuzu_steps_name_their_rule() {
    let path = "tests/fixtures/grade/unruly-10x10u-normal.txt";
    let result = run(&["takuzu", "--steps", path]);
    assert_eq!(result.code, 0, "{}", result.stderr);
    let named = [
        "no three in a row",
        "last cell",
        "half of a digit",
        "one short of half",
        "distinct lines",
    ];
    let steps = (result.stdout.lines()).filter(|l| l.starts_with("# r"));
    let mut count = 0;
    for step in steps {
        let why = step.split_once(": ").map_or("", |x| x.1);
        assert!(named.iter().any(|n| why.starts_with(n)), "{step}");
        count += 1;
    }
    assert!(count > 0, "{}", result.stdout);
}

/// Killer and rule variants of the corpus, by name.
const RULE_VARIANTS: [&str; 6] = [
    "killer-9x9",
    "killer-x-9x9",
    "thermometer-9x9",
    "consecutive-9x9",
    "consecutive-thermometer-6x6",
    "consecutive-latin-janko-099-9x9",
];

fn killer_and_rule_variants_are_graded_on_solos_ladder_and_their_steps_replay(name: &str) {
    let solo = [
        "trivial",
        "basic",
        "intermediate",
        "advanced",
        "extreme",
        "unreasonable",
    ];
    let path = repo(&format!("puzzles/sudoku/{name}.json"));
    let record = records(&["sudoku", "--grade"], &path).remove(0);
    let level = record["grade"]["level"].as_str().unwrap_or("none");
    assert!(solo.contains(&level), "{name}: {record}");
    replay_file("sudoku", &path, None);
}

/// The grade in JSON of one file (each file graded once, its tests sharing the run).
fn grade_of(file: &str) -> serde_json::Value {
    static GRADES: Memo<Value> = Memo::new();
    GRADES.get(file, || {
        let result = common::run(&["sudoku", "--grade", "--format", "json", file]);
        assert_eq!(result.code, 0, "{file}: {}", result.stderr);
        result.single()["grade"].clone()
    })
}

const SCALE: &str = "variants_are_graded_on_the_variant_scale_and_classics_are_not";

/// The setters' puzzles of the corpus (`puzzles/sudoku/fpuzzles-*.txt`), by file name.
fn setters_puzzles() -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(common::repo("puzzles/sudoku")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("fpuzzles-") || !name.ends_with(".txt") {
            continue;
        }
        found.push((name, path));
    }
    found.sort();
    found
}

/// The level of a setter's puzzle on the variant scale.
fn variant_level(name: &str, path: &Path) -> String {
    let scale = mipsolve::deduce::VARIANT_LEVELS;
    let grade = grade_of(path.to_str().unwrap());
    let level = grade["variant_level"]
        .as_str()
        .unwrap_or_else(|| panic!("{name}: {grade}"));
    assert!(scale.contains(&level), "{name}: {level}");
    // Guesses make a variant unreasonable; trials alone never do.
    let guessed = grade["guesses"].as_u64().unwrap() > 0;
    assert_eq!(level == "unreasonable", guessed, "{name}: {grade}");
    level.to_string()
}

fn a_setters_puzzle_is_graded_on_the_variant_scale(path: PathBuf) {
    let name = file_name(&path);
    variant_level(&name, &path);
}

/// The setters' puzzles fall in at least 4 levels; a classic has no variant level.
fn the_setters_puzzles_span_four_levels_and_a_classic_has_none() {
    let levels: BTreeSet<String> = (setters_puzzles().into_iter())
        .map(|(name, path)| variant_level(&name, &path))
        .collect();
    assert!(levels.len() >= 4, "the setters' puzzles fall in {levels:?}");
    let classic = grade_of("puzzles/sudoku/wikipedia-9x9.txt");
    assert_eq!(classic["variant_level"], serde_json::Value::Null);
    assert_eq!(classic["trials"], 0);
}

fn main() {
    let mut trials = cases(
        "grades_agree_with_the_level_tathams_games_generated_each_puzzle_at",
        grading_fixtures,
        grades_agree_with_the_level_tathams_games_generated_each_puzzle_at,
    );
    trials.extend(cases(
        "every_step_of_the_grading_fixtures_replays_to_the_known_solution",
        solved_fixtures,
        every_step_of_the_grading_fixtures_replays_to_the_known_solution,
    ));
    trials.extend(cases(
        CORPUS,
        corpus_files,
        every_step_of_every_unique_corpus_puzzle_replays_to_the_known_solution,
    ));
    trials.push(trial(
        &format!("{CORPUS}: at least 60 replayed"),
        at_least_60_corpus_puzzles_are_replayed,
    ));
    trials.extend(cases(
        "killer_and_rule_variants_are_graded_on_solos_ladder_and_their_steps_replay",
        || RULE_VARIANTS.map(|name| (name.to_string(), name)).to_vec(),
        killer_and_rule_variants_are_graded_on_solos_ladder_and_their_steps_replay,
    ));
    trials.extend(cases(
        SCALE,
        setters_puzzles,
        a_setters_puzzle_is_graded_on_the_variant_scale,
    ));
    trials.push(trial(
        &format!("{SCALE}: at least four levels, none for a classic"),
        the_setters_puzzles_span_four_levels_and_a_classic_has_none,
    ));
    trials.extend(tests![
        the_text_says_the_grade_and_each_step,
        a_hint_is_the_first_step_and_shows_no_solution,
        a_hint_on_filled_in_values_that_leave_no_solution_names_the_conflict,
        takuzu_steps_name_their_rule,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
