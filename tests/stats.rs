//! `--stats`: the engine of each question, a time for each stage that ran and none for the
//! others, the size of the model a solver was handed, and the counts each solver reports,
//! as numbers where numbers must be (text and JSON). Each check of the MIP solvers is a test
//! of its own per solver.

mod common;

use std::collections::BTreeMap;

use common::{cases, run, tests};
use libtest_mimic::Arguments;
use serde_json::Value;

const WIKIPEDIA: &str = "puzzles/sudoku/wikipedia-9x9.txt";

/// The documents' model of the Wikipedia 9x9 (30 givens): every x[r,c,k], an exactly-one row
/// per cell and per value of each row, column and box, and a row per given.
const DOCUMENTS_ROWS: u64 = 4 * 81 + 30;
const DOCUMENTS_COLUMNS: u64 = 9 * 9 * 9;
const DOCUMENTS_NONZEROS: u64 = 4 * 81 * 9 + 30;

/// The `# stats:` line of a text run, as its parts: who decided, then each `name value` pair
/// (times in ms without their unit).
struct StatsLine {
    decided_by: String,
    values: BTreeMap<String, String>,
}

fn stats_line(stdout: &str) -> StatsLine {
    let line = (stdout.lines())
        .find_map(|l| l.strip_prefix("# stats: "))
        .unwrap_or_else(|| panic!("no stats line in {stdout}"));
    let mut parts = line.split("; ");
    let decided_by = (parts.next().and_then(|p| p.strip_prefix("decided by ")))
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    let mut values = BTreeMap::new();
    for pair in parts.flat_map(|p| p.split(", ")) {
        let (name, value) = pair.split_once(' ').unwrap_or_else(|| panic!("{line}"));
        let value = value.strip_suffix(" ms").unwrap_or(value);
        values.insert(name.to_string(), value.to_string());
    }
    StatsLine { decided_by, values }
}

impl StatsLine {
    /// The names present, in sorted order.
    fn names(&self) -> Vec<&str> {
        self.values.keys().map(String::as_str).collect()
    }

    /// A count, which must be a whole number.
    fn count(&self, name: &str) -> u64 {
        let text = &self.values[name];
        text.parse()
            .unwrap_or_else(|_| panic!("{name} {text}: not a count"))
    }

    /// A time, which must be a number of milliseconds.
    fn ms(&self, name: &str) -> f64 {
        let text = &self.values[name];
        let ms: f64 = text
            .parse()
            .unwrap_or_else(|_| panic!("{name} {text}: not a time"));
        assert!(ms >= 0.0, "{name} {ms}");
        ms
    }
}

fn highs_on_the_documents_model_reports_model_and_solver_times_the_size_and_its_counts() {
    let out = run(&[
        "sudoku",
        "--check-unique",
        "--stats",
        "--formulation",
        "documents",
        WIKIPEDIA,
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let stats = stats_line(&out.stdout);
    assert_eq!(stats.decided_by, "highs, highs");
    let mut names = vec![
        "columns",
        "iterations",
        "model",
        "nodes",
        "nonzeros",
        "rows",
    ];
    names.push("solver");
    assert_eq!(stats.names(), names, "no reductions or split ran");
    stats.ms("model");
    stats.ms("solver");
    stats.count("nodes");
    stats.count("iterations");
    assert_eq!(stats.count("rows"), DOCUMENTS_ROWS);
    assert_eq!(stats.count("columns"), DOCUMENTS_COLUMNS);
    assert_eq!(stats.count("nonzeros"), DOCUMENTS_NONZEROS);
}

/// The MIP solvers as cases, by name: each check of them is a test per solver.
fn mip_solvers() -> Vec<(String, &'static str)> {
    (["highs", "cbc", "microlp"].into_iter())
        .map(|solver| (solver.to_string(), solver))
        .collect()
}

/// With `solver` named, the reductions settle the Wikipedia 9x9 and are all it reports.
fn a_mip_solver_on_a_puzzle_the_reductions_settle_reports_only_the_reductions(solver: &str) {
    let out = run(&[
        "sudoku",
        "--check-unique",
        "--stats",
        "--solver",
        solver,
        WIKIPEDIA,
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let stats = stats_line(&out.stdout);
    assert_eq!(stats.decided_by, "reductions, reductions", "{solver}");
    assert_eq!(stats.names(), ["reductions"], "{solver}");
    stats.ms("reductions");
}

fn cadical_reports_its_conflicts_and_no_mip_counts() {
    let file = "puzzles/sudoku/two-solutions-9x9.txt";
    let out = run(&[
        "sudoku",
        "--check-unique",
        "--stats",
        "--solver",
        "cadical",
        file,
    ]);
    assert_eq!(out.code, 1, "not unique: {}", out.stderr);
    let stats = stats_line(&out.stdout);
    assert_eq!(stats.decided_by, "cadical, cadical");
    let names = [
        "columns",
        "conflicts",
        "model",
        "nonzeros",
        "reductions",
        "rows",
        "solver",
    ];
    assert_eq!(stats.names(), names);
    stats.count("conflicts");
    assert!(stats.count("columns") > 0);
}

/// A JSON record's `stats` after a documents-model run with `solver` (both questions).
fn documents_json(solver: &str) -> Value {
    let args = ["sudoku", "--check-unique", "--stats", "--format", "json"];
    let out = run(&[
        &args[..],
        &["--formulation", "documents", "--solver", solver, WIKIPEDIA],
    ]
    .concat());
    assert_eq!(out.code, 0, "{solver}: {}", out.stderr);
    out.single()["stats"].clone()
}

/// `solver` on the documents' model reports its nodes and iterations in JSON as numbers,
/// with the model's size and a time for each stage that ran.
fn every_mip_solver_reports_nodes_and_iterations_in_json_as_numbers(solver: &str) {
    let stats = documents_json(solver);
    assert_eq!(stats["decided_by"], serde_json::json!([solver, solver]));
    let seconds = &stats["seconds"];
    assert!(
        seconds["reductions"].is_null() && seconds["split"].is_null(),
        "{stats}"
    );
    assert!(
        seconds["model"].as_f64().is_some_and(|s| s >= 0.0),
        "{stats}"
    );
    assert!(
        seconds["solver"].as_f64().is_some_and(|s| s >= 0.0),
        "{stats}"
    );
    assert!(stats["nodes"].is_u64(), "{solver}: {stats}");
    assert!(stats["iterations"].is_u64(), "{solver}: {stats}");
    assert!(stats["conflicts"].is_null(), "{stats}");
    let model = &stats["model"];
    assert_eq!(model["rows"], DOCUMENTS_ROWS, "{solver}");
    assert_eq!(model["columns"], DOCUMENTS_COLUMNS, "{solver}");
    assert_eq!(model["nonzeros"], DOCUMENTS_NONZEROS, "{solver}");
}

fn main() {
    let mut trials = cases(
        "a_mip_solver_on_a_puzzle_the_reductions_settle_reports_only_the_reductions",
        mip_solvers,
        a_mip_solver_on_a_puzzle_the_reductions_settle_reports_only_the_reductions,
    );
    trials.extend(cases(
        "every_mip_solver_reports_nodes_and_iterations_in_json_as_numbers",
        mip_solvers,
        every_mip_solver_reports_nodes_and_iterations_in_json_as_numbers,
    ));
    trials.extend(tests![
        highs_on_the_documents_model_reports_model_and_solver_times_the_size_and_its_counts,
        cadical_reports_its_conflicts_and_no_mip_counts,
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
