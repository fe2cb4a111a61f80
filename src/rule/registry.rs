//! The registry of variant rules: one line per key a puzzle may hold. The variant JSON and
//! f-puzzles readers loop over it; a key no entry and no reader knows is an error, never
//! dropped (a puzzle solved without one of its rules is a wrong answer).

use serde_json::{Map, Value};

use super::engine::entry::{Global, IssForm, IssType, Placement, RuleKind};
use super::engine::reading::{Board, Found};
use super::kinds::{
    anti_taxicab, any_of, arrow, between, chaos, chess, clone, connected_values, consecutive,
    contains, count_distinct, counting_circles, diagonal, difference, disjoint, double_arrow,
    drawn_cage, dutch_flatmates, entropic, equal_sum, equality_cage, extra_region, full_rank,
    global_classes, greater_than, hidden_skyscraper, indexer, killer, little_killer, lockout,
    lunchbox, minimum, nabner, nonconsecutive, numbered_room, palindrome, parity, pencil_marks,
    quadruple, ratio, region_sum, relation, rellik, renban, same_values, sandwich, skyscraper,
    slow_thermometer, state_machine, sum, sum_line, thermometer, value_indexing, whispers, xsum,
    xv, zipper,
};
use crate::error::{ParseError, Problem};

/// Every rule a puzzle's keys may name; a variant's names are listed in this order (Killer and
/// X first, as in `killer, x, thermometer`).
pub static RULES: &[&RuleKind] = &[
    &killer::KIND,
    &killer::OWN,
    &diagonal::BOTH,
    &diagonal::ANTI,
    &diagonal::MAIN,
    &chess::KING,
    &chess::KNIGHT,
    &arrow::KIND,
    &between::KIND,
    &clone::KIND,
    &consecutive::KIND,
    &consecutive::NEGATIVE,
    &counting_circles::KIND,
    &difference::KIND,
    &disjoint::KIND,
    &double_arrow::KIND,
    &drawn_cage::KIND,
    &entropic::ENTROPIC,
    &entropic::MODULAR,
    &equal_sum::KIND,
    &parity::EVEN,
    &extra_region::KIND,
    &global_classes::ENTROPY,
    &global_classes::MOD,
    &greater_than::KIND,
    &indexer::BOX,
    &indexer::COLUMN,
    &indexer::ROW,
    &little_killer::KIND,
    &minimum::MAXIMUM,
    &minimum::MINIMUM,
    &nabner::KIND,
    &nonconsecutive::KIND,
    &numbered_room::KIND,
    &parity::ODD,
    &palindrome::KIND,
    &pencil_marks::KIND,
    &quadruple::KIND,
    &ratio::KIND,
    &region_sum::KIND,
    &relation::KIND,
    &renban::KIND,
    &same_values::KIND,
    &sandwich::KIND,
    &skyscraper::KIND,
    &slow_thermometer::KIND,
    &state_machine::KIND,
    &sum::KIND,
    &thermometer::KIND,
    &thermometer::OWN,
    &whispers::KIND,
    &xsum::KIND,
    &xv::KIND,
    &zipper::KIND,
    &any_of::KIND,
    &contains::KIND,
    &count_distinct::KIND,
    &anti_taxicab::KIND,
    &dutch_flatmates::KIND,
    &equality_cage::KIND,
    &hidden_skyscraper::KIND,
    &lockout::KIND,
    &lunchbox::KIND,
    &rellik::KIND,
    &sum_line::KIND,
    &value_indexing::KIND,
    &full_rank::KIND,
    &full_rank::TIES,
    &chaos::KIND,
    &chaos::ARROWS,
    &chaos::COUNTS,
    &connected_values::KIND,
];

/// The rules `generate --variant` can put on a Sudoku, in the order their names are listed.
pub static PLACEMENTS: &[&Placement] = &[&killer::PLACED, &diagonal::PLACED, &consecutive::PLACED];

/// The rules SudokuPad names in a puzzle's `global` list.
static GLOBALS: &[&Global] = &[
    &chess::KING_GLOBAL,
    &chess::KNIGHT_GLOBAL,
    &disjoint::GLOBAL,
    &nonconsecutive::GLOBAL,
    &ratio::GLOBAL,
    &xv::GLOBAL,
];

/// The rules f-puzzles' `negative` list may name: each holds also where its marks are absent
/// (`"negative": ["ratio"]`: no black-dot ratio between side-by-side cells without a dot).
static NEGATABLE: &[&RuleKind] = &[&ratio::KIND, &xv::KIND];

const fn iss(name: &'static str, kind: &'static RuleKind, form: IssForm) -> IssType {
    IssType { name, kind, form }
}

/// The Interactive Sudoku Solver types read, each with its rule; a type may set two rules.
pub static ISS_TYPES: &[IssType] = &[
    iss("Thermo", &thermometer::KIND, IssForm::Line),
    iss("Thermo", &thermometer::OWN, IssForm::OwnLine),
    iss("Renban", &renban::KIND, IssForm::Line),
    iss("Palindrome", &palindrome::KIND, IssForm::Line),
    iss("Between", &between::KIND, IssForm::Line),
    iss("Zipper", &zipper::KIND, IssForm::Line),
    iss("RegionSumLine", &region_sum::KIND, IssForm::Line),
    iss("DoubleArrow", &double_arrow::KIND, IssForm::Line),
    iss("Entropic", &entropic::ENTROPIC, IssForm::LineOnNine),
    iss("Modular", &entropic::MODULAR, IssForm::LineWith(3)),
    iss("Whisper", &whispers::KIND, IssForm::LineWith(5)),
    iss("Arrow", &arrow::KIND, IssForm::Arrow),
    iss("PillArrow", &arrow::KIND, IssForm::Pill),
    iss("Cage", &killer::KIND, IssForm::SumCage),
    iss("Sum", &sum::KIND, IssForm::WeightedSum),
    iss("EqualSum", &equal_sum::KIND, IssForm::Segments),
    iss("SameValues", &same_values::KIND, IssForm::Sets),
    iss("CountingCircles", &counting_circles::KIND, IssForm::Cells),
    iss("GlobalMod", &global_classes::MOD, IssForm::Flag),
    iss("GlobalEntropy", &global_classes::ENTROPY, IssForm::Flag),
    iss("Indexing", &indexer::ROW, IssForm::RowOrColumn(true)),
    iss("Indexing", &indexer::COLUMN, IssForm::RowOrColumn(false)),
    iss("AllDifferent", &extra_region::KIND, IssForm::Cells),
    iss("GreaterThan", &greater_than::KIND, IssForm::Cells),
    iss("Pair", &relation::KIND, IssForm::Relation(false)),
    iss("PairX", &relation::KIND, IssForm::Relation(true)),
    iss("WhiteDot", &difference::KIND, IssForm::Mark(None)),
    iss("BlackDot", &ratio::KIND, IssForm::Mark(None)),
    iss("X", &xv::KIND, IssForm::Mark(Some("X"))),
    iss("V", &xv::KIND, IssForm::Mark(Some("V"))),
    iss("Diagonal", &diagonal::ANTI, IssForm::FlagFor("1")),
    iss("Diagonal", &diagonal::MAIN, IssForm::FlagFor("-1")),
    iss("Diagonal", &diagonal::BOTH, IssForm::FlagsFor(&["1", "-1"])),
    iss("AntiKnight", &chess::KNIGHT, IssForm::Flag),
    iss("AntiKing", &chess::KING, IssForm::Flag),
    iss("DisjointSets", &disjoint::KIND, IssForm::Flag),
    iss(
        "AntiConsecutive",
        &nonconsecutive::KIND,
        IssForm::FlagUnspared,
    ),
    iss("StrictKropki", &nonconsecutive::KIND, IssForm::Flag),
    iss("StrictKropki", &ratio::KIND, IssForm::Negative),
    iss("StrictXV", &xv::KIND, IssForm::Negative),
    iss("Windoku", &extra_region::KIND, IssForm::Windows),
    iss("Quad", &quadruple::KIND, IssForm::Quad),
    iss("LittleKiller", &little_killer::KIND, IssForm::Diagonal),
    iss("Sandwich", &sandwich::KIND, IssForm::Before),
    iss("XSum", &xsum::KIND, IssForm::BothEnds),
    iss("Skyscraper", &skyscraper::KIND, IssForm::BothEnds),
    iss("NumberedRoom", &numbered_room::KIND, IssForm::BothEnds),
    iss("NFA", &state_machine::KIND, IssForm::Machine),
    iss("Regex", &state_machine::KIND, IssForm::Pattern),
    iss("", &parity::ODD, IssForm::Parity(1)),
    iss("", &parity::EVEN, IssForm::Parity(0)),
    iss("ContainExact", &contains::KIND, IssForm::Values(true)),
    iss("ContainAtLeast", &contains::KIND, IssForm::Values(false)),
    iss(
        "CountDistinct",
        &count_distinct::KIND,
        IssForm::CellAndCells,
    ),
    iss("LookAndSay", &contains::KIND, IssForm::CountPairs),
    iss("AntiTaxicab", &anti_taxicab::KIND, IssForm::Flag),
    iss(
        "DutchFlatmates",
        &dutch_flatmates::KIND,
        IssForm::FlagOnNine,
    ),
    iss("EqualityCage", &equality_cage::KIND, IssForm::Cells),
    iss(
        "HiddenSkyscraper",
        &hidden_skyscraper::KIND,
        IssForm::BothEnds,
    ),
    iss("Lockout", &lockout::KIND, IssForm::NumberedLine(4, false)),
    iss("Lunchbox", &lunchbox::KIND, IssForm::Cage),
    iss("RellikCage", &rellik::KIND, IssForm::Cage),
    iss("SumLine", &sum_line::KIND, IssForm::NumberedLine(10, true)),
    iss("ValueIndexing", &value_indexing::KIND, IssForm::Line),
    iss("FullRank", &full_rank::KIND, IssForm::BothEnds),
    iss("FullRankTies", &full_rank::TIES, IssForm::Word),
    iss("ChaosConstruction", &chaos::KIND, IssForm::Regions),
    iss("ChaosArrow", &chaos::ARROWS, IssForm::RegionRun),
    iss("ChaosCount", &chaos::COUNTS, IssForm::RegionCount),
    iss(
        "ConnectedValues",
        &connected_values::KIND,
        IssForm::ValueGroup,
    ),
];

/// The rule of choices among groups of rules, which ISS's `Or` composite is read into and
/// written from.
pub static CHOICES: &RuleKind = &any_of::KIND;

/// The rule of regions beyond the boxes, which a reader adds for regions it must keep beside
/// another layout (ISS's boxes beside a Jigsaw's regions).
pub static EXTRA_REGIONS: &RuleKind = &extra_region::KIND;

/// The rule of sets holding the same values, which ISS's `RegionSameValues` is read into
/// over the largest regions.
pub static SAME_VALUES: &RuleKind = &same_values::KIND;

/// The rule of sums with weights, which ISS's cages and sums over a cell listed more than
/// once are read into (the cell weighed as often as it is listed).
pub static WEIGHTED_SUMS: &RuleKind = &sum::KIND;

/// Keys whose items are not rule clues for the explanations: cages (clues of their own) and the
/// setter's pencil marks (part of the grid).
static NOT_RULE_CLUES: &[&RuleKind] = &[&killer::KIND, &killer::OWN, &pencil_marks::KIND];

/// Whether the items of `key` (or the rule it turns on) are rule clues an explanation names.
pub fn has_rule_clues(key: &str) -> bool {
    RULES.iter().any(|k| k.key == key) && !NOT_RULE_CLUES.iter().any(|k| k.key == key)
}

/// The rule SudokuPad's global rule `name` stands for.
pub fn global(name: &str) -> Option<&'static Global> {
    GLOBALS.iter().copied().find(|g| g.names.contains(&name))
}

/// The placement `generate --variant` calls `name`.
pub fn placement(name: &str) -> Option<&'static Placement> {
    PLACEMENTS.iter().copied().find(|p| p.name == name)
}

/// Keys that only describe or decorate a puzzle (f-puzzles' title, its cosmetic lines,
/// circles, rectangles and texts).
const QUIET_KEYS: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "line",
    "circle",
    "rectangle",
    "text",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "fogofwar",
    "foglight",
];

/// The rules whose meaning holds as written on a grid of values 1..m other than 1..n (ISS's
/// value ranges): sums, cages, lines and marks that name their values or compare them, and
/// areas. Every other rule is refused on such a grid, never read as if the values were 1..n.
static ANY_VALUES: &[&RuleKind] = &[
    &pencil_marks::KIND,
    &killer::KIND,
    &killer::OWN,
    &extra_region::KIND,
    &diagonal::BOTH,
    &diagonal::ANTI,
    &diagonal::MAIN,
    &chess::KING,
    &chess::KNIGHT,
    &arrow::KIND,
    &double_arrow::KIND,
    &skyscraper::KIND,
    &numbered_room::KIND,
    &sum_line::KIND,
    &difference::KIND,
    &ratio::KIND,
    &xv::KIND,
    &thermometer::KIND,
    &thermometer::OWN,
    &palindrome::KIND,
    &renban::KIND,
    &between::KIND,
    &greater_than::KIND,
    &sum::KIND,
    &equal_sum::KIND,
    &counting_circles::KIND,
    &rellik::KIND,
    &lunchbox::KIND,
    &lockout::KIND,
    &value_indexing::KIND,
    &state_machine::KIND,
    &whispers::KIND,
    &global_classes::ENTROPY,
    &global_classes::MOD,
    &quadruple::KIND,
    &dutch_flatmates::KIND,
    &same_values::KIND,
];

/// The rules read on a grid whose values are written from 0 (ISS's `Shape~9x9~0-8`): those
/// that compare values or tell them apart, which hold alike of written values and of
/// mipsolve's (one more), and those whose readers turn written values and sums into
/// mipsolve's ([`Board::total`], [`Board::value`]). Every other rule is refused there.
static FROM_ZERO: &[&RuleKind] = &[
    &pencil_marks::KIND,
    &killer::KIND,
    &extra_region::KIND,
    &diagonal::BOTH,
    &diagonal::ANTI,
    &diagonal::MAIN,
    &chess::KING,
    &chess::KNIGHT,
    &disjoint::KIND,
    &arrow::KIND,
    &sum::KIND,
    &xv::KIND,
    &difference::KIND,
    &thermometer::KIND,
    &thermometer::OWN,
    &renban::KIND,
    &greater_than::KIND,
    &whispers::KIND,
    &quadruple::KIND,
    &contains::KIND,
    &same_values::KIND,
    &ratio::KIND,
    &consecutive::KIND,
    &consecutive::NEGATIVE,
    &nonconsecutive::KIND,
    &counting_circles::KIND,
    &relation::KIND,
    &state_machine::KIND,
    &any_of::KIND,
    &region_sum::KIND,
    &equal_sum::KIND,
    &double_arrow::KIND,
    &zipper::KIND,
    &equality_cage::KIND,
    &skyscraper::KIND,
    &hidden_skyscraper::KIND,
    &little_killer::KIND,
    &sandwich::KIND,
    &xsum::KIND,
    &numbered_room::KIND,
    &lockout::KIND,
    &full_rank::KIND,
    &full_rank::TIES,
    &lunchbox::KIND,
];

/// Reads every key of `object` that is not one of `own` (the reader's own keys) through the
/// registry, onto a board of side `n` and `top` values written from `first` with `regions`.
pub fn read_rules(
    object: &Map<String, Value>,
    own: &[&'static str],
    (n, top, first): (usize, usize, u32),
    regions: &[Vec<crate::grid::Cell>],
) -> Result<Found, ParseError> {
    let board = Board {
        n,
        top,
        first,
        regions,
        object,
        read: |object, board| read_keys(object, &[], board),
    };
    read_keys(object, own, &board).map_err(ParseError::whole)
}

/// [`read_rules`] on a board.
fn read_keys(
    object: &Map<String, Value>,
    own: &[&'static str],
    board: &Board,
) -> Result<Found, Problem> {
    let board = Board { object, ..*board };
    let mut all = Found::default();
    let mut names = Vec::new();
    // A negated rule with no marks of its own still holds: its reader is given an empty list.
    let unmarked: Vec<(String, Value)> = (negated(object)?.into_iter())
        .filter(|kind| !object.contains_key(kind.key))
        .map(|kind| (kind.key.to_string(), Value::Array(Vec::new())))
        .collect();
    for (key, value) in object.iter().chain(unmarked.iter().map(|(k, v)| (k, v))) {
        if own.contains(&key.as_str()) || QUIET_KEYS.contains(&key.as_str()) {
            continue;
        }
        let place = RULES.iter().position(|kind| kind.key == key.as_str());
        let place = place.ok_or_else(|| {
            let known = (own.iter().copied()).chain(RULES.iter().map(|k| k.key));
            Problem::UnknownKey {
                key: key.clone(),
                like: closest(key, known),
            }
        })?;
        if board.first != 1 && !FROM_ZERO.iter().any(|kind| kind.key == key.as_str()) {
            return Err(Problem::In {
                place: format!("\"{key}\""),
                problem: Box::new(Problem::Link(
                    "mipsolve reads this rule on values from 1 only, not from 0".into(),
                )),
            });
        }
        if board.top != board.n && !ANY_VALUES.iter().any(|kind| kind.key == key.as_str()) {
            let (n, top) = (board.n, board.top);
            return Err(Problem::In {
                place: format!("\"{key}\""),
                problem: Box::new(Problem::Link(format!(
                    "mipsolve reads this rule on a {n}x{n} of values 1..{n} only, not 1..{top}"
                ))),
            });
        }
        // A problem the reader did not place (a flag that is not one) is placed at its key.
        let found = (RULES[place].read)(value, &board).map_err(|problem| match problem {
            Problem::In { .. } => problem,
            other => Problem::In {
                place: format!("\"{key}\""),
                problem: Box::new(other),
            },
        })?;
        all.rules.extend(found.rules);
        all.areas.extend(found.areas);
        all.cages.extend(found.cages);
        names.extend(found.names.into_iter().map(|name| (place, name)));
    }
    names.sort_by_key(|&(place, _)| place);
    for (_, name) in names {
        if !all.names.contains(&name) {
            all.names.push(name);
        }
    }
    Ok(all)
}

/// The rules named by `negative` when it is a list (f-puzzles' form), each known to have a
/// negative form; `true`/`false` (the consecutive marks' form) names none.
fn negated(object: &Map<String, Value>) -> Result<Vec<&'static RuleKind>, Problem> {
    let Some(Value::Array(list)) = object.get("negative") else {
        return Ok(Vec::new());
    };
    let known = || {
        let names: Vec<String> = NEGATABLE.iter().map(|k| format!("\"{}\"", k.key)).collect();
        names.join(", ")
    };
    let mut kinds = Vec::with_capacity(list.len());
    for item in list {
        let kind =
            (item.as_str()).and_then(|name| NEGATABLE.iter().copied().find(|k| k.key == name));
        let kind = kind.ok_or_else(|| Problem::In {
            place: "\"negative\"".into(),
            problem: Box::new(Problem::Rule(format!(
                "mipsolve knows no negative form of {}: the list may name {}",
                crate::json_values::written(item),
                known()
            ))),
        })?;
        kinds.push(kind);
    }
    Ok(kinds)
}

/// The known key nearest to `key` (at most two edits away), if any: `diagonal` for
/// `diagonals`.
fn closest<'a>(key: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let distance = |a: &str, b: &str| {
        let (a, b): (Vec<char>, Vec<char>) =
            (a.to_lowercase().chars().collect(), b.chars().collect());
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for i in 1..=a.len() {
            let mut diagonal = row[0];
            row[0] = i;
            for j in 1..=b.len() {
                let next = (row[j] + 1)
                    .min(row[j - 1] + 1)
                    .min(diagonal + usize::from(a[i - 1] != b[j - 1]));
                diagonal = row[j];
                row[j] = next;
            }
        }
        row[b.len()]
    };
    (known.map(|k| (distance(key, k), k)))
        .filter(|&(d, _)| d <= 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}
