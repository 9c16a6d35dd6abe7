//! One way to replace a file whole, for every file sokoshot keeps: write a temporary file
//! beside it (`NAME.tmpPID`), flush it to disk, rename it over the old one, and flush the
//! directory so the rename itself is on disk. A crash leaves the old file or the new one,
//! never a mix; a failed write removes its temporary file. And one way to set a file aside
//! before it is replaced: copied to the first free `NAME.corrupt-N`.

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
    let dir = parent(path);
    fs::create_dir_all(dir)?;
    let temp = sibling(path, &format!(".tmp{}", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        // The rename itself reaches the disk with the directory.
        fs::File::open(dir).and_then(|d| d.sync_all())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
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

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sokoshot-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary() {
        let dir = temp_dir("write");
        let path = dir.join("sub").join("file.txt");
        write(&path, b"one").expect("first write");
        write(&path, b"two").expect("second write");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = fs::read_dir(path.parent().expect("dir"))
            .expect("list")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, [OsString::from("file.txt")]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn back_ups_take_the_next_free_number_and_stale_temporaries_go() {
        let dir = temp_dir("backup");
        fs::create_dir_all(&dir).expect("dir");
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
        let _ = fs::remove_dir_all(&dir);
    }
}
