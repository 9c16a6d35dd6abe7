//! Loading the packs to play, for local play and the server alike: the built-in packs
//! ([`built_in_packs`]), one pack file ([`read_file`], [`file_pack`]) and the player's folder
//! of packs ([`packs_folder`], read by [`folder::scan`]).
//!
//! A file is read with the level reader's limits (a regular file of at most
//! [`MAX_FILE_BYTES`](crate::level::MAX_FILE_BYTES)); its playable levels are kept and each
//! level that cannot be played is named as `FILE:LINE:COL: message`, so that one broken level
//! never keeps the rest of a pack from play.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::collection::{Collection, EMBEDDED};
use super::folder::{self, Folder};
use super::progress::data_dir;
use crate::level::{self, Level, PackReport, parse_pack, parse_pack_bytes};
use crate::words::count;

/// Why a pack could not be loaded.
#[derive(Debug, Error)]
pub enum PackError {
    /// The pack file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The pack file (or every file of the folder) holds no level that can be played.
    #[error("{path} has no playable level:\n{problems}")]
    NoPlayableLevel {
        /// The file or folder.
        path: PathBuf,
        /// Its problems, one per line as `FILE:LINE:COL: message`.
        problems: String,
    },
}

impl PackError {
    /// The error for `path`, whose problems are `errors`, having no playable level.
    #[must_use]
    pub fn no_playable_level(path: &Path, errors: &[String]) -> Self {
        Self::NoPlayableLevel {
            path: path.to_owned(),
            problems: errors.join("\n"),
        }
    }
}

/// The built-in packs, in order, with their valid levels.
#[must_use]
pub fn built_in_packs() -> Vec<Collection> {
    EMBEDDED
        .iter()
        .map(|pack| Collection::built_in(pack.name, pack.credit, playable(parse_pack(pack.text))))
        .collect()
}

/// The levels of a pack report that can be played, in order.
#[must_use]
pub fn playable(report: PackReport) -> Vec<Level> {
    report
        .levels
        .into_iter()
        .filter_map(|level| level.result.ok())
        .collect()
}

/// A pack file as read: its playable levels (perhaps none), its bytes and its problems.
#[derive(Debug)]
pub struct FileRead {
    /// The file's absolute path (progress is saved under it).
    pub absolute: PathBuf,
    /// The levels that can be played.
    pub levels: Vec<Level>,
    /// The bytes read.
    pub bytes: Vec<u8>,
    /// Its errors, one per line as `FILE:LINE:COL: message`.
    pub errors: Vec<String>,
}

/// A pack ready to play from a file: the pack, the bytes it was read from (what a watcher
/// compares the next save with) and a warning when some levels were left out.
#[derive(Debug)]
pub struct FilePack {
    /// The pack.
    pub pack: Collection,
    /// The file's bytes as read.
    pub bytes: Vec<u8>,
    /// The first problem and how many there are, when some levels could not be read.
    pub warning: Option<String>,
}

/// Reads the pack at `path`, keeping its playable levels and listing its errors.
///
/// # Errors
/// When the file cannot be read (not a regular file, too big, unreadable).
pub fn read_file(path: &Path) -> Result<FileRead, PackError> {
    let read_error = |source| PackError::Read {
        path: path.to_owned(),
        source,
    };
    let bytes = level::read_file(path).map_err(read_error)?;
    let absolute = std::path::absolute(path).map_err(read_error)?;
    let report = parse_pack_bytes(&bytes);
    let name = path.display();
    let errors: Vec<String> = report
        .diagnostics()
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{name}:{d}"))
        .collect();
    Ok(FileRead {
        absolute,
        levels: playable(report),
        bytes,
        errors,
    })
}

/// Reads the pack at `path`: its playable levels, and a warning when some levels could not
/// be read (they are left out).
///
/// # Errors
/// When the file cannot be read or holds no playable level.
pub fn file_pack(path: &Path) -> Result<FilePack, PackError> {
    let read = read_file(path)?;
    if read.levels.is_empty() {
        return Err(PackError::no_playable_level(path, &read.errors));
    }
    Ok(read.into_pack(path))
}

impl FileRead {
    /// The pack of the file read from `path`, with a warning naming the first problem when
    /// some levels were left out.
    #[must_use]
    pub fn into_pack(self, path: &Path) -> FilePack {
        let warning = self.errors.first().map(|first| {
            format!(
                "{first} ({}; run `sokoshot check {}`)",
                count(self.errors.len(), "problem"),
                path.display()
            )
        });
        FilePack {
            pack: Collection::from_file(self.absolute, self.levels),
            bytes: self.bytes,
            warning,
        }
    }
}

/// The player's folder of packs, `$XDG_DATA_HOME/sokoshot/packs/`, played after the built-in
/// packs when no file is named.
#[must_use]
pub fn packs_folder() -> Option<PathBuf> {
    data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
        .map(|dir| dir.join("packs"))
}

/// Reads the folder of packs at `dir`; a folder that is not there holds nothing (the
/// player has not made it yet), which is no problem.
#[must_use]
pub fn scan_if_there(dir: &Path) -> Folder {
    if dir.is_dir() {
        folder::scan(dir)
    } else {
        Folder::default()
    }
}

/// What to tell the player about a folder of packs: each file that could not be played, and
/// the files past the limit, named.
#[must_use]
pub fn folder_warnings(found: &Folder) -> Vec<String> {
    let mut warnings = found.problems.clone();
    if !found.skipped.is_empty() {
        let names: Vec<String> = found
            .skipped
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        warnings.push(format!(
            "only the first {} files of a folder are read; skipped: {}",
            folder::MAX_FOLDER_FILES,
            names.join(", ")
        ));
    }
    if !found.over_bound.is_empty() {
        let names: Vec<String> = found
            .over_bound
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        warnings.push(format!(
            "{}; skipped: {}",
            folder::bound_words(),
            names.join(", ")
        ));
    }
    if found.cut {
        warnings.push(format!(
            "the folder has more than {} entries; the rest were not looked at",
            folder::MAX_FOLDER_ENTRIES
        ));
    }
    warnings
}
