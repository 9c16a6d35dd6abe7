//! Noticing that a level file was saved, by polling its size and modification time from the
//! event loop (which wakes at least every quarter second), so no extra thread or crate is
//! needed.
//!
//! Editors save in different ways (write in place, or write a new file and rename it over the
//! old one); looking the path up afresh on every poll sees both. A change is reported once
//! with the new contents; a poll that finds the same bytes as before (a `touch`) reports
//! nothing.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

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
    next_poll: Instant,
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
    pub fn new(path: PathBuf, contents: &[u8], now: Instant) -> Self {
        Self {
            path,
            // Unknown, so the first poll reads the file and compares it with `contents`: a
            // save between the caller's read and now is not missed.
            stamp: None,
            contents: Some(contents.to_owned()),
            next_poll: now + POLL_EVERY,
        }
    }

    /// The file being watched.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How long the event loop may wait before the next poll is due.
    #[must_use]
    pub fn time_to_poll(&self, now: Instant) -> Duration {
        self.next_poll.saturating_duration_since(now)
    }

    /// Looks at the file if a poll is due, and reports a change of contents.
    pub fn poll(&mut self, now: Instant) -> Option<Change> {
        if now < self.next_poll {
            return None;
        }
        self.next_poll = now + POLL_EVERY;
        self.check()
    }

    /// Looks at the file now, and reports a change of contents.
    pub fn check(&mut self) -> Option<Change> {
        let current = stamp(&self.path).ok();
        if self.stamp == Some(current) {
            return None;
        }
        self.stamp = Some(current);
        match fs::read(&self.path) {
            Ok(bytes) if self.contents.as_ref() == Some(&bytes) => None,
            Ok(bytes) => {
                self.contents = Some(bytes.clone());
                Some(Change::Saved(bytes))
            }
            Err(err) => {
                self.contents = None;
                Some(Change::Unreadable(format!(
                    "cannot read {}: {err}",
                    self.path.display()
                )))
            }
        }
    }
}
