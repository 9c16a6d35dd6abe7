//! Where each player's progress is kept: one directory per public key, named after the key's
//! SHA-256 fingerprint, in `players/` under the data directory, holding `progress.txt`
//! (written by the same progress store as local play) and the player's Pasted pack. Guests
//! (no key) get none.
//!
//! At most [`MAX_PLAYERS`] players are kept, each with at most [`MAX_PLAYER_BYTES`]. A
//! directory's modification time is set each time its player connects, and when a new player
//! would pass the cap the player who has been away longest is forgotten first.

use std::fs;
use std::io;
use std::path::PathBuf;
use std::time::SystemTime;

use russh::keys::{HashAlg, PublicKey};

use sokoshot_core::store::progress::SaveFile;

/// The most players whose progress is kept.
pub const MAX_PLAYERS: usize = 10_000;

/// The most bytes kept for one player (progress, and the Pasted pack of at most 50 levels of
/// at most 64 KiB); a player past it plays on without saving.
pub const MAX_PLAYER_BYTES: u64 = 4 * 1024 * 1024;

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

    /// The progress file of `player` (none for a guest), in the player's own directory
    /// (where the Pasted pack is kept beside it), marked as used now; the player away longest
    /// is forgotten if the store is full.
    ///
    /// # Errors
    /// When the directory cannot be read or written, or the player's files are over
    /// [`MAX_PLAYER_BYTES`].
    pub fn save_file(&self, player: &Player) -> io::Result<Option<SaveFile>> {
        let Player::Key(fingerprint) = player else {
            return Ok(None);
        };
        let home = self.dir.join(dir_name(fingerprint));
        if home.is_dir() {
            let mut bytes = 0;
            for entry in fs::read_dir(&home)? {
                bytes += entry?.metadata()?.len();
            }
            if bytes > MAX_PLAYER_BYTES {
                return Err(io::Error::other(format!(
                    "saved files are over {MAX_PLAYER_BYTES} bytes"
                )));
            }
            fs::File::open(&home)?.set_modified(SystemTime::now())?;
        } else {
            self.make_room()?;
            fs::create_dir_all(&home)?;
        }
        Ok(Some(SaveFile::at(home.join("progress.txt"))))
    }

    /// Forgets the players away longest until one more fits under the cap.
    fn make_room(&self) -> io::Result<()> {
        let mut homes = self.homes()?;
        if homes.len() < self.max {
            return Ok(());
        }
        homes.sort_by_key(|(_, used)| *used);
        let excess = homes.len() + 1 - self.max;
        for (home, _) in homes.into_iter().take(excess) {
            fs::remove_dir_all(home)?;
        }
        Ok(())
    }

    /// Every player's directory, with when it was last used.
    fn homes(&self) -> io::Result<Vec<(PathBuf, SystemTime)>> {
        let mut homes = Vec::new();
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(homes),
            Err(err) => return Err(err),
        };
        for entry in entries {
            let entry = entry?;
            let meta = entry.metadata()?;
            if meta.is_dir() {
                homes.push((entry.path(), meta.modified()?));
            }
        }
        Ok(homes)
    }
}

/// A directory name for a fingerprint: its SHA-256 part in hex, which any file system takes.
fn dir_name(fingerprint: &str) -> String {
    let digest = fingerprint.strip_prefix("SHA256:").unwrap_or(fingerprint);
    let hex: String = digest.bytes().map(|b| format!("{b:02x}")).collect();
    hex
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
        let saved = |n: &str| {
            let file = players
                .save_file(&Player::Key(format!("SHA256:{n}")))
                .expect("ok")
                .expect("file");
            fs::write(file.path(), "sokoshot-progress 1\n").expect("saved");
            file
        };
        let old = saved("old");
        let old_home = old.path().parent().expect("home").to_owned();
        fs::File::open(&old_home)
            .expect("open")
            .set_modified(SystemTime::now() - Duration::from_secs(3600))
            .expect("set time");
        let kept = saved("kept");
        saved("new");
        assert!(
            !old_home.exists(),
            "the oldest is dropped, with all its files"
        );
        assert!(kept.path().exists());
        assert_eq!(players.homes().expect("list").len(), 2);
        let _ = fs::remove_dir_all(&dir);
    }
}
