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

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use crate::level::{Level, Pos};
use crate::solve::{
    Deadlocks, Limits, Optimize, Settings, Solution, Techniques, Verdict, solve_level,
};

/// How long each of the two searches may run.
pub const PROOF_TIME: Duration = Duration::from_secs(10);
/// The memory each search may hold (256 MiB).
pub const PROOF_MEMORY_BYTES: usize = 256 * 1024 * 1024;

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
    news: Receiver<News>,
    status: Status,
    dead: Option<Vec<bool>>,
    width: i32,
}

impl Prover {
    /// Starts proving `level` on a new thread, each search within `time`.
    #[must_use]
    pub fn start(level: Level, time: Duration) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, news) = mpsc::channel();
        let width = level.width;
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("proof".into())
            .spawn(move || prove(&level, time, &flag, &tx));
        let status = match spawned {
            Ok(_) => Status::Searching,
            Err(err) => Status::CannotRun(format!("no thread for the solver: {err}")),
        };
        Self {
            cancel,
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
fn prove(level: &Level, time: Duration, cancel: &Arc<AtomicBool>, tx: &Sender<News>) {
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
            time: Some(time),
            memory_bytes: PROOF_MEMORY_BYTES,
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
