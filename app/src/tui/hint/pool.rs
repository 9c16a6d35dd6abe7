//! The hint searches that many sessions share (the SSH server's): a first-come, first-served
//! line in front of a fixed number of places.
//!
//! A hint asked for joins the back of the line with its owner (one player) and its address
//! (where the player connects from; 0 for none); it starts when it is the first in line whose
//! owner and address have no search running and a place is free, so the pool runs at most
//! `max` searches at once and at most one per player and per address (fresh keys or guests
//! from one address count as one), in the order they were asked for. A hint waiting can say where it stands ([`HintPool::place`]). A hint cancelled
//! while it waits leaves the line at once. The line holds at most [`MAX_WAITING`] (unless
//! made shorter); a hint asked for beyond that is answered at once with busy.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// The most hints waiting in a pool's line.
pub const MAX_WAITING: usize = 4096;

/// How often a hint waiting in line looks at its cancel flag, besides being woken when a
/// place frees.
const CANCEL_LOOK: Duration = Duration::from_millis(100);

/// A hint's ticket in the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket(u64);

#[derive(Debug)]
struct Line {
    /// The owners and addresses whose searches run now.
    running: Vec<(u64, u64)>,
    /// Tickets waiting, first asked first, with their owners and addresses.
    waiting: VecDeque<(Ticket, (u64, u64))>,
    next: u64,
}

impl Line {
    /// The index of the ticket that may start now, if a place is free.
    fn next_up(&self, max: usize) -> Option<usize> {
        if self.running.len() >= max {
            return None;
        }
        self.waiting.iter().position(|(_, (owner, address))| {
            !self
                .running
                .iter()
                .any(|(o, a)| o == owner || (*address != 0 && a == address))
        })
    }
}

/// The searches that may run at once for many sessions together, and the memory they share.
#[derive(Debug)]
pub struct HintPool {
    max: usize,
    max_waiting: usize,
    memory_bytes: usize,
    line: Mutex<Line>,
    turn: Condvar,
}

impl HintPool {
    /// A pool that runs at most `max` searches at once (at least one), holding at most
    /// `memory_bytes` between them.
    #[must_use]
    pub const fn new(max: usize, memory_bytes: usize) -> Self {
        Self::with_line(max, memory_bytes, MAX_WAITING)
    }

    /// A pool as [`HintPool::new`] makes, whose line holds at most `max_waiting` hints.
    #[must_use]
    pub const fn with_line(max: usize, memory_bytes: usize, max_waiting: usize) -> Self {
        Self {
            max: if max == 0 { 1 } else { max },
            max_waiting,
            memory_bytes,
            line: Mutex::new(Line {
                running: Vec::new(),
                waiting: VecDeque::new(),
                next: 0,
            }),
            turn: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Line> {
        self.line
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The memory one search may hold: an equal share of the pool's.
    #[must_use]
    pub fn share(&self) -> usize {
        self.memory_bytes / self.max
    }

    /// How many searches run now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.lock().running.len()
    }

    /// How many hints wait in line now.
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Puts a hint of `owner` at the back of the line; `None` when the line is full.
    #[must_use]
    pub fn join(&self, owner: u64) -> Option<Ticket> {
        self.join_from(owner, 0)
    }

    /// Puts a hint of `owner` connecting from `address` (0: none) at the back of the line;
    /// `None` when the line is full.
    #[must_use]
    pub fn join_from(&self, owner: u64, address: u64) -> Option<Ticket> {
        let mut line = self.lock();
        if line.waiting.len() >= self.max_waiting {
            return None;
        }
        let ticket = Ticket(line.next);
        line.next += 1;
        line.waiting.push_back((ticket, (owner, address)));
        Some(ticket)
    }

    /// Where `ticket` stands in line (1 for the first), or `None` once it has left it.
    #[must_use]
    pub fn place(&self, ticket: Ticket) -> Option<usize> {
        self.lock()
            .waiting
            .iter()
            .position(|(t, _)| *t == ticket)
            .map(|i| i + 1)
    }

    /// Takes `ticket` out of the line (its hint was cancelled while it waited).
    pub fn leave(&self, ticket: Ticket) {
        let mut line = self.lock();
        line.waiting.retain(|(t, _)| *t != ticket);
        drop(line);
        self.turn.notify_all();
    }

    /// Waits until it is `ticket`'s turn and takes its place; `None` when `cancel` was set
    /// (or the ticket left the line) first.
    pub fn wait_turn(&'static self, ticket: Ticket, cancel: &AtomicBool) -> Option<Place> {
        let mut line = self.lock();
        loop {
            let at = line.waiting.iter().position(|(t, _)| *t == ticket)?;
            if cancel.load(Ordering::Relaxed) {
                line.waiting.remove(at);
                drop(line);
                self.turn.notify_all();
                return None;
            }
            if line.next_up(self.max) == Some(at) {
                let (_, owner) = line.waiting.remove(at)?;
                line.running.push(owner);
                return Some(Place { pool: self, owner });
            }
            line = self
                .turn
                .wait_timeout(line, CANCEL_LOOK)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
    }
}

/// A search's place in a [`HintPool`], given back (and the next in line woken) when dropped.
#[derive(Debug)]
pub struct Place {
    pool: &'static HintPool,
    owner: (u64, u64),
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut line = self.pool.lock();
        if let Some(at) = line.running.iter().position(|o| *o == self.owner) {
            line.running.swap_remove(at);
        }
        drop(line);
        self.pool.turn.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static POOL: HintPool = HintPool::new(2, 1 << 20);

    /// Two fresh keys from one address are two owners but one address: one search at a
    /// time between them, while another address's goes ahead.
    #[test]
    fn hints_from_one_address_run_one_at_a_time_whatever_their_owners() {
        static PER_ADDRESS: HintPool = HintPool::new(2, 1 << 20);
        let never = AtomicBool::new(false);
        let a = PER_ADDRESS.join_from(1, 7).expect("room");
        let b = PER_ADDRESS.join_from(2, 7).expect("room");
        let c = PER_ADDRESS.join_from(3, 8).expect("room");
        let first = PER_ADDRESS.wait_turn(a, &never).expect("first in line");
        assert_eq!(PER_ADDRESS.place(b), Some(1), "the same address waits");
        let other = PER_ADDRESS
            .wait_turn(c, &never)
            .expect("another address goes");
        assert_eq!(PER_ADDRESS.running(), 2);
        drop((first, other));
        let second = PER_ADDRESS.wait_turn(b, &never).expect("its turn now");
        drop(second);
        assert_eq!(PER_ADDRESS.running(), 0);
    }

    #[test]
    fn hints_start_in_the_order_asked_one_per_player_and_a_cancelled_one_leaves_the_line() {
        let never = AtomicBool::new(false);
        let a1 = POOL.join(1).expect("room");
        let a2 = POOL.join(1).expect("room");
        let b = POOL.join(2).expect("room");
        let c = POOL.join(3).expect("room");
        assert_eq!(
            [a1, a2, b, c].map(|t| POOL.place(t)),
            [Some(1), Some(2), Some(3), Some(4)]
        );
        let first = POOL.wait_turn(a1, &never).expect("first in line");
        // Player 1 already searches: their second hint waits, and player 2 goes first.
        assert_eq!(POOL.place(a2), Some(1));
        let second = POOL.wait_turn(b, &never).expect("player 2's turn");
        assert_eq!(
            (POOL.running(), POOL.place(a2), POOL.place(c)),
            (2, Some(1), Some(2))
        );
        // A cancelled hint leaves the line at once, and those behind it move up.
        let cancelled = AtomicBool::new(true);
        assert!(POOL.wait_turn(a2, &cancelled).is_none());
        assert_eq!(POOL.place(c), Some(1));
        drop(first);
        let third = POOL.wait_turn(c, &never).expect("a place freed");
        drop((second, third));
        assert_eq!((POOL.running(), POOL.waiting()), (0, 0));
    }
}
