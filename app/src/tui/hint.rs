//! Hints worked out on a thread of their own, so the game answers keys while the solver
//! thinks.
//!
//! [`HintJob::start`] hands a copy of the world to a new thread that runs the solver within a
//! [`HintBudget`] (positions, for repeatable answers, and time, for the whole hint however
//! many searches it takes) and a cancel flag. The answer
//! comes back over a channel: [`HintJob::poll`] takes it without waiting. Dropping the job
//! sets the cancel flag, and the thread ends at the solver's next look at it. No thread runs
//! while no hint is asked for. Every search a session starts goes through the same seam,
//! [`PoolJob`] (a hint, the solution `w` plays, the proof of a level's fewest pushes for the
//! scores), so the pool holds them all.
//!
//! What a hint answers is the core's hint policy ([`hint`]): a solution from the position, or
//! how many steps to undo to get back to one that has one.
//!
//! Where many players share one machine (the SSH server), a budget names a [`HintPool`]: at
//! most so many searches run at once across every session, each within its share of the
//! pool's memory, one per player, first asked first served ([`pool`]); a hint waiting for its
//! turn says where it stands in line ([`HintJob::place`]), and one asked for while the line
//! is full is answered at once with [`Answer::Busy`]. A hint's time limit counts from when
//! its search starts, so waiting in line does not eat into it.

pub mod pool;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::Duration;

use sokoshot_core::game::{State, World};
use sokoshot_core::solve::Limits;
use sokoshot_core::solve::hint::{Hint, HintLimits, hint};

pub use pool::HintPool;
use pool::Ticket;

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
    /// Who asks, in a pool: one player's hints run one at a time.
    pub owner: u64,
    /// Where they ask from, in a pool (0: anywhere): one address's hints run one at a time.
    pub address: u64,
}

impl HintBudget {
    /// The default: two million positions or ten seconds, whichever comes first.
    pub const DEFAULT: Self = Self {
        positions: 2_000_000,
        time: Some(Duration::from_secs(10)),
        pool: None,
        threads: 2,
        owner: 0,
        address: 0,
    };

    /// A budget of `positions` and no time limit: the same answer on any machine.
    #[must_use]
    pub const fn positions(positions: u64) -> Self {
        Self {
            positions,
            time: None,
            pool: None,
            threads: 1,
            owner: 0,
            address: 0,
        }
    }
}

impl Default for HintBudget {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// What a hint job answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// What the hint policy said.
    Hint(Hint),
    /// The shared pool's line was full.
    Busy,
}

/// What a job's search may hold: its memory and threads (a share of the pool's, in one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    /// Bytes the search may hold.
    pub memory_bytes: usize,
    /// Threads it may run on.
    pub threads: usize,
}

impl Share {
    /// What a search within `budget` may hold: in a pool, its share of the pool's memory and
    /// one thread; else the solver's default memory and the budget's threads.
    #[must_use]
    pub fn of(budget: HintBudget) -> Self {
        match budget.pool {
            Some(pool) => Self {
                memory_bytes: pool.share(),
                threads: 1,
            },
            None => Self {
                memory_bytes: Limits::default().memory_bytes,
                threads: budget.threads,
            },
        }
    }
}

/// Why a job gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoAnswer {
    /// The shared pool's line was full: nothing ran.
    Busy,
    /// The search's thread ended without an answer.
    Lost,
}

/// A search run off the game's thread: the one way a session starts the solver (a hint, the
/// solution `w` plays, the proof of a level's fewest pushes). With a pool in its budget it
/// waits for its turn there and runs within its share ([`Share::of`]); without one it has a
/// thread of its own. Dropping the job sets its cancel flag (and leaves the line).
#[derive(Debug)]
pub struct PoolJob<T> {
    cancel: Arc<AtomicBool>,
    answer: Receiver<Result<T, NoAnswer>>,
    ticket: Option<(&'static HintPool, Ticket)>,
}

impl<T: Send + 'static> PoolJob<T> {
    /// Starts `work` within `budget`: it gets its [`Share`] and the cancel flag.
    #[must_use]
    pub fn start<F>(budget: HintBudget, work: F) -> Self
    where
        F: FnOnce(Share, &Arc<AtomicBool>) -> T + Send + 'static,
    {
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, answer) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        let ticket = match budget
            .pool
            .map(|pool| (pool, pool.join_from(budget.owner, budget.address)))
        {
            Some((_, None)) => {
                let _ = send.send(Err(NoAnswer::Busy));
                None
            }
            Some((pool, Some(ticket))) => Some((pool, ticket)),
            None => None,
        };
        if budget.pool.is_none() || ticket.is_some() {
            thread::spawn(move || {
                let _place = match ticket {
                    Some((pool, ticket)) => match pool.wait_turn(ticket, &flag) {
                        Some(place) => Some(place),
                        None => return,
                    },
                    None => None,
                };
                // The receiver may be gone (the job was cancelled): nothing to tell then.
                let _ = send.send(Ok(work(Share::of(budget), &flag)));
            });
        }
        Self {
            cancel,
            answer,
            ticket,
        }
    }

    /// Where the job stands in its pool's line (1 for the first), while it waits for its
    /// turn; `None` once its search runs, or without a pool.
    #[must_use]
    pub fn place(&self) -> Option<usize> {
        self.ticket.and_then(|(pool, ticket)| pool.place(ticket))
    }

    /// The answer, if it has come.
    pub fn poll(&self) -> Option<Result<T, NoAnswer>> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(NoAnswer::Lost)),
        }
    }
}

impl<T> Drop for PoolJob<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some((pool, ticket)) = self.ticket {
            pool.leave(ticket);
        }
    }
}

/// A hint being worked out.
#[derive(Debug)]
pub struct HintJob {
    /// The position the hint is for.
    pub state: State,
    job: PoolJob<Hint>,
}

impl HintJob {
    /// Starts working out a hint for `world` as it stands.
    #[must_use]
    pub fn start(world: &World, budget: HintBudget) -> Self {
        let world = world.clone();
        let state = world.state().clone();
        let job = PoolJob::start(budget, move |share, cancel| {
            work_out(&world, budget, share, cancel)
        });
        Self { state, job }
    }

    /// Where the hint stands in its pool's line (1 for the first), while it waits for its
    /// turn; `None` once its search runs, or without a pool.
    #[must_use]
    pub fn place(&self) -> Option<usize> {
        self.job.place()
    }

    /// The answer, if it has come.
    pub fn poll(&self) -> Option<Answer> {
        self.job.poll().map(|answer| match answer {
            Ok(hint) => Answer::Hint(hint),
            Err(NoAnswer::Busy) => Answer::Busy,
            Err(NoAnswer::Lost) => Answer::Hint(Hint::OutOfTime),
        })
    }
}

/// The hint for `world` within `budget` and `share`: the core's hint policy.
fn work_out(world: &World, budget: HintBudget, share: Share, cancel: &Arc<AtomicBool>) -> Hint {
    let limits = HintLimits {
        positions: budget.positions,
        time: budget.time,
        memory_bytes: share.memory_bytes,
        threads: share.threads,
    };
    hint(world, &limits, cancel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoshot_core::level::parse_pack;

    /// One place, and a line of one.
    static POOL: HintPool = HintPool::with_line(1, 1 << 20, 1);
    /// One place, and a long line.
    static LINE: HintPool = HintPool::new(1, 1 << 20);

    /// The answer, waited for (a one-box level is solved in a handful of positions).
    fn answer_of(job: &HintJob) -> Answer {
        loop {
            if let Some(answer) = job.poll() {
                return answer;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    fn one_box() -> World {
        let pack = parse_pack("#####\n#@$.#\n#####\n")
            .into_pack()
            .expect("loads");
        World::new(&pack.levels[0]).expect("plays")
    }

    fn budget(pool: &'static HintPool, owner: u64) -> HintBudget {
        HintBudget {
            positions: 1000,
            time: None,
            pool: Some(pool),
            threads: 1,
            owner,
            address: 0,
        }
    }

    /// Takes the pool's one place for `owner`, as a running search would.
    fn hold(pool: &'static HintPool, owner: u64) -> pool::Place {
        let ticket = pool.join(owner).expect("room in line");
        pool.wait_turn(ticket, &AtomicBool::new(false))
            .expect("a free place")
    }

    /// Waits (a bounded number of looks) until `pool` runs no search.
    fn until_idle(pool: &HintPool) {
        for _ in 0..10_000 {
            if pool.running() == 0 {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
        panic!("the search never gave its place back");
    }

    #[test]
    fn a_full_pool_answers_busy_at_once_and_a_finished_search_gives_its_place_back() {
        let world = one_box();
        let held = hold(&POOL, 99);
        let waiting = HintJob::start(&world, budget(&POOL, 1));
        assert_eq!(waiting.place(), Some(1), "the line's one place");
        assert_eq!(
            answer_of(&HintJob::start(&world, budget(&POOL, 2))),
            Answer::Busy
        );
        drop(held);
        let answer = answer_of(&waiting);
        assert!(
            matches!(answer, Answer::Hint(Hint::Solution(_))),
            "{answer:?}"
        );
        // The thread gives its place back as it ends, just after sending its answer.
        until_idle(&POOL);
    }

    #[test]
    fn server_hints_are_first_asked_first_served_and_a_waiting_one_says_where_it_stands() {
        let world = one_box();
        let held = hold(&LINE, 99);
        let first = HintJob::start(&world, budget(&LINE, 1));
        let second = HintJob::start(&world, budget(&LINE, 2));
        let third = HintJob::start(&world, budget(&LINE, 3));
        assert_eq!(
            [&first, &second, &third].map(HintJob::place),
            [Some(1), Some(2), Some(3)]
        );
        // A hint given up while it waits leaves the line; those behind it move up.
        drop(second);
        for _ in 0..10_000 {
            if third.place() == Some(2) {
                break;
            }
            thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(third.place(), Some(2));
        assert!(
            first.poll().is_none() && third.poll().is_none(),
            "none ran yet"
        );
        drop(held);
        let answer = answer_of(&first);
        assert!(
            matches!(answer, Answer::Hint(Hint::Solution(_))),
            "{answer:?}"
        );
        let answer = answer_of(&third);
        assert!(
            matches!(answer, Answer::Hint(Hint::Solution(_))),
            "{answer:?}"
        );
        until_idle(&LINE);
        assert_eq!(LINE.waiting(), 0);
    }
}
