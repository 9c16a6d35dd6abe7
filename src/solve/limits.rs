//! What stops a search: a time limit, a memory limit on what the search holds (counted by
//! the search itself), a budget of positions (for deterministic tests), and a cancel flag
//! that another thread may set. Plus the progress reports a long search hands out.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The default memory limit of a search: 1 GiB.
pub const DEFAULT_MEMORY_BYTES: usize = 1024 * 1024 * 1024;
/// Positions searched between two looks at the clock, the cancel flag and the memory count.
pub(crate) const CHECK_EVERY: u64 = 256;
/// How often progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The limits a search runs within; the first one reached ends it.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Wall-clock time, if limited.
    pub time: Option<Duration>,
    /// Bytes the search may hold in its tables and queues.
    pub memory_bytes: usize,
    /// Positions the search may look at, if limited (deterministic, for tests and hints).
    pub positions: Option<u64>,
    /// Set from any thread to stop the search as soon as it next looks.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    /// No time or position limit, [`DEFAULT_MEMORY_BYTES`], no cancel flag.
    fn default() -> Self {
        Self {
            time: None,
            memory_bytes: DEFAULT_MEMORY_BYTES,
            positions: None,
            cancel: None,
        }
    }
}

impl Limits {
    /// Limits of `positions` positions and nothing else (what tests use).
    #[must_use]
    pub fn positions(positions: u64) -> Self {
        Self {
            positions: Some(positions),
            ..Self::default()
        }
    }
}

/// Which limit ended a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The time limit.
    Time,
    /// The memory limit.
    Memory,
    /// The budget of positions.
    Positions,
    /// The cancel flag.
    Cancelled,
}

impl Stop {
    /// What ended it, in a few words.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::Time => "the time limit",
            Self::Memory => "the memory limit",
            Self::Positions => "the position budget",
            Self::Cancelled => "a cancel",
        }
    }
}

/// How far a search has got, handed to the progress callback about four times a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Positions looked at so far.
    pub positions: u64,
    /// Bytes held by the search.
    pub bytes: usize,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The clock, counters and callback of one search, shared by its phases.
pub(crate) struct Budget<'a> {
    limits: Limits,
    start: Instant,
    deadline: Option<Instant>,
    pub(crate) positions: u64,
    next_report: Instant,
    progress: Option<&'a mut dyn FnMut(&Progress)>,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &Limits, progress: Option<&'a mut dyn FnMut(&Progress)>) -> Self {
        let start = Instant::now();
        Self {
            deadline: limits.time.map(|t| start + t),
            limits: limits.clone(),
            start,
            positions: 0,
            next_report: start + PROGRESS_EVERY,
            progress,
        }
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The time left, if limited.
    pub(crate) fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// A budget that ends no later than `share` of the time left (for a first phase).
    pub(crate) fn cap_time(&mut self, share: f64) -> Option<Instant> {
        let old = self.deadline;
        if let Some(left) = self.remaining() {
            self.deadline = Some(Instant::now() + left.mul_f64(share));
        }
        old
    }

    /// Puts back a deadline taken away by [`Budget::cap_time`].
    pub(crate) fn restore_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Counts one position; every [`CHECK_EVERY`] positions looks at the limits, given the
    /// bytes the search holds now. `Some` when the search must stop.
    pub(crate) fn tick(&mut self, bytes: usize) -> Option<Stop> {
        self.positions += 1;
        if let Some(max) = self.limits.positions
            && self.positions > max
        {
            return Some(Stop::Positions);
        }
        if !self.positions.is_multiple_of(CHECK_EVERY) {
            return None;
        }
        self.check(bytes)
    }

    /// Looks at every limit but the position budget now.
    pub(crate) fn check(&mut self, bytes: usize) -> Option<Stop> {
        if bytes > self.limits.memory_bytes {
            return Some(Stop::Memory);
        }
        if let Some(flag) = &self.limits.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Some(Stop::Cancelled);
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return Some(Stop::Time);
        }
        if now >= self.next_report {
            self.next_report = now + PROGRESS_EVERY;
            let report = Progress {
                positions: self.positions,
                bytes,
                elapsed: now - self.start,
            };
            if let Some(callback) = self.progress.as_mut() {
                callback(&report);
            }
        }
        None
    }

    /// The memory limit, for a search that must check before it grows a table.
    pub(crate) fn memory_limit(&self) -> usize {
        self.limits.memory_bytes
    }
}
