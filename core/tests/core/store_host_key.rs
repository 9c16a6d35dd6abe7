//! The server's host key file in the store: read only when it is a private regular file
//! within its size limit, never blocked on, and made new with mode 0600.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::PermissionsExt;

use sokoshot_core::level::SourceError;
use sokoshot_core::store::host_key::{self, KeyFileError, MAX_KEY_BYTES};

#[test]
fn a_missing_key_file_reads_as_none_and_is_made_0600() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let path = host_key::path_in(&dir.join("data"));
    assert!(host_key::read(&path).expect("no file yet").is_none());
    host_key::create(&path, b"key text").expect("made");
    let mode = fs::metadata(&path).expect("file").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_eq!(
        host_key::read(&path).expect("read").as_deref(),
        Some(&b"key text"[..])
    );
}

#[test]
fn a_key_file_is_never_made_over_one_already_there() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let path = host_key::path_in(dir);
    host_key::create(&path, b"first").expect("made");
    let err = host_key::create(&path, b"second").expect_err("the file is there");
    assert!(matches!(err, KeyFileError::Write { .. }), "{err:?}");
    assert_eq!(fs::read(&path).expect("read"), b"first");
}

#[test]
fn a_fifo_at_the_key_path_is_refused_at_once() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let path = host_key::path_in(dir);
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Nobody ever writes to the FIFO: opening it for reading would block for ever.
    let err = host_key::read(&path).expect_err("a FIFO");
    assert!(
        matches!(
            err,
            KeyFileError::Read {
                source: SourceError::NotRegular { kind: "a FIFO" },
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn a_key_file_over_the_limit_is_refused() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let path = host_key::path_in(dir);
    host_key::create(
        &path,
        &vec![b'k'; 1 + usize::try_from(MAX_KEY_BYTES).expect("fits")],
    )
    .expect("made");
    let err = host_key::read(&path).expect_err("too big");
    assert!(
        matches!(err, KeyFileError::TooBig { bytes, .. } if bytes == MAX_KEY_BYTES + 1),
        "{err:?}"
    );
}

#[test]
fn a_key_file_others_may_read_is_refused() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let path = host_key::path_in(dir);
    host_key::create(&path, b"key text").expect("made");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
    let err = host_key::read(&path).expect_err("unprotected");
    assert!(
        matches!(err, KeyFileError::Unprotected { mode: 0o640, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("chmod 600"), "{err}");
}
