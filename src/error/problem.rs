//! Every kind of input error, each with its message.

use thiserror::Error;

use super::{ParseError, Violation};
use crate::grid::Cell;

/// What is wrong with an input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Problem {
    /// An option value the kind cannot use.
    #[error("--{name}: {message}")]
    Option {
        /// The option's name.
        name: &'static str,
        /// What is wrong with its value.
        message: String,
    },
    /// Nothing but blank and comment lines.
    #[error("no puzzle found")]
    NoPuzzle,
    /// Text in which no line could be part of a puzzle of the kind (prose, say).
    #[error("no {title} found: {expected}")]
    NotAPuzzle {
        /// The kind's display name.
        title: &'static str,
        /// What its puzzles look like.
        expected: &'static str,
    },
    /// A row with the wrong number of cells.
    #[error("expected {expected} cells, found {found}")]
    CellCount {
        /// Cells the row should have.
        expected: usize,
        /// Cells it has.
        found: usize,
    },
    /// A grid with the wrong number of rows.
    #[error("expected {expected} rows, found {found}")]
    RowCount {
        /// Rows the grid should have.
        expected: usize,
        /// Rows it has.
        found: usize,
    },
    /// A one-line puzzle whose length is not a square.
    #[error("a one-line puzzle needs n*n cells (16, 36, 64, 81, ... 1225), found {0}")]
    LineLength(usize),
    /// A character that is no cell, with what cells may be.
    #[error("unexpected character '{ch}' ({expected})")]
    Symbol {
        /// The character.
        ch: char,
        /// What the kind accepts.
        expected: &'static str,
    },
    /// Compact cells that two alphabets read differently.
    #[error("the symbols fit both 1-9A-Z and A-Z; say which with --alphabet")]
    AmbiguousAlphabet,
    /// Text that reads both as grids and as one-line puzzles, validly.
    #[error("this reads as {} and as {lines} one-line puzzles; say which with --grid or --line", match grids { 1 => "one grid".to_string(), n => format!("{n} grids") })]
    AmbiguousReading {
        /// Grids in the grid reading.
        grids: usize,
        /// Puzzles in the line reading.
        lines: usize,
    },
    /// A one-line Takuzu whose length is not a square.
    #[error("a one-line puzzle needs n*n cells (16, 36, 64, ... 4096), found {0}")]
    TakuzuLineLength(usize),
    /// A line longer than any row or one-line puzzle can be.
    #[error("the line has {len} characters, more than any puzzle line ({max})")]
    LongLine {
        /// Its length in bytes.
        len: usize,
        /// The most a line may have.
        max: usize,
    },
    /// A one-line puzzle past the line form's largest size.
    #[error("a one-line puzzle of {0}x{0}: one-line puzzles go up to 35x35; use the grid form")]
    LineTooLong(usize),
    /// A file whose kind neither its extension nor its content tells.
    #[error("cannot tell whether this is {kinds}; name the kind: {commands}")]
    UnknownKind {
        /// The kinds it might be.
        kinds: String,
        /// Their subcommands.
        commands: String,
    },
    /// Text that is clearly of another kind.
    #[error("this looks like a {title}; try mipsolve {name}")]
    OtherKind {
        /// The kind's display name.
        title: &'static str,
        /// Its subcommand.
        name: &'static str,
    },
    /// A token that is no cell.
    #[error("unexpected cell '{0}'")]
    Token(String),
    /// A value outside 1..=n.
    #[error("value {token} is out of range 1..{max}")]
    ValueOutOfRange {
        /// The value as written.
        token: String,
        /// The largest value.
        max: usize,
    },
    /// A size the kind does not support.
    #[error("size {size} is not supported ({min} to {max})")]
    Size {
        /// The size found.
        size: usize,
        /// The smallest supported size.
        min: usize,
        /// The largest supported size.
        max: usize,
    },
    /// A box shape that does not tile the grid.
    #[error("box {rows}x{cols} does not fit size {size} ({rows}*{cols} != {size})")]
    BoxShape {
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
        /// Grid side.
        size: usize,
    },
    /// A Sudoku side with no rectangular box.
    #[error("size {0} has no box shape ({0} is prime)")]
    PrimeSize(usize),
    /// A side that must be even.
    #[error("{count} {what}: the number of {what} must be even")]
    OddSide {
        /// The count found.
        count: usize,
        /// `rows` or `columns`.
        what: &'static str,
    },
    /// A side over the limit.
    #[error("{count} {what}: at most {max} are supported")]
    SideTooLarge {
        /// The count found.
        count: usize,
        /// `rows` or `columns`.
        what: &'static str,
        /// The limit.
        max: usize,
    },
    /// The givens already break a rule.
    #[error("{0}")]
    Givens(Box<Violation>),
    /// JSON that does not parse or has the wrong shape (serde's message).
    #[error("{0}")]
    Json(String),
    /// A cage without a key it needs.
    #[error("the cage has no \"{0}\"")]
    MissingKey(&'static str),
    /// An op the tool does not know.
    #[error("unknown op \"{0}\" (expected + - * / = ?)")]
    UnknownOp(String),
    /// A target that is not a positive integer.
    #[error("the target must be a positive integer below 2^64")]
    Target,
    /// An op used with the wrong number of cells.
    #[error("\"{op}\" needs exactly {expected} {}, found {found}", if *.expected == 1 { "cell" } else { "cells" })]
    CageSize {
        /// The op's symbol.
        op: &'static str,
        /// Cells it needs.
        expected: usize,
        /// Cells the cage has.
        found: usize,
    },
    /// A cage without cells.
    #[error("the cage has no cells")]
    EmptyCage,
    /// A cage cell outside the grid (as written, 1-based).
    #[error("cell [{row},{col}] is outside the {size}x{size} grid")]
    CellOutside {
        /// Row as written.
        row: i64,
        /// Column as written.
        col: i64,
        /// Grid side.
        size: usize,
    },
    /// A cell listed twice in one cage.
    #[error("cell [{}] is listed twice", one_based(*.0))]
    CellTwice(Cell),
    /// A cell in two cages.
    #[error("cell [{}] is also in cage {}", one_based(*.cell), .other + 1)]
    CellInTwoCages {
        /// The cell.
        cell: Cell,
        /// The other cage, 0-based.
        other: usize,
    },
    /// A number that is none.
    #[error("the {what} must be a whole number, found {found}")]
    NotANumber {
        /// What the number is.
        what: &'static str,
        /// What was written.
        found: String,
    },
    /// A cage cell that is not `[row, col]`.
    #[error("cell {0} is not [row, col]")]
    NotACell(String),
    /// A cage that no values can meet on its own.
    #[error("no values 1..{0} can meet this cage")]
    CageUnmeetable(usize),
    /// Several errors in one puzzle, each on its own line.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Many(Vec<ParseError>),
    /// A problem in one part of a structured input, such as `givens row 3`.
    #[error("{place}: {problem}")]
    In {
        /// Where, e.g. `givens row 3`.
        place: String,
        /// What is wrong there.
        problem: Box<Problem>,
    },
    /// A region of the wrong size.
    #[error("region {label} has {cells} cells, not {size}")]
    RegionSize {
        /// The region's label.
        label: String,
        /// Its cells.
        cells: usize,
        /// The side of the grid.
        size: usize,
    },
    /// A game ID that does not decode, at a 1-based character position.
    #[error("game ID, character {position}: {message}")]
    GameId {
        /// Where in the ID.
        position: usize,
        /// What is wrong there.
        message: String,
    },
    /// A line among game IDs that is none.
    #[error("expected a game ID of Solo, Keen or Unruly (PARAMS:DESC), found '{}'", .0.escape_debug())]
    NotAGameId(String),
    /// A game ID of another game.
    #[error("this is {} {game} game ID; {game} puzzles are {title}s: try mipsolve {name}", if game.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" })]
    OtherGame {
        /// The game.
        game: &'static str,
        /// The kind it is.
        title: &'static str,
        /// Its subcommand.
        name: &'static str,
    },
    /// Cages covering the whole grid whose sums do not total what its rows hold.
    #[error("the cages cover every cell, so their sums must total {expected} (each of the {n} rows holds 1 to {n}), but they total {found}: a cage sum is wrong")]
    CageTotal {
        /// The grid's side.
        n: usize,
        /// The sums' total.
        found: u128,
        /// What the rows hold in all.
        expected: u128,
    },
    /// A cell outside every cage.
    #[error("cell [{}] is in no cage", one_based(*.0))]
    CellInNoCage(Cell),
    /// Two cells a rule joins that are not next to each other as it needs.
    #[error("cells [{}] and [{}] are not {how}", one_based(*.first), one_based(*.second))]
    NotNext {
        /// The first cell.
        first: Cell,
        /// The second cell.
        second: Cell,
        /// How they must touch: `side by side`, or `neighbours` (diagonals too).
        how: &'static str,
    },
    /// A grid with spaces or `-` as blanks whose row is not n characters long.
    #[error("this grid writes blanks as spaces or '-', so each of its {n} rows needs exactly {n} characters, found {found}: write blanks as '.'")]
    PastedBlanks {
        /// The side of the grid (its number of rows).
        n: usize,
        /// The characters of this row.
        found: usize,
    },
    /// A key the reader does not know: a rule solved without would be a wrong answer.
    #[error("unknown key \"{key}\": {}", match like { Some(like) => format!("did you mean \"{like}\"?"), None => "mipsolve does not know this rule, so it cannot solve the puzzle with it".into() })]
    UnknownKey {
        /// The key.
        key: String,
        /// The known key it is nearest to.
        like: Option<&'static str>,
    },
    /// A variant rule's item that is not as the rule needs.
    #[error("{0}")]
    Rule(String),
    /// A clue no grid can keep (a cage's sum out of its cells' reach): an error in a puzzle,
    /// an option that never holds inside a choice.
    #[error("{0}")]
    NeverHolds(String),
    /// An f-puzzles or SudokuPad link or string that cannot be read.
    #[error("{0}")]
    Link(String),
    /// What is wrong in the bar-code form (a header, a given or a bar code).
    #[error("{0}")]
    BarForm(String),
}

impl From<Violation> for Problem {
    fn from(violation: Violation) -> Self {
        Problem::Givens(Box::new(violation))
    }
}

/// `r,c` 1-based, as cells are written in JSON.
fn one_based((r, c): Cell) -> String {
    format!("{},{}", r + 1, c + 1)
}
