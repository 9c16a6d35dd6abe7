//! What stops a search: a time limit, a memory limit on what the search holds (counted by
//! the search itself, its precomputed tables included), a budget of positions or of work
//! (for deterministic tests), and a cancel flag that another thread may set.
//!
//! The contract: the limits are looked at after a bounded amount of work, whatever the
//! board. Positions alone do not bound it (one position of a 150×110 room with 120 boxes
//! costs milliseconds), so a search also counts *work units* as it goes, about one cell
//! looked at by a flood fill or one entry of the matching's cost table, and looks at the
//! clock, the cancel flag and the budgets every [`CHECK_WORK`] units or [`CHECK_EVERY`]
//! positions, whichever comes first. No step between two counts does more than a few
//! million units (the largest is one matching of [`MAX_BOXES`](super::MAX_BOXES) boxes),
//! a few milliseconds. Plus the progress reports a long search hands out, and the
//! count of distinct layouts (where the boxes and enemies stand) among the positions looked
//! at: the difficulty figure that means the same for every kind of level, since it leaves
//! out where the player stands, which way they face and the clock, which the step-by-step
//! search of levels with shots and bars counts and the push search does not.

use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::crew::Crew;

/// The default memory limit of a search: 1 GiB.
pub const DEFAULT_MEMORY_BYTES: usize = 1024 * 1024 * 1024;
/// Positions searched between two looks at the clock, the cancel flag and the memory count.
pub(crate) const CHECK_EVERY: u64 = 256;
/// Work units done between two looks at the clock and the cancel flag (well under a
/// millisecond of work).
pub const CHECK_WORK: u64 = 1 << 16;
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
    /// Work units the search may do, if limited: deterministic like positions, and a bound
    /// on the cost whatever the board (see the module's header).
    pub work: Option<u64>,
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
            work: None,
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
    /// The budget of work.
    Work,
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
            Self::Work => "the work budget",
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

/// What a search on another thread needs to share one budget's terms: the limits, the
/// clock, the tables held for everyone.
#[derive(Debug, Clone)]
pub(crate) struct Terms {
    limits: Limits,
    start: Instant,
    deadline: Option<Instant>,
    held: usize,
}

/// What a budget has counted, handed back to the budget that started a crew.
pub(crate) struct Tally {
    positions: u64,
    work: u64,
    layouts: HashSet<u64, BuildHasherDefault<Prehashed>>,
}

/// The clock, counters and callback of one search, shared by its phases.
pub(crate) struct Budget<'a> {
    limits: Limits,
    start: Instant,
    deadline: Option<Instant>,
    pub(crate) positions: u64,
    /// Work units done (a `Cell`: the inner steps of a search see the budget shared).
    work: Cell<u64>,
    /// The work count at which the limits are looked at next.
    next_look: Cell<u64>,
    /// Bytes of the tables worked out before the search and held through it.
    held: usize,
    /// Hashes of the layouts of the positions looked at.
    layouts: HashSet<u64, BuildHasherDefault<Prehashed>>,
    next_report: Instant,
    progress: Option<&'a mut dyn FnMut(&Progress)>,
    /// The searches running beside this one on other threads, and this one's place.
    crew: Option<(Arc<Crew>, usize)>,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &Limits, progress: Option<&'a mut dyn FnMut(&Progress)>) -> Self {
        let start = Instant::now();
        Self {
            deadline: limits.time.map(|t| start + t),
            limits: limits.clone(),
            start,
            positions: 0,
            work: Cell::new(0),
            next_look: Cell::new(CHECK_WORK),
            held: 0,
            layouts: HashSet::default(),
            next_report: start + PROGRESS_EVERY,
            progress,
            crew: None,
        }
    }

    /// The terms a budget on another thread shares with this one.
    pub(crate) fn terms(&self) -> Terms {
        Terms {
            limits: self.limits.clone(),
            start: self.start,
            deadline: self.deadline,
            held: self.held,
        }
    }

    /// A budget for a search of `crew` at `place`, on the terms of another.
    pub(crate) fn member(terms: Terms, crew: Arc<Crew>, place: usize) -> Budget<'static> {
        Budget {
            limits: terms.limits,
            start: terms.start,
            deadline: terms.deadline,
            positions: 0,
            work: Cell::new(0),
            next_look: Cell::new(CHECK_WORK),
            held: terms.held,
            layouts: HashSet::default(),
            next_report: terms.start + PROGRESS_EVERY,
            progress: None,
            crew: Some((crew, place)),
        }
    }

    /// Joins this budget to `crew` at `place` (`None` to leave it), publishing what it has
    /// counted so far.
    pub(crate) fn join(&mut self, crew: Option<(Arc<Crew>, usize)>) {
        if let Some((crew, place)) = &crew {
            let layouts = self.layouts.capacity() * LAYOUT_SLOT_BYTES;
            crew.publish(*place, self.positions, self.work.get(), layouts);
        }
        self.crew = crew;
    }

    /// What this budget counted, to be added to another's with [`Budget::absorb`].
    pub(crate) fn tally(self) -> Tally {
        Tally {
            positions: self.positions,
            work: self.work.get(),
            layouts: self.layouts,
        }
    }

    /// Adds what a budget of a crew counted.
    pub(crate) fn absorb(&mut self, tally: Tally) {
        self.positions += tally.positions;
        self.work.set(self.work.get() + tally.work);
        self.layouts.extend(tally.layouts);
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Work units done so far.
    pub(crate) fn work(&self) -> u64 {
        self.work.get()
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

    /// Notes `bytes` of tables worked out before the search and held through it: the
    /// memory limit is smaller by that much. `Err` when they do not fit in it.
    pub(crate) fn hold(&mut self, bytes: usize) -> Result<(), Stop> {
        self.held = self.held.saturating_add(bytes);
        if self.memory_limit() == 0 {
            return Err(Stop::Memory);
        }
        Ok(())
    }

    /// Counts one position; every [`CHECK_EVERY`] positions (or [`CHECK_WORK`] units)
    /// looks at the limits, given the bytes the search holds now. `Some` when the search
    /// must stop.
    pub(crate) fn tick(&mut self, bytes: usize) -> Option<Stop> {
        self.positions += 1;
        self.work.set(self.work.get() + 1);
        if let Some((crew, place)) = &self.crew {
            let layouts = self.layouts.capacity() * LAYOUT_SLOT_BYTES;
            crew.publish(*place, self.positions, self.work.get(), bytes + layouts);
        }
        if let Some(max) = self.limits.positions
            && self.positions + self.crew_total(|c, p| c.positions(p)) > max
        {
            return Some(Stop::Positions);
        }
        if !self.positions.is_multiple_of(CHECK_EVERY) && self.work.get() < self.next_look.get() {
            return None;
        }
        self.check(bytes)
    }

    /// Counts `units` of work done inside a position; `Err` when a limit says stop (looked
    /// at every [`CHECK_WORK`] units).
    pub(crate) fn spend(&self, units: u64) -> Result<(), Stop> {
        let work = self.work.get().saturating_add(units);
        self.work.set(work);
        if work < self.next_look.get() {
            return Ok(());
        }
        match self.look() {
            Some(stop) => Err(stop),
            None => Ok(()),
        }
    }

    /// What the other searches of the crew have counted, by `count`.
    fn crew_total(&self, count: impl Fn(&Crew, usize) -> u64) -> u64 {
        self.crew
            .as_ref()
            .map_or(0, |(crew, place)| crew.others(*place, count))
    }

    /// Looks at the clock, the cancel flag, the crew's halt and the work budget.
    fn look(&self) -> Option<Stop> {
        let work = self.work.get();
        self.next_look.set(work.saturating_add(CHECK_WORK));
        if let Some((crew, place)) = &self.crew {
            crew.publish_work(*place, work);
        }
        if let Some(max) = self.limits.work
            && work + self.crew_total(|c, p| c.work(p)) > max
        {
            return Some(Stop::Work);
        }
        if let Some(flag) = &self.limits.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Some(Stop::Cancelled);
        }
        if let Some((crew, _)) = &self.crew
            && crew.halted()
        {
            return Some(Stop::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Stop::Time);
        }
        None
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
        if let Some(stop) = self.look() {
            return Some(stop);
        }
        let now = Instant::now();
        if now >= self.next_report {
            self.next_report = now + PROGRESS_EVERY;
            let report = Progress {
                positions: self.positions + self.crew_total(|c, p| c.positions(p)),
                bytes: bytes + self.held + self.crew_total(|c, p| c.bytes(p)) as usize,
                elapsed: now - self.start,
            };
            if let Some(callback) = self.progress.as_mut() {
                callback(&report);
            }
        }
        None
    }

    /// The memory a search may still hold, for a search that must check before it grows a
    /// table: the limit less what the layouts, the tables held and the other searches of
    /// the crew hold.
    pub(crate) fn memory_limit(&self) -> usize {
        let others = self.crew_total(|c, p| c.bytes(p)) as usize;
        self.limits
            .memory_bytes
            .saturating_sub(self.layouts.capacity() * LAYOUT_SLOT_BYTES)
            .saturating_sub(self.held)
            .saturating_sub(others)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units spent one at a time until a look says stop: how late the look came.
    fn units_until_stopped(budget: &Budget<'_>) -> u64 {
        let mut spent = 0;
        while budget.spend(1).is_ok() {
            spent += 1;
            assert!(spent <= 100 * CHECK_WORK, "no stop after {spent} units");
        }
        spent
    }

    #[test]
    fn a_cancel_is_seen_within_check_work_units_of_spending() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            cancel: Some(Arc::clone(&flag)),
            ..Limits::default()
        };
        let budget = Budget::new(&limits, None);
        assert_eq!(
            budget.spend(CHECK_WORK * 3 + 17),
            Ok(()),
            "nothing to stop yet"
        );
        flag.store(true, Ordering::Relaxed);
        assert!(units_until_stopped(&budget) < CHECK_WORK);
        assert_eq!(
            budget.spend(CHECK_WORK),
            Err(Stop::Cancelled),
            "the next look too"
        );
    }

    #[test]
    fn a_work_budget_counts_every_search_of_a_crew() {
        let limits = Limits {
            work: Some(10 * CHECK_WORK),
            ..Limits::default()
        };
        let mut first = Budget::new(&limits, None);
        let crew = Arc::new(Crew::new(2));
        first.join(Some((Arc::clone(&crew), 0)));
        let second = Budget::member(first.terms(), Arc::clone(&crew), 1);
        assert_eq!(first.spend(6 * CHECK_WORK), Ok(()));
        // The second sees the first's six at its next look, and stops four later.
        let spent = units_until_stopped(&second);
        assert!(
            (4 * CHECK_WORK..=5 * CHECK_WORK).contains(&spent),
            "{spent} units"
        );
        assert_eq!(
            second.spend(CHECK_WORK),
            Err(Stop::Work),
            "the next look too"
        );
    }
}
