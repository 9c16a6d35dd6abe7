//! A folder of packs (`$XDG_DATA_HOME/sokoshot/packs/`, or one named on the command line):
//! every pack file in it read ([`scan`]), at most [`MAX_FOLDER_FILES`] of them, each kept
//! under a key made from its content ([`content_key`]), so that its results follow it
//! wherever the file is moved.
//!
//! The folder is bounded as a whole, not only file by file: its packs together may take at
//! most [`MAX_FOLDER_BYTES`] of file and hold at most [`MAX_FOLDER_CELLS`] board cells (what
//! a pack read takes is its [`Spent`]). Files are read in name order; the first that would
//! pass the bound (by its size, before it is read, or by its boards, once parsed) and every
//! file after it are named and skipped, so reading a folder costs at most the bound and one
//! file more, however many files it holds.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::collection::Collection;
use super::open::{SourceError, open_capped};
use crate::level::{MAX_FILE_BYTES, MAX_PACK_CELLS, parse_pack_bytes};

/// The most files read from a folder of packs; the ones past it are named and skipped.
pub const MAX_FOLDER_FILES: usize = 1000;

/// The most bytes of pack files read from one folder, all its files together (four files
/// of the largest size a file may have).
pub const MAX_FOLDER_BYTES: u64 = 4 * MAX_FILE_BYTES;

/// The most board cells the packs of one folder may hold together (four packs of the most
/// cells a pack may hold).
pub const MAX_FOLDER_CELLS: u64 = 4 * MAX_PACK_CELLS as u64;

/// What a pack read from a folder takes of the folder's bound: its file's bytes and its
/// boards' cells.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Spent {
    /// The bytes of the file.
    pub bytes: u64,
    /// The cells of its playable boards.
    pub cells: u64,
}

impl Spent {
    /// Both amounts added.
    #[must_use]
    pub fn plus(self, other: Self) -> Self {
        Self {
            bytes: self.bytes.saturating_add(other.bytes),
            cells: self.cells.saturating_add(other.cells),
        }
    }

    /// Whether this is within [`MAX_FOLDER_BYTES`] and [`MAX_FOLDER_CELLS`].
    #[must_use]
    pub fn within_bound(self) -> bool {
        self.bytes <= MAX_FOLDER_BYTES && self.cells <= MAX_FOLDER_CELLS
    }

    /// Everything of a list added.
    pub fn total<'a>(all: impl IntoIterator<Item = &'a Self>) -> Self {
        all.into_iter().fold(Self::default(), |sum, s| sum.plus(*s))
    }
}

/// The bound of a folder of packs, in words, for the messages that name what it skipped.
#[must_use]
pub fn bound_words() -> String {
    format!(
        "the packs of a folder may take {} MiB and hold {} board cells in all",
        MAX_FOLDER_BYTES >> 20,
        MAX_FOLDER_CELLS
    )
}

/// The most directory entries looked at in a folder of packs (files past it are not named).
pub const MAX_FOLDER_ENTRIES: usize = 100_000;

/// The prefix of a key made from a pack's content.
pub const CONTENT: &str = "content:";

/// What a folder of packs holds.
#[derive(Debug, Default)]
pub struct Folder {
    /// The packs with at least one playable level, in file-name order.
    pub packs: Vec<Collection>,
    /// The files read, playable or not, in name order.
    pub files: Vec<PathBuf>,
    /// Files past [`MAX_FOLDER_FILES`], not read.
    pub skipped: Vec<PathBuf>,
    /// Files past the folder's bound ([`MAX_FOLDER_BYTES`], [`MAX_FOLDER_CELLS`]): the
    /// first that would have passed it, and every file after it, not read.
    pub over_bound: Vec<PathBuf>,
    /// What each pack read takes of the bound, by file.
    pub spent: Vec<(PathBuf, Spent)>,
    /// One line for each file that could not be read or holds no playable level (the rest
    /// of the folder is read all the same).
    pub problems: Vec<String>,
    /// Whether more than [`MAX_FOLDER_ENTRIES`] entries were there (the rest not looked at).
    pub cut: bool,
}

/// The key a pack's progress is kept under, from its bytes: the same content anywhere gives
/// the same key (64-bit FNV-1a of the bytes, with their length).
#[must_use]
pub fn content_key(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{CONTENT}{}:{hash:016x}", bytes.len())
}

/// Reads the packs in `dir`: its regular files in name order (hidden ones left out), the
/// first [`MAX_FOLDER_FILES`] read with the usual limits, until the folder's bound is
/// reached (see the module header). A folder that cannot be listed gives one problem and no
/// pack.
#[must_use]
pub fn scan(dir: &Path) -> Folder {
    scan_until(dir, &AtomicBool::new(false))
}

/// [`scan`], stopped before the next file once `stop` is set (the game quit meanwhile): what
/// was read by then.
#[must_use]
pub fn scan_until(dir: &Path, stop: &AtomicBool) -> Folder {
    let mut folder = Folder::default();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            folder.problems.push(format!("{}: {err}", dir.display()));
            return folder;
        }
    };
    let mut files = Vec::new();
    for (seen, entry) in entries.enumerate() {
        if seen == MAX_FOLDER_ENTRIES {
            folder.cut = true;
            break;
        }
        let Ok(entry) = entry else { continue };
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden
            && entry
                .file_type()
                .is_ok_and(|t| t.is_file() || t.is_symlink())
        {
            files.push(entry.path());
        }
    }
    files.sort();
    if files.len() > MAX_FOLDER_FILES {
        folder.skipped = files.split_off(MAX_FOLDER_FILES);
    }
    let mut total = Spent::default();
    for (at, path) in files.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            files.truncate(at);
            break;
        }
        match read_within(path, total) {
            Ok((pack, spent)) => {
                total = total.plus(spent);
                folder.spent.push((path.clone(), spent));
                folder.packs.push(pack);
            }
            Err(FolderFileError::PastBound { .. }) => {
                folder.over_bound = files.split_off(at);
                break;
            }
            Err(problem) => folder.problems.push(problem.to_string()),
        }
    }
    folder.files = files;
    folder
}

/// Why a file of a folder of packs gives no pack; its message is one line naming the file.
#[derive(Debug, thiserror::Error)]
pub enum FolderFileError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SourceError,
    },
    /// Reading the file would pass the folder's bound, given what the packs before it take.
    #[error("{}: skipped: {}", path.display(), bound_words())]
    PastBound {
        /// The file.
        path: PathBuf,
    },
    /// The file holds no level that can be played.
    #[error(
        "{}: no playable level ({}; run `sokoshot check` on it)",
        path.display(),
        crate::words::count(*problems, "problem")
    )]
    NoPlayableLevel {
        /// The file.
        path: PathBuf,
        /// How many problems `sokoshot check` would list.
        problems: usize,
    },
}

/// One pack of a folder, keyed by its content, or why it cannot be played.
///
/// # Errors
///
/// When the file cannot be read or holds no playable level.
pub fn read(path: &Path) -> Result<Collection, FolderFileError> {
    read_within(path, Spent::default()).map(|(pack, _)| pack)
}

/// One pack of a folder whose other packs take `before` of its bound, and what it takes: a
/// file too big for what is left is not read, and one whose boards hold more cells than is
/// left is dropped once parsed.
///
/// # Errors
///
/// [`FolderFileError::PastBound`], or when the file cannot be read or holds no playable
/// level.
pub fn read_within(path: &Path, before: Spent) -> Result<(Collection, Spent), FolderFileError> {
    let past_bound = || FolderFileError::PastBound {
        path: path.to_path_buf(),
    };
    let left = MAX_FOLDER_BYTES.saturating_sub(before.bytes);
    let read_error = |source| FolderFileError::Read {
        path: path.to_path_buf(),
        source,
    };
    let bytes = match open_capped(path, left.min(MAX_FILE_BYTES)).and_then(|file| file.read()) {
        Ok(bytes) => bytes,
        Err(SourceError::TooBig { bytes, .. }) if bytes <= MAX_FILE_BYTES => {
            return Err(past_bound());
        }
        Err(SourceError::TooBig { bytes, .. }) => {
            return Err(read_error(SourceError::TooBig {
                bytes,
                max: MAX_FILE_BYTES,
            }));
        }
        Err(err) => return Err(read_error(err)),
    };
    let report = parse_pack_bytes(&bytes);
    let title = report.title.clone();
    let credit = report.author.clone();
    let errors = report.diagnostics().iter().filter(|d| d.is_error()).count();
    let levels: Vec<_> = report
        .levels
        .into_iter()
        .filter_map(|level| level.result.ok())
        .collect();
    if levels.is_empty() {
        return Err(FolderFileError::NoPlayableLevel {
            path: path.to_path_buf(),
            problems: errors,
        });
    }
    let mut pack = Collection::from_file(path.to_path_buf(), levels);
    if let Some(title) = title.filter(|t| !t.trim().is_empty()) {
        pack.name = title;
    }
    pack.credit = credit;
    pack.key = content_key(&bytes);
    let spent = Spent {
        bytes: u64::try_from(bytes.len()).unwrap_or(u64::MAX),
        cells: pack
            .levels
            .iter()
            .map(|level| {
                u64::from(level.width.unsigned_abs()) * u64::from(level.height.unsigned_abs())
            })
            .sum(),
    };
    if !before.plus(spent).within_bound() {
        return Err(past_bound());
    }
    Ok((pack, spent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_follows_the_content() {
        let a = content_key(b"#####\n#@$.#\n#####\n");
        assert_eq!(a, content_key(b"#####\n#@$.#\n#####\n"));
        assert_ne!(a, content_key(b"#####\n#@$.#\n#####\n\n"));
        assert!(a.starts_with("content:18:"), "{a}");
    }
}
