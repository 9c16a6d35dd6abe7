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
//! Bound: at most [`MAX_PENDING_BYTES`] of progress text wait at once (a player's progress is
//! at most `MAX_PLAYER_BYTES`); a save past it is refused with an error, and the game keeps
//! its own copy, which its next save offers again. A server stopped while saves wait loses
//! them: it says how many in its log as it stops.

use std::collections::{HashMap, HashSet};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::{Database, DbError, write_progress};
use crate::store::progress::Progress;
use crate::store::saves::SaveError;

/// How often waiting saves are tried again.
pub const RETRY_EVERY: Duration = Duration::from_secs(1);

/// The most bytes of progress text that may wait for the store at once: 64 MiB.
pub const MAX_PENDING_BYTES: usize = 64 * 1024 * 1024;

/// The longest a session waits for its save to be written before it goes on (the save is
/// then written in the background).
pub const SAVE_WAIT: Duration = Duration::from_millis(250);

/// What a save came to: the merged progress and what was dropped to fit, or why not.
type Saved = Result<(Progress, Option<String>), SaveError>;

/// The saves waiting, by player.
#[derive(Debug)]
pub struct Pending {
    db: Arc<dyn Database>,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    waiting: HashMap<String, (Progress, usize)>,
    bytes: usize,
    retrying: bool,
    /// The players whose save is being written, each with the save made meanwhile (merged),
    /// to write next.
    writing: HashMap<String, Option<Progress>>,
    /// What became of the last save written after its session stopped waiting, by player,
    /// until the session asks ([`Pending::settled`]).
    settled: HashMap<String, Result<(), SaveError>>,
    /// The players whose session stopped waiting for the write under way.
    gave_up: HashSet<String>,
}

impl Pending {
    /// Nothing waiting yet, for `db`.
    #[must_use]
    pub fn new(db: Arc<dyn Database>) -> Self {
        Self {
            db,
            state: Mutex::new(State::default()),
        }
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
        state.waiting.len() + writing
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
        let queued = state.writing.get(fingerprint).and_then(Option::as_ref);
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
        if state.bytes + bytes > MAX_PENDING_BYTES {
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
    pub fn save(self: &Arc<Self>, fingerprint: &str, progress: &Progress) -> Saved {
        let mut progress = progress.clone();
        if let Some(waiting) = self.take(fingerprint) {
            progress.merge(&waiting);
        }
        {
            let mut state = self.lock();
            if let Some(queued) = state.writing.get_mut(fingerprint) {
                match queued {
                    Some(next) => next.merge(&progress),
                    None => *queued = Some(progress),
                }
                return Err(SaveError::Slow);
            }
            state.writing.insert(fingerprint.to_owned(), None);
        }
        let (send, answer) = mpsc::channel();
        let me = Arc::clone(self);
        let player = fingerprint.to_owned();
        let kept = progress.clone();
        let spawned = std::thread::Builder::new()
            .name("store-save".into())
            .spawn(move || me.write_in_turn(&player, progress, send));
        if spawned.is_err() {
            // No thread for it: written here, as before.
            let saved = self.write(fingerprint, kept);
            self.lock().writing.remove(fingerprint);
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

    /// Writes `progress` of `fingerprint` now; keeps it to retry when the store cannot be
    /// reached.
    fn write(self: &Arc<Self>, fingerprint: &str, progress: Progress) -> Saved {
        match write_progress(&*self.db, fingerprint, &progress) {
            Ok(saved) => Ok(saved),
            Err(DbError::Unreachable(why)) => {
                if self.keep(fingerprint, progress) {
                    Err(SaveError::Pending)
                } else {
                    Err(SaveError::Failed {
                        what: "progress".into(),
                        why: format!(
                            "the store is unreachable ({why}) and {MAX_PENDING_BYTES} bytes of \
                             saves already wait for it"
                        ),
                    })
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
        answer: Sender<Saved>,
    ) {
        let mut answer = Some(answer);
        loop {
            let saved = self.write(fingerprint, progress);
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
            match state.writing.get_mut(fingerprint).and_then(Option::take) {
                Some(next) => progress = next,
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

    /// Tries every waiting save again until none is left.
    fn retry_until_empty(self: Arc<Self>) {
        loop {
            std::thread::sleep(RETRY_EVERY);
            let players: Vec<String> = self.lock().waiting.keys().cloned().collect();
            for fingerprint in players {
                let Some(progress) = self.take(&fingerprint) else {
                    continue;
                };
                match write_progress(&*self.db, &fingerprint, &progress) {
                    Ok(_) => {
                        eprintln!(
                            "sokoshot serve: player {fingerprint}: waiting progress saved to {}",
                            self.db.describe()
                        );
                    }
                    Err(DbError::Unreachable(_)) => {
                        // Put back; the bound held it before, and only merges grow it.
                        let mut state = self.lock();
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
