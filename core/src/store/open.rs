//! The one way sokoshot opens a file, for every file it reads or locks: level and pack files,
//! the packs folder's files, the progress file and its lock, the Pasted pack, the server's
//! host key and its `authorized_keys`.
//!
//! Only regular files are opened. The path is looked at before it is opened, so a FIFO, a
//! device, a socket or a directory is refused without ever being opened (an open could block
//! for ever, and a device can be read without end); on unix the file is then opened with
//! `O_NONBLOCK` and its handle looked at again, in case something else was swapped in
//! between. A file to read has a size cap, checked on the handle's metadata before a byte is
//! read, and the read itself stops one byte past the cap whatever the file claims
//! ([`Opened::read`]). [`MAX_FILE_BYTES`] is the cap of level files and of the progress file;
//! the host key and `authorized_keys` have smaller ones of their own.
//!
//! A lock file ([`open_lock`]) is made if it is missing and opened the same way: a FIFO put
//! at its path is refused, never waited on. The lock itself is taken with a bounded wait by
//! [`lock_within`], so that a lock another process keeps never freezes the game.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::level::MAX_FILE_BYTES;

/// Why a file could not be opened or read.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The path names something other than a regular file: a directory, FIFO, device or
    /// socket.
    #[error("not a regular file ({kind}); sokoshot reads only regular files")]
    NotRegular {
        /// What it is, in words.
        kind: &'static str,
    },
    /// The file is bigger than sokoshot reads of it.
    #[error("the file is {bytes} bytes; the most sokoshot reads is {}", size_words(*max))]
    TooBig {
        /// The file's size (or as much as was read of it, when it grew).
        bytes: u64,
        /// The cap it passed.
        max: u64,
    },
    /// The text is not UTF-8 ([`read_source`] only).
    #[error("the file is not valid UTF-8 (byte {offset} is not)")]
    NotUtf8 {
        /// Offset of the first byte that is not UTF-8, 0-based.
        offset: usize,
    },
    /// The system refused to open or read it (shown once: the error is this one, not a cause
    /// of it).
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl SourceError {
    /// This error as an [`io::Error`]: an I/O error as it is (a missing file keeps
    /// [`io::ErrorKind::NotFound`]), any other as [`io::ErrorKind::InvalidData`] with its
    /// message.
    #[must_use]
    pub fn into_io(self) -> io::Error {
        match self {
            Self::Io(err) => err,
            other => io::Error::new(io::ErrorKind::InvalidData, other.to_string()),
        }
    }
}

/// `bytes` in words: `16 MiB`, `64 KiB`, or a count of bytes.
fn size_words(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// What a file type is, in words, for anything but a regular file.
fn kind_of(meta: &Metadata) -> &'static str {
    let ft = meta.file_type();
    if ft.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "a FIFO";
        }
        if ft.is_char_device() {
            return "a character device";
        }
        if ft.is_block_device() {
            return "a block device";
        }
        if ft.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// Refuses metadata that is not a regular file.
fn check_regular(meta: &Metadata) -> Result<(), SourceError> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(SourceError::NotRegular {
            kind: kind_of(meta),
        })
    }
}

/// `options` made not to block on the open (unix: `O_NONBLOCK`, so that a FIFO swapped in
/// after the first look cannot hang it).
fn non_blocking(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options
}

/// A regular file opened for reading, with its metadata as the handle sees it and the most
/// bytes that will be read of it.
#[derive(Debug)]
pub struct Opened {
    /// The open file.
    pub file: File,
    /// Its metadata, from the handle.
    pub meta: Metadata,
    /// The most bytes read of it.
    pub max: u64,
}

impl Opened {
    /// The file's bytes, refused when there are more than [`Opened::max`] (it may have grown
    /// since its metadata was read: the read stops one byte past the cap).
    ///
    /// # Errors
    /// [`SourceError::TooBig`], or the I/O error of the read.
    pub fn read(self) -> Result<Vec<u8>, SourceError> {
        let Self { file, meta, max } = self;
        let capacity = usize::try_from(meta.len().min(max)).unwrap_or(0);
        let mut bytes = Vec::with_capacity(capacity);
        file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
        let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        if read > max {
            return Err(SourceError::TooBig { bytes: read, max });
        }
        Ok(bytes)
    }
}

/// The regular file at `path`, opened for reading without blocking, and refused when its
/// metadata says it holds more than `max` bytes (nothing is read yet: see the module header).
///
/// # Errors
/// [`SourceError::NotRegular`] for a directory, FIFO, device or socket (never opened, or
/// closed at once when swapped in), [`SourceError::TooBig`], or the I/O error (a missing file
/// keeps [`io::ErrorKind::NotFound`]).
pub fn open_capped(path: &Path, max: u64) -> Result<Opened, SourceError> {
    check_regular(&std::fs::metadata(path)?)?;
    let file = non_blocking(OpenOptions::new().read(true)).open(path)?;
    let meta = file.metadata()?;
    check_regular(&meta)?;
    if meta.len() > max {
        return Err(SourceError::TooBig {
            bytes: meta.len(),
            max,
        });
    }
    Ok(Opened { file, meta, max })
}

/// The bytes of the regular file at `path`, at most `max` of them.
///
/// # Errors
/// As [`open_capped`] and [`Opened::read`].
pub fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, SourceError> {
    open_capped(path, max)?.read()
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE_BYTES`] of them.
///
/// # Errors
///
/// [`SourceError::NotRegular`] for a directory, FIFO, device or socket (never opened),
/// [`SourceError::TooBig`] for a file over the limit (never read), or the I/O error.
pub fn read_source_bytes(path: &Path) -> Result<Vec<u8>, SourceError> {
    read_capped(path, MAX_FILE_BYTES)
}

/// The text of the regular file at `path`, which must be UTF-8 (a level pack that may be
/// Latin-1 reads with [`read_source_bytes`] and
/// [`parse_pack_bytes`](crate::level::parse_pack_bytes)).
///
/// # Errors
///
/// As [`read_source_bytes`], and [`SourceError::NotUtf8`] for text that is not UTF-8.
pub fn read_source(path: &Path) -> Result<String, SourceError> {
    let bytes = read_source_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| SourceError::NotUtf8 {
        offset: e.utf8_error().valid_up_to(),
    })
}

/// [`read_source_bytes`] with its error as an [`io::Error`] in a player's words (see
/// [`SourceError::into_io`]).
///
/// # Errors
/// When the file cannot be opened or read, is not a regular file, or is too big.
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    read_source_bytes(path).map_err(SourceError::into_io)
}

/// The lock file at `path`, made empty if it is missing, opened for writing without
/// blocking; anything but a regular file there (a FIFO, a device, a directory) is refused.
///
/// # Errors
/// [`SourceError::NotRegular`], or the I/O error of making or opening it.
pub fn open_lock(path: &Path) -> Result<File, SourceError> {
    match std::fs::metadata(path) {
        Ok(meta) => check_regular(&meta)?,
        Err(err) if err.kind() == io::ErrorKind::NotFound => {}
        Err(err) => return Err(err.into()),
    }
    let file =
        non_blocking(OpenOptions::new().create(true).truncate(false).write(true)).open(path)?;
    check_regular(&file.metadata()?)?;
    Ok(file)
}

/// How often [`lock_within`] tries a lock another process holds.
const LOCK_RETRY: Duration = Duration::from_millis(20);

/// Takes the exclusive lock on `file`, trying again for at most `wait`: true when it is
/// held, false when another process kept it all that time.
///
/// # Errors
/// When the system cannot lock the file at all.
pub fn lock_within(file: &File, wait: Duration) -> io::Result<bool> {
    let until = Instant::now() + wait;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(std::fs::TryLockError::WouldBlock) => {}
            Err(std::fs::TryLockError::Error(err)) => return Err(err),
        }
        let now = Instant::now();
        if now >= until {
            return Ok(false);
        }
        std::thread::sleep(LOCK_RETRY.min(until - now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_words() {
        let cases = [
            ("mebibytes", 16 * 1024 * 1024, "16 MiB"),
            ("kibibytes", 64 * 1024, "64 KiB"),
            ("bytes", 1000, "1000 bytes"),
            ("not round", 1024 * 1024 + 1, "1048577 bytes"),
        ];
        for (name, bytes, want) in cases {
            assert_eq!(size_words(bytes), want, "{name}");
        }
    }
}
