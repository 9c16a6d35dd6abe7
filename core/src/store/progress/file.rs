//! The progress file on disk: where it lives, reading it with a size cap, and saving it under
//! a lock, merged with what another game saved meanwhile, through [`crate::store::atomic`].
//!
//! The lock (`progress.txt.lock`) is opened by the store's one opening path
//! ([`crate::store::open::open_lock`]), so a FIFO or a device at its path is refused rather
//! than waited on, and taken with a wait of at most [`MAX_LOCK_WAIT`]: another game holds it
//! only while it saves, a few milliseconds. When it cannot be had (not a regular file, or
//! another process keeps it past the wait), the progress is saved all the same, merged with
//! what is on disk and written atomically, and the save says so: a solve is never lost to a
//! stuck lock, and the screen is never held longer than the wait. After a wait that ran
//! out, later saves try the lock once without waiting, until it is had again.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{Progress, ProgressError};
use crate::store::atomic;
use crate::store::open::{lock_within, open_lock, read_file};

/// The longest a save waits for the lock another process holds before it saves without it.
pub const MAX_LOCK_WAIT: Duration = Duration::from_secs(1);

/// The directory sokoshot keeps its data in, from the values of `XDG_DATA_HOME` and `HOME`.
/// A relative `XDG_DATA_HOME` is ignored, as the XDG specification asks.
#[must_use]
pub fn data_dir(xdg_data_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let xdg = xdg_data_home
        .map(PathBuf::from)
        .filter(|path| path.is_absolute());
    let base = xdg.or_else(|| {
        home.map(PathBuf::from)
            .filter(|path| path.is_absolute())
            .map(|home| home.join(".local").join("share"))
    })?;
    Some(base.join("sokoshot"))
}

/// The progress file on disk.
#[derive(Debug, Clone)]
pub struct SaveFile {
    path: PathBuf,
    /// The most bytes the file's directory may hold, if it is capped (see
    /// [`SaveFile::capped`]).
    cap: Option<u64>,
    /// Whether the last wait for the lock ran out (the next save does not wait again).
    lock_stuck: Arc<AtomicBool>,
}

/// What is on disk, as far as it could be read.
enum OnDisk {
    /// No file yet.
    Missing,
    /// A progress file, and the lines of it that could not be read.
    Read(Progress, Vec<ProgressError>),
    /// A file that is not a progress file (its bytes, and why).
    Corrupt(Vec<u8>, ProgressError),
}

impl SaveFile {
    /// The progress file in the XDG data directory of this process's environment, if one can
    /// be found (a `HOME` or an absolute `XDG_DATA_HOME` is needed).
    #[must_use]
    pub fn from_env() -> Option<Self> {
        let dir = data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))?;
        Some(Self::at(dir.join("progress.txt")))
    }

    /// The progress file at `path`.
    #[must_use]
    pub fn at(path: PathBuf) -> Self {
        Self {
            path,
            cap: None,
            lock_stuck: Arc::new(AtomicBool::new(false)),
        }
    }

    /// This file, with every write to it or beside it (the Pasted pack) refused when the
    /// files of its directory would then take more than `bytes` (what a server keeps for one
    /// player).
    #[must_use]
    pub fn capped(mut self, bytes: u64) -> Self {
        self.cap = Some(bytes);
        self
    }

    /// Whether `len` bytes written over `file` (in this file's directory) keep the directory
    /// within the cap; always when there is none.
    ///
    /// # Errors
    /// When they would not (the error says by how much), or the directory cannot be read.
    pub fn room(&self, file: &Path, len: u64) -> io::Result<()> {
        let Some(cap) = self.cap else {
            return Ok(());
        };
        let dir = file.parent().unwrap_or(Path::new("."));
        let mut others = 0;
        match fs::read_dir(dir) {
            Ok(entries) => {
                for entry in entries {
                    let entry = entry?;
                    if entry.path() != file {
                        others += entry.metadata()?.len();
                    }
                }
            }
            Err(err) if err.kind() == io::ErrorKind::NotFound => {}
            Err(err) => return Err(err),
        }
        let total = others.saturating_add(len);
        if total > cap {
            return Err(io::Error::other(format!(
                "the saved files would take {total} bytes, over the {cap} allowed"
            )));
        }
        Ok(())
    }

    /// Where the file lives.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn sibling(&self, suffix: &str) -> PathBuf {
        atomic::sibling(&self.path, suffix)
    }

    /// Reads the saved progress, changing nothing on disk. A missing file is a fresh start.
    /// Lines that cannot be read are skipped (and kept for the next save) with a warning; a
    /// file that cannot be read, or is not a progress file, gives a fresh start with a warning
    /// that says what the next save will do with it.
    #[must_use]
    pub fn load(&self) -> (Progress, Option<String>) {
        let name = self.path.display();
        match self.read_disk() {
            Ok(OnDisk::Missing) => (Progress::default(), None),
            Ok(OnDisk::Read(progress, problems)) => {
                let warning = problems.first().map(|first| {
                    format!(
                        "{name}: {} skipped and kept as they are ({first})",
                        crate::words::count(problems.len(), "line")
                    )
                });
                (progress, warning)
            }
            Ok(OnDisk::Corrupt(_, err)) => (
                Progress::default(),
                Some(format!(
                    "{name} is not a progress file ({err}); it will be copied to {}-N before \
                     anything is saved",
                    self.sibling(".corrupt").display()
                )),
            ),
            Err(err) => (
                Progress::default(),
                Some(format!(
                    "cannot read {name} ({err}); progress will not be saved over it"
                )),
            ),
        }
    }

    fn read_disk(&self) -> io::Result<OnDisk> {
        let bytes = match read_file(&self.path) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(OnDisk::Missing),
            Err(err) => return Err(err),
        };
        let Ok(text) = std::str::from_utf8(&bytes) else {
            let err = ProgressError {
                line: 1,
                message: "the file is not UTF-8 text".into(),
            };
            return Ok(OnDisk::Corrupt(bytes, err));
        };
        match Progress::parse_lenient(text) {
            Ok((progress, problems)) => Ok(OnDisk::Read(progress, problems)),
            Err(err) => Ok(OnDisk::Corrupt(bytes, err)),
        }
    }

    /// Saves `progress` merged with what is on disk now (another game may have saved since
    /// this one loaded), and returns the merged progress. Under the lock: re-read, merge,
    /// copy a corrupt file aside, write a temporary file, flush it, rename it over, and remove
    /// temporary files a crash left. The directory is created if needed.
    ///
    /// # Errors
    /// When the file on disk cannot be read (it is then left as it is), or the directory or
    /// the file cannot be written.
    pub fn save(&self, progress: &Progress) -> io::Result<Progress> {
        self.save_telling(progress).map(|(merged, _)| merged)
    }

    /// [`SaveFile::save`], held to [`super::MAX_PROGRESS_WRITE_BYTES`] so that the file is
    /// always read back: games to resume are dropped first (oldest first), then kept
    /// solutions, never a result ([`Progress::fitted`]). Returns the progress as saved, and
    /// what was dropped to fit (a message for the player), if anything was.
    ///
    /// # Errors
    /// As [`SaveFile::save`], and when the results alone would pass the cap (nothing is
    /// written then).
    pub fn save_telling(&self, progress: &Progress) -> io::Result<(Progress, Option<String>)> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir)?;
        let (_lock, lock_notice) = self.lock();
        let mut merged = progress.clone();
        match self.read_disk().map_err(|err| {
            io::Error::new(
                err.kind(),
                format!("cannot read it ({err}), so it is not overwritten"),
            )
        })? {
            OnDisk::Missing => {}
            OnDisk::Read(on_disk, _) => merged.merge(&on_disk),
            OnDisk::Corrupt(bytes, _) => {
                atomic::back_up(&self.path, &bytes)?;
            }
        }
        atomic::remove_stale_temporaries(&self.path);
        let (merged, text, notice) = merged
            .fitted(super::MAX_PROGRESS_WRITE_BYTES)
            .map_err(io::Error::other)?;
        self.room(&self.path, text.len() as u64)?;
        atomic::write(&self.path, text.as_bytes())?;
        let notice = match (lock_notice, notice) {
            (Some(lock), Some(fit)) => Some(format!("{lock}; {fit}")),
            (lock, fit) => lock.or(fit),
        };
        Ok((merged, notice))
    }

    /// The lock beside the file, held until the handle is dropped, or why the save goes on
    /// without it (see the module header).
    fn lock(&self) -> (Option<fs::File>, Option<String>) {
        let path = self.sibling(".lock");
        let name = path.display();
        let file = match open_lock(&path) {
            Ok(file) => file,
            Err(err) => return (None, Some(format!("{name}: {err}; saved without the lock"))),
        };
        let wait = if self.lock_stuck.load(Ordering::Relaxed) {
            Duration::ZERO
        } else {
            MAX_LOCK_WAIT
        };
        match lock_within(&file, wait) {
            Ok(true) => {
                self.lock_stuck.store(false, Ordering::Relaxed);
                (Some(file), None)
            }
            Ok(false) => {
                self.lock_stuck.store(true, Ordering::Relaxed);
                let waited = wait.as_secs_f64();
                (
                    None,
                    Some(format!(
                        "{name} is held by another process (waited {waited} s); saved without the lock"
                    )),
                )
            }
            Err(err) => (None, Some(format!("{name}: {err}; saved without the lock"))),
        }
    }
}
