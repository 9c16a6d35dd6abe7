//! Watching the folder of packs while the game runs, so that what is in the list follows
//! the folder without a restart: a file dropped there is read and added, a pack whose file
//! changes is read again, a file that leaves the folder leaves the list, and a file that
//! cannot be read (or holds no playable level) is answered with its error, for that file
//! alone ([`FolderNews`]). Files are read on a thread of its own and handed to the game by
//! [`FolderWatch::take`]; a file still being written is read again once it changes no more.
//!
//! The folder's bound holds here too ([`folder::MAX_FOLDER_BYTES`],
//! [`folder::MAX_FOLDER_CELLS`]): a file whose pack would pass it, given the packs in the
//! list, is answered as skipped. Dropping the watcher stops it without waiting: the thread
//! is told to stop and left to end on its own (after the file it may be reading), so that
//! quitting never waits on a slow file.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use super::collection::Collection;
use super::folder::{self, MAX_FOLDER_ENTRIES, MAX_FOLDER_FILES, Spent};

/// How often the folder is listed.
const POLL: Duration = Duration::from_secs(1);

/// How long the thread sleeps between looks at the stop flag.
const STEP: Duration = Duration::from_millis(100);

/// A file as last seen: its length and time of change, to see that it changed.
type Seen = (u64, Option<SystemTime>);

/// What changed in the folder.
#[derive(Debug)]
pub enum FolderNews {
    /// A file that gave no pack before gave this one: it goes into the list.
    Added(Collection),
    /// The file of a pack in the list changed and was read again (its `file` says which).
    Changed(Collection),
    /// The file of a pack in the list left the folder.
    Removed(PathBuf),
    /// A file could not be read or holds no playable level: one line naming it. A pack in
    /// the list keeps the levels it had.
    Failed(PathBuf, String),
}

/// The folder's watcher thread; it stops when this is dropped.
#[derive(Debug)]
pub struct FolderWatch {
    packs: Receiver<FolderNews>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl FolderWatch {
    /// Watches `dir`, whose files `known` (every file read at the start, played or not) are
    /// read again only when they change; `loaded` are those that gave a pack, with what each
    /// takes of the folder's bound. At most [`MAX_FOLDER_FILES`] files are watched at once.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn(
        dir: PathBuf,
        known: &[PathBuf],
        loaded: &[(PathBuf, Spent)],
    ) -> std::io::Result<Self> {
        let (send, packs) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let mut state = State {
            seen: known.iter().map(|p| (p.clone(), signature(p))).collect(),
            loaded: loaded.iter().cloned().collect(),
            stop: Arc::clone(&stop),
        };
        let flag = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("packs-folder".into())
            .spawn(move || {
                while !flag.load(Ordering::Relaxed) {
                    let mut waited = Duration::ZERO;
                    while waited < POLL && !flag.load(Ordering::Relaxed) {
                        std::thread::sleep(STEP);
                        waited += STEP;
                    }
                    if !state.look(&dir, &send) {
                        return;
                    }
                }
            })?;
        Ok(Self {
            packs,
            stop,
            thread: Some(thread),
        })
    }

    /// What changed in the folder since the last call, if anything.
    #[must_use]
    pub fn take(&self) -> Option<FolderNews> {
        self.packs.try_recv().ok()
    }
}

impl Drop for FolderWatch {
    /// Tells the thread to stop, without waiting for it (see the module header).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        drop(self.thread.take());
    }
}

/// The first reading of a folder of packs, on a thread of its own, so that the game can
/// draw and answer `q` meanwhile; it stops before the next file when dropped, without being
/// waited for.
#[derive(Debug)]
pub struct FolderScan {
    found: Receiver<folder::Folder>,
    stop: Arc<AtomicBool>,
}

impl FolderScan {
    /// Starts reading `dir` ([`folder::scan_until`]).
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn(dir: PathBuf) -> std::io::Result<Self> {
        let (send, found) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::Builder::new()
            .name("packs-folder-scan".into())
            .spawn(move || {
                let _ = send.send(folder::scan_until(&dir, &flag));
            })?;
        Ok(Self { found, stop })
    }

    /// The folder as read, once it is.
    #[must_use]
    pub fn take(&self) -> Option<folder::Folder> {
        self.found.try_recv().ok()
    }
}

impl Drop for FolderScan {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What the watcher knows of the folder.
struct State {
    /// Every file looked at, as it was then.
    seen: HashMap<PathBuf, Seen>,
    /// The files whose pack is in the game's list, with what each takes of the bound.
    loaded: HashMap<PathBuf, Spent>,
    /// Set when the game is gone: no further file is read.
    stop: Arc<AtomicBool>,
}

impl State {
    /// Lists the folder once and sends what changed; false when the game is gone.
    fn look(&mut self, dir: &Path, send: &Sender<FolderNews>) -> bool {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return true;
        };
        let mut files: Vec<PathBuf> = entries
            .take(MAX_FOLDER_ENTRIES)
            .filter_map(Result::ok)
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file() || t.is_symlink()))
            .map(|e| e.path())
            .collect();
        files.sort();
        let listed: HashSet<&PathBuf> = files.iter().collect();
        let gone: Vec<PathBuf> = self
            .seen
            .keys()
            .filter(|path| !listed.contains(path))
            .cloned()
            .collect();
        for path in gone {
            self.seen.remove(&path);
            if self.loaded.remove(&path).is_some() && send.send(FolderNews::Removed(path)).is_err()
            {
                return false;
            }
        }
        for path in files {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            if !self.seen.contains_key(&path) && self.seen.len() >= MAX_FOLDER_FILES {
                continue;
            }
            let now = signature(&path);
            if self.seen.get(&path) == Some(&now) {
                continue;
            }
            self.seen.insert(path.clone(), now);
            let others = Spent::total(
                self.loaded
                    .iter()
                    .filter(|(loaded, _)| **loaded != path)
                    .map(|(_, spent)| spent),
            );
            let read = folder::read_within(&path, others);
            // A file still being written is read again once it changes no more.
            if signature(&path) != now {
                continue;
            }
            let news = match read {
                Ok((pack, spent)) if self.loaded.contains_key(&path) => {
                    self.loaded.insert(path, spent);
                    FolderNews::Changed(pack)
                }
                Ok((pack, spent)) => {
                    self.loaded.insert(path, spent);
                    FolderNews::Added(pack)
                }
                Err(problem) => FolderNews::Failed(path, problem.to_string()),
            };
            if send.send(news).is_err() {
                return false;
            }
        }
        true
    }
}

/// A file's length and time of change, as far as they can be read.
fn signature(path: &Path) -> Seen {
    std::fs::metadata(path).map_or((0, None), |m| (m.len(), m.modified().ok()))
}
