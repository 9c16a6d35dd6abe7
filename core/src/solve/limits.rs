//! What stops a search: a time limit, a memory limit on what the search holds (counted by
//! the search itself), a budget of positions (for deterministic tests), and a cancel flag
//! that another thread may set. Plus the progress reports a long search hands out, and the
//! count of distinct layouts (where the boxes and enemies stand) among the positions looked
//! at: the difficulty figure that means the same for every kind of level, since it leaves
//! out where the player stands, which way they face and the clock, which the step-by-step
//! search of levels with shots and bars counts and the push search does not.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
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

/// A hasher for keys that are hashes already.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Bytes a set of layouts holds per slot (the hash and its control byte).
const LAYOUT_SLOT_BYTES: usize = std::mem::size_of::<u64>() + 1;

/// The clock, counters and callback of one search, shared by its phases.
pub(crate) struct Budget<'a> {
    limits: Limits,
    start: Instant,
    deadline: Option<Instant>,
    pub(crate) positions: u64,
    /// Hashes of the layouts of the positions looked at.
    layouts: HashSet<u64, BuildHasherDefault<Prehashed>>,
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
            layouts: HashSet::default(),
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

    /// Notes the layout of the position just counted: `words` are where its boxes (and
    /// enemies) stand, packed the same way for every position of one search.
    pub(crate) fn layout(&mut self, words: &[u64]) {
        // SplitMix64's finaliser over the words: a well-spread 64-bit hash.
        let mut h = 0x9e37_79b9_7f4a_7c15_u64 ^ words.len() as u64;
        for &w in words {
            h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h = (h ^ (h >> 31)).wrapping_mul(0x94d0_49bb_1331_11eb);
        }
        self.layouts.insert(h ^ (h >> 29));
    }

    /// Distinct layouts noted so far.
    pub(crate) fn layouts(&self) -> u64 {
        self.layouts.len() as u64
    }

    /// Looks at every limit but the position budget now.
    pub(crate) fn check(&mut self, bytes: usize) -> Option<Stop> {
        if bytes > self.memory_limit() {
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

    /// The memory a search may still hold, for a search that must check before it grows a
    /// table: the limit less what the layouts hold.
    pub(crate) fn memory_limit(&self) -> usize {
        self.limits
            .memory_bytes
            .saturating_sub(self.layouts.capacity() * LAYOUT_SLOT_BYTES)
    }
}
