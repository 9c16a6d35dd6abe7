//! The server's host key: an ed25519 key made on first start and kept, in OpenSSH's format,
//! at `host_ed25519_key` in the data directory with mode 0600, so that clients see the same
//! fingerprint after every restart.
//!
//! A key file that others may read (any group or other permission bit) is refused, as
//! OpenSSH refuses one, and so is a file larger than [`MAX_KEY_BYTES`].

use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};
use thiserror::Error;

/// The host key's file name in the data directory.
pub const FILE_NAME: &str = "host_ed25519_key";

/// The largest host key file read (an ed25519 key in OpenSSH's format is about 400 bytes).
pub const MAX_KEY_BYTES: u64 = 64 * 1024;

/// Why the host key could not be had.
#[derive(Debug, Error)]
pub enum HostKeyError {
    /// The file or its directory could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Others may read the file.
    #[error("{path}: the host key may be read by others (mode {mode:o}); run `chmod 600 {path}`")]
    Unprotected {
        /// The file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The file is not a private key sokoshot can use.
    #[error("{path}: not an OpenSSH private key of at most {MAX_KEY_BYTES} bytes: {why}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
}

/// The host key in `dir`, made and saved there if there is none yet.
///
/// # Errors
/// When the key cannot be read, written, or is not protected.
pub fn load_or_create(dir: &Path) -> Result<PrivateKey, HostKeyError> {
    let path = dir.join(FILE_NAME);
    let io_error = |source| HostKeyError::Io {
        path: path.clone(),
        source,
    };
    match fs::File::open(&path) {
        Ok(file) => read(&path, file),
        Err(err) if err.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(io_error)?;
            let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(|err| {
                HostKeyError::Unreadable {
                    path: path.clone(),
                    why: err.to_string(),
                }
            })?;
            let text = key
                .to_openssh(LineEnding::LF)
                .map_err(|err| io_error(io::Error::other(err.to_string())))?;
            let mut file = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&path)
                .map_err(io_error)?;
            file.write_all(text.as_bytes()).map_err(io_error)?;
            file.sync_all().map_err(io_error)?;
            Ok(key)
        }
        Err(err) => Err(io_error(err)),
    }
}

fn read(path: &Path, file: fs::File) -> Result<PrivateKey, HostKeyError> {
    let io_error = |source| HostKeyError::Io {
        path: path.to_owned(),
        source,
    };
    let mode = file.metadata().map_err(io_error)?.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(HostKeyError::Unprotected {
            path: path.to_owned(),
            mode,
        });
    }
    let mut text = String::new();
    file.take(MAX_KEY_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(io_error)?;
    let unreadable = |why: String| HostKeyError::Unreadable {
        path: path.to_owned(),
        why,
    };
    if text.len() as u64 > MAX_KEY_BYTES {
        return Err(unreadable("the file is too large".into()));
    }
    PrivateKey::from_openssh(&text).map_err(|err| unreadable(err.to_string()))
}

/// The key's SHA-256 fingerprint as OpenSSH prints it (`SHA256:…`).
#[must_use]
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sokoshot-hostkey-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_key_is_made_once_with_mode_0600_and_read_back_the_same() {
        let dir = temp("same");
        let made = load_or_create(&dir).expect("made");
        let mode = fs::metadata(dir.join(FILE_NAME))
            .expect("file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let again = load_or_create(&dir).expect("read");
        assert_eq!(fingerprint(&made), fingerprint(&again));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_key_others_may_read_is_refused() {
        let dir = temp("open");
        load_or_create(&dir).expect("made");
        let path = dir.join(FILE_NAME);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
        let err = load_or_create(&dir).expect_err("refused");
        assert!(err.to_string().contains("chmod 600"), "{err}");
        let _ = fs::remove_dir_all(&dir);
    }
}
