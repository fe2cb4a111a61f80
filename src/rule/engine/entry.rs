//! What a kind declares for the registry: its entry (the key it is read under and its
//! reader), how the generator places it, which of SudokuPad's global rules stand for it, and
//! how an Interactive Sudoku Solver type becomes its keys.

use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};

use super::reading::{Board, Found};
use crate::error::Problem;
use crate::grid::Grid;

/// A rule as the readers know it: the key it is written under and how it is read.
pub struct RuleKind {
    /// The key in f-puzzles JSON and in mipsolve's variant JSON, e.g. `arrow`.
    pub key: &'static str,
    /// Reads the key's value onto the board.
    pub read: fn(&Value, &Board) -> Result<Found, Problem>,
}

impl RuleKind {
    /// The entry of `key`, read by `read`.
    pub const fn new(
        key: &'static str,
        read: fn(&Value, &Board) -> Result<Found, Problem>,
    ) -> Self {
        RuleKind { key, read }
    }
}

/// How `generate --variant NAME` puts a rule on the puzzles it makes: as keys of the
/// puzzle's rules, added before the values are drawn (a rule the values must obey) or read off
/// the drawn solution (clues such as cages and marks).
pub struct Placement {
    /// The variant's name on the command line, e.g. `killer`.
    pub name: &'static str,
    /// What the name means, for `--help`.
    pub about: &'static str,
    /// Adds the keys the values must obey, before they are drawn.
    pub fixed: Option<fn(&mut Keys)>,
    /// Adds the clues read off the drawn solution.
    pub drawn: Option<fn(&Grid, &mut ChaCha8Rng, &mut Keys)>,
}

/// A puzzle's rules as keyed data (the variant JSON's keys beside its layout).
pub type Keys = Map<String, Value>;

/// A rule SudokuPad names in a puzzle's `global` list (SudokuPad draws every other rule),
/// and the keys of ours it stands for.
pub struct Global {
    /// SudokuPad's names for the rule, e.g. `antiknight`.
    pub names: &'static [&'static str],
    /// Adds the rule's keys.
    pub keys: fn(&mut Keys),
}

impl Global {
    /// SudokuPad's `names` for the rule whose keys `keys` adds.
    pub const fn new(names: &'static [&'static str], keys: fn(&mut Keys)) -> Self {
        Global { names, keys }
    }
}

/// Adds `key: true`: a rule that is on or off.
pub fn set_flag(keys: &mut Keys, key: &str) {
    keys.insert(key.into(), Value::Bool(true));
}

/// Adds the negative form of the dot rule `key` (`negative: ["ratio"]`), with `key` present
/// for its reader.
pub fn set_negative(keys: &mut Keys, key: &str) {
    keys.entry(key).or_insert_with(|| Value::Array(Vec::new()));
    let list = keys
        .entry("negative")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(names) = list {
        names.push(Value::from(key));
    }
}

/// How the arguments of an Interactive Sudoku Solver type become a rule's keys (the ISS
/// reader writes them; the registry says which rule each type is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssForm {
    /// `Type~cell~cell...`: a line.
    Line,
    /// A line, on a 9x9 only (ISS's classes are those of 1-9).
    LineOnNine,
    /// `Type~[number]~cells`: a line with its number as `"value"` (a whisper's difference, a
    /// modular line's modulus), this one when left out.
    LineWith(i64),
    /// `Type~number~cells`: a line with its number as `"value"`, which ISS always writes
    /// (this one when an item has none); with `true`, `~LOOP` may end it: `"loop": true` (its
    /// last cell runs on into its first).
    NumberedLine(i64, bool),
    /// `Type` on a 9x9 only (ISS's rule is for values 1-9): the rule on.
    FlagOnNine,
    /// `Type~clue~cells`: the clue as (count, value) digit pairs (`1223`: one 2, two 3s; a
    /// count of 0: the value is absent), held exactly, as `"values"` and `"absent"`.
    CountPairs,
    /// `Type~cells`: the first cell a circle, the line from it.
    Arrow,
    /// `Type~cells`: the cells, as one item's `"cells"`.
    Cells,
    /// `Type~sum~cells` or `Type~sum_=_w1_w2...~cells`: the cells' `"value"`, with their
    /// `"weights"` when given.
    WeightedSum,
    /// `Type~cells~-~cells...`: segments of cells, split at `-`.
    Segments,
    /// `Type~k~cells`: the cells in `k` sets of one size, in order.
    Sets,
    /// `Type~R|C~cells`: the cells, when the first argument is `R` (`true`) or, as ISS reads
    /// it, anything else (`false`).
    RowOrColumn(bool),
    /// `Type~key~_name~cells~~cells...`: ISS's relation key (its allowed pairs) over groups of
    /// cells, each named or split off by an empty argument; pairs in a row, or (`true`) every
    /// pair of a group.
    Relation(bool),
    /// `Type~code~_name~cells~-~cells~~cells...`: ISS's encoded automaton over groups of
    /// cells (each named or split off by an empty argument), a group's segments split at `-`.
    Machine,
    /// `Type~pattern~cells~~cells...`: ISS's regular expression (base64, or percent-encoded
    /// in older strings) over groups of cells split off by an empty argument.
    Pattern,
    /// `Type~v1_v2...~cells`: the values the cells hold, listed with repeats, at least or
    /// (`true`) exactly as often as listed.
    Values(bool),
    /// `Type~cell~cells`: a cell (`"cell"`) and the cells it speaks of (`"cells"`).
    CellAndCells,
    /// Written only, as given candidates (`.~R1C1_1_3_5`): a cell (`"cell"`) holding a value
    /// of this remainder mod 2.
    Parity(i64),
    /// `Type~size~cells`: the first `size` cells a pill, read in reading order.
    Pill,
    /// `Type~sum~cells`: a cage (no sum when empty or 0).
    Cage,
    /// `Type~sum~cells`: a sum cage as [`IssForm::Cage`]; a cell listed more than once (as ISS
    /// allows) makes it an extra region of its cells and a sum weighing the cell as often.
    SumCage,
    /// `Type~cell~cell`: a mark between two cells, with this `value` (X, V) if any.
    Mark(Option<&'static str>),
    /// `Type`: the rule on.
    Flag,
    /// `Type~word`: the rule's key set to the word (a mode).
    Word,
    /// `Type~direction`: the rule on, for this direction.
    FlagFor(&'static str),
    /// Written only: `Type~cells` for each item that is a list of cells (mipsolve's own
    /// form of a line).
    OwnLine,
    /// Written only: `Type~direction` once for each direction (the rule is theirs together).
    FlagsFor(&'static [&'static str]),
    /// `Type`: the rule on, which ISS applies beside marks too (f-puzzles spares them).
    FlagUnspared,
    /// `Type`: the rule's negative form.
    Negative,
    /// `Type` (9x9): the four windows as regions.
    Windows,
    /// `Type~top-left cell~values`: a 2x2 square's values.
    Quad,
    /// `Type~sum~first cell`: the sum along a diagonal.
    Diagonal,
    /// `Type~sum~R1|C1`: a clue before a row or column.
    Before,
    /// `Type~R1|C1~front~back`: clues before and after a row or column.
    BothEnds,
    /// `Type`: the rule on, with regions of ISS's region size (`RegionSize`) when it is not
    /// the number of values.
    Regions,
    /// `Type~cell~offset~arm~-~arm...`: a cell, 0 or 1, and arms of region cells (`CC1` for
    /// the first cell's; grid cells too) from one cell; a cell alone: the four arms from it to
    /// the grid's edges.
    RegionRun,
    /// `Type~cell~offset~cells`: a cell, 0 or 1, and region cells; a cell alone: it and its
    /// eight neighbours.
    RegionCount,
    /// `Type~group~v1_v2...~size`: values (and a size if given) over the grid, the group left
    /// empty (a group of extra cells is not read).
    ValueGroup,
}

/// An Interactive Sudoku Solver type and the rule it is.
pub struct IssType {
    /// ISS's name, e.g. `Thermo`.
    pub name: &'static str,
    /// The rule.
    pub kind: &'static RuleKind,
    /// How its arguments read.
    pub form: IssForm,
}
