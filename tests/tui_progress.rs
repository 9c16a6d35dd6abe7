//! The progress file on disk: fresh starts, round trips, atomic writes, corrupt files.

use std::fs;
use std::path::PathBuf;

use sokoshot::tui::progress::{Figures, Progress, SaveFile};

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sokoshot-progress-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn sample() -> Progress {
    let mut progress = Progress::default();
    progress.set_last("built-in:Microban", 2);
    progress.record(
        "built-in:Microban",
        0,
        0x1234,
        Figures {
            moves: 33,
            pushes: 8,
            shots: 0,
        },
    );
    progress
}

#[test]
fn a_missing_file_is_a_fresh_start_without_warning() {
    let dir = temp_dir("missing");
    let save = SaveFile::at(dir.join("sokoshot").join("progress.txt"));
    assert_eq!(save.load(), (Progress::default(), None));
}

#[test]
fn saving_creates_the_directory_and_loads_back() {
    let dir = temp_dir("roundtrip");
    let save = SaveFile::at(dir.join("deep").join("sokoshot").join("progress.txt"));
    save.save(&sample()).expect("saved");
    assert_eq!(save.load(), (sample(), None));
    let text = fs::read_to_string(save.path()).expect("readable");
    assert!(
        text.contains("level 1 id=0000000000001234 moves=33 pushes=8 shots=0"),
        "{text}"
    );
    assert!(text.contains("last 3 built-in:Microban"), "{text}");
}

#[test]
fn saving_replaces_the_file_and_leaves_no_temporary_behind() {
    let dir = temp_dir("atomic");
    let save = SaveFile::at(dir.join("progress.txt"));
    fs::write(save.path(), "old contents").expect("seeded");
    save.save(&sample()).expect("saved");
    let names: Vec<String> = fs::read_dir(&dir)
        .expect("listable")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names, ["progress.txt"]);
    assert_eq!(save.load().0, sample());
}

#[test]
fn a_failed_save_keeps_the_old_file() {
    let dir = temp_dir("failed");
    let save = SaveFile::at(dir.join("progress.txt"));
    save.save(&sample()).expect("saved");
    // A directory where the temporary file would go makes the write fail.
    let blocker = dir.join(format!("progress.txt.tmp{}", std::process::id()));
    fs::create_dir(&blocker).expect("blocker");
    let mut changed = sample();
    changed.set_last("/elsewhere.xsb", 0);
    assert!(save.save(&changed).is_err());
    assert_eq!(save.load().0, sample());
}

#[test]
fn a_corrupt_file_is_set_aside_with_a_warning() {
    let cases = [
        ("garbage", b"this is not a progress file\n".to_vec()),
        ("binary", vec![0xff, 0xfe, 0x00, 0x12]),
        (
            "truncated line",
            b"sokoshot-progress 1\npack p\nlevel 1 id=12 mov".to_vec(),
        ),
    ];
    for (name, bytes) in cases {
        let dir = temp_dir(&format!("corrupt-{}", name.replace(' ', "-")));
        let save = SaveFile::at(dir.join("progress.txt"));
        fs::write(save.path(), &bytes).expect("seeded");
        let (progress, warning) = save.load();
        assert_eq!(progress, Progress::default(), "{name}");
        let warning = warning.expect(name);
        assert!(
            warning.contains("progress.txt.corrupt"),
            "{name}: {warning}"
        );
        assert!(!save.path().exists(), "{name}: the bad file is moved away");
        assert_eq!(
            fs::read(dir.join("progress.txt.corrupt")).expect("kept"),
            bytes,
            "{name}: the bad file is kept as it was"
        );
        // The next save starts a good file and the next load is silent.
        save.save(&sample()).expect("saved");
        assert_eq!(save.load(), (sample(), None), "{name}");
    }
}
