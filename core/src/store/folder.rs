//! A folder of packs (`$XDG_DATA_HOME/sokoshot/packs/`, or one named on the command line):
//! every pack file in it read ([`scan`]), at most [`MAX_FOLDER_FILES`] of them, each kept
//! under a key made from its content ([`content_key`]), so that its results follow it
//! wherever the file is moved.

use std::path::{Path, PathBuf};

use super::collection::Collection;
use super::open::{SourceError, read_source_bytes};
use crate::level::parse_pack_bytes;

/// The most files read from a folder of packs; the ones past it are named and skipped.
pub const MAX_FOLDER_FILES: usize = 1000;

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
/// first [`MAX_FOLDER_FILES`] read with the usual limits. A folder that cannot be listed
/// gives one problem and no pack.
#[must_use]
pub fn scan(dir: &Path) -> Folder {
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
    for path in &files {
        match read(path) {
            Ok(pack) => folder.packs.push(pack),
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
    let bytes = read_source_bytes(path).map_err(|source| FolderFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
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
    Ok(pack)
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
