//! Where each player's progress is kept: one directory per public key, named after the key's
//! SHA-256 fingerprint, in `players/` under the data directory, holding `progress.txt`
//! (written by the same progress store as local play) and the player's Pasted pack. Guests
//! (no key) get none.
//!
//! At most `--max-players` players are kept (default [`MAX_PLAYERS`]), each with at most
//! [`MAX_PLAYER_BYTES`] (checked as each session starts, and before every save of progress
//! or of the Pasted pack, which is refused past it), so the disk all players may take is
//! bounded by their product. A directory's modification time is set each time its player
//! connects.
//!
//! The flood rule, in open mode where any key gets in: a new key is kept only when its
//! address has made fewer than `--new-players-per-hour` new players in the last hour
//! ([`newcomers`]), and, when the store is full, only when someone can be forgotten
//! without losing anything recent: first the players who have saved nothing (longest away
//! first), then those away longer than [`FORGET_UNSEEN_AFTER`] (longest away first). Only a
//! solved level (with its kept solutions) or a pasted level counts as saved: the level played
//! last and games to resume, which opening a level writes, do not. A
//! player who saved anything in that time is never forgotten to make room, however many
//! fresh keys arrive; when no one can be forgotten the new key is refused ([`Refused`]) and
//! plays without its progress kept. Each refused and each forgotten player gets a log line.

use std::fs;
use std::io;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

use self::newcomers::Newcomers;
use super::pasted::{load_pasted, pasted_path};
use super::progress::SaveFile;

pub mod newcomers;

/// The most players whose progress is kept, unless told otherwise.
pub const MAX_PLAYERS: usize = 10_000;

/// The most bytes kept for one player (progress, and the Pasted pack of at most 50 levels of
/// at most 64 KiB); a player past it plays on without saving.
pub const MAX_PLAYER_BYTES: u64 = 4 * 1024 * 1024;

/// New players one address may make in an hour, unless told otherwise.
pub const DEFAULT_NEW_PLAYERS_PER_HOUR: usize = 5;

/// How long a player who saved something must have been away before a new player may take
/// their place: 30 days.
pub const FORGET_UNSEEN_AFTER: Duration = Duration::from_secs(30 * 24 * 3600);

/// Why a new key's progress is not kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The address made its new players for the hour.
    #[error("this address made {0} new players this hour")]
    Rate(usize),
    /// The store is full of players who saved something lately.
    #[error("all {0} places are held by players who saved lately")]
    Full(usize),
    /// The players' directory could not be read or written.
    #[error("the server cannot keep progress now")]
    Io,
}

/// Why a player was forgotten to make room for a new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forgotten {
    /// They had saved nothing.
    NothingSaved,
    /// They had been away this long (beyond [`FORGET_UNSEEN_AFTER`]).
    Away(Duration),
}

/// Who is playing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// A player who authenticated with a public key, by its `SHA256:` fingerprint.
    Key(String),
    /// A player without a key; nothing is saved.
    Guest,
}

impl Player {
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
#[derive(Debug)]
pub struct Players {
    dir: PathBuf,
    max: usize,
    /// New players per address; its lock also keeps two new players from taking one place.
    newcomers: Mutex<Newcomers>,
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
            newcomers: Mutex::new(Newcomers::new(DEFAULT_NEW_PLAYERS_PER_HOUR)),
        }
    }

    /// This store, letting each address make `per_hour` new players an hour.
    #[must_use]
    pub fn new_players_per_hour(self, per_hour: usize) -> Self {
        Self {
            newcomers: Mutex::new(Newcomers::new(per_hour)),
            ..self
        }
    }

    /// The directory the players' directories are in.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The most players kept.
    #[must_use]
    pub fn max(&self) -> usize {
        self.max
    }

    fn lock(&self) -> MutexGuard<'_, Newcomers> {
        self.newcomers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes `player`, connecting from `ip`, into the store as a session starts: a kept
    /// player is marked as seen now; a new key is given a directory if the flood rule lets
    /// it (its address's rate, and room made only as the module's header says). Guests pass.
    ///
    /// # Errors
    /// Why the new key is not kept; it plays on without saving.
    pub fn admit(&self, player: &Player, ip: IpAddr) -> Result<(), Refused> {
        let Player::Key(fingerprint) = player else {
            return Ok(());
        };
        let home = self.dir.join(dir_name(fingerprint));
        let mut newcomers = self.lock();
        if home.is_dir() {
            return touch(&home).map_err(|_| Refused::Io);
        }
        let now = Instant::now();
        if !newcomers.allows(ip, now) {
            return Err(Refused::Rate(newcomers.per_window()));
        }
        self.make_room(fingerprint)?;
        fs::create_dir_all(&home).map_err(|_| Refused::Io)?;
        newcomers.made(ip, now);
        Ok(())
    }

    /// The progress file of `player` (none for a guest), in the player's own directory
    /// (where the Pasted pack is kept beside it), marked as used now. A player whose
    /// directory is gone (forgotten while it held nothing) is given one again if there is
    /// room by the flood rule.
    ///
    /// # Errors
    /// When the directory cannot be read or written, the player's files are over
    /// [`MAX_PLAYER_BYTES`], or there is no room.
    pub fn save_file(&self, player: &Player) -> io::Result<Option<SaveFile>> {
        let Player::Key(fingerprint) = player else {
            return Ok(None);
        };
        let home = self.dir.join(dir_name(fingerprint));
        let _newcomers = self.lock();
        if home.is_dir() {
            if held_bytes(&home)? > MAX_PLAYER_BYTES {
                return Err(io::Error::other(format!(
                    "saved files are over {MAX_PLAYER_BYTES} bytes"
                )));
            }
            touch(&home)?;
        } else {
            self.make_room(fingerprint).map_err(io::Error::other)?;
            fs::create_dir_all(&home)?;
        }
        Ok(Some(
            SaveFile::at(home.join("progress.txt")).capped(MAX_PLAYER_BYTES),
        ))
    }

    /// Forgets players, by the flood rule, until one more fits under the cap; logs each one
    /// forgotten (the caller logs a refusal, with the address).
    fn make_room(&self, newcomer: &str) -> Result<(), Refused> {
        let homes = self.homes().map_err(|_| Refused::Io)?;
        if homes.len() < self.max {
            return Ok(());
        }
        let excess = homes.len() + 1 - self.max;
        let now = SystemTime::now();
        let mut candidates: Vec<(PathBuf, SystemTime, Forgotten)> = homes
            .into_iter()
            .filter_map(|(home, seen)| {
                let away = now.duration_since(seen).unwrap_or(Duration::ZERO);
                let why = if !holds_something(&home).ok()? {
                    Forgotten::NothingSaved
                } else if away >= FORGET_UNSEEN_AFTER {
                    Forgotten::Away(away)
                } else {
                    return None;
                };
                Some((home, seen, why))
            })
            .collect();
        if candidates.len() < excess {
            return Err(Refused::Full(self.max));
        }
        candidates.sort_by_key(|(_, seen, why)| (matches!(why, Forgotten::Away(_)), *seen));
        for (home, _, why) in candidates.into_iter().take(excess) {
            fs::remove_dir_all(&home).map_err(|_| Refused::Io)?;
            let because = match why {
                Forgotten::NothingSaved => "nothing saved".to_owned(),
                Forgotten::Away(away) => format!("away {} days", away.as_secs() / 86_400),
            };
            eprintln!(
                "sokoshot serve: player {} forgotten ({because}) to make room for {newcomer}",
                fingerprint_of(&home)
            );
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

/// Marks a player's directory as used now.
fn touch(home: &Path) -> io::Result<()> {
    fs::File::open(home)?.set_modified(SystemTime::now())
}

/// The bytes of the files in a player's directory.
fn held_bytes(home: &Path) -> io::Result<u64> {
    let mut bytes = 0;
    for entry in fs::read_dir(home)? {
        bytes += entry?.metadata()?.len();
    }
    Ok(bytes)
}

/// Whether a player's directory holds something saved: a level solved (or a solution kept)
/// in its progress, or a level in its Pasted pack. Which level was played last and games to
/// resume do not count: opening a level writes them, so any fresh key would.
fn holds_something(home: &Path) -> io::Result<bool> {
    if held_bytes(home)? == 0 {
        return Ok(false);
    }
    let progress = home.join("progress.txt");
    if !load_pasted(&pasted_path(&progress)).is_empty() {
        return Ok(true);
    }
    let (progress, _) = SaveFile::at(progress).load();
    Ok(progress.holds_results())
}

/// The fingerprint a player's directory is named after (see [`dir_name`]).
pub(crate) fn fingerprint_of(home: &Path) -> String {
    let name = home
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let bytes: Vec<u8> = (0..name.len() / 2)
        .filter_map(|i| u8::from_str_radix(name.get(2 * i..2 * i + 2)?, 16).ok())
        .collect();
    format!("SHA256:{}", String::from_utf8_lossy(&bytes))
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
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("players");
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
    }

    #[test]
    fn past_the_cap_the_player_away_longest_is_forgotten() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("players");
        let players = Players::with_cap(dir.clone(), 2);
        let saved = |n: &str| {
            let file = players
                .save_file(&Player::Key(format!("SHA256:{n}")))
                .expect("ok")
                .expect("file");
            fs::write(file.path(), SOLVED).expect("saved");
            file
        };
        let old = saved("old");
        let old_home = old.path().parent().expect("home").to_owned();
        fs::File::open(&old_home)
            .expect("open")
            .set_modified(SystemTime::now() - FORGET_UNSEEN_AFTER - Duration::from_secs(3600))
            .expect("set time");
        let kept = saved("kept");
        saved("new");
        assert!(
            !old_home.exists(),
            "the oldest is dropped, with all its files"
        );
        assert!(kept.path().exists());
        assert_eq!(players.homes().expect("list").len(), 2);
    }

    /// A progress file with one level solved: something saved.
    const SOLVED: &str = "sokoshot-progress 1\npack built-in:Microban\n\
                          level 1 id=6f1d0a3b9c2e4d58 moves=33 pushes=8 shots=0\n";

    const HOME_A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1));

    /// The flood rule: fresh keys take only the places of players with nothing saved, and
    /// are refused once every place is held by someone who saved something lately.
    #[test]
    fn a_flood_of_fresh_keys_forgets_only_players_with_nothing_saved() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("players");
        let players = Players::with_cap(dir.clone(), 3).new_players_per_hour(1000);
        let real = Player::Key("SHA256:real".into());
        players.admit(&real, HOME_A).expect("room");
        let file = players.save_file(&real).expect("ok").expect("file");
        fs::write(file.path(), SOLVED).expect("saved");
        for n in 0..20 {
            let fresh = Player::Key(format!("SHA256:fresh{n}"));
            players
                .admit(&fresh, HOME_A)
                .expect("a place with nothing saved");
        }
        assert!(file.path().exists(), "the player who saved is kept");
        assert_eq!(players.homes().expect("list").len(), 3);
        for (home, _) in players.homes().expect("list") {
            fs::write(home.join("progress.txt"), SOLVED).expect("saved");
        }
        let late = Player::Key("SHA256:late".into());
        assert_eq!(players.admit(&late, HOME_A), Err(Refused::Full(3)));
        assert!(file.path().exists());
        assert_eq!(players.homes().expect("list").len(), 3);
    }

    /// Opening a level writes which level was played last and the game to resume: a key
    /// that did only that has saved nothing, and its place goes to a newcomer.
    #[test]
    fn a_player_who_only_opened_levels_has_saved_nothing_and_one_who_solved_has() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("players");
        let players = Players::with_cap(dir.clone(), 2).new_players_per_hour(1000);
        let opened = "sokoshot-progress 1\nlast 1 built-in:Microban\npack built-in:Microban\n\
                      resume 1 id=6f1d0a3b9c2e4d58 at=1 steps=r,r\n";
        for (name, text) in [("solver", SOLVED), ("opener", opened)] {
            let key = Player::Key(format!("SHA256:{name}"));
            players.admit(&key, HOME_A).expect("room");
            let file = players.save_file(&key).expect("ok").expect("file");
            fs::write(file.path(), text).expect("written");
        }
        let (progress, warning) =
            SaveFile::at(dir.join(dir_name("SHA256:opener")).join("progress.txt")).load();
        assert!(!progress.holds_results(), "{warning:?}");
        for n in 0..3 {
            let fresh = Player::Key(format!("SHA256:fresh{n}"));
            players
                .admit(&fresh, HOME_A)
                .expect("the opener's place, then each fresh key's, is free");
        }
        assert!(dir.join(dir_name("SHA256:solver")).exists());
        assert!(!dir.join(dir_name("SHA256:opener")).exists());
    }

    #[test]
    fn an_address_past_its_new_players_per_hour_is_refused_but_its_kept_players_come_back() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("players");
        let players = Players::new(dir.clone()).new_players_per_hour(2);
        let key = |n: u32| Player::Key(format!("SHA256:k{n}"));
        players.admit(&key(1), HOME_A).expect("first");
        players.admit(&key(2), HOME_A).expect("second");
        assert_eq!(players.admit(&key(3), HOME_A), Err(Refused::Rate(2)));
        players
            .admit(&key(1), HOME_A)
            .expect("a kept player is not new");
        let other = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 2));
        players.admit(&key(3), other).expect("another address");
        assert_eq!(
            fingerprint_of(&dir.join(dir_name("SHA256:k3"))),
            "SHA256:k3"
        );
    }
}
