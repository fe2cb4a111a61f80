//! A wall-clock deadline that every stage of a solve checks: reductions, model building and
//! the solver.

use std::time::{Duration, Instant};

/// The moment a puzzle's time runs out, if it has a limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No limit.
    pub fn none() -> Self {
        Deadline(None)
    }

    /// `limit` from now, or no limit.
    pub fn after(limit: Option<Duration>) -> Self {
        Deadline(limit.map(|t| Instant::now() + t))
    }

    /// Whether the time has run out.
    pub fn passed(&self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the time runs out within `span` from now.
    pub fn passes_within(&self, span: Duration) -> bool {
        self.0.is_some_and(|d| Instant::now() + span >= d)
    }

    /// The time left, if there is a limit.
    pub fn remaining(&self) -> Option<Duration> {
        self.0.map(|d| d.saturating_duration_since(Instant::now()))
    }
}
