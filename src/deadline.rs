//! A wall-clock deadline that every stage of a solve checks: reductions, model building and
//! the solver; a job that can be canceled (a server's) also ends when it is.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The moment a puzzle's time runs out, if it has a limit, and the job it belongs to, if it
/// can be canceled.
#[derive(Debug, Clone, Copy, Default)]
pub struct Deadline {
    at: Option<Instant>,
    job: Option<Job>,
}

/// A job that ends once `current` no longer holds its number (a newer job or a cancel moved
/// it on).
#[derive(Debug, Clone, Copy)]
struct Job {
    current: &'static AtomicU64,
    number: u64,
}

impl Deadline {
    /// No limit.
    pub fn none() -> Self {
        Deadline::default()
    }

    /// `limit` from now, or no limit.
    pub fn after(limit: Option<Duration>) -> Self {
        Deadline {
            at: limit.map(|t| Instant::now() + t),
            job: None,
        }
    }

    /// The same deadline for job `number`, which ends as soon as `current` moves past it.
    pub fn for_job(self, current: &'static AtomicU64, number: u64) -> Self {
        Deadline {
            job: Some(Job { current, number }),
            ..self
        }
    }

    /// Whether it can pass: a time limit, or a job that can be canceled.
    pub fn bounded(&self) -> bool {
        self.at.is_some() || self.job.is_some()
    }

    /// Whether the job was canceled.
    pub fn canceled(&self) -> bool {
        self.job
            .is_some_and(|j| j.current.load(Ordering::Relaxed) != j.number)
    }

    /// Whether the time has run out (or the job was canceled).
    pub fn passed(&self) -> bool {
        self.canceled() || self.at.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the time runs out within `span` from now.
    pub fn passes_within(&self, span: Duration) -> bool {
        self.canceled() || self.at.is_some_and(|d| Instant::now() + span >= d)
    }

    /// The time left, if there is a limit.
    pub fn remaining(&self) -> Option<Duration> {
        self.at.map(|d| d.saturating_duration_since(Instant::now()))
    }
}
