//! Proving the board as drawn, in the background: after each change the editor starts a
//! [`Prover`] on the level, which runs on a thread of its own with a cancel flag (the next
//! change cancels it, and so does dropping it) and says where it stands ([`Status`]).
//!
//! The proof goes in two searches, each within [`PROOF_TIME`] and [`PROOF_MEMORY_BYTES`]
//! (the solver's own contract: it looks at its cancel flag and limits after a bounded amount
//! of work): first any solution, as fast as it comes ("solvable"), then the fewest pushes on
//! one thread, as `sokoshot solve --optimize pushes --threads 1` runs it, which proves the
//! optimum and gives the level's difficulty in layouts as `levels/README.md` measures it.
//! Before either, the level's dead squares (where a box can never reach a goal).
//!
//! [`Proofs`] is when proofs run while the author draws: one at a time. A change cancels the
//! running proof at once; the next starts only when the drawing has settled (no change for
//! [`SETTLE`], and no mouse stroke held) and the cancelled one's thread is over, so a drag
//! across twenty cells or a held key starts one proof, not twenty. The time is passed in, so
//! the policy is tested without a clock.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::level::{Level, Pos};
use crate::solve::{
    Deadlocks, Limits, Optimize, Settings, Solution, Techniques, Verdict, solve_level,
};

/// How long each of the two searches may run.
pub const PROOF_TIME: Duration = Duration::from_secs(10);
/// The memory each search may hold (256 MiB).
pub const PROOF_MEMORY_BYTES: usize = 256 * 1024 * 1024;
/// How long the board must stay unchanged before its proof starts.
pub const SETTLE: Duration = Duration::from_millis(250);

/// What one proof may cost: each of its two searches runs on one thread within `time` and
/// `memory_bytes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// How long each search may run.
    pub time: Duration,
    /// The memory each search may hold.
    pub memory_bytes: usize,
}

impl Default for Budget {
    /// [`PROOF_TIME`] and [`PROOF_MEMORY_BYTES`]: local play.
    fn default() -> Self {
        Self {
            time: PROOF_TIME,
            memory_bytes: PROOF_MEMORY_BYTES,
        }
    }
}

/// Where the fewest pushes stand, once a solution is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Optimum {
    /// The search for the fewest pushes is running.
    Searching,
    /// The solution is the fewest pushes, proven; the search looked at this many layouts.
    Proven {
        /// Distinct layouts (where the boxes and enemies stood) the proof looked at.
        layouts: u64,
    },
    /// The search stopped before proving it.
    NotProven,
}

/// Where the proof of the board stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// Looking for a solution.
    Searching,
    /// A solution is known.
    Solvable {
        /// The best solution known.
        solution: Solution,
        /// Whether it is proven the fewest pushes.
        optimum: Optimum,
    },
    /// Every position was searched: the level cannot be solved.
    NoSolution,
    /// The search stopped (time or memory) before it found anything.
    NotProven {
        /// How long it ran.
        seconds: f64,
    },
    /// The solver cannot run on this level (too large for it).
    CannotRun(String),
}

impl Status {
    /// Whether nothing more will come.
    #[must_use]
    pub fn is_final(&self) -> bool {
        !matches!(
            self,
            Self::Searching
                | Self::Solvable {
                    optimum: Optimum::Searching,
                    ..
                }
        )
    }
}

/// What the proof thread sends.
#[derive(Debug)]
enum News {
    Dead(Vec<bool>),
    Status(Status),
}

/// The proof of one board, running on a thread of its own.
#[derive(Debug)]
pub struct Prover {
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    news: Receiver<News>,
    status: Status,
    dead: Option<Vec<bool>>,
    width: i32,
}

impl Prover {
    /// Starts proving `level` on a new thread, each search within `time` and
    /// [`PROOF_MEMORY_BYTES`].
    #[must_use]
    pub fn start(level: Level, time: Duration) -> Self {
        Self::start_within(
            level,
            Budget {
                time,
                memory_bytes: PROOF_MEMORY_BYTES,
            },
        )
    }

    /// Starts proving `level` on a new thread within `budget`.
    #[must_use]
    pub fn start_within(level: Level, budget: Budget) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, news) = mpsc::channel();
        let width = level.width;
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("proof".into())
            .spawn(move || prove(&level, budget, &flag, &tx));
        let (status, thread) = match spawned {
            Ok(thread) => (Status::Searching, Some(thread)),
            Err(err) => (
                Status::CannotRun(format!("no thread for the solver: {err}")),
                None,
            ),
        };
        Self {
            cancel,
            thread,
            news,
            status,
            dead: None,
            width,
        }
    }

    /// Takes in what the thread sent. Returns whether anything changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Ok(news) = self.news.try_recv() {
            self.take(news);
            changed = true;
        }
        changed
    }

    /// Waits until the proof is over (each search is bounded by its limits).
    pub fn wait(&mut self) -> &Status {
        while !self.status.is_final() {
            match self.news.recv() {
                Ok(news) => self.take(news),
                Err(_) => break,
            }
        }
        &self.status
    }

    fn take(&mut self, news: News) {
        match news {
            News::Dead(dead) => self.dead = Some(dead),
            News::Status(status) => self.status = status,
        }
    }

    /// Asks the search to stop (at the solver's next look at its flag).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the proof's thread is still running.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Waits for the thread to end (a cancelled search ends at its next look at the flag).
    pub fn join(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Where the proof stands.
    #[must_use]
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Whether `pos` is a dead square, once they are known.
    #[must_use]
    pub fn is_dead(&self, pos: Pos) -> bool {
        let Some(dead) = &self.dead else { return false };
        if pos.x < 0 || pos.y < 0 || pos.x >= self.width {
            return false;
        }
        usize::try_from(pos.y * self.width + pos.x)
            .ok()
            .and_then(|i| dead.get(i))
            .copied()
            .unwrap_or(false)
    }
}

impl Drop for Prover {
    /// A proof no longer wanted stops at the solver's next look at its flag.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The proof thread: dead squares, any solution, then the fewest pushes.
fn prove(level: &Level, budget: Budget, cancel: &Arc<AtomicBool>, tx: &Sender<News>) {
    if let Ok(deadlocks) = Deadlocks::new(level) {
        let cells = (0..level.height).flat_map(|y| (0..level.width).map(move |x| Pos::new(x, y)));
        let dead = cells.map(|p| deadlocks.is_dead_square(level, p)).collect();
        let _ = tx.send(News::Dead(dead));
    }
    // The fewest-pushes proof runs with the difficulty measure's techniques, so that its
    // layouts compare with levels/README.md's.
    let settings = |optimize| Settings {
        optimize,
        techniques: if optimize == Optimize::Pushes {
            Techniques::measure()
        } else {
            Techniques::default()
        },
        limits: Limits {
            time: Some(budget.time),
            memory_bytes: budget.memory_bytes,
            cancel: Some(Arc::clone(cancel)),
            ..Limits::default()
        },
        threads: 1,
        ..Settings::default()
    };
    let send = |status| {
        let _ = tx.send(News::Status(status));
    };
    let first = match solve_level(level, &settings(Optimize::Any), None) {
        Err(err) => return send(Status::CannotRun(err.to_string())),
        Ok(report) => report,
    };
    let solution = match first.verdict {
        Verdict::Solved { solution, .. } | Verdict::BestFound { solution, .. } => solution,
        Verdict::NoSolution => return send(Status::NoSolution),
        Verdict::GaveUp(_) => {
            return send(Status::NotProven {
                seconds: first.elapsed.as_secs_f64(),
            });
        }
    };
    send(Status::Solvable {
        solution: solution.clone(),
        optimum: Optimum::Searching,
    });
    let (solution, optimum) = match solve_level(level, &settings(Optimize::Pushes), None) {
        Ok(report) => match report.verdict {
            Verdict::Solved {
                solution,
                proven: true,
            } => (
                solution,
                Optimum::Proven {
                    layouts: report.layouts,
                },
            ),
            Verdict::Solved { solution: best, .. } | Verdict::BestFound { solution: best, .. }
                if best.counters.pushes < solution.counters.pushes =>
            {
                (best, Optimum::NotProven)
            }
            _ => (solution, Optimum::NotProven),
        },
        Err(_) => (solution, Optimum::NotProven),
    };
    send(Status::Solvable { solution, optimum });
}

/// When proofs run while the author draws (see the module header): at most one thread at a
/// time, the proof of a board no longer drawn cancelled, the next started once the drawing
/// settles.
#[derive(Debug)]
pub struct Proofs {
    budget: Budget,
    /// The proof of the board as drawn.
    current: Option<Prover>,
    /// A cancelled proof whose thread has not ended yet.
    stale: Option<Prover>,
    /// The board waiting for its proof, and when it last changed.
    wanted: Option<(Level, Instant)>,
    /// A mouse stroke is held: the drawing is not settled.
    held: bool,
    started: u64,
}

impl Proofs {
    /// No proof yet; each one started runs within `budget`.
    #[must_use]
    pub fn new(budget: Budget) -> Self {
        Self {
            budget,
            current: None,
            stale: None,
            wanted: None,
            held: false,
            started: 0,
        }
    }

    /// The board changed at `now`: the running proof is cancelled, and `level` (none when the
    /// board does not load) waits to be proven.
    pub fn changed(&mut self, level: Option<Level>, now: Instant) {
        if let Some(mut old) = self.current.take() {
            old.cancel();
            old.poll();
            if old.status.is_final() {
                // Its thread has sent its last word and is ending: no wait to speak of.
                old.join();
            } else if old.is_running() {
                self.stale = Some(old);
            }
        }
        self.wanted = level.map(|level| (level, now));
    }

    /// Whether a mouse stroke is held (no proof starts while it is).
    pub fn hold(&mut self, held: bool) {
        self.held = held;
    }

    /// Takes the running proof's news and, once the drawing has settled at `now` and no
    /// cancelled proof still runs, starts the proof of the board waiting. Returns whether
    /// anything shown changed.
    pub fn poll(&mut self, now: Instant) -> bool {
        let mut changed = self.current.as_mut().is_some_and(Prover::poll);
        if self.stale.as_ref().is_some_and(|p| !p.is_running()) {
            self.stale = None;
        }
        let settled = self
            .wanted
            .as_ref()
            .is_some_and(|(_, at)| now.saturating_duration_since(*at) >= SETTLE);
        if settled && !self.held && self.stale.is_none() {
            changed |= self.start();
        }
        changed
    }

    /// Starts the proof of the board waiting now, whether or not the drawing settled, once
    /// the cancelled proof's thread is over (what "try it", a test or a script wants).
    pub fn start_now(&mut self) {
        if let Some(mut stale) = self.stale.take() {
            stale.join();
        }
        self.start();
    }

    fn start(&mut self) -> bool {
        let Some((level, _)) = self.wanted.take() else {
            return false;
        };
        self.current = Some(Prover::start_within(level, self.budget));
        self.started += 1;
        true
    }

    /// Waits until the proof of the board as drawn is over, starting it if it waits.
    pub fn finish(&mut self) {
        self.start_now();
        if let Some(prover) = &mut self.current {
            prover.wait();
        }
    }

    /// The proof of the board as drawn, once started.
    #[must_use]
    pub fn current(&self) -> Option<&Prover> {
        self.current.as_ref()
    }

    /// Whether a board waits for its proof to start.
    #[must_use]
    pub fn is_waiting(&self) -> bool {
        self.wanted.is_some()
    }

    /// Whether frames are due: a proof waits or runs.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.wanted.is_some()
            || self
                .current
                .as_ref()
                .is_some_and(|p| !p.status().is_final())
    }

    /// Whether a proof thread is running now (the current one or a cancelled one).
    #[must_use]
    pub fn threads_running(&self) -> usize {
        [&self.current, &self.stale]
            .into_iter()
            .flatten()
            .filter(|p| p.is_running())
            .count()
    }

    /// How many proofs were started.
    #[must_use]
    pub fn started(&self) -> u64 {
        self.started
    }
}
