//! Searches of one portfolio run at once, one thread each, within one budget: each has a
//! budget of its own on the shared terms (the limits, the clock, the tables held), and
//! publishes what it has counted and holds, so that the position and work budgets count
//! every search and the memory limit holds for all of them together. The first search
//! whose ending settles the question halts the others, which stop at their next look at
//! the limits (after a bounded amount of work, as for a cancel).
//!
//! Memory: each search publishes its bytes as it counts a position and checks the others'
//! before it grows a table, so the searches together stay within the limit but for growth
//! two of them start in the same instant.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::limits::Budget;

/// What the searches of one race share.
#[derive(Debug)]
pub(crate) struct Crew {
    halt: AtomicBool,
    /// Per search: positions, work units and bytes, as last published.
    counts: Vec<[AtomicU64; 3]>,
}

impl Crew {
    pub(crate) fn new(searches: usize) -> Self {
        Self {
            halt: AtomicBool::new(false),
            counts: (0..searches).map(|_| Default::default()).collect(),
        }
    }

    /// Publishes what the search at `place` has counted and holds.
    pub(crate) fn publish(&self, place: usize, positions: u64, work: u64, bytes: usize) {
        let [p, w, b] = &self.counts[place];
        p.store(positions, Ordering::Relaxed);
        w.store(work, Ordering::Relaxed);
        b.store(bytes as u64, Ordering::Relaxed);
    }

    /// Publishes the work units the search at `place` has done.
    pub(crate) fn publish_work(&self, place: usize, work: u64) {
        self.counts[place][1].store(work, Ordering::Relaxed);
    }

    /// The sum of `count` over every search but the one at `place`.
    pub(crate) fn others(&self, place: usize, count: impl Fn(&Self, usize) -> u64) -> u64 {
        (0..self.counts.len())
            .filter(|&i| i != place)
            .map(|i| count(self, i))
            .sum()
    }

    /// Positions published by the search at `place`.
    pub(crate) fn positions(&self, place: usize) -> u64 {
        self.counts[place][0].load(Ordering::Relaxed)
    }

    /// Work units published by the search at `place`.
    pub(crate) fn work(&self, place: usize) -> u64 {
        self.counts[place][1].load(Ordering::Relaxed)
    }

    /// Bytes published by the search at `place`.
    pub(crate) fn bytes(&self, place: usize) -> u64 {
        self.counts[place][2].load(Ordering::Relaxed)
    }

    /// Whether a search has settled the question.
    pub(crate) fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }
}

/// One search of a race: run within the budget it is given.
pub(crate) type Job<'s, T> = Box<dyn FnOnce(&mut Budget<'_>) -> T + Send + 's>;

/// Runs `jobs` at once, the first on this thread with `budget` (and its progress reports),
/// each other on a thread of its own; `settles(i, &ending)` says whether job `i`'s ending
/// halts the others. Returns every job's ending, in the order of `jobs`, once all have
/// stopped; what their budgets counted is added to `budget`.
pub(crate) fn race<T: Send>(
    budget: &mut Budget<'_>,
    jobs: Vec<Job<'_, T>>,
    settles: impl Fn(usize, &T) -> bool + Sync,
) -> Vec<T> {
    let crew = Arc::new(Crew::new(jobs.len()));
    // What this budget counted before the race counts against the budgets from the start.
    budget.join(Some((Arc::clone(&crew), 0)));
    let terms = budget.terms();
    let mut jobs = jobs.into_iter();
    let Some(first) = jobs.next() else {
        return Vec::new();
    };
    let settles = &settles;
    let (first_ending, others) = std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .enumerate()
            .map(|(i, job)| {
                let (crew, terms) = (Arc::clone(&crew), terms.clone());
                scope.spawn(move || {
                    let place = i + 1;
                    let mut own = Budget::member(terms, Arc::clone(&crew), place);
                    let ending = job(&mut own);
                    if settles(place, &ending) {
                        crew.halt.store(true, Ordering::Relaxed);
                    }
                    (ending, own.tally())
                })
            })
            .collect();
        let ending = first(budget);
        if settles(0, &ending) {
            crew.halt.store(true, Ordering::Relaxed);
        }
        budget.join(None);
        let others: Vec<_> = handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect();
        (ending, others)
    });
    let mut endings = vec![first_ending];
    for (ending, tally) in others {
        budget.absorb(tally);
        endings.push(ending);
    }
    endings
}
