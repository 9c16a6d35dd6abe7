//! Saves waiting for a store that cannot be reached: kept in the server's memory, one merged
//! progress per player, and retried every [`RETRY_EVERY`] on a thread of their own until
//! written, whether or not the player is still playing.
//!
//! Bound: at most [`MAX_PENDING_BYTES`] of progress text wait at once (a player's progress is
//! at most `MAX_PLAYER_BYTES`); a save past it is refused with an error, and the game keeps
//! its own copy, which its next save offers again. A server stopped while saves wait loses
//! them: it says how many in its log as it stops.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::{Database, DbError, write_progress};
use crate::store::progress::Progress;
use crate::store::saves::SaveError;

/// How often waiting saves are tried again.
pub const RETRY_EVERY: Duration = Duration::from_secs(1);

/// The most bytes of progress text that may wait for the store at once: 64 MiB.
pub const MAX_PENDING_BYTES: usize = 64 * 1024 * 1024;

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

    /// How many players' saves wait.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Whether nothing waits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What waits for `fingerprint`, if anything.
    #[must_use]
    pub fn peek(&self, fingerprint: &str) -> Option<Progress> {
        self.lock()
            .waiting
            .get(fingerprint)
            .map(|(progress, _)| progress.clone())
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
    /// retry when the store cannot be reached.
    ///
    /// # Errors
    /// [`SaveError::Pending`] when it is kept to retry, [`SaveError::Failed`] when the store
    /// refused it or the bound is reached.
    pub fn save(
        self: &Arc<Self>,
        fingerprint: &str,
        progress: &Progress,
    ) -> Result<(Progress, Option<String>), SaveError> {
        let mut progress = progress.clone();
        if let Some(waiting) = self.take(fingerprint) {
            progress.merge(&waiting);
        }
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
