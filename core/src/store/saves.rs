//! The one interface to what is kept, whatever keeps it: [`Saves`] is one player's saved
//! things (progress, with its kept solutions, games to resume, settings and unknown fields,
//! and the Pasted pack), and [`PlayerStore`] is a server's players with the open-mode caps.
//!
//! Backends: the files of local play and of the folder store ([`SaveFile`], one directory
//! per player under `players/`, see [`super::players`]), and any database that keeps texts
//! per player ([`super::records`]: SQLite and PostgreSQL live in a crate of their own). The
//! progress is kept everywhere as the progress format's text, so a backend keeps everything
//! that format carries, and saving always merges with what is stored, keeping the best of
//! both ([`Progress::merge`]).

use std::fmt;
use std::io;
use std::net::IpAddr;
use std::path::Path;
use std::sync::Arc;

use super::pasted::{
    PastedError, add_pasted_within, change_pasted_within, load_pasted, pasted_path,
};
use super::players::{Player, Players, Refused};
use super::progress::{Progress, SaveFile};
use super::scores::ScoreBoard;
use crate::level::Level;

/// What the player is told while their progress waits for an unreachable store.
pub const NOT_SAVED_YET: &str = "progress not saved yet: the store is unreachable; retrying";

/// What the player is told while their progress is still being written to a slow store.
pub const SAVING_SLOWLY: &str = "progress is being saved: the store is slow";

/// Why a save did not reach the store.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SaveError {
    /// The store cannot be reached now; the save is kept and retried in the background.
    #[error("{NOT_SAVED_YET}")]
    Pending,
    /// The store is slow: the save is still being written, in the background.
    #[error("{SAVING_SLOWLY}")]
    Slow,
    /// The save was refused or failed (`what` names where it went).
    #[error("cannot save {what}: {why}")]
    Failed {
        /// Where it went, in words ("progress to /home/me/…/progress.txt").
        what: String,
        /// Why it failed.
        why: String,
    },
}

/// One player's saved things, wherever they are kept.
pub trait Saves: Send + Sync + fmt::Debug {
    /// Reads the saved progress; a warning when some or all of it could not be read (a
    /// fresh start then).
    fn load(&self) -> (Progress, Option<String>);

    /// Saves `progress` merged with what is stored (another game may have saved since),
    /// and returns the merged progress and what was dropped to fit, if anything.
    ///
    /// # Errors
    /// When it could not be saved now ([`SaveError::Pending`] when it will be later).
    fn save(&self, progress: &Progress) -> Result<(Progress, Option<String>), SaveError>;

    /// The levels of the player's Pasted pack.
    fn pasted(&self) -> Vec<Level>;

    /// Adds `levels` at the end of the Pasted pack; returns a note for the player when the
    /// old pack was unreadable and kept aside (its name).
    ///
    /// # Errors
    /// When the pack cannot be saved.
    fn add_pasted(&self, levels: &[Level]) -> Result<Option<String>, PastedError>;

    /// Rewrites the Pasted pack's text (where the player's own levels are kept, pasted or
    /// made in the editor) with `change`, which gets the text as stored (empty when there is
    /// none) and gives the new one or refuses; the new text must fit the player's bytes. No
    /// other change of the pack comes between the read and the write; returns a note when
    /// the old pack was unreadable and kept aside (its name).
    ///
    /// # Errors
    /// `change`'s refusal, or when the pack cannot be saved.
    fn change_pasted(
        &self,
        change: &mut dyn FnMut(&str) -> Result<String, PastedError>,
    ) -> Result<Option<String>, PastedError>;

    /// The player's verified scores and nickname, where the store keeps them (a server's
    /// database); `None` where it does not (local play, the folder store).
    fn scores(&self) -> Option<Arc<dyn ScoreBoard>> {
        None
    }

    /// After a save answered [`SaveError::Slow`]: `None` while it (or one made after it) is
    /// still being written, else what became of the last one written in the background.
    /// Stores that save before answering have nothing left to settle.
    fn settled(&self) -> Option<Result<(), SaveError>> {
        Some(Ok(()))
    }
}

impl Saves for SaveFile {
    fn load(&self) -> (Progress, Option<String>) {
        SaveFile::load(self)
    }

    fn save(&self, progress: &Progress) -> Result<(Progress, Option<String>), SaveError> {
        self.save_telling(progress)
            .map_err(|err| SaveError::Failed {
                what: format!("progress to {}", self.path().display()),
                why: err.to_string(),
            })
    }

    fn pasted(&self) -> Vec<Level> {
        load_pasted(&pasted_path(self.path()))
    }

    fn add_pasted(&self, levels: &[Level]) -> Result<Option<String>, PastedError> {
        let path = pasted_path(self.path());
        let aside = add_pasted_within(&path, levels, &|len| self.room(&path, len))?;
        Ok(aside.map(|aside| file_name(&aside)))
    }

    fn change_pasted(
        &self,
        change: &mut dyn FnMut(&str) -> Result<String, PastedError>,
    ) -> Result<Option<String>, PastedError> {
        let path = pasted_path(self.path());
        let aside = change_pasted_within(&path, change, &|len| self.room(&path, len))?;
        Ok(aside.map(|aside| file_name(&aside)))
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// A server's players: who is kept (the open-mode caps) and each one's [`Saves`].
pub trait PlayerStore: Send + Sync + fmt::Debug {
    /// The store in words, for the log ("players/ in /srv/…", "sqlite:/…").
    fn describe(&self) -> String;

    /// Takes `player`, connecting from `ip`, in as a session starts: a kept player is marked
    /// as seen; a new key is kept if the caps let it. Guests pass.
    ///
    /// # Errors
    /// Why the new key is not kept; it plays on without saving.
    fn admit(&self, player: &Player, ip: IpAddr) -> Result<(), Refused>;

    /// The saves of `player` (none for a guest).
    ///
    /// # Errors
    /// When the player's saves cannot be had now (the message says why).
    fn saves(&self, player: &Player) -> io::Result<Option<Arc<dyn Saves>>>;

    /// Saves still waiting for the store (kept in memory, retried in the background).
    fn pending(&self) -> usize {
        0
    }

    /// As the server stops: waits, at most `within`, for the saves still being written or
    /// waiting for the store, and returns how many players' saves are still not written.
    fn finish(&self, within: std::time::Duration) -> usize {
        let _ = within;
        self.pending()
    }
}

impl PlayerStore for Players {
    fn describe(&self) -> String {
        format!("the folder {}", self.dir().display())
    }

    fn admit(&self, player: &Player, ip: IpAddr) -> Result<(), Refused> {
        Players::admit(self, player, ip)
    }

    fn saves(&self, player: &Player) -> io::Result<Option<Arc<dyn Saves>>> {
        Ok(self
            .save_file(player)?
            .map(|file| Arc::new(file) as Arc<dyn Saves>))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::progress::Figures;

    /// The folder store through the interface keeps what the file keeps, and merges.
    #[test]
    fn the_folder_store_saves_and_merges_through_the_interface() {
        let temp = tempfile::tempdir().expect("temp dir");
        let store: Arc<dyn PlayerStore> = Arc::new(Players::new(temp.path().join("players")));
        let player = Player::Key("SHA256:abc".into());
        let home = std::net::IpAddr::from([127, 0, 0, 1]);
        store.admit(&player, home).expect("room");
        let first = store.saves(&player).expect("ok").expect("a key saves");
        let second = store.saves(&player).expect("ok").expect("a key saves");
        let mut a = Progress::default();
        let figures = |moves| Figures {
            moves,
            pushes: 1,
            shots: 0,
        };
        a.record("p", 0, 1, figures(10));
        a.set_setting("deadlock-warnings", "off");
        let mut b = Progress::default();
        b.record("p", 1, 2, figures(7));
        first.save(&a).expect("saved");
        let (merged, _) = second.save(&b).expect("saved");
        assert!(merged.best("p", 0, 1).is_some() && merged.best("p", 1, 2).is_some());
        let (loaded, warning) = first.load();
        assert_eq!(warning, None);
        assert_eq!(loaded, merged);
        assert_eq!(loaded.setting("deadlock-warnings"), Some("off"));
        assert!(store.saves(&Player::Guest).expect("ok").is_none());
    }
}
