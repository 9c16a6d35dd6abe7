//! The server's host key: an ed25519 key made on first start and kept, in OpenSSH's format,
//! at `host_ed25519_key` in the data directory with mode 0600, so that clients see the same
//! fingerprint after every restart.
//!
//! The file itself is the store's ([`sokoshot_core::store::host_key`]): it refuses a key
//! file that others may read (any group or other permission bit), as OpenSSH refuses one, a
//! file larger than [`MAX_KEY_BYTES`], and anything that is not a regular file. Here the
//! bytes become a key (an RSA key under [`MIN_RSA_BITS`] is refused, as too weak to stand
//! for the server; a key encrypted with a passphrase is refused, as the server cannot ask for
//! one and could not sign a key exchange with it), and a new key is made. Every refusal
//! comes at start, before the server listens.

use std::path::{Path, PathBuf};

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};
use sokoshot_core::store::host_key::{self as key_file, KeyFileError};
use thiserror::Error;

pub use sokoshot_core::store::host_key::{FILE_NAME, MAX_KEY_BYTES};

/// The smallest RSA host key accepted, in bits (NIST's figure for keys meant to last).
pub const MIN_RSA_BITS: u32 = 3072;

/// Why the host key could not be had.
#[derive(Debug, Error)]
pub enum HostKeyError {
    /// The file could not be read or written, or is not protected.
    #[error(transparent)]
    File(#[from] KeyFileError),
    /// The file is not a private key sokoshot can use.
    #[error("{path}: not an OpenSSH private key of at most {MAX_KEY_BYTES} bytes: {why}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The file holds a key encrypted with a passphrase.
    #[error(
        "{path}: the host key is encrypted with a passphrase, which the server cannot ask for; remove the passphrase (`ssh-keygen -p -N '' -f {path}`), or remove the file for a new ed25519 key"
    )]
    Encrypted {
        /// The file.
        path: PathBuf,
    },
    /// The file holds an RSA key too short to trust.
    #[error(
        "{path}: an RSA host key of {bits} bits is too weak; use one of at least {MIN_RSA_BITS} bits, or remove the file for a new ed25519 key"
    )]
    WeakRsa {
        /// The file.
        path: PathBuf,
        /// The key's size.
        bits: u32,
    },
    /// A new key could not be made.
    #[error("{path}: cannot make a host key: {why}")]
    Unmade {
        /// Where it was to be kept.
        path: PathBuf,
        /// What went wrong.
        why: String,
    },
}

/// The host key in `dir`, made and saved there if there is none yet.
///
/// # Errors
/// When the key cannot be read, written, or is not protected.
pub fn load_or_create(dir: &Path) -> Result<PrivateKey, HostKeyError> {
    let path = key_file::path_in(dir);
    match key_file::read(&path)? {
        Some(bytes) => parse(&path, &bytes),
        None => create(&path),
    }
}

/// The key in `bytes`, read from `path`.
fn parse(path: &Path, bytes: &[u8]) -> Result<PrivateKey, HostKeyError> {
    let unreadable = |why: String| HostKeyError::Unreadable {
        path: path.to_owned(),
        why,
    };
    let text = std::str::from_utf8(bytes).map_err(|err| unreadable(err.to_string()))?;
    let key = PrivateKey::from_openssh(text).map_err(|err| unreadable(err.to_string()))?;
    if key.is_encrypted() {
        return Err(HostKeyError::Encrypted {
            path: path.to_owned(),
        });
    }
    if let Some(rsa) = key.key_data().rsa() {
        let bits = rsa.key_size();
        if bits < MIN_RSA_BITS {
            return Err(HostKeyError::WeakRsa {
                path: path.to_owned(),
                bits,
            });
        }
    }
    Ok(key)
}

/// A new key, kept at `path`.
fn create(path: &Path) -> Result<PrivateKey, HostKeyError> {
    let unmade = |why: String| HostKeyError::Unmade {
        path: path.to_owned(),
        why,
    };
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|err| unmade(err.to_string()))?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|err| unmade(err.to_string()))?;
    key_file::create(path, text.as_bytes())?;
    Ok(key)
}

/// The key's SHA-256 fingerprint as OpenSSH prints it (`SHA256:…`).
#[must_use]
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    #[test]
    fn the_key_is_made_once_with_mode_0600_and_read_back_the_same() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("data");
        let made = load_or_create(&dir).expect("made");
        let mode = fs::metadata(dir.join(FILE_NAME))
            .expect("file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let again = load_or_create(&dir).expect("read");
        assert_eq!(fingerprint(&made), fingerprint(&again));
    }

    /// An ed25519 key encrypted with the passphrase `secret` (`ssh-keygen -N secret`).
    const ENCRYPTED: &str = "-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABD2IvkkXt
44lBitvAynuN3jAAAAEAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAIOoAhOeMuPhtxXdd
uV1iHHue2uovD4A1WQu0gCCDOejSAAAAkEAegMMzxyjJg+aPZZNBLhmk/9TQfxjtvM8dxE
NvYWssojkxDC8Gy1qW7kh22nUYfncUgBdgRUL5sT0plyOYjY1gOXSNVqtERjWnIXDLMrLf
qJPQKmZarfs7V8m7BFMIeZwYG3OQFjGwvTU6AoyiZ/Js/OAuIjgmBp3ysaSFLv6NzruhHR
+gxkXl0N81RSG44Q==
-----END OPENSSH PRIVATE KEY-----
";

    #[test]
    fn an_encrypted_or_unreadable_key_is_refused_with_a_message() {
        let cases = [
            ("encrypted", ENCRYPTED, "encrypted with a passphrase"),
            ("not a key", "hello\n", "not an OpenSSH private key"),
            ("empty", "", "not an OpenSSH private key"),
            ("cut short", &ENCRYPTED[..200], "not an OpenSSH private key"),
        ];
        for (name, text, want) in cases {
            let temp = tempfile::tempdir().expect("temp dir");
            let dir = temp.path().join("data");
            sokoshot_core::store::host_key::create(&dir.join(FILE_NAME), text.as_bytes())
                .expect("written");
            let err = load_or_create(&dir).expect_err(name);
            assert!(err.to_string().contains(want), "{name}: {err}");
        }
    }

    #[test]
    fn a_key_others_may_read_is_refused() {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("data");
        load_or_create(&dir).expect("made");
        let path = dir.join(FILE_NAME);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
        let err = load_or_create(&dir).expect_err("refused");
        assert!(err.to_string().contains("chmod 600"), "{err}");
    }
}
