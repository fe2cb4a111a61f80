//! The registry: one [`Kind`] entry per puzzle kind, read by the command line, the folder
//! walk and the output. Adding a kind is one module plus one line in [`KINDS`].

use super::gameid::{self, Game};
use super::{kenken, sudoku, takuzu, Parsed};
use crate::error::{ParseError, Problem};

/// Every kind, in the order help lists them.
pub static KINDS: [&Kind; 3] = [&sudoku::KIND, &kenken::KIND, &takuzu::KIND];

/// The kind of that name.
pub fn find(name: &str) -> Option<&'static Kind> {
    KINDS.iter().copied().find(|k| k.name == name)
}

/// Another kind that clearly claims `text` when `kind` does not: the text was given to the
/// wrong subcommand.
pub fn other_kind(kind: &Kind, text: &str) -> Option<&'static Kind> {
    if (kind.recognizes)(text) {
        return None;
    }
    (KINDS.iter().copied()).find(|k| k.name != kind.name && (k.recognizes)(text))
}

/// The kind of a file whose kind was not named: by its extension when only one kind reads
/// that extension, otherwise by which kind alone recognizes the content.
pub fn detect(extension: Option<&str>, text: &str) -> Result<&'static Kind, ParseError> {
    let content = |l: &&str| {
        let l = l.trim_start_matches('\u{feff}').trim();
        !l.is_empty() && !l.starts_with('#')
    };
    if !text.lines().any(|l| content(&l)) {
        return Err(ParseError::whole(Problem::NoPuzzle));
    }
    let reads = |k: &&Kind| {
        extension.is_some_and(|x| k.extensions.iter().any(|e| x.eq_ignore_ascii_case(e)))
    };
    let by_extension: Vec<&'static Kind> = KINDS.iter().copied().filter(reads).collect();
    if let [kind] = by_extension[..] {
        return Ok(kind);
    }
    let candidates = match by_extension.is_empty() {
        true => KINDS.to_vec(),
        false => by_extension,
    };
    let by_content: Vec<&'static Kind> = (candidates.iter().copied())
        .filter(|k| (k.recognizes)(text))
        .collect();
    match by_content[..] {
        [kind] => Ok(kind),
        _ => {
            let titles: Vec<String> = candidates
                .iter()
                .map(|k| format!("a {}", k.title))
                .collect();
            let names: Vec<String> = (candidates.iter())
                .map(|k| format!("mipsolve {}", k.name))
                .collect();
            Err(ParseError::whole(Problem::UnknownKind {
                kinds: one_of(&titles),
                commands: one_of(&names),
            }))
        }
    }
}

/// Whether no kind reads any puzzle in `text`: every kind finds no line that could be one.
pub fn no_puzzle(text: &str, options: &Options) -> bool {
    (KINDS.iter()).all(|k| matches!((k.parse)(text, options), Err(e) if e.is_not_a_puzzle()))
}

/// A file of game IDs of two or more games, each line read by its game's kind: the kind
/// and entry of every line, in line order; `None` for any other text.
pub fn read_each_game(
    text: &str,
    options: &Options,
) -> Option<Result<Vec<(&'static Kind, Parsed)>, ParseError>> {
    let games = gameid::games(text);
    if games.len() < 2 || gameid::first_game(text).is_none() {
        return None;
    }
    // A line that is no game ID is an error record of its own, never dropped.
    let first = KINDS.iter().copied().find(|k| k.game == Some(games[0]));
    let mut entries: Vec<(&'static Kind, Parsed)> = (gameid::id_lines(text))
        .filter(|(_, line)| gameid::game_of(line).is_none())
        .filter_map(|(line, found)| {
            let problem = Problem::NotAGameId(found.to_string());
            let entry = Parsed {
                line,
                puzzle: Err(ParseError::at(line, problem)),
            };
            first.map(|kind| (kind, entry))
        })
        .collect();
    for game in games {
        let Some(kind) = KINDS.iter().copied().find(|k| k.game == Some(game)) else {
            continue;
        };
        match (kind.parse)(&gameid::only_game(text, game), options) {
            Ok(parsed) => entries.extend(parsed.into_iter().map(|e| (kind, e))),
            Err(e) => return Some(Err(e)),
        }
    }
    entries.sort_by_key(|(_, e)| e.line);
    Some(Ok(entries))
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Reads `text` as `kind`, refusing text that is clearly of another kind.
pub fn read(kind: &Kind, text: &str, options: &Options) -> Result<Vec<Parsed>, ParseError> {
    if let Some(other) = other_kind(kind, text) {
        let (title, name) = (other.title, other.name);
        return Err(ParseError::whole(Problem::OtherKind { title, name }));
    }
    (kind.parse)(text, options)
}

/// A puzzle kind: its name, files, options and reader.
pub struct Kind {
    /// The subcommand and the JSON `kind` field.
    pub name: &'static str,
    /// The name in sentences, e.g. `KenKen`.
    pub title: &'static str,
    /// One line for help.
    pub about: &'static str,
    /// File extensions a folder walk picks up (lower case, no dot).
    pub extensions: &'static [&'static str],
    /// The kind's own command-line options.
    pub options: &'static [OptionSpec],
    /// Whether text is clearly of this kind (and of no other), e.g. JSON for KenKen.
    pub recognizes: fn(&str) -> bool,
    /// Reads a file's text into its puzzles, with the kind's option values.
    pub parse: fn(&str, &Options) -> Result<Vec<Parsed>, ParseError>,
    /// Simon Tatham's game whose IDs the kind reads, if any.
    pub game: Option<Game>,
}

/// A kind's own command-line option `--NAME`, declared as data.
pub struct OptionSpec {
    /// The long name, without dashes.
    pub name: &'static str,
    /// One line for help.
    pub help: &'static str,
    /// What the option takes.
    pub value: OptionValue,
    /// Whether `generate` takes it too, for the puzzles it makes (a shape, a rule switched off).
    pub generates: bool,
}

/// What an option takes, and the one parser that writes it into [`Options`].
pub enum OptionValue {
    /// Nothing: a switch, which `set` turns on.
    Flag {
        /// Records the switch.
        set: fn(&mut Options),
    },
    /// One of several words, each with its help line; the first is the default.
    Choice {
        /// The value's name in help, e.g. `CAGES`.
        placeholder: &'static str,
        /// The words, each with its help line.
        choices: &'static [(&'static str, &'static str)],
        /// Records the word chosen (one of `choices`).
        set: fn(&mut Options, &str),
    },
    /// A value named `placeholder` in help.
    Value {
        /// The value's name in help, e.g. `RxC`.
        placeholder: &'static str,
        /// Parses the value into its field, or says what is wrong with it.
        set: fn(&mut Options, &str) -> Result<(), ValueError>,
    },
}

/// An option's value that does not read: what was expected, and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}, found '{found}'")]
pub struct ValueError {
    /// What the option takes, e.g. `ROWSxCOLS such as 2x3`.
    pub expected: &'static str,
    /// The value given.
    pub found: String,
}

/// The options as the user gave them, each parsed once into its type by its own
/// [`OptionSpec`]: each kind's own, and those of reading; `None` or `false` where not given,
/// and the kind applies its default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Sudoku's options.
    pub sudoku: sudoku::SudokuOptions,
    /// KenKen's options.
    pub kenken: kenken::KenKenOptions,
    /// Takuzu's options.
    pub takuzu: takuzu::TakuzuOptions,
    /// `--grid`: read grids only.
    pub grid: bool,
    /// `--line`: read one-line puzzles only.
    pub line: bool,
    /// Givens that clash (a digit twice in a row) are read, not refused: `--repair`,
    /// `--explain` and `--audit` are asked what to do about them.
    pub keep_clashing_givens: bool,
}

impl Options {
    /// No options: every kind's defaults.
    pub fn new() -> Self {
        Options::default()
    }
}
