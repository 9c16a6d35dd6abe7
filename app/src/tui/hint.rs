//! Hints worked out on a thread of their own, so the game answers keys while the solver
//! thinks.
//!
//! [`HintJob::start`] hands a copy of the world to a new thread that runs the solver within a
//! [`HintBudget`] (positions, for repeatable answers, and time, for the whole hint however
//! many searches it takes) and a cancel flag. The answer
//! comes back over a channel: [`HintJob::poll`] takes it without waiting. Dropping the job
//! sets the cancel flag, and the thread ends at the solver's next look at it. No thread runs
//! while no hint is asked for.
//!
//! When the solver finds no solution from the position, the job goes back through the undo
//! history (at most [`MAX_UNDO_SEARCH`] steps) to the nearest position the solver can solve,
//! within the same budget, so the answer can say how many steps to undo.
//!
//! Where many players share one machine (the SSH server), a budget names a [`HintPool`]: at
//! most so many searches run at once across every session, each within its share of the
//! pool's memory, and a hint asked for while the pool is full is answered at once with
//! [`Answer::Busy`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use sokoshot_core::game::{Command, State, World};
use sokoshot_core::solve::{Deadlocks, Limits, Settings, Verdict, solve};

/// The most undo steps looked back through for a position that can still be solved.
pub const MAX_UNDO_SEARCH: usize = 200;

/// The searches that may run at once for many sessions together, and the memory they share.
#[derive(Debug)]
pub struct HintPool {
    running: AtomicUsize,
    max: usize,
    memory_bytes: usize,
}

impl HintPool {
    /// A pool that runs at most `max` searches at once (at least one), holding at most
    /// `memory_bytes` between them.
    #[must_use]
    pub const fn new(max: usize, memory_bytes: usize) -> Self {
        Self {
            running: AtomicUsize::new(0),
            max: if max == 0 { 1 } else { max },
            memory_bytes,
        }
    }

    /// The memory one search may hold: an equal share of the pool's.
    #[must_use]
    pub fn share(&self) -> usize {
        self.memory_bytes / self.max
    }

    /// How many searches run now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    /// A place in the pool, or `None` when every place is taken.
    fn take(&'static self) -> Option<PoolPlace> {
        self.running
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.max).then_some(n + 1)
            })
            .ok()
            .map(|_| PoolPlace(self))
    }
}

/// A search's place in a [`HintPool`], given back when dropped.
#[derive(Debug)]
struct PoolPlace(&'static HintPool);

impl Drop for PoolPlace {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What one hint may cost.
#[derive(Debug, Clone, Copy)]
pub struct HintBudget {
    /// Positions the solver may look at, over all its runs for one hint.
    pub positions: u64,
    /// Time the solver may take for one hint; `None` for no time limit (answers then depend
    /// only on the position and the budget of positions).
    pub time: Option<Duration>,
    /// The pool shared with other sessions, if any; without one a hint has a thread of its
    /// own and the solver's default memory limit.
    pub pool: Option<&'static HintPool>,
    /// Threads the solver's searches may run on (the portfolio uses two at most); one for a
    /// hint in a pool, so that a place in it is one thread.
    pub threads: usize,
}

impl HintBudget {
    /// The default: two million positions or ten seconds, whichever comes first.
    pub const DEFAULT: Self = Self {
        positions: 2_000_000,
        time: Some(Duration::from_secs(10)),
        pool: None,
        threads: 2,
    };

    /// A budget of `positions` and no time limit: the same answer on any machine.
    #[must_use]
    pub const fn positions(positions: u64) -> Self {
        Self {
            positions,
            time: None,
            pool: None,
            threads: 1,
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
    /// The shared pool was full: every search it allows was running for other players.
    Busy,
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
        let place = match budget.pool.map(HintPool::take) {
            Some(None) => {
                let _ = send.send(Answer::Busy);
                return Self {
                    state,
                    cancel,
                    answer,
                };
            }
            Some(Some(place)) => Some(place),
            None => None,
        };
        thread::spawn(move || {
            let _place = place;
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
    let deadlocks = Deadlocks::new(world.level()).ok();
    // The deadlock test's tables are held through the hint: they come out of its memory.
    let held = deadlocks.as_ref().map_or(0, Deadlocks::bytes);
    let left = std::cell::Cell::new(budget.positions);
    let deadline = budget.time.map(|t| Instant::now() + t);
    let time_left = || deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let stopped = || cancel.load(Ordering::Relaxed) || time_left().is_some_and(|t| t.is_zero());
    let run = |world: &World| -> Result<Verdict, String> {
        let settings = Settings {
            limits: Limits {
                time: time_left(),
                positions: Some(left.get().max(1)),
                work: None,
                cancel: Some(Arc::clone(cancel)),
                memory_bytes: budget
                    .pool
                    .map_or(Limits::default().memory_bytes, HintPool::share)
                    .saturating_sub(held)
                    .max(1),
            },
            threads: if budget.pool.is_some() {
                1
            } else {
                budget.threads.max(1)
            },
            ..Settings::default()
        };
        let report = solve(world, &settings, None).map_err(|e| e.to_string())?;
        left.set(left.get().saturating_sub(report.positions));
        Ok(report.verdict)
    };
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
        if earlier.apply(Command::Undo).is_err() || left.get() == 0 || stopped() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use sokoshot_core::level::parse_pack;

    static POOL: HintPool = HintPool::new(1, 1 << 20);

    /// The answer, waited for (a one-box level is solved in a handful of positions).
    fn answer_of(job: &HintJob) -> Answer {
        loop {
            if let Some(answer) = job.poll() {
                return answer;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_full_pool_answers_busy_at_once_and_a_finished_search_gives_its_place_back() {
        let pack = parse_pack("#####\n#@$.#\n#####\n")
            .into_pack()
            .expect("loads");
        let world = World::new(&pack.levels[0]).expect("plays");
        let budget = HintBudget {
            positions: 1000,
            time: None,
            pool: Some(&POOL),
            threads: 1,
        };
        let held = POOL.take().expect("a free place");
        assert!(POOL.take().is_none(), "the pool has one place");
        assert_eq!(answer_of(&HintJob::start(&world, budget)), Answer::Busy);
        drop(held);
        assert_eq!(POOL.running(), 0);
        let answer = answer_of(&HintJob::start(&world, budget));
        assert!(matches!(answer, Answer::Solution(_)), "{answer:?}");
        // The thread gives its place back as it ends, just after sending its answer.
        for _ in 0..10_000 {
            if POOL.running() == 0 {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
        panic!("the search never gave its place back");
    }
}
