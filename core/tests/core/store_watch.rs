//! Watching a level file and a folder of packs without a terminal: saves in place and by
//! rename are seen, touches are not, a removed file is reported; a file dropped into the
//! folder is added, a changed one read again, a removed one taken out, a bad one answered.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sokoshot_core::store::folder::scan;
use sokoshot_core::store::folder_watch::{FolderNews, FolderWatch};
use sokoshot_core::store::watch::{Change, Reload, Reloader, Watcher, parse_change};

const LEVEL: &str = "#####\n#@$.#\n#####\n";

/// How long to wait for a watcher thread's news before failing (liveness, not speed).
const PATIENCE: Duration = Duration::from_secs(20);

fn file_in(dir: &tempfile::TempDir, text: &str) -> PathBuf {
    let path = dir.path().join("pack.xsb");
    fs::write(&path, text).expect("written");
    path
}

#[test]
fn a_save_in_place_is_reported_once_with_the_new_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = file_in(&dir, "#####\n");
    let mut watcher = Watcher::new(path.clone(), b"#####\n");
    assert_eq!(watcher.check(), None, "nothing changed");
    fs::write(&path, "######\n").expect("saved");
    assert_eq!(watcher.check(), Some(Change::Saved(b"######\n".to_vec())));
    assert_eq!(watcher.check(), None, "reported once");
}

#[test]
fn a_save_by_rename_is_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = file_in(&dir, "#####\n");
    let mut watcher = Watcher::new(path.clone(), b"#####\n");
    let temp = path.with_extension("swp");
    fs::write(&temp, "#@$.#\n").expect("written");
    fs::rename(&temp, &path).expect("renamed");
    assert_eq!(watcher.check(), Some(Change::Saved(b"#@$.#\n".to_vec())));
}

#[test]
fn a_touch_with_the_same_text_is_not_a_change() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = file_in(&dir, "#####\n");
    let mut watcher = Watcher::new(path.clone(), b"#####\n");
    assert_eq!(watcher.check(), None);
    fs::write(&path, "#####\n").expect("rewritten");
    assert_eq!(watcher.check(), None);
}

#[test]
fn a_removed_file_is_reported_once_and_its_return_is_seen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = file_in(&dir, "#####\n");
    let mut watcher = Watcher::new(path.clone(), b"#####\n");
    fs::remove_file(&path).expect("removed");
    assert!(matches!(watcher.check(), Some(Change::Unreadable(_))));
    assert_eq!(watcher.check(), None);
    fs::write(&path, "#####\n").expect("back");
    assert_eq!(watcher.check(), Some(Change::Saved(b"#####\n".to_vec())));
}

#[test]
fn a_save_between_reading_the_file_and_watching_it_is_seen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = file_in(&dir, "#####\n");
    // The caller read an older text than the file now holds.
    let mut watcher = Watcher::new(path, b"####\n");
    assert_eq!(watcher.check(), Some(Change::Saved(b"#####\n".to_vec())));
    assert_eq!(watcher.check(), None);
}

#[test]
fn a_saved_version_is_played_only_when_every_level_in_it_reads() {
    let path = Path::new("pack.xsb");
    let cases = [
        ("good", LEVEL.to_owned(), Ok(1)),
        ("empty", String::new(), Err("pack.xsb:1:1: no level found")),
        (
            "one bad of two",
            format!("{LEVEL}\n#####\n#@@$.#\n#####\n"),
            Err("pack.xsb:"),
        ),
    ];
    for (name, text, want) in cases {
        let got = parse_change(path, Change::Saved(text.into_bytes()));
        match (want, got) {
            (Ok(n), Reload::Levels(levels)) => assert_eq!(levels.len(), n, "{name}"),
            (Err(start), Reload::Failed(why)) => assert!(why.starts_with(start), "{name}: {why}"),
            (want, got) => panic!("{name}: {got:?}, wanted {want:?}"),
        }
    }
    let gone = parse_change(path, Change::Unreadable("pack.xsb: gone".into()));
    assert!(matches!(gone, Reload::Failed(why) if why == "pack.xsb: gone"));
}

/// Waits for the next news of `take`, within [`PATIENCE`].
fn next<T>(take: impl Fn() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(news) = take() {
            return news;
        }
        assert!(start.elapsed() < PATIENCE, "no news from the watcher");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_reloader_thread_hands_over_each_saved_version_parsed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = file_in(&dir, LEVEL);
    let reloader = Reloader::spawn(path.clone(), LEVEL.as_bytes()).expect("thread");
    fs::write(&path, format!("{LEVEL}\n{LEVEL}")).expect("saved");
    assert!(matches!(next(|| reloader.take()), Reload::Levels(levels) if levels.len() == 2));
    fs::write(&path, "#####\n#@@$.#\n#####\n").expect("saved");
    assert!(matches!(next(|| reloader.take()), Reload::Failed(_)));
}

#[test]
fn the_folder_watch_adds_changes_answers_and_removes_packs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = dir.path().join("a.xsb");
    fs::write(&first, LEVEL).expect("written");
    let found = scan(dir.path());
    let watch =
        FolderWatch::spawn(dir.path().to_path_buf(), &found.files, &found.spent).expect("thread");
    let second = dir.path().join("b.xsb");
    fs::write(&second, format!("Collection: Late\n\n{LEVEL}")).expect("written");
    match next(|| watch.take()) {
        FolderNews::Added(pack) => {
            assert_eq!(
                (pack.name.as_str(), pack.file.as_deref()),
                ("Late", Some(&*second))
            );
        }
        other => panic!("{other:?}"),
    }
    fs::write(&first, format!("{LEVEL}\n{LEVEL}")).expect("saved");
    match next(|| watch.take()) {
        FolderNews::Changed(pack) => assert_eq!(pack.levels.len(), 2),
        other => panic!("{other:?}"),
    }
    let bad = dir.path().join("c.xsb");
    fs::write(&bad, "no level here\n").expect("written");
    match next(|| watch.take()) {
        FolderNews::Failed(path, why) => {
            assert_eq!(path, bad);
            assert!(why.contains("no playable level"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    fs::remove_file(&first).expect("removed");
    match next(|| watch.take()) {
        FolderNews::Removed(path) => assert_eq!(path, first),
        other => panic!("{other:?}"),
    }
}
