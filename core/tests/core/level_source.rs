//! Reading files: `read_source` reads only regular files within 16 MiB, never blocks on a
//! FIFO, never reads a file that is too big.

use sokoshot_core::level::{MAX_FILE_BYTES, SourceError, read_source, read_source_bytes};

#[test]
fn read_source_reads_a_regular_file() {
    let temp = tempfile::tempdir().expect("temp dir");
    let path = temp.path().join("a.xsb");
    std::fs::write(&path, "#####\n#@$.#\n#####\n").expect("write");
    assert_eq!(
        read_source(&path).expect("readable"),
        "#####\n#@$.#\n#####\n"
    );
}

#[test]
fn read_source_refuses_a_directory() {
    let temp = tempfile::tempdir().expect("temp dir");
    let err = read_source(temp.path()).expect_err("a directory");
    assert!(
        matches!(
            err,
            SourceError::NotRegular {
                kind: "a directory"
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "not a regular file (a directory); sokoshot reads only regular files"
    );
}

#[cfg(unix)]
#[test]
fn read_source_refuses_a_fifo_without_blocking() {
    let temp = tempfile::tempdir().expect("temp dir");
    let path = temp.path().join("level.xsb");
    let _ = std::fs::remove_file(&path);
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Nobody ever writes to the FIFO: opening it for reading would block for ever.
    let err = read_source_bytes(&path).expect_err("a FIFO");
    assert!(
        matches!(err, SourceError::NotRegular { kind: "a FIFO" }),
        "{err:?}"
    );
}

#[cfg(unix)]
#[test]
fn read_source_refuses_a_device() {
    let err = read_source_bytes(std::path::Path::new("/dev/zero")).expect_err("a device");
    assert!(
        matches!(
            err,
            SourceError::NotRegular {
                kind: "a character device"
            }
        ),
        "{err:?}"
    );
}

#[test]
fn read_source_refuses_a_file_over_16_mib_before_reading_it() {
    let temp = tempfile::tempdir().expect("temp dir");
    let path = temp.path().join("big.xsb");
    // A sparse file of 3 GiB: reading it would take seconds and gigabytes.
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(3 << 30).expect("sparse length");
    drop(file);
    let err = read_source_bytes(&path).expect_err("too big");
    std::fs::remove_file(&path).expect("remove");
    assert!(
        matches!(err, SourceError::TooBig { bytes, .. } if bytes == 3 << 30),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "the file is 3221225472 bytes; the most sokoshot reads is 16 MiB"
    );
}

#[test]
fn read_source_takes_a_file_of_exactly_16_mib() {
    let temp = tempfile::tempdir().expect("temp dir");
    let path = temp.path().join("limit.xsb");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(MAX_FILE_BYTES).expect("length");
    drop(file);
    let bytes = read_source_bytes(&path).expect("at the limit");
    std::fs::remove_file(&path).expect("remove");
    assert_eq!(bytes.len() as u64, MAX_FILE_BYTES);
}

#[test]
fn read_source_refuses_text_that_is_not_utf8() {
    let temp = tempfile::tempdir().expect("temp dir");
    let path = temp.path().join("latin1.xsb");
    std::fs::write(&path, b"Title: caf\xe9\n").expect("write");
    let err = read_source(&path).expect_err("not UTF-8");
    assert!(
        matches!(err, SourceError::NotUtf8 { offset: 10 }),
        "{err:?}"
    );
    assert_eq!(
        read_source_bytes(&path).expect("bytes are fine"),
        b"Title: caf\xe9\n"
    );
}

#[test]
fn read_source_reports_a_missing_file() {
    let temp = tempfile::tempdir().expect("temp dir");
    let err = read_source(&temp.path().join("none.xsb")).expect_err("missing");
    assert!(matches!(err, SourceError::Io(_)), "{err:?}");
}
