//! Watching the folder of packs while the game runs: a file dropped there, or one that was
//! not playable and has changed since, is read on a thread of its own and handed to the game
//! as a new pack ([`FolderWatch::take`]), so it appears without a restart.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::folder::{self, MAX_FOLDER_ENTRIES, MAX_FOLDER_FILES};

/// How often the folder is listed.
const POLL: Duration = Duration::from_secs(1);

/// How long the thread sleeps between looks at the stop flag.
const STEP: Duration = Duration::from_millis(100);

/// A file as last seen: its length and time of change, to see that it changed.
type Seen = (u64, Option<SystemTime>);

/// The folder's watcher thread; it stops when this is dropped.
#[derive(Debug)]
pub struct FolderWatch {
    packs: Receiver<Collection>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl FolderWatch {
    /// Watches `dir`, whose files `known` (every file read at the start, played or not) are
    /// not read again unless one that gave no pack changes; `loaded` are those that gave one.
    /// At most [`MAX_FOLDER_FILES`] files are ever read.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn(dir: PathBuf, known: &[PathBuf], loaded: &[PathBuf]) -> std::io::Result<Self> {
        let (send, packs) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let mut state = State {
            seen: known.iter().map(|p| (p.clone(), signature(p))).collect(),
            done: loaded.iter().cloned().collect(),
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

    /// A pack that appeared since the last call, if any.
    #[must_use]
    pub fn take(&self) -> Option<Collection> {
        self.packs.try_recv().ok()
    }
}

impl Drop for FolderWatch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// What the watcher knows of the folder.
struct State {
    /// Every file looked at, as it was then.
    seen: HashMap<PathBuf, Seen>,
    /// The files that gave a pack (not read again).
    done: std::collections::HashSet<PathBuf>,
}

impl State {
    /// Lists the folder once and sends the packs of new or changed files; false when the
    /// game is gone.
    fn look(&mut self, dir: &Path, send: &Sender<Collection>) -> bool {
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
        for path in files {
            if self.done.contains(&path) {
                continue;
            }
            if !self.seen.contains_key(&path) && self.seen.len() >= MAX_FOLDER_FILES {
                continue;
            }
            let now = signature(&path);
            if self.seen.get(&path) == Some(&now) {
                continue;
            }
            self.seen.insert(path.clone(), now);
            // A file still being written is read again once it changes no more.
            if let Ok(pack) = folder::read(&path) {
                if signature(&path) != now {
                    continue;
                }
                self.done.insert(path);
                if send.send(pack).is_err() {
                    return false;
                }
            }
        }
        true
    }
}

/// A file's length and time of change, as far as they can be read.
fn signature(path: &Path) -> Seen {
    std::fs::metadata(path).map_or((0, None), |m| (m.len(), m.modified().ok()))
}
