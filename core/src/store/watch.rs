//! Noticing that a level file was saved, by polling its size and modification time every
//! quarter second, on a thread of its own ([`Reloader`]) that also reads and parses the new
//! text: a big file, a slow disk or a FIFO swapped in for the file never holds up the game.
//!
//! Limits: only regular files are read (a FIFO, a device or a directory is reported, never
//! opened for reading in a way that could block), and at most
//! [`MAX_FILE_BYTES`](crate::level::MAX_FILE_BYTES) of them, by
//! [`read_source_bytes`](crate::level::read_source_bytes).
//!
//! Editors save in different ways (write in place, or write a new file and rename it over the
//! old one); looking the path up afresh on every poll sees both. A change is reported once
//! with the new contents; a poll that finds the same bytes as before (a `touch`) reports
//! nothing.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, SystemTime};

use crate::level::{Level, parse_pack_bytes, read_file};

/// How often the file is looked at.
pub const POLL_EVERY: Duration = Duration::from_millis(250);

/// What identifies one version of a file without reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    modified: Option<SystemTime>,
    len: u64,
    /// The file's identity (inode), which changes when a new file is renamed over the path:
    /// file times are only as fine as the kernel's clock tick, so a quick save of the same
    /// length could otherwise go unseen.
    file: u64,
}

fn stamp(path: &Path) -> io::Result<Stamp> {
    let meta = fs::metadata(path)?;
    #[cfg(unix)]
    let file = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let file = 0;
    Ok(Stamp {
        modified: meta.modified().ok(),
        len: meta.len(),
        file,
    })
}

/// A file being watched for changes.
#[derive(Debug)]
pub struct Watcher {
    path: PathBuf,
    /// The file's stamp at the last look (`Some(None)`: it was missing); `None` before the
    /// first look.
    stamp: Option<Option<Stamp>>,
    contents: Option<Vec<u8>>,
}

/// What a poll found.
#[derive(Debug, PartialEq, Eq)]
pub enum Change {
    /// The file now holds these bytes.
    Saved(Vec<u8>),
    /// The file changed but cannot be read (removed, unreadable).
    Unreadable(String),
}

impl Watcher {
    /// Watches `path`, taking `contents` as what the file holds now.
    #[must_use]
    pub fn new(path: PathBuf, contents: &[u8]) -> Self {
        Self {
            path,
            // Unknown, so the first look reads the file and compares it with `contents`: a
            // save between the caller's read and now is not missed.
            stamp: None,
            contents: Some(contents.to_owned()),
        }
    }

    /// The file being watched.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Looks at the file now, and reports a change of contents.
    pub fn check(&mut self) -> Option<Change> {
        let current = stamp(&self.path).ok();
        if self.stamp == Some(current) {
            return None;
        }
        self.stamp = Some(current);
        match read_file(&self.path) {
            Ok(bytes) if self.contents.as_ref() == Some(&bytes) => None,
            Ok(bytes) => {
                self.contents = Some(bytes.clone());
                Some(Change::Saved(bytes))
            }
            Err(err) => {
                self.contents = None;
                Some(Change::Unreadable(format!(
                    "{}: {err}",
                    self.path.display()
                )))
            }
        }
    }
}

/// What the watcher thread found, ready for the game.
#[derive(Debug)]
pub enum Reload {
    /// The file was saved and holds these playable levels (possibly none).
    Levels(Vec<Level>),
    /// The file was saved but cannot be played as it is: why, as `FILE:LINE:COL: message`.
    Failed(String),
}

/// The most reloads waiting for the game; a watcher that gets ahead waits for it.
const MAX_WAITING: usize = 2;

/// A [`Watcher`] on a thread of its own, reading and parsing each saved version of the file.
/// The thread ends when the `Reloader` is dropped.
#[derive(Debug)]
pub struct Reloader {
    results: Receiver<Reload>,
}

impl Reloader {
    /// Watches `path` (which holds `contents` now) on a new thread.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn(path: PathBuf, contents: &[u8]) -> io::Result<Self> {
        let (send, results) = mpsc::sync_channel(MAX_WAITING);
        let mut watcher = Watcher::new(path, contents);
        std::thread::Builder::new()
            .name("level-file".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(POLL_EVERY);
                    let Some(change) = watcher.check() else {
                        continue;
                    };
                    if send.send(parse_change(watcher.path(), change)).is_err() {
                        return;
                    }
                }
            })?;
        Ok(Self { results })
    }

    /// A reload that is ready, if any.
    #[must_use]
    pub fn take(&self) -> Option<Reload> {
        self.results.try_recv().ok()
    }
}

/// Parses a new version of the file at `path`: its levels if every one is valid, otherwise
/// the first problem (and how many more), so that a half-finished edit never replaces the
/// levels in play.
#[must_use]
pub fn parse_change(path: &Path, change: Change) -> Reload {
    let name = path.display();
    match change {
        Change::Unreadable(why) => Reload::Failed(why),
        Change::Saved(bytes) => match parse_pack_bytes(&bytes).into_pack() {
            Ok(pack) if pack.levels.is_empty() => {
                Reload::Failed(format!("{name}: no level in the file"))
            }
            Ok(pack) => Reload::Levels(pack.levels),
            Err(errors) => {
                let more = match errors.len() {
                    0 | 1 => String::new(),
                    n => format!(" (and {} more)", n - 1),
                };
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                Reload::Failed(format!("{name}:{first}{more}"))
            }
        },
    }
}
