//! Hints worked out on a thread of their own, so the game answers keys while the solver
//! thinks.
//!
//! [`HintJob::start`] hands a copy of the world to a new thread that runs the solver within a
//! [`HintBudget`] (positions, for repeatable answers, and time) and a cancel flag. The answer
//! comes back over a channel: [`HintJob::poll`] takes it without waiting. Dropping the job
//! sets the cancel flag, and the thread ends at the solver's next look at it. No thread runs
//! while no hint is asked for.
//!
//! When the solver finds no solution from the position, the job goes back through the undo
//! history (at most [`MAX_UNDO_SEARCH`] steps) to the nearest position the solver can solve,
//! within the same budget, so the answer can say how many steps to undo.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::Duration;

use crate::game::{Command, State, World};
use crate::solve::{Deadlocks, Limits, Settings, Verdict, solve};

/// The most undo steps looked back through for a position that can still be solved.
pub const MAX_UNDO_SEARCH: usize = 200;

/// What one hint may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintBudget {
    /// Positions the solver may look at, over all its runs for one hint.
    pub positions: u64,
    /// Time the solver may take for one hint; `None` for no time limit (answers then depend
    /// only on the position and the budget of positions).
    pub time: Option<Duration>,
}

impl HintBudget {
    /// The default: two million positions or ten seconds, whichever comes first.
    pub const DEFAULT: Self = Self {
        positions: 2_000_000,
        time: Some(Duration::from_secs(10)),
    };

    /// A budget of `positions` and no time limit: the same answer on any machine.
    #[must_use]
    pub const fn positions(positions: u64) -> Self {
        Self {
            positions,
            time: None,
        }
    }
}

impl Default for HintBudget {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// What the solver said about the position a hint was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A solution from the position, in the replay alphabet.
    Solution(String),
    /// No solution from the position; undoing this many steps gets back to one that has one.
    Lost {
        /// Steps to undo; `None` when no solvable position was found within the history
        /// looked at or the budget.
        undo: Option<usize>,
    },
    /// The budget ran out before an answer.
    OutOfTime,
    /// The solver cannot take this level (too large), in words.
    Unsolvable(String),
}

/// A hint being worked out.
#[derive(Debug)]
pub struct HintJob {
    /// The position the hint is for.
    pub state: State,
    cancel: Arc<AtomicBool>,
    answer: Receiver<Answer>,
}

impl HintJob {
    /// Starts working out a hint for `world` as it stands.
    #[must_use]
    pub fn start(world: &World, budget: HintBudget) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, answer) = mpsc::channel();
        let world = world.clone();
        let flag = Arc::clone(&cancel);
        let state = world.state().clone();
        thread::spawn(move || {
            // The receiver may be gone (the hint was cancelled): nothing to tell then.
            let _ = send.send(work_out(world, budget, &flag));
        });
        Self {
            state,
            cancel,
            answer,
        }
    }

    /// The answer, if it has come.
    pub fn poll(&self) -> Option<Answer> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Answer::OutOfTime),
        }
    }
}

impl Drop for HintJob {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The solver's answer for `world`, looking back through its undo history when it is lost.
fn work_out(world: World, budget: HintBudget, cancel: &Arc<AtomicBool>) -> Answer {
    let left = std::cell::Cell::new(budget.positions);
    let run = |world: &World| -> Result<Verdict, String> {
        let settings = Settings {
            limits: Limits {
                time: budget.time,
                positions: Some(left.get().max(1)),
                cancel: Some(Arc::clone(cancel)),
                ..Limits::default()
            },
            ..Settings::default()
        };
        let report = solve(world, &settings, None).map_err(|e| e.to_string())?;
        left.set(left.get().saturating_sub(report.positions));
        Ok(report.verdict)
    };
    let deadlocks = Deadlocks::new(world.level()).ok();
    let lost = |w: &World| deadlocks.as_ref().and_then(|d| d.check(w)).is_some();
    if !lost(&world) {
        match run(&world) {
            Ok(Verdict::Solved { solution, .. } | Verdict::BestFound { solution, .. }) => {
                return Answer::Solution(solution.moves);
            }
            Ok(Verdict::GaveUp(_)) => return Answer::OutOfTime,
            Ok(Verdict::NoSolution) => {}
            Err(why) => return Answer::Unsolvable(why),
        }
    }
    let mut earlier = world;
    for undo in 1..=MAX_UNDO_SEARCH {
        if earlier.apply(Command::Undo).is_err() || left.get() == 0 {
            break;
        }
        if lost(&earlier) {
            continue;
        }
        match run(&earlier) {
            Ok(Verdict::NoSolution) => {}
            Ok(Verdict::Solved { .. } | Verdict::BestFound { .. }) => {
                return Answer::Lost { undo: Some(undo) };
            }
            Ok(Verdict::GaveUp(_)) | Err(_) => break,
        }
    }
    Answer::Lost { undo: None }
}
