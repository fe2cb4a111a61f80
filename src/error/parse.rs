//! What is wrong with an input, where: the line and the cage it concerns.

use std::fmt;

use thiserror::Error;

use super::Problem;

/// An input error: what is wrong, the 1-based line it shows on, and the cage it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ParseError {
    /// The 1-based line of the input, when there is one.
    pub line: Option<usize>,
    /// The cage the problem is in, when it is about one cage.
    pub cage: Option<Box<CageLabel>>,
    /// What is wrong.
    pub problem: Problem,
}

impl ParseError {
    /// An error at a 1-based line.
    pub fn at(line: usize, problem: Problem) -> Self {
        ParseError {
            line: Some(line),
            cage: None,
            problem,
        }
    }

    /// An error about the whole input.
    pub fn whole(problem: Problem) -> Self {
        ParseError {
            line: None,
            cage: None,
            problem,
        }
    }

    /// An error in one cage.
    pub fn in_cage(cage: CageLabel, problem: Problem) -> Self {
        ParseError {
            line: None,
            cage: Some(Box::new(cage)),
            problem,
        }
    }

    /// The one-line message `FILE:LINE: what is wrong` (or `FILE: ...` without a line); one
    /// line per error when there are several.
    pub fn in_file(&self, file: &str) -> String {
        if let Problem::Many(errors) = &self.problem {
            let lines: Vec<String> = errors.iter().map(|e| e.in_file(file)).collect();
            return lines.join("\n");
        }
        match self.line {
            Some(line) => format!("{file}:{line}: {}", self.describe()),
            None => format!("{file}: {}", self.describe()),
        }
    }

    /// The same error with its lines (and those of the errors it holds) `lines` further on:
    /// an error in a shard of a larger file, at that file's line.
    pub fn shifted(mut self, lines: usize) -> ParseError {
        self.line = self.line.map(|l| l + lines);
        if let Problem::Many(errors) = &mut self.problem {
            for e in errors.iter_mut() {
                *e = e.clone().shifted(lines);
            }
        }
        self
    }

    /// Whether the text holds no puzzle of the kind at all (prose, say), rather than a
    /// malformed one.
    pub fn is_not_a_puzzle(&self) -> bool {
        matches!(self.problem, Problem::NotAPuzzle { .. })
    }

    /// The cage (if any) and the problem, without the line.
    fn describe(&self) -> String {
        match &self.cage {
            Some(cage) => format!("{cage}: {}", self.problem),
            None => self.problem.to_string(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{line}: {}", self.describe()),
            None => f.write_str(&self.describe()),
        }
    }
}

/// A cage as the input wrote it: its 1-based number and its rule (`op "+", target 11` or
/// `sum 15`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CageLabel {
    /// 1-based position in the input.
    pub number: usize,
    /// The rule as written.
    pub rule: String,
}

impl fmt::Display for CageLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cage {} ({})", self.number, self.rule)
    }
}
