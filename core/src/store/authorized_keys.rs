//! The server's `authorized_keys` file, read as text through the store's one opening path
//! ([`super::open`]): a regular file (a FIFO or device put in its place is refused, never
//! opened or waited on) of at most [`MAX_AUTHORIZED_KEYS_BYTES`], refused before a byte is
//! read when its size says it is larger. The app parses the keys in it.

use std::path::Path;

use thiserror::Error;

use super::open::{SourceError, read_capped};

/// The most bytes of an `authorized_keys` file read.
pub const MAX_AUTHORIZED_KEYS_BYTES: u64 = 1024 * 1024;

/// Why the file could not be read.
#[derive(Debug, Error)]
pub enum KeysFileError {
    /// It cannot be opened or read, or is not a regular file.
    #[error(transparent)]
    Read(#[from] SourceError),
    /// It is over [`MAX_AUTHORIZED_KEYS_BYTES`].
    #[error("larger than {MAX_AUTHORIZED_KEYS_BYTES} bytes, the most sokoshot reads")]
    TooBig,
    /// It is not UTF-8 text.
    #[error("not UTF-8 text")]
    NotUtf8,
}

/// The text of the `authorized_keys` file at `path`.
///
/// # Errors
/// When the file cannot be read, is not a regular file, is too big or is not UTF-8.
pub fn read(path: &Path) -> Result<String, KeysFileError> {
    let bytes = match read_capped(path, MAX_AUTHORIZED_KEYS_BYTES) {
        Ok(bytes) => bytes,
        Err(SourceError::TooBig { .. }) => return Err(KeysFileError::TooBig),
        Err(err) => return Err(err.into()),
    };
    String::from_utf8(bytes).map_err(|_| KeysFileError::NotUtf8)
}
