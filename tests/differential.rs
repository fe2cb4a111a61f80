//! Differential test of every f-puzzles key mipsolve reads: random 4x4 and 6x6 puzzles
//! (`differential/draw.rs`) are solved by brute force from f-puzzles' meaning of each key
//! (`differential/meaning.rs`, written apart from `src/rule/`), and mipsolve's count, its
//! uniqueness verdict under CaDiCaL, its true candidates and its `--verify` of the grid the
//! clues were drawn from must all agree with it. Every disagreement is listed, then the test
//! fails. `DIFFERENTIAL_PUZZLES` sets the number of puzzles (default 400; `bench/differential.sh`
//! runs 2,000), `DIFFERENTIAL_SEED` the first seed.

mod common;
mod differential {
    pub mod draw;
    pub mod meaning;
    pub mod search;
}

use std::collections::BTreeMap;

use common::{grid, run};
use differential::draw::{draw, Drawn, KEYS};
use differential::meaning::{meaning, Values};
use differential::search::solutions;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// More solutions than this and the puzzle is drawn again (its candidates need them all).
const CAP: usize = 60;

struct Case {
    drawn: Drawn,
    link: String,
    solutions: Vec<Values>,
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The drawn puzzles, each with its every solution.
fn cases(count: usize, seed: u64) -> (Vec<Case>, usize) {
    let mut cases = Vec::with_capacity(count);
    let mut redrawn = 0;
    let mut s = seed;
    while cases.len() < count {
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        s += 1;
        let n = if s.is_multiple_of(2) { 4 } else { 6 };
        let drawn = draw(&mut rng, n);
        let Some(solutions) = solutions(&meaning(&drawn.puzzle), CAP, 3_000_000) else {
            redrawn += 1;
            continue;
        };
        let text = serde_json::to_string(&drawn.puzzle).unwrap();
        let link = format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(&text)
        );
        cases.push(Case {
            drawn,
            link,
            solutions,
        });
    }
    (cases, redrawn)
}

/// The JSON records of one run of mipsolve over every case's link, one per case.
fn records(dir: &std::path::Path, cases: &[Case], args: &[&str]) -> Vec<Value> {
    let file = dir.join("links.txt");
    let links: Vec<&str> = cases.iter().map(|c| c.link.as_str()).collect();
    std::fs::write(&file, links.join("\n") + "\n").unwrap();
    let mut all = vec!["sudoku", "--format", "json", "--quiet"];
    all.extend_from_slice(args);
    all.push(file.to_str().unwrap());
    let out = run(&all);
    let records = out.json();
    assert_eq!(
        records.len(),
        cases.len(),
        "one record per puzzle: {}",
        out.stderr
    );
    records
}

/// Each cell's values over `solutions`.
fn union(n: usize, solutions: &[Values]) -> Vec<Vec<Vec<u32>>> {
    let mut cells = vec![vec![Vec::new(); n]; n];
    for s in solutions {
        for r in 0..n {
            for c in 0..n {
                if !cells[r][c].contains(&s[r][c]) {
                    cells[r][c].push(s[r][c]);
                }
            }
        }
    }
    for row in &mut cells {
        for list in row.iter_mut() {
            list.sort();
        }
    }
    cells
}

/// What mipsolve said wrongly of one case, if anything.
fn disagreements(case: &Case, count: &Value, unique: &Value, candidates: &Value) -> Vec<String> {
    let mut wrong = Vec::new();
    let known = case.solutions.len();
    let is_solution = |g: &Value| case.solutions.contains(&grid(g));
    // The count: complete and exact.
    // A puzzle whose clues clash is an input error naming them; one with a solution never is.
    if count["status"] == "error" {
        if known > 0 {
            wrong.push(format!("read as an error: {}", count["error"]));
        }
        return wrong;
    }
    let found = count["count"].as_u64().unwrap_or(0) as usize;
    if found != known || (known > 0 && count["count_complete"] != true) {
        wrong.push(format!(
            "count {found} (complete: {}), brute force {known}",
            count["count_complete"]
        ));
    }
    let listed = count["solutions"].as_array().cloned().unwrap_or_default();
    if let Some(g) = listed.iter().find(|g| !is_solution(g)) {
        wrong.push(format!("count printed a grid that is no solution: {g}"));
    }
    // Uniqueness under CaDiCaL.
    let verdict = match known {
        0 => unique["status"] == "infeasible",
        1 => unique["unique"] == true && is_solution(&unique["solution"]),
        _ => unique["unique"] == false && is_solution(&unique["second_solution"]),
    };
    if !verdict {
        wrong.push(format!(
            "uniqueness: status {} unique {}",
            unique["status"], unique["unique"]
        ));
    }
    // True candidates: the union of every solution.
    if known > 0 {
        let expected = union(case.drawn.base.len(), &case.solutions);
        let got: Option<Vec<Vec<Vec<u32>>>> =
            serde_json::from_value(candidates["candidates"].clone()).ok();
        if got.as_ref() != Some(&expected) {
            wrong.push(format!(
                "candidates {}, brute force {expected:?}",
                candidates["candidates"]
            ));
        }
    } else if candidates["status"] != "infeasible" {
        wrong.push(format!(
            "candidates of a puzzle with no solution: status {}",
            candidates["status"]
        ));
    }
    wrong
}

#[test]
fn every_key_agrees_with_brute_force_on_random_small_puzzles() {
    let count = env("DIFFERENTIAL_PUZZLES", 400) as usize;
    let (cases, redrawn) = cases(count, env("DIFFERENTIAL_SEED", 1));
    let dir = std::env::temp_dir().join(format!("mipsolve-differential-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let limit = (CAP + 1).to_string();
    let counts = records(&dir, &cases, &["--count", &limit]);
    let uniques = records(&dir, &cases, &["--check-unique", "--solver", "cadical"]);
    let candidates = records(&dir, &cases, &["--candidates"]);
    let mut failures = Vec::new();
    let mut refused = 0;
    let mut by_key: BTreeMap<&str, [usize; 3]> = KEYS.iter().map(|&k| (k, [0; 3])).collect();
    for (i, case) in cases.iter().enumerate() {
        let kind = case.solutions.len().min(2);
        for key in &case.drawn.keys {
            by_key.get_mut(key).unwrap()[kind] += 1;
        }
        let mut wrong = disagreements(case, &counts[i], &uniques[i], &candidates[i]);
        if counts[i]["status"] == "error" {
            refused += 1;
        } else {
            wrong.extend(verify_disagrees(&dir, case));
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "puzzle {i} ({:?}): {}\n  {}",
                case.drawn.keys,
                wrong.join("; "),
                case.link
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("{} puzzles ({redrawn} redrawn with too many solutions, {refused} refused as clashing clues), {} keys, {} disagreements", cases.len(), KEYS.len(), failures.len());
    for (key, [none, one, many]) in &by_key {
        eprintln!("  {key:<24} no solution {none:>4}  one {one:>4}  several {many:>4}");
    }
    // Every key is drawn, and the set holds puzzles of each kind of answer.
    let unseen: Vec<&&str> = by_key
        .iter()
        .filter(|(_, k)| k.iter().sum::<usize>() == 0)
        .map(|(k, _)| k)
        .collect();
    assert!(
        count < 400 || unseen.is_empty(),
        "keys never drawn: {unseen:?}"
    );
    for kind in 0..3 {
        assert!(
            cases.iter().any(|c| c.solutions.len().min(2) == kind),
            "no case with {kind} solutions"
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} puzzles disagree:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// `--verify` of the grid the clues were drawn from: accepted exactly when it is a solution.
fn verify_disagrees(dir: &std::path::Path, case: &Case) -> Option<String> {
    let n = case.drawn.base.len();
    let rows: Vec<String> = (case.drawn.base.iter())
        .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    let (puzzle, proposal) = (dir.join("one.txt"), dir.join("grid.txt"));
    std::fs::write(&puzzle, &case.link).unwrap();
    std::fs::write(&proposal, rows.join("\n") + "\n").unwrap();
    let out = run(&[
        "sudoku",
        "--format",
        "json",
        "--quiet",
        "--verify",
        proposal.to_str().unwrap(),
        puzzle.to_str().unwrap(),
    ]);
    let record = out.single();
    let expected = case.solutions.contains(&case.drawn.base);
    (record["verified"] != expected).then(|| {
        format!(
            "--verify of the {n}x{n} base grid: {}, brute force {expected}",
            record["verified"]
        )
    })
}
