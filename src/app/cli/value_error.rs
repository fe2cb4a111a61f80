//! What is wrong with an option's value that does not read, as clap shows it after the option.

/// The longest time limit, in seconds (about 31 years).
pub(super) const MAX_SECONDS: f64 = 1e9;

/// An option's value that does not read.
#[derive(Debug, thiserror::Error)]
pub(super) enum ArgValueError {
    /// `--time-limit` that is no positive number.
    #[error("expected a positive number of seconds, found '{0}'")]
    Seconds(String),
    /// `--time-limit` past [`MAX_SECONDS`].
    #[error("at most {max:.0} seconds (about 31 years), found '{0}'", max = MAX_SECONDS)]
    TooLong(String),
    /// A range that is not `MIN..MAX`.
    #[error("expected MIN..MAX such as 22..26, found '{0}'")]
    Range(String),
    /// A range that runs backwards.
    #[error("MIN is more than MAX in '{0}'")]
    Backwards(String),
    /// A symbol that is no KenKen operator.
    #[error("'{0}' is no operator: use + - * /")]
    Operator(char),
    /// An empty list of operators.
    #[error("no operator given: use some of + - * /")]
    NoOperator,
    /// A Takuzu size that is not `RxC` with even sides from 4 to 64.
    #[error("expected even sides from 4 to 64 such as 10x10, found '{0}'")]
    TakuzuSize(String),
}
