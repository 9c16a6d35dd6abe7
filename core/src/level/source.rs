//! Reading text files safely, and showing file text safely.
//!
//! [`read_source_bytes`] and [`read_source`] read only regular files of at most
//! [`MAX_FILE_BYTES`]: the path is looked at before it is opened, so a FIFO, a device or a
//! directory is refused without ever being opened (an open could block for ever); on unix
//! the file is then opened non-blocking and its handle looked at again, in case it was
//! swapped in between; a file over the limit is refused before a byte is read, and the read
//! itself stops at the limit whatever the file claims. [`open_regular`] and [`read_at_most`]
//! are those steps on their own, for files kept under another limit (the server's host key).
//!
//! [`visible`] and [`excerpt`] show text from a file without letting it act on the terminal:
//! control characters (C0, DEL, C1, and the Unicode controls that reorder text) are printed
//! as `^[`-style carets or `\u{…}` escapes, and an excerpt is cut at [`EXCERPT_CHARS`]
//! characters with `…`.

use std::borrow::Cow;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

use super::MAX_FILE_BYTES;

/// How many characters of file text a message quotes before cutting it with `…`.
pub const EXCERPT_CHARS: usize = 60;

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The path names something other than a regular file: a directory, FIFO, device or
    /// socket.
    #[error("not a regular file ({kind}); sokoshot reads only regular files")]
    NotRegular {
        /// What it is, in words.
        kind: &'static str,
    },
    /// The file is bigger than sokoshot reads.
    #[error("the file is {bytes} bytes; the most sokoshot reads is 16 MiB")]
    TooBig {
        /// The file's size (or as much as was read of it, when it grew).
        bytes: u64,
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

/// What a file type is, in words, for anything but a regular file.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
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
fn check_regular(meta: &std::fs::Metadata) -> Result<(), SourceError> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(SourceError::NotRegular {
            kind: kind_of(meta),
        })
    }
}

/// Refuses a file over [`MAX_FILE_BYTES`], by what its metadata says.
fn check_size(meta: &std::fs::Metadata) -> Result<(), SourceError> {
    if meta.len() > MAX_FILE_BYTES {
        return Err(SourceError::TooBig { bytes: meta.len() });
    }
    Ok(())
}

/// Opens `path` for reading without blocking on it (unix: `O_NONBLOCK`, so that a FIFO
/// swapped in after the first look cannot hang the open).
fn open(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The regular file at `path`, opened for reading without blocking, and its metadata as
/// the handle sees it: the path is looked at before it is opened and the handle after (see
/// the module header), so a FIFO, a device or a directory is refused and never waited on.
///
/// # Errors
///
/// [`SourceError::NotRegular`] for a directory, FIFO, device or socket, or the I/O error (a
/// missing file keeps [`io::ErrorKind::NotFound`]).
pub fn open_regular(path: &Path) -> Result<(File, std::fs::Metadata), SourceError> {
    check_regular(&std::fs::metadata(path)?)?;
    let file = open(path)?;
    let meta = file.metadata()?;
    check_regular(&meta)?;
    Ok((file, meta))
}

/// Reads `file`, whose metadata is `meta`, to its end but never more than `max + 1` bytes:
/// a result longer than `max` means the file holds more than `max` (it may have grown since
/// its metadata was read).
///
/// # Errors
/// When the read fails.
pub fn read_at_most(file: File, meta: &std::fs::Metadata, max: u64) -> io::Result<Vec<u8>> {
    let capacity = usize::try_from(meta.len().min(max)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(capacity);
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE_BYTES`] of them.
///
/// # Errors
///
/// [`SourceError::NotRegular`] for a directory, FIFO, device or socket (never opened),
/// [`SourceError::TooBig`] for a file over the limit (never read), or the I/O error.
pub fn read_source_bytes(path: &Path) -> Result<Vec<u8>, SourceError> {
    let (file, meta) = open_regular(path)?;
    check_size(&meta)?;
    let bytes = read_at_most(file, &meta, MAX_FILE_BYTES)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_FILE_BYTES {
        return Err(SourceError::TooBig { bytes: read });
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, which must be UTF-8 (a level pack that may be
/// Latin-1 reads with [`read_source_bytes`] and [`parse_pack_bytes`](super::parse_pack_bytes)).
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

/// Whether a terminal might act on `c` rather than print it: C0 controls (tab and line
/// breaks too), DEL, C1 controls, and the Unicode marks that reorder or hide text.
fn is_active(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}')
}

/// `text` with every character a terminal would act on made visible: C0 controls and DEL
/// as carets (`^[` for escape, `^?` for DEL), C1 controls and invisible Unicode marks as
/// `\u{…}`. Text without any is borrowed as it is.
#[must_use]
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_active) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_visible(&mut out, c);
    }
    Cow::Owned(out)
}

/// Appends `c`, made visible if a terminal would act on it.
fn push_visible(out: &mut String, c: char) {
    match c {
        '\0'..='\u{1f}' => {
            out.push('^');
            // C0 controls are 0..32: their caret letter is 64 above.
            out.push(char::from(c as u8 + 64));
        }
        '\u{7f}' => out.push_str("^?"),
        c if is_active(c) => {
            use std::fmt::Write;
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// At most `max` characters of `text`, made [`visible`], with `…` when it was cut.
#[must_use]
pub fn excerpt(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => visible(text),
        Some((cut, _)) => {
            let mut out = visible(&text[..cut]).into_owned();
            out.push('…');
            Cow::Owned(out)
        }
    }
}

/// Reads a level file with [`read_source_bytes`]: a regular file of at most
/// [`MAX_FILE_BYTES`](MAX_FILE_BYTES) bytes, opened without blocking, so a FIFO
/// or device put in its place is refused rather than waited on.
///
/// # Errors
/// When the file cannot be opened or read, is not a regular file, or is too big; the error
/// says which, in a player's words (a missing file keeps [`io::ErrorKind::NotFound`]).
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    read_source_bytes(path).map_err(|err| match err {
        SourceError::Io(err) => err,
        other => io::Error::new(io::ErrorKind::InvalidData, other.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_cases() {
        let cases = [
            ("plain", "The Dungeon", "The Dungeon"),
            (
                "escape",
                "\u{1b}]2;PWNED\u{7}\u{1b}[2J",
                "^[]2;PWNED^G^[[2J",
            ),
            ("del", "a\u{7f}b", "a^?b"),
            ("nul and tab", "\0\t", "^@^I"),
            ("c1 csi", "x\u{9b}2J", "x\\u{9b}2J"),
            ("bidi override", "a\u{202e}b", "a\\u{202e}b"),
            ("unicode kept", "Ünïcødé ▛▘", "Ünïcødé ▛▘"),
        ];
        for (name, text, want) in cases {
            assert_eq!(visible(text), want, "{name}");
        }
        assert!(matches!(visible("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn excerpt_cases() {
        let cases = [
            ("short", "abc", 5, "abc"),
            ("exact", "abcde", 5, "abcde"),
            ("cut", "abcdef", 5, "abcde…"),
            ("cut in characters", "ééééé", 2, "éé…"),
            ("cut then visible", "\u{1b}abc", 2, "^[a…"),
        ];
        for (name, text, max, want) in cases {
            assert_eq!(excerpt(text, max), want, "{name}");
        }
    }
}
