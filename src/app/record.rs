//! What one puzzle's run produced, ready to print, and how it counts in the exit code.

use mipsolve::candidates::TrueCandidates;
use mipsolve::clue::Clue;
use mipsolve::deduce::Deductions;
use mipsolve::explain::Audit;
use mipsolve::grid::cell_name;
use mipsolve::pipeline::{CountEnd, Outcome, Stats};
use mipsolve::puzzle::HiddenOperators;
use mipsolve::puzzle::Puzzle;
use mipsolve::repair::{Edit, Repair};
use mipsolve::rule::OptionalRule;

use super::analysis::Findings;
use super::failure::Failure;

/// `--grade`, `--steps`, `--hint`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Deduce {
    /// The difficulty on Tatham's ladder, the score and the guesses.
    pub grade: bool,
    /// Every step.
    pub steps: bool,
    /// The first step only, without the solution.
    pub hint: bool,
}

impl Deduce {
    /// Whether any is asked for.
    pub fn any(self) -> bool {
        self.grade || self.steps || self.hint
    }
}

/// The result of one puzzle (or of a file that could not be read or parsed).
pub struct Record {
    /// The path as given (`-` for standard input).
    pub file: String,
    /// Position in the file; `None` when the error concerns the whole file.
    pub index: Option<usize>,
    /// The 1-based line the puzzle starts on.
    pub line: Option<usize>,
    /// Whether the file holds several puzzles (then text headers show the index).
    pub in_collection: bool,
    /// The registry name of the kind, when it is known.
    pub kind: Option<&'static str>,
    /// The names of the variant's rules, in registry order, for kinds that have variants.
    pub variant: Option<Vec<&'static str>>,
    /// For cages with a hidden operator, the operators the solution meets them with.
    pub operators: Vec<HiddenOperators>,
    /// Rows and columns, when the puzzle parsed.
    pub shape: Option<(usize, usize)>,
    /// Wall-clock seconds spent on the puzzle.
    pub seconds: f64,
    /// The outcome with rendered grids, or what stopped it.
    pub result: Result<Solved, Failure>,
}

/// An outcome with its grids rendered in the input's style.
pub struct Solved {
    /// What the pipeline found.
    pub outcome: Outcome,
    /// Every solution found (the first, the witness, or a count's), rendered.
    pub texts: Vec<String>,
    /// What the analyses found.
    pub found: Findings,
    /// What the reader could not take from the input (rules a link only draws).
    pub warnings: Vec<String>,
    /// Whether the outcome is that of a proposed grid (`--verify`).
    pub verified: bool,
    /// What settled each question and the time spent, when `--stats` asks.
    pub stats: Option<Stats>,
}

/// What the step-by-step solver found, and which of its answers were asked for.
pub struct Deduced {
    /// `--grade`, `--steps`, `--hint`.
    pub asked: Deduce,
    /// The steps, or why the puzzle has none.
    pub found: Result<Deductions, String>,
}

impl Deduced {
    /// No steps for a puzzle that is not unique: a hint would give a solution away, so it
    /// names only the cells where two solutions differ.
    pub fn not_unique(asked: Deduce, outcome: &Outcome) -> Option<Deduced> {
        let why = match outcome.solutions()[..] {
            [first, second, ..] => {
                let cells: Vec<String> = (first.differences(second).into_iter())
                    .map(cell_name)
                    .collect();
                format!(
                    "hint: none, the puzzle has several solutions (two differ at {})",
                    cells.join(", ")
                )
            }
            [_] if matches!(outcome, Outcome::Timeout { .. }) => {
                "hint: none, time limit reached before uniqueness was proven".to_string()
            }
            _ => return None,
        };
        Some(Deduced {
            asked,
            found: Err(why),
        })
    }
}

/// Why a puzzle gets no steps: a kind the step-by-step solver does not follow.
pub const NOT_DEDUCED: &str = "not graded: the step-by-step solver does not follow this kind";

/// The `--grade` line: `advanced (score 1840, 0 guesses)`.
pub fn grade_text(found: &Deductions) -> String {
    let guesses = match found.guesses() {
        1 => "1 guess".to_string(),
        n => format!("{n} guesses"),
    };
    let trials = match found.trials() {
        0 => String::new(),
        1 => "1 trial, ".to_string(),
        n => format!("{n} trials, "),
    };
    let scale = found
        .variant_level()
        .map_or(String::new(), |l| format!("; as a variant: {l}"));
    format!(
        "{} (score {}, {trials}{guesses}){scale}",
        found.level(),
        found.score()
    )
}

/// How a record counts in the summary and the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Solved (and unique, when asked).
    Solved,
    /// Two solutions found.
    NotUnique,
    /// No solution.
    Infeasible,
    /// Out of time.
    Timeout,
    /// A proposed grid that is no solution.
    Rejected,
    /// Bad input or a solver failure.
    Error,
}

impl Status {
    /// The exit code this verdict asks for: 0, 1, or 2 for errors.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Solved => 0,
            Status::NotUnique | Status::Infeasible | Status::Timeout | Status::Rejected => 1,
            Status::Error => 2,
        }
    }
}

impl Record {
    /// The verdict for counting and the exit code.
    pub fn status(&self) -> Status {
        match &self.result {
            Err(_) => Status::Error,
            Ok(s) => match s.outcome {
                Outcome::Solved(_) | Outcome::Unique(_) => Status::Solved,
                Outcome::Counted { end, .. } => match end {
                    CountEnd::All | CountEnd::Limit => Status::Solved,
                    CountEnd::TimeLimit => Status::Timeout,
                },
                Outcome::Several { .. } => Status::NotUnique,
                Outcome::Infeasible { .. } => Status::Infeasible,
                Outcome::Timeout { .. } => Status::Timeout,
                Outcome::Rejected { .. } => Status::Rejected,
            },
        }
    }

    /// `FILE` or `FILE [INDEX]`, naming the puzzle in headers and messages.
    pub fn name(&self) -> String {
        match self.index {
            Some(i) if self.in_collection => format!("{} [{i}]", self.file),
            _ => self.file.clone(),
        }
    }
}

/// A clue as a person reads it: `r1c2=5`, `cage 4 (11+)`.
pub fn clue_text(clue: &Clue) -> String {
    match clue {
        Clue::Given { cell, value } => format!("{}={value}", cell_name(*cell)),
        Clue::Cage {
            index,
            op,
            target,
            cells,
        } => {
            let cells: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
            let op = op.symbol();
            format!("cage {} ({target}{op}, {})", index + 1, cells.join(" "))
        }
        Clue::Rule { .. } => clue.rule_text().unwrap_or_default(),
    }
}

/// What `--explain` says about a puzzle with no solution: the conflicting clues, and those
/// the puzzle has a solution without.
pub fn conflict_text(clues: &[Clue], solvable_without: Option<&[Clue]>) -> String {
    let list = |clues: &[Clue]| clues.iter().map(clue_text).collect::<Vec<_>>().join(", ");
    let count = |f: fn(&Clue) -> bool| clues.iter().filter(|c| f(c)).count();
    let givens = count(|c| matches!(c, Clue::Given { .. }));
    let cages = count(|c| matches!(c, Clue::Cage { .. }));
    let counted = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    let conflict = match clues.len() {
        0 => return "the rules alone have no solution".to_string(),
        1 => format!("{} cannot hold under the rules", list(clues)),
        all => {
            let kinds = [
                (givens, "given"),
                (cages, "cage"),
                (all - givens - cages, "rule clue"),
            ];
            let named: Vec<String> = (kinds.into_iter())
                .filter(|&(n, _)| n > 0)
                .map(|(n, what)| counted(n, what))
                .collect();
            let what = named.join(" and ");
            format!(
                "these {what} cannot all hold together, and no smaller set of them conflicts: {}",
                list(clues)
            )
        }
    };
    match solvable_without {
        None => conflict,
        Some([]) => {
            format!("{conflict}; leaving out any one of them alone still leaves no solution")
        }
        Some([one]) => format!(
            "{conflict}; without {} alone the puzzle has a solution",
            clue_text(one)
        ),
        Some(some) => format!(
            "{conflict}; without any one of {} alone the puzzle has a solution",
            list(some)
        ),
    }
}

/// What `--explain` suggests for a puzzle with several solutions.
pub fn repair_text(givens: &[Clue]) -> String {
    let list: Vec<String> = givens.iter().map(clue_text).collect();
    let count = match givens.len() {
        1 => "1 more given".to_string(),
        n => format!("{n} more givens"),
    };
    format!(
        "unique with {count} (greedy; none can be left out): {}",
        list.join(", ")
    )
}

/// A repair and the repaired puzzle written in the input's style.
pub struct Repaired {
    /// What `--repair` found.
    pub repair: Repair,
    /// The repaired puzzle as its kind writes givens (`.` for a blank), when there are edits.
    pub puzzle: Option<String>,
}

impl Repaired {
    /// `repair` of `puzzle`, with the repaired puzzle rendered.
    pub fn of(repair: Repair, puzzle: &dyn Puzzle) -> Self {
        let puzzle = match &repair {
            Repair::Edits { clues, .. } => {
                (puzzle.with_clues(clues)).and_then(|p| p.render_puzzle())
            }
            _ => None,
        };
        Repaired { repair, puzzle }
    }

    /// What the repair says: `changed r1c1=1 -> 5 (1 edit, optimal)`.
    pub fn text(&self) -> String {
        match &self.repair {
            Repair::Unique => "none needed: the puzzle is unique".into(),
            Repair::NotByGivens => {
                "no change of givens or cage targets helps: the other rules have no solution".into()
            }
            Repair::TimeLimit => {
                "time limit reached before the fewest edits were found and proven".into()
            }
            Repair::Edits {
                edits,
                optimal,
                unique,
                ..
            } => {
                let list: Vec<String> = edits.iter().map(ToString::to_string).collect();
                let count = match edits.len() {
                    1 => "1 edit".to_string(),
                    n => format!("{n} edits"),
                };
                let added = edits.iter().any(|e| matches!(e, Edit::Added { .. }));
                let proof = match (optimal, added) {
                    (true, false) => "optimal",
                    (true, true) => "optimal over every solution",
                    (false, false) => "not proven the fewest",
                    (false, true) => {
                        "the fewest with the first solution's values, not proven over every solution"
                    }
                };
                let several = match unique {
                    true => "",
                    false => "; the repaired puzzle has several solutions",
                };
                format!("{} ({count}, {proof}{several})", list.join(", "))
            }
        }
    }
}

/// What `--audit` says: `redundant, each alone: r1c3=4, r7c7=2 (2 of 27 givens); not minimal`,
/// and for KenKen `the operators of cages 3, 7 (2 of 12 operators)`.
pub fn audit_text(audit: &Audit) -> String {
    let Audit::Done {
        redundant,
        givens,
        operators,
    } = audit
    else {
        return "audit incomplete: time limit".to_string();
    };
    let plural = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    let mut kinds = Vec::new();
    if *givens > 0 {
        kinds.push(plural(*givens, "given"));
    }
    if *operators > 0 {
        kinds.push(plural(*operators, "operator"));
    }
    if redundant.is_empty() {
        return format!("redundant: none of the {}; minimal", kinds.join(" and "));
    }
    let cells: Vec<String> = (redundant.iter())
        .filter(|c| matches!(c, Clue::Given { .. }))
        .map(clue_text)
        .collect();
    let cages: Vec<String> = (redundant.iter())
        .filter_map(|c| match c {
            Clue::Cage { index, .. } => Some((index + 1).to_string()),
            _ => None,
        })
        .collect();
    let mut parts = Vec::new();
    if !cells.is_empty() {
        let of = plural(*givens, "given");
        parts.push(format!("{} ({} of {of})", cells.join(", "), cells.len()));
    }
    if !cages.is_empty() {
        let of = plural(*operators, "operator");
        let list = cages.join(", ");
        let (n, cage) = (cages.len(), if cages.len() == 1 { "cage" } else { "cages" });
        parts.push(format!("the operators of {cage} {list} ({n} of {of})"));
    }
    format!("redundant, each alone: {}; not minimal", parts.join("; "))
}

/// The `--stats` line: what settled each question, the time in each stage that ran, the size
/// of the model a solver was handed, and the counts the solver reports.
pub fn stats_text(stats: &Stats) -> String {
    let stages = [
        ("reductions", stats.reductions),
        ("split", stats.split),
        ("model", stats.model),
        ("solver", stats.solver),
    ];
    let times: Vec<String> = (stages.into_iter())
        .filter_map(|(name, time)| Some(format!("{name} {:.3} ms", time?.as_secs_f64() * 1e3)))
        .collect();
    let mut parts = vec![format!("decided by {}", stats.decided_by.join(", "))];
    parts.push(times.join(", "));
    if let Some(size) = stats.size {
        let (rows, columns, nonzeros) = (size.rows, size.columns, size.nonzeros);
        parts.push(format!(
            "rows {rows}, columns {columns}, nonzeros {nonzeros}"
        ));
    }
    let counts = [
        ("nodes", stats.nodes),
        ("iterations", stats.iterations),
        ("conflicts", stats.conflicts),
    ];
    let work: Vec<String> = (counts.into_iter())
        .filter_map(|(name, count)| Some(format!("{name} {}", count?)))
        .collect();
    if !work.is_empty() {
        parts.push(work.join(", "));
    }
    parts.join("; ")
}

/// What an infeasible puzzle's culprit rule means for the user.
pub fn culprit_note(rule: &OptionalRule) -> String {
    format!(
        "no solution with {}; it has one with {}",
        rule.name, rule.option
    )
}

/// `--candidates`' grid: each cell's values run together (`1`, `379`), aligned in columns,
/// or spaced with commas past 9; then a line saying how many and whether all are proven.
pub fn candidates_text(found: &TrueCandidates) -> String {
    let wide = found.values.iter().flatten().flatten().any(|&v| v > 9);
    let cell = |values: &Vec<i64>| {
        let written: Vec<String> = values.iter().map(i64::to_string).collect();
        written.join(if wide { "," } else { "" })
    };
    let cells: Vec<Vec<String>> = found
        .values
        .iter()
        .map(|row| row.iter().map(cell).collect())
        .collect();
    let width = cells.iter().flatten().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for row in &cells {
        let padded: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
        out.push_str(padded.join(" ").trim_end());
        out.push('\n');
    }
    let count: usize = found.values.iter().flatten().map(Vec::len).sum();
    let open = found
        .values
        .iter()
        .flatten()
        .filter(|v| v.len() > 1)
        .count();
    out.push_str(&match found.complete() {
        true => format!("# true candidates: {count} in all, {open} cells open, each proven by a solution ({} found)\n", found.solutions),
        false => format!("# true candidates: time limit reached, {} of the {count} unproven (neither a solution nor a proof of none found)\n", found.unproven.len()),
    });
    out
}
