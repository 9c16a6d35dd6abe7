//! The hint policy: what a player asking for a hint is told, in one call ([`hint`]) with a
//! budget ([`HintLimits`]) and a cancel flag.
//!
//! The solver is asked for a solution from the position as it stands. When it finds none,
//! the undo history is walked back (at most [`MAX_UNDO_SEARCH`] steps) to the nearest
//! position the solver can solve, within the same budget, so the answer can say how many
//! steps to undo. Positions the deadlock test already calls lost are stepped over without a
//! search. The budget counts over every search of one hint: positions, time from the call
//! (the deadlock test's tables included), and memory (those tables come out of it too).
//!
//! The call runs on the caller's thread; whoever runs it on a thread of its own (the game's
//! hint key, the server's shared pool) sets `cancel` to stop it, and the search stops at its
//! next look at the flag.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Deadlocks, Limits, Settings, SolveError, Verdict, solve};
use crate::game::{Command, World};

/// The most undo steps looked back through for a position that can still be solved.
pub const MAX_UNDO_SEARCH: usize = 200;

/// What one hint may cost, over all the searches it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintLimits {
    /// Positions the solver may look at.
    pub positions: u64,
    /// Time the hint may take; `None` for no time limit (answers then depend only on the
    /// position and the budget of positions).
    pub time: Option<Duration>,
    /// Memory the searches may hold, the deadlock test's tables included.
    pub memory_bytes: usize,
    /// Threads each search may run on (0 is taken as 1).
    pub threads: usize,
}

/// What the solver said about the position a hint was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A solution from the position, in the replay alphabet.
    Solution(String),
    /// No solution from the position; undoing this many steps gets back to one that has one.
    Lost {
        /// Steps to undo; `None` when no solvable position was found within the history
        /// looked at or the budget.
        undo: Option<usize>,
    },
    /// The budget ran out (or the hint was cancelled) before an answer.
    OutOfTime,
    /// The solver cannot take this level.
    Unsolvable(SolveError),
}

/// The hint for `world` as it stands, within `limits`, stopped early when `cancel` is set.
#[must_use]
pub fn hint(world: &World, limits: &HintLimits, cancel: &Arc<AtomicBool>) -> Hint {
    // The clock starts before the deadlock tables are made: they are part of the hint's cost.
    let deadline = limits.time.map(|t| Instant::now() + t);
    let deadlocks = Deadlocks::new(world.level()).ok();
    // The deadlock test's tables are held through the hint: they come out of its memory.
    let held = deadlocks.as_ref().map_or(0, Deadlocks::bytes);
    let left = Cell::new(limits.positions);
    let time_left = || deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let stopped = || cancel.load(Ordering::Relaxed) || time_left().is_some_and(|t| t.is_zero());
    let run = |world: &World| -> Result<Verdict, SolveError> {
        let settings = Settings {
            limits: Limits {
                time: time_left(),
                positions: Some(left.get().max(1)),
                work: None,
                cancel: Some(Arc::clone(cancel)),
                memory_bytes: limits.memory_bytes.saturating_sub(held).max(1),
            },
            threads: limits.threads.max(1),
            ..Settings::default()
        };
        let report = solve(world, &settings, None)?;
        left.set(left.get().saturating_sub(report.positions));
        Ok(report.verdict)
    };
    let lost = |w: &World| deadlocks.as_ref().and_then(|d| d.check(w)).is_some();
    if !lost(world) {
        match run(world) {
            Ok(Verdict::Solved { solution, .. } | Verdict::BestFound { solution, .. }) => {
                return Hint::Solution(solution.moves);
            }
            Ok(Verdict::GaveUp(_)) => return Hint::OutOfTime,
            Ok(Verdict::NoSolution) => {}
            Err(why) => return Hint::Unsolvable(why),
        }
    }
    let mut earlier = world.clone();
    for undo in 1..=MAX_UNDO_SEARCH {
        if earlier.apply(Command::Undo).is_err() || left.get() == 0 || stopped() {
            break;
        }
        if lost(&earlier) {
            continue;
        }
        match run(&earlier) {
            Ok(Verdict::NoSolution) => {}
            Ok(Verdict::Solved { .. } | Verdict::BestFound { .. }) => {
                return Hint::Lost { undo: Some(undo) };
            }
            Ok(Verdict::GaveUp(_)) | Err(_) => break,
        }
    }
    Hint::Lost { undo: None }
}
