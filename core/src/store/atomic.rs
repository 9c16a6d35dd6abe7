//! One way to replace a file whole, for every file sokoshot keeps: write a temporary file
//! beside it (`NAME.tmpPID`), flush it to disk, rename it over the old one, and flush the
//! directory so the rename itself is on disk. A crash leaves the old file or the new one,
//! never a mix; a failed write removes its temporary file. A file that only its owner may
//! read (a private key) is written the same way by [`create_private`], with the temporary
//! made private and linked in rather than renamed, so that it never replaces a file. And one
//! way to set a file aside before it is replaced: copied to the first free `NAME.corrupt-N`.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// The most `.corrupt-N` copies looked through for a free name.
pub const MAX_BACKUPS: u32 = 10_000;

/// `path` with `suffix` added to its file name (`progress.txt` + `.lock`).
#[must_use]
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

/// The directory `path` is in (`.` for a bare file name).
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Replaces the file at `path` with `bytes`, atomically and durably (see the module header).
/// The directory is created if needed.
///
/// # Errors
/// When the directory or the temporary file cannot be written, or the rename fails; the
/// file at `path` is then as it was.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    put(path, bytes, Put::Replace)
}

/// Writes `bytes` as a new file at `path` that only its owner may read or write (mode 0600
/// on unix), as atomically and durably as [`write()`]; the temporary file is made with that
/// mode, so the bytes are never readable by others, even for a moment. A file already at
/// `path` is never replaced. The directory is created if needed.
///
/// # Errors
/// [`io::ErrorKind::AlreadyExists`] when there is a file at `path` already (it is left as
/// it is), or when the directory or the temporary file cannot be written.
pub fn create_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    put(path, bytes, Put::NewPrivate)
}

/// How [`put`] puts its file in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Put {
    /// Renamed over whatever is there.
    Replace,
    /// Made with mode 0600 and linked in, which fails when the name is taken.
    NewPrivate,
}

/// Writes `bytes` to a temporary file beside `path`, flushes it, puts it in place as `how`
/// says, and flushes the directory; a failed write removes the temporary file.
fn put(path: &Path, bytes: &[u8], how: Put) -> io::Result<()> {
    let dir = parent(path);
    fs::create_dir_all(dir)?;
    let temp = sibling(path, &format!(".tmp{}", std::process::id()));
    let written = (|| {
        let mut file = create_temporary(&temp, how)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        match how {
            Put::Replace => fs::rename(&temp, path)?,
            Put::NewPrivate => {
                fs::hard_link(&temp, path)?;
                fs::remove_file(&temp)?;
            }
        }
        // The new name itself reaches the disk with the directory.
        fs::File::open(dir).and_then(|d| d.sync_all())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// Creates the temporary file at `temp`, fresh (one a crash left there is removed first: it
/// may have another mode, or be a FIFO that an open would wait on), with mode 0600 for
/// [`Put::NewPrivate`].
fn create_temporary(temp: &Path, how: Put) -> io::Result<fs::File> {
    let _ = fs::remove_file(temp);
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if how == Put::NewPrivate {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = how;
    options.open(temp)
}

/// Removes the `NAME.tmp*` files a crash left beside `path`. Call it only while holding the
/// file's lock, when no other writer is between create and rename.
pub fn remove_stale_temporaries(path: &Path) {
    let Some(prefix) = path.file_name().map(|name| {
        let mut prefix = name.to_os_string();
        prefix.push(".tmp");
        prefix.to_string_lossy().into_owned()
    }) else {
        return;
    };
    let Ok(entries) = fs::read_dir(parent(path)) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix)
            && entry.file_type().is_ok_and(|kind| kind.is_file())
        {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Copies `bytes` (what was read from `path`) to the first free `NAME.corrupt-N`, flushed to
/// disk, and returns where. Every such copy is kept.
///
/// # Errors
/// When the copy cannot be written, or [`MAX_BACKUPS`] copies exist already.
pub fn back_up(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    for n in 1..=MAX_BACKUPS {
        let aside = sibling(path, &format!(".corrupt-{n}"));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&aside)
        {
            Ok(mut file) => {
                file.write_all(bytes)?;
                file.sync_all()?;
                return Ok(aside);
            }
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
            Err(err) => return Err(err),
        }
    }
    Err(io::Error::other(format!(
        "{MAX_BACKUPS} copies of corrupt files are kept already beside {}",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in the directory `path` is in.
    fn names_beside(path: &Path) -> Vec<OsString> {
        fs::read_dir(parent(path))
            .expect("list")
            .flatten()
            .map(|e| e.file_name())
            .collect()
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("sub").join("file.txt");
        write(&path, b"one").expect("first write");
        write(&path, b"two").expect("second write");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        assert_eq!(names_beside(&path), [OsString::from("file.txt")]);
    }

    #[cfg(unix)]
    #[test]
    fn a_private_file_is_made_0600_and_never_replaces_one() {
        use std::os::unix::fs::PermissionsExt;
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("sub").join("key");
        create_private(&path, b"secret").expect("made");
        let mode = fs::metadata(&path).expect("file").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let again = create_private(&path, b"other").expect_err("the name is taken");
        assert_eq!(again.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&path).expect("read"), b"secret");
        assert_eq!(names_beside(&path), [OsString::from("key")]);
    }

    #[test]
    fn back_ups_take_the_next_free_number_and_stale_temporaries_go() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path();
        let path = dir.join("p.txt");
        assert_eq!(
            back_up(&path, b"a").expect("1"),
            dir.join("p.txt.corrupt-1")
        );
        assert_eq!(
            back_up(&path, b"b").expect("2"),
            dir.join("p.txt.corrupt-2")
        );
        assert_eq!(fs::read(dir.join("p.txt.corrupt-1")).expect("read"), b"a");
        fs::write(dir.join("p.txt.tmp123"), b"x").expect("stale");
        remove_stale_temporaries(&path);
        assert!(!dir.join("p.txt.tmp123").exists());
        assert!(dir.join("p.txt.corrupt-2").exists());
    }
}
