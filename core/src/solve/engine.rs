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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Limits;

    /// A toy search: positions 0..len in a row, each expanding into the next, the last
    /// solved; each expansion costs `cost` work units.
    struct Row {
        len: u32,
        cost: u64,
        open: Vec<u32>,
        expanded: Vec<u32>,
    }

    impl Row {
        fn new(len: u32, cost: u64) -> Self {
            Self {
                len,
                cost,
                open: vec![0],
                expanded: Vec::new(),
            }
        }
    }

    impl Search for Row {
        type Path = Vec<u32>;

        fn next(&mut self) -> Option<u32> {
            self.open.pop()
        }

        fn layout(&self, _: u32) -> Option<&[u64]> {
            None
        }

        fn solves(&mut self, id: u32) -> bool {
            id + 1 == self.len
        }

        fn expand(&mut self, id: u32, budget: &Budget<'_>, _: usize) -> Result<Option<u32>, Stop> {
            budget.spend(self.cost)?;
            self.expanded.push(id);
            if id + 1 < self.len {
                self.open.push(id + 1);
            }
            Ok(None)
        }

        fn path(&mut self, id: u32) -> Vec<u32> {
            (0..=id).collect()
        }

        fn bytes(&self) -> usize {
            0
        }
    }

    #[test]
    fn a_turn_ends_at_its_positions_or_its_work_and_the_next_goes_on() {
        let cases = [
            // name, positions, work, expanded in the first turn
            ("three positions", 3, u64::MAX, 3),
            (
                "work for two and a bit: the third passes it",
                u64::MAX,
                25,
                3,
            ),
            ("work for exactly two", u64::MAX, 20, 2),
            ("no positions at all", 0, u64::MAX, 0),
        ];
        for (name, positions, work, expanded) in cases {
            let mut row = Row::new(10, 10);
            let mut budget = Budget::new(&Limits::default(), None);
            let turn = Turn { positions, work };
            assert_eq!(run_for(&mut row, &mut budget, turn, 0), None, "{name}");
            assert_eq!(row.expanded.len(), expanded, "{name}");
            let ending = run(&mut row, &mut budget);
            assert_eq!(ending, Ending::Solved((0..10).collect()), "{name}: goes on");
            assert_eq!(
                row.expanded,
                (0..9).collect::<Vec<_>>(),
                "{name}: each once"
            );
        }
    }

    #[test]
    fn an_empty_frontier_is_exhausted_and_a_limit_stops() {
        let mut row = Row::new(10, 10);
        row.open.clear();
        let mut budget = Budget::new(&Limits::default(), None);
        assert_eq!(run(&mut row, &mut budget), Ending::Exhausted);
        let mut row = Row::new(1_000, 10);
        let mut budget = Budget::new(&Limits::positions(5), None);
        assert_eq!(run(&mut row, &mut budget), Ending::Stopped(Stop::Positions));
        assert_eq!(
            row.expanded.len(),
            5,
            "the position past the budget is not expanded"
        );
    }
}
