//! The one best-first loop every search of the solver runs on: take the next position off
//! the search's frontier, count it against the budget, stop at a solved one, expand it.
//! The push, pull, feature space and timed searches differ only in what they store, how
//! they order their frontier and what a position's children are: each implements
//! [`Search`], and [`run_for`] runs any of them for a [`Turn`] of positions and work, so
//! the portfolio can take turns between them (see `portfolio`).
//!
//! Limits: a turn ends after its positions or its work units, whichever comes first; the
//! budget (time, memory, positions, work, cancel) is looked at as every search always did,
//! through [`Budget::tick`] per position and [`Budget::spend`] inside one.

use super::limits::{Budget, Stop};
use super::push::Push;

/// Bytes a search keeps free beyond what it counts, for the buffers it grows between two
/// looks at the memory limit.
pub(crate) const HEADROOM_BYTES: usize = 64 * 1024;

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ending<P = Vec<Push>> {
    /// The way to a solution: pushes first to last, or the letters of the timed search.
    Solved(P),
    /// Every position it would look at was looked at.
    Exhausted,
    /// A limit stopped it.
    Stopped(Stop),
}

/// A best-first search the engine runs.
pub(crate) trait Search {
    /// What a solution is handed back as.
    type Path;

    /// A position found solved before any expansion (among a search's roots), if any.
    fn found(&mut self) -> Option<u32> {
        None
    }

    /// The next position to expand, taken off the frontier; `None` when it is empty.
    fn next(&mut self) -> Option<u32>;

    /// Where the boxes (and enemies) of position `id` stand, to count distinct layouts;
    /// `None` for a search whose positions are not counted as layouts.
    fn layout(&self, id: u32) -> Option<&[u64]>;

    /// Whether position `id` is solved.
    fn solves(&mut self, id: u32) -> bool;

    /// Stores the children of position `id`, counting `others` bytes held elsewhere against
    /// the memory limit; a child that is solved is returned at once.
    fn expand(&mut self, id: u32, budget: &Budget<'_>, others: usize) -> Result<Option<u32>, Stop>;

    /// The way from the root to position `id`.
    fn path(&mut self, id: u32) -> Self::Path;

    /// The bytes the search holds.
    fn bytes(&self) -> usize;
}

/// How long one turn of a search lasts: at most so many positions and so many work units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Turn {
    /// Positions expanded at most.
    pub(crate) positions: u64,
    /// Work units (see [`Budget::spend`]) at most; the position that passes it ends.
    pub(crate) work: u64,
}

impl Turn {
    /// A turn that lasts until the search ends.
    pub(crate) const UNTIL_THE_END: Self = Self {
        positions: u64::MAX,
        work: u64::MAX,
    };
}

/// Runs `search` for one `turn`; `None` when the turn ran out first.
pub(crate) fn run_for<S: Search + ?Sized>(
    search: &mut S,
    budget: &mut Budget<'_>,
    turn: Turn,
    others: usize,
) -> Option<Ending<S::Path>> {
    if let Some(id) = search.found() {
        return Some(Ending::Solved(search.path(id)));
    }
    let start = budget.work();
    for _ in 0..turn.positions {
        if budget.work().saturating_sub(start) >= turn.work {
            return None;
        }
        let Some(id) = search.next() else {
            return Some(Ending::Exhausted);
        };
        if let Some(stop) = budget.tick(search.bytes() + others) {
            return Some(Ending::Stopped(stop));
        }
        if let Some(words) = search.layout(id) {
            budget.layout(words);
        }
        if search.solves(id) {
            return Some(Ending::Solved(search.path(id)));
        }
        match search.expand(id, budget, others) {
            Ok(Some(found)) => return Some(Ending::Solved(search.path(found))),
            Ok(None) => {}
            Err(stop) => return Some(Ending::Stopped(stop)),
        }
    }
    None
}

/// Runs `search` until a solution, exhaustion or a limit.
pub(crate) fn run<S: Search + ?Sized>(search: &mut S, budget: &mut Budget<'_>) -> Ending<S::Path> {
    loop {
        if let Some(ending) = run_for(search, budget, Turn::UNTIL_THE_END, 0) {
            return ending;
        }
    }
}

/// The bytes a search's table may still take: the memory limit less what the search
/// holds beside it (`held`, its own and other searches') and the headroom.
pub(crate) fn room(budget: &Budget<'_>, held: usize) -> usize {
    budget
        .memory_limit()
        .saturating_sub(held.saturating_add(HEADROOM_BYTES))
}
