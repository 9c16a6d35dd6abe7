//! Where each player's progress is kept: one progress file per public key, named after the
//! key's SHA-256 fingerprint, in `players/` under the data directory, written by the same
//! progress store as local play. Guests (no key) get none.
//!
//! At most [`MAX_PLAYERS`] files are kept, each of at most [`MAX_PROGRESS_BYTES`]. A file's modification time is set each time its
//! player connects, and when a new player would pass the cap the player who has been away
//! longest is forgotten first.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use russh::keys::{HashAlg, PublicKey};

use crate::tui::progress::SaveFile;

/// The most players whose progress is kept.
pub const MAX_PLAYERS: usize = 10_000;

/// The largest progress file kept for one player. The server's packs are fixed, so a file
/// holds at most one line per level; one past this size is left alone and not saved to.
pub const MAX_PROGRESS_BYTES: u64 = 256 * 1024;

/// Who is playing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// A player who authenticated with a public key, by its `SHA256:` fingerprint.
    Key(String),
    /// A player without a key; nothing is saved.
    Guest,
}

impl Player {
    /// The player behind a verified public key.
    #[must_use]
    pub fn of_key(key: &PublicKey) -> Self {
        Self::Key(key.fingerprint(HashAlg::Sha256).to_string())
    }

    /// How the player is named in the log and on the menu.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Player::Key(fingerprint) => fingerprint,
            Player::Guest => "guest",
        }
    }
}

/// The directory of players' progress files.
#[derive(Debug, Clone)]
pub struct Players {
    dir: PathBuf,
    max: usize,
}

impl Players {
    /// The store in `dir`, keeping at most [`MAX_PLAYERS`] players.
    #[must_use]
    pub fn new(dir: PathBuf) -> Self {
        Self::with_cap(dir, MAX_PLAYERS)
    }

    /// The store in `dir`, keeping at most `max` players.
    #[must_use]
    pub fn with_cap(dir: PathBuf, max: usize) -> Self {
        Self {
            dir,
            max: max.max(1),
        }
    }

    /// The progress file of `player` (none for a guest), marked as used now; the player away
    /// longest is forgotten if the store is full.
    ///
    /// # Errors
    /// When the directory cannot be read or written, or the player's file is over
    /// [`MAX_PROGRESS_BYTES`].
    pub fn save_file(&self, player: &Player) -> io::Result<Option<SaveFile>> {
        let Player::Key(fingerprint) = player else {
            return Ok(None);
        };
        fs::create_dir_all(&self.dir)?;
        let path = self.dir.join(file_name(fingerprint));
        if path.exists() {
            let file = fs::File::options().append(true).open(&path)?;
            if file.metadata()?.len() > MAX_PROGRESS_BYTES {
                return Err(io::Error::other(format!(
                    "saved progress is over {MAX_PROGRESS_BYTES} bytes"
                )));
            }
            file.set_modified(SystemTime::now())?;
        } else {
            // The file appears with the player's first solution; room is made for it now.
            self.make_room()?;
        }
        Ok(Some(SaveFile::at(path)))
    }

    /// Removes the least recently used files until one more fits under the cap.
    fn make_room(&self) -> io::Result<()> {
        let mut files = self.files()?;
        if files.len() < self.max {
            return Ok(());
        }
        files.sort_by_key(|(_, used)| *used);
        let excess = files.len() + 1 - self.max;
        for (path, _) in files.into_iter().take(excess) {
            self.forget(&path)?;
        }
        Ok(())
    }

    /// Removes a player's file and the store's files beside it (`.lock`, `.tmp…`,
    /// `.corrupt-N`).
    fn forget(&self, path: &Path) -> io::Result<()> {
        let Some(name) = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
        else {
            return Ok(());
        };
        for entry in fs::read_dir(&self.dir)? {
            let entry = entry?;
            let other = entry.file_name().to_string_lossy().into_owned();
            if other == name || other.starts_with(&format!("{name}.")) {
                fs::remove_file(entry.path())?;
            }
        }
        Ok(())
    }

    fn files(&self) -> io::Result<Vec<(PathBuf, SystemTime)>> {
        let mut files = Vec::new();
        for entry in fs::read_dir(&self.dir)? {
            let entry = entry?;
            let path = entry.path();
            if is_player_file(&path) {
                let used = entry.metadata()?.modified()?;
                files.push((path, used));
            }
        }
        Ok(files)
    }
}

/// A file name for a fingerprint: its SHA-256 part in hex, which any file system takes.
fn file_name(fingerprint: &str) -> String {
    let digest = fingerprint.strip_prefix("SHA256:").unwrap_or(fingerprint);
    let hex: String = digest.bytes().map(|b| format!("{b:02x}")).collect();
    format!("{hex}.txt")
}

/// A player's progress file (`HEX.txt`), not one of the files the store keeps beside it.
fn is_player_file(path: &Path) -> bool {
    path.extension().is_some_and(|ext| ext == "txt")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn guests_get_no_file_and_a_key_gets_its_own() {
        let dir = std::env::temp_dir().join(format!("sokoshot-players-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let players = Players::new(dir.clone());
        assert!(players.save_file(&Player::Guest).expect("ok").is_none());
        let a = players
            .save_file(&Player::Key("SHA256:abc/+=".into()))
            .expect("ok")
            .expect("file");
        let b = players
            .save_file(&Player::Key("SHA256:xyz".into()))
            .expect("ok")
            .expect("file");
        assert_ne!(a.path(), b.path());
        assert!(a.path().starts_with(&dir));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn past_the_cap_the_player_away_longest_is_forgotten() {
        let dir = std::env::temp_dir().join(format!("sokoshot-players-cap-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let players = Players::with_cap(dir.clone(), 2);
        let key = |n: &str| Player::Key(format!("SHA256:{n}"));
        let saved = |n: &str| {
            let file = players.save_file(&key(n)).expect("ok").expect("file");
            fs::write(file.path(), "sokoshot-progress 1\n").expect("saved");
            let mut lock = file.path().as_os_str().to_owned();
            lock.push(".lock");
            fs::write(lock, "").expect("lock");
            file
        };
        let old = saved("old");
        fs::File::options()
            .append(true)
            .open(old.path())
            .expect("open")
            .set_modified(SystemTime::now() - Duration::from_secs(3600))
            .expect("set time");
        let kept = saved("kept");
        saved("new");
        assert!(!old.path().exists(), "the oldest is dropped");
        let beside = fs::read_dir(&dir)
            .expect("dir")
            .filter_map(Result::ok)
            .filter(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                name.starts_with(
                    &old.path()
                        .file_name()
                        .expect("name")
                        .to_string_lossy()
                        .into_owned(),
                )
            })
            .count();
        assert_eq!(beside, 0, "with the files beside it");
        assert!(kept.path().exists());
        assert_eq!(players.files().expect("list").len(), 2);
        let _ = fs::remove_dir_all(&dir);
    }
}
