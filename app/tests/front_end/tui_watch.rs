//! `sokoshot play` on a file it cannot play, with no terminal: a device or a FIFO is refused
//! without being read, and a file with no playable level is answered with its problems. (The
//! watchers themselves are tested in the core.)

use std::fs;
use std::path::PathBuf;

#[test]
fn play_refuses_a_device_or_fifo_as_its_level_file_without_reading_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("pipe.xsb");
    if !crate::common::make_fifo(&fifo) {
        return;
    }
    let cases = [("/dev/zero", PathBuf::from("/dev/zero")), ("fifo", fifo)];
    for (name, path) in cases {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sokoshot"))
            .arg("play")
            .arg(&path)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{name}: {stderr}");
    }
}

#[test]
fn a_file_with_no_playable_level_is_reported_when_there_is_no_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("pack.xsb");
    fs::write(&path, "#####\n#@@$.#\n#####\n").expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .arg("play")
        .arg(&path)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no playable level"), "{stderr}");
}
