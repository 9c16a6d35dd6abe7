//! Watching a level file: saves in place and by rename are seen, touches and early polls are
//! not, and a removed file is reported.

use std::fs;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sokoshot::tui::watch::{Change, POLL_EVERY, Watcher};

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sokoshot-watch-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("pack.xsb");
    fs::write(&path, text).expect("written");
    path
}

#[test]
fn a_save_in_place_is_reported_with_the_new_text() {
    let path = temp_file("in-place", "#####\n");
    let start = Instant::now();
    let mut watcher = Watcher::new(path.clone(), b"#####\n", start);
    assert_eq!(watcher.poll(start), None, "nothing changed");
    fs::write(&path, "######\n").expect("saved");
    assert_eq!(
        watcher.poll(start),
        None,
        "a poll before it is due looks at nothing"
    );
    let due = start + POLL_EVERY;
    assert_eq!(watcher.poll(due), Some(Change::Saved(b"######\n".to_vec())));
    assert_eq!(watcher.poll(due + POLL_EVERY), None, "reported once");
}

#[test]
fn a_save_by_rename_is_reported() {
    let path = temp_file("rename", "#####\n");
    let mut watcher = Watcher::new(path.clone(), b"#####\n", Instant::now());
    let temp = path.with_extension("swp");
    fs::write(&temp, "#@$.#\n").expect("written");
    fs::rename(&temp, &path).expect("renamed");
    assert_eq!(watcher.check(), Some(Change::Saved(b"#@$.#\n".to_vec())));
}

#[test]
fn a_touch_with_the_same_text_is_not_a_change() {
    let path = temp_file("touch", "#####\n");
    let mut watcher = Watcher::new(path.clone(), b"#####\n", Instant::now());
    std::thread::sleep(Duration::from_millis(20));
    fs::write(&path, "#####\n").expect("rewritten");
    assert_eq!(watcher.check(), None);
}

#[test]
fn a_removed_file_is_reported_once_and_its_return_is_seen() {
    let path = temp_file("removed", "#####\n");
    let mut watcher = Watcher::new(path.clone(), b"#####\n", Instant::now());
    fs::remove_file(&path).expect("removed");
    assert!(matches!(watcher.check(), Some(Change::Unreadable(_))));
    assert_eq!(watcher.check(), None);
    fs::write(&path, "#####\n").expect("back");
    assert_eq!(watcher.check(), Some(Change::Saved(b"#####\n".to_vec())));
}

#[test]
fn the_loop_never_waits_longer_than_a_poll() {
    let path = temp_file("timing", "");
    let start = Instant::now();
    let watcher = Watcher::new(path, b"", start);
    assert_eq!(watcher.time_to_poll(start), POLL_EVERY);
    assert_eq!(watcher.time_to_poll(start + POLL_EVERY * 2), Duration::ZERO);
    assert!(POLL_EVERY <= Duration::from_millis(500));
}

#[test]
fn a_save_between_reading_the_file_and_watching_it_is_seen() {
    let path = temp_file("race", "#####\n");
    // The caller read an older text than the file now holds.
    let mut watcher = Watcher::new(path, b"####\n", Instant::now());
    assert_eq!(watcher.check(), Some(Change::Saved(b"#####\n".to_vec())));
    assert_eq!(watcher.check(), None);
}

#[test]
fn play_refuses_a_device_or_fifo_as_its_level_file_without_reading_it() {
    let dir = std::env::temp_dir().join(format!("sokoshot-watch-{}-devices", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    let fifo = dir.join("pipe.xsb");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut cases = vec![("/dev/zero", PathBuf::from("/dev/zero"))];
    if made.is_ok_and(|status| status.success()) {
        cases.push(("fifo", fifo));
    }
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
    let path = temp_file("only-invalid", "#####\n#@@$.#\n#####\n");
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
