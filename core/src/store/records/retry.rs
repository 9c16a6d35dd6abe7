//! Saves waiting for a store that cannot be reached: kept in the server's memory, one merged
//! progress per player, and retried every [`RETRY_EVERY`] on a thread of their own until
//! written, whether or not the player is still playing.
//!
//! A slow store never holds a session for long: each save is written on a thread of its
//! own, and the session waits for it at most [`SAVE_WAIT`]; a save not written by then goes
//! on in the background ([`SaveError::Slow`], which the player is told). One write per player
//! runs at a time: a save made meanwhile waits behind it, merged with any other made then,
//! and is written as soon as it ends, so the threads writing are at most one per player.
//!
//! Bound: at most [`MAX_PENDING_BYTES`] of progress text are held at once, counting the saves
//! being written, those waiting behind them and those waiting for the store (a player's
//! progress is at most `MAX_PLAYER_BYTES`); a save past it is refused with an error, and the
//! game keeps its own copy, which its next save offers again. A server that stops waits for
//! the saves still being written or waiting, at most [`SHUTDOWN_WAIT`] ([`Pending::finish`]),
//! and says in its log how many players' saves it could not write.

use std::collections::{HashMap, HashSet};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::batch::Batches;
use super::{Database, DbError, KnownRow, write_progress};
use crate::store::progress::Progress;
use crate::store::saves::SaveError;

/// How often waiting saves are tried again.
pub const RETRY_EVERY: Duration = Duration::from_secs(1);

/// The most bytes of progress text that may wait for the store at once: 64 MiB.
pub const MAX_PENDING_BYTES: usize = 64 * 1024 * 1024;

/// The longest a server that stops waits for the saves still being written or waiting for
/// the store: longer than a connection's timeout and a statement's together.
pub const SHUTDOWN_WAIT: Duration = Duration::from_secs(10);

/// The longest a session waits for its save to be written before it goes on (the save is
/// then written in the background).
pub const SAVE_WAIT: Duration = Duration::from_millis(250);

/// What a save came to: the merged progress and what was dropped to fit, or why not.
type Saved = Result<(Progress, Option<String>), SaveError>;

/// The saves waiting, by player.
#[derive(Debug)]
pub struct Pending {
    db: Arc<dyn Database>,
    /// Saves made at once, written together.
    batches: Batches,
    state: Mutex<State>,
    /// The most bytes of progress text held ([`MAX_PENDING_BYTES`]).
    bound: usize,
}

/// A player's save being written: the bytes it holds (counted in [`State::bytes`] until the
/// write ends) and the save made meanwhile (merged) with its bytes, to write next.
#[derive(Debug, Default)]
struct Flight {
    bytes: usize,
    next: Option<(Progress, usize)>,
}

#[derive(Debug, Default)]
struct State {
    waiting: HashMap<String, (Progress, usize)>,
    /// The bytes of progress text held: waiting, being written, and queued behind a write.
    bytes: usize,
    retrying: bool,
    /// The players whose save is being written.
    writing: HashMap<String, Flight>,
    /// What became of the last save written after its session stopped waiting, by player,
    /// until the session asks ([`Pending::settled`]).
    settled: HashMap<String, Result<(), SaveError>>,
    /// The players whose session stopped waiting for the write under way.
    gave_up: HashSet<String>,
    /// The player whose waiting save the retries are writing now (taken out of `waiting`,
    /// still counted as not written until the write ends).
    retried: Option<String>,
}

impl Pending {
    /// Nothing waiting yet, for `db`.
    #[must_use]
    pub fn new(db: Arc<dyn Database>) -> Self {
        Self::with_bound(db, MAX_PENDING_BYTES)
    }

    /// Nothing waiting yet, for `db`, holding at most `bound` bytes of progress text.
    #[must_use]
    pub fn with_bound(db: Arc<dyn Database>, bound: usize) -> Self {
        Self {
            db,
            batches: Batches::default(),
            state: Mutex::new(State::default()),
            bound,
        }
    }

    /// The bytes of progress text held now (waiting, being written, queued behind a write).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many players' saves wait for the store or are being written.
    #[must_use]
    pub fn len(&self) -> usize {
        let state = self.lock();
        let writing = state
            .writing
            .keys()
            .filter(|player| !state.waiting.contains_key(*player))
            .count();
        let retried = state.retried.as_ref().is_some_and(|player| {
            !state.waiting.contains_key(player) && !state.writing.contains_key(player)
        });
        state.waiting.len() + writing + usize::from(retried)
    }

    /// Whether nothing waits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What waits for `fingerprint`, if anything (for the store, or behind a write).
    #[must_use]
    pub fn peek(&self, fingerprint: &str) -> Option<Progress> {
        let state = self.lock();
        let waiting = state.waiting.get(fingerprint).map(|(p, _)| p);
        let queued = state
            .writing
            .get(fingerprint)
            .and_then(|flight| flight.next.as_ref())
            .map(|(p, _)| p);
        match (waiting, queued) {
            (Some(a), Some(b)) => {
                let mut both = a.clone();
                both.merge(b);
                Some(both)
            }
            (a, b) => a.or(b).cloned(),
        }
    }

    fn take(&self, fingerprint: &str) -> Option<Progress> {
        let mut state = self.lock();
        let (progress, bytes) = state.waiting.remove(fingerprint)?;
        state.bytes -= bytes;
        Some(progress)
    }

    /// Keeps `progress` (merged with what already waits) to retry; false when the bound is
    /// reached.
    fn keep(self: &Arc<Self>, fingerprint: &str, mut progress: Progress) -> bool {
        let mut state = self.lock();
        let old = state.waiting.remove(fingerprint);
        if let Some((waiting, bytes)) = &old {
            progress.merge(waiting);
            state.bytes -= bytes;
        }
        let bytes = progress.to_string().len();
        if state.bytes + bytes > self.bound {
            if let Some((waiting, bytes)) = old {
                state.bytes += bytes;
                state
                    .waiting
                    .insert(fingerprint.to_owned(), (waiting, bytes));
            }
            return false;
        }
        state.bytes += bytes;
        state
            .waiting
            .insert(fingerprint.to_owned(), (progress, bytes));
        if !state.retrying {
            let me = Arc::clone(self);
            let started = std::thread::Builder::new()
                .name("store-retry".into())
                .spawn(move || me.retry_until_empty());
            state.retrying = started.is_ok();
        }
        true
    }

    /// Saves `progress` of `fingerprint`, with what waited for it merged in; keeps it to
    /// retry when the store cannot be reached. The write runs on a thread of its own and is
    /// waited for at most [`SAVE_WAIT`].
    ///
    /// # Errors
    /// [`SaveError::Pending`] when it is kept to retry, [`SaveError::Slow`] when it is still
    /// being written (or waits behind the player's write under way), [`SaveError::Failed`]
    /// when the store refused it or the bound is reached.
    pub fn save(
        self: &Arc<Self>,
        fingerprint: &str,
        progress: &Progress,
        known: &Arc<KnownRow>,
    ) -> Saved {
        let mut progress = progress.clone();
        if let Some(waiting) = self.take(fingerprint) {
            progress.merge(&waiting);
        }
        {
            let mut state = self.lock();
            let state = &mut *state;
            if let Some(flight) = state.writing.get_mut(fingerprint) {
                let old = flight.next.as_ref().map_or(0, |(_, bytes)| *bytes);
                let mut next = progress;
                if let Some((queued, _)) = &flight.next {
                    next.merge(queued);
                }
                let bytes = next.to_string().len();
                if state.bytes - old + bytes > self.bound {
                    return Err(self.over_bound("the store is behind"));
                }
                state.bytes = state.bytes - old + bytes;
                flight.next = Some((next, bytes));
                return Err(SaveError::Slow);
            }
            let bytes = progress.to_string().len();
            if state.bytes + bytes > self.bound {
                return Err(self.over_bound("the store is behind"));
            }
            state.bytes += bytes;
            state
                .writing
                .insert(fingerprint.to_owned(), Flight { bytes, next: None });
        }
        let (send, answer) = mpsc::channel();
        let me = Arc::clone(self);
        let player = fingerprint.to_owned();
        let kept = progress.clone();
        let row = Arc::clone(known);
        let spawned = std::thread::Builder::new()
            .name("store-save".into())
            .spawn(move || me.write_in_turn(&player, progress, &row, send));
        if spawned.is_err() {
            // No thread for it: written here, as before.
            let saved = self.write(fingerprint, kept, Some(known));
            let mut state = self.lock();
            if let Some(flight) = state.writing.remove(fingerprint) {
                state.bytes -= flight.bytes;
                if let Some((_, bytes)) = flight.next {
                    state.bytes -= bytes;
                }
            }
            return saved;
        }
        if let Ok(saved) = answer.recv_timeout(SAVE_WAIT) {
            return saved;
        }
        // Given up under the lock the writer answers under, so its outcome is either here
        // now or kept for `settled`.
        let mut state = self.lock();
        if let Ok(saved) = answer.try_recv() {
            return saved;
        }
        state.gave_up.insert(fingerprint.to_owned());
        Err(SaveError::Slow)
    }

    /// The error of a save refused because the saves held would pass the bound.
    fn over_bound(&self, why: &str) -> SaveError {
        SaveError::Failed {
            what: "progress".into(),
            why: format!(
                "{why} and {} bytes of saves already wait for it",
                self.bound
            ),
        }
    }

    /// Takes the bytes of the player's write under way off the count (it ended).
    fn landed(&self, fingerprint: &str) {
        let mut state = self.lock();
        let state = &mut *state;
        if let Some(flight) = state.writing.get_mut(fingerprint) {
            state.bytes -= flight.bytes;
            flight.bytes = 0;
        }
    }

    /// Writes `progress` of `fingerprint` now; keeps it to retry when the store cannot be
    /// reached.
    fn write(
        self: &Arc<Self>,
        fingerprint: &str,
        progress: Progress,
        known: Option<&KnownRow>,
    ) -> Saved {
        let written = write_progress(&*self.db, &self.batches, fingerprint, &progress, known);
        self.landed(fingerprint);
        match written {
            Ok(saved) => Ok(saved),
            Err(DbError::Unreachable(why)) => {
                if self.keep(fingerprint, progress) {
                    Err(SaveError::Pending)
                } else {
                    Err(self.over_bound(&format!("the store is unreachable ({why})")))
                }
            }
            Err(DbError::Failed(why)) => Err(SaveError::Failed {
                what: "progress".into(),
                why,
            }),
        }
    }

    /// Writes `progress`, tells `answer` (if the session still waits), then writes each save
    /// the player made meanwhile, until none is left.
    fn write_in_turn(
        self: Arc<Self>,
        fingerprint: &str,
        mut progress: Progress,
        known: &KnownRow,
        answer: Sender<Saved>,
    ) {
        let mut answer = Some(answer);
        loop {
            let saved = self.write(fingerprint, progress, Some(known));
            // The session may have gone on without it (past `SAVE_WAIT`): then the outcome
            // waits for it to ask.
            let mut state = self.lock();
            let gave_up = state.gave_up.remove(fingerprint);
            let unheard = match answer.take() {
                Some(answer) if !gave_up => answer.send(saved).err().map(|err| err.0),
                _ => Some(saved),
            };
            if let Some(saved) = unheard {
                if let Err(SaveError::Failed { why, .. }) = &saved {
                    eprintln!(
                        "sokoshot serve: player {fingerprint}: progress refused by {}: {why}",
                        self.db.describe()
                    );
                }
                state
                    .settled
                    .insert(fingerprint.to_owned(), saved.map(|_| ()));
            }
            let Some(flight) = state.writing.get_mut(fingerprint) else {
                return;
            };
            match flight.next.take() {
                Some((next, bytes)) => {
                    // Its bytes are counted already: now as the write under way.
                    flight.bytes = bytes;
                    progress = next;
                }
                None => {
                    state.writing.remove(fingerprint);
                    return;
                }
            }
        }
    }

    /// What became of `fingerprint`'s saves that went on in the background: `None` while one
    /// is still being written, else the last one's outcome (`Ok` when there was none).
    #[must_use]
    pub fn settled(&self, fingerprint: &str) -> Option<Result<(), SaveError>> {
        let mut state = self.lock();
        if state.writing.contains_key(fingerprint) {
            return None;
        }
        Some(state.settled.remove(fingerprint).unwrap_or(Ok(())))
    }

    /// Waits until no save is being written or waits for the store, at most `within` (the
    /// waiting ones are tried again meanwhile, every [`RETRY_EVERY`]); returns how many
    /// players' saves are still not written then.
    #[must_use]
    pub fn finish(&self, within: Duration) -> usize {
        let deadline = std::time::Instant::now() + within;
        loop {
            let left = self.len();
            if left == 0 || std::time::Instant::now() >= deadline {
                return left;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Tries every waiting save again until none is left.
    fn retry_until_empty(self: Arc<Self>) {
        loop {
            std::thread::sleep(RETRY_EVERY);
            let players: Vec<String> = self.lock().waiting.keys().cloned().collect();
            for fingerprint in players {
                let progress = {
                    let mut state = self.lock();
                    let Some((progress, bytes)) = state.waiting.remove(&fingerprint) else {
                        continue;
                    };
                    state.bytes -= bytes;
                    state.retried = Some(fingerprint.clone());
                    progress
                };
                let written =
                    write_progress(&*self.db, &self.batches, &fingerprint, &progress, None);
                let mut state = self.lock();
                state.retried = None;
                match written {
                    Ok(_) => {
                        eprintln!(
                            "sokoshot serve: player {fingerprint}: waiting progress saved to {}",
                            self.db.describe()
                        );
                    }
                    Err(DbError::Unreachable(_)) => {
                        // Put back; the bound held it before, and only merges grow it.
                        let (mut merged, old) = match state.waiting.remove(&fingerprint) {
                            Some((newer, bytes)) => (newer, bytes),
                            None => (Progress::default(), 0),
                        };
                        merged.merge(&progress);
                        let bytes = merged.to_string().len();
                        state.bytes = state.bytes - old + bytes;
                        state.waiting.insert(fingerprint, (merged, bytes));
                    }
                    Err(DbError::Failed(why)) => {
                        eprintln!(
                            "sokoshot serve: player {fingerprint}: waiting progress refused by \
                             {}: {why}",
                            self.db.describe()
                        );
                    }
                }
            }
            let mut state = self.lock();
            if state.waiting.is_empty() {
                state.retrying = false;
                return;
            }
        }
    }
}
