//! The server's host key file: [`FILE_NAME`] in the data directory, which only its owner may
//! read or write (mode 0600). This module keeps the file's bytes; what they hold (an OpenSSH
//! private key) is the server's business.
//!
//! [`read`] refuses, without ever blocking on it, anything at the path that is not a regular
//! file (a FIFO, a device, a directory: see [`open_capped`]); a file others may read (any
//! group or other permission bit), as OpenSSH refuses one; and a file larger than
//! [`MAX_KEY_BYTES`], before a byte of it is read. [`create`] writes a new key file through
//! [`atomic::create_private`]: mode 0600 from its first byte, and never over a key already
//! there.

use std::fs::Metadata;
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::atomic;
use super::open::{SourceError, open_capped};

/// The host key's file name in the data directory.
pub const FILE_NAME: &str = "host_ed25519_key";

/// The largest host key file read (an ed25519 key in OpenSSH's format is about 400 bytes).
pub const MAX_KEY_BYTES: u64 = 64 * 1024;

/// Why the host key file could not be read or written.
#[derive(Debug, Error)]
pub enum KeyFileError {
    /// The path is not a regular file, or the file could not be opened or read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SourceError,
    },
    /// Others may read the file.
    #[error("{path}: the host key may be read by others (mode {mode:o}); run `chmod 600 {path}`")]
    Unprotected {
        /// The file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The file is larger than [`MAX_KEY_BYTES`].
    #[error("{path}: the file is {bytes} bytes; a host key file is at most {MAX_KEY_BYTES}")]
    TooBig {
        /// The file.
        path: PathBuf,
        /// Its size (or as much as was read of it, when it grew).
        bytes: u64,
    },
    /// The new key file or its directory could not be written.
    #[error("{path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// The host key file's path in the data directory `dir`.
#[must_use]
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

/// The bytes of the host key file at `path`, or `None` when there is no file there.
///
/// # Errors
/// When the path names something other than a regular file, the file may be read by others,
/// is larger than [`MAX_KEY_BYTES`], or cannot be read.
pub fn read(path: &Path) -> Result<Option<Vec<u8>>, KeyFileError> {
    let read_error = |source| KeyFileError::Read {
        path: path.to_owned(),
        source,
    };
    let too_big = |bytes| KeyFileError::TooBig {
        path: path.to_owned(),
        bytes,
    };
    let opened = match open_capped(path, MAX_KEY_BYTES) {
        Ok(opened) => opened,
        Err(SourceError::Io(err)) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(SourceError::TooBig { bytes, .. }) => return Err(too_big(bytes)),
        Err(err) => return Err(read_error(err)),
    };
    check_protected(path, &opened.meta)?;
    let bytes = match opened.read() {
        Ok(bytes) => bytes,
        Err(SourceError::TooBig { bytes, .. }) => return Err(too_big(bytes)),
        Err(err) => return Err(read_error(err)),
    };
    Ok(Some(bytes))
}

/// Refuses a file that others may read or write (unix; elsewhere there are no mode bits).
fn check_protected(path: &Path, meta: &Metadata) -> Result<(), KeyFileError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(KeyFileError::Unprotected {
                path: path.to_owned(),
                mode,
            });
        }
    }
    #[cfg(not(unix))]
    let _ = (path, meta);
    Ok(())
}

/// Writes `bytes` as a new host key file at `path` (its directory made if needed), with mode
/// 0600, atomically and durably.
///
/// # Errors
/// When there is a file at `path` already (it is left as it is), or the directory or the
/// file cannot be written.
pub fn create(path: &Path, bytes: &[u8]) -> Result<(), KeyFileError> {
    atomic::create_private(path, bytes).map_err(|source| KeyFileError::Write {
        path: path.to_owned(),
        source,
    })
}
