//! The progress file on disk: fresh starts, round trips, atomic writes, corrupt files.

use std::fs;
use std::path::Path;

use sokoshot_core::store::progress::{Figures, MAX_PROGRESS_BYTES, Progress, SaveFile};

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
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("sokoshot").join("progress.txt"));
    assert_eq!(save.load(), (Progress::default(), None));
}

#[test]
fn saving_creates_the_directory_and_loads_back() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
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
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    fs::write(save.path(), "old contents").expect("seeded");
    save.save(&sample()).expect("saved");
    let names: Vec<String> = fs::read_dir(dir)
        .expect("listable")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect::<Vec<_>>();
    let mut names = names;
    names.sort();
    assert_eq!(
        names,
        [
            "progress.txt",
            "progress.txt.corrupt-1",
            "progress.txt.lock"
        ]
    );
    assert_eq!(save.load().0, sample());
}

#[test]
fn a_failed_save_keeps_the_old_file() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
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
fn every_corrupt_file_gets_its_own_backup_and_loading_changes_nothing() {
    let cases = [
        ("garbage", b"this is not a progress file\n".to_vec()),
        ("binary", vec![0xff, 0xfe, 0x00, 0x12]),
        ("empty", Vec::new()),
    ];
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    for (n, (name, bytes)) in cases.into_iter().enumerate() {
        fs::write(save.path(), &bytes).expect("seeded");
        let (progress, warning) = save.load();
        assert_eq!(progress, Progress::default(), "{name}");
        let warning = warning.expect(name);
        assert!(
            warning.contains("progress.txt.corrupt"),
            "{name}: {warning}"
        );
        assert_eq!(
            fs::read(save.path()).expect("still there"),
            bytes,
            "{name}: load changes nothing"
        );
        save.save(&sample()).expect("saved");
        let backup = dir.join(format!("progress.txt.corrupt-{}", n + 1));
        assert_eq!(
            fs::read(&backup).expect("kept"),
            bytes,
            "{name}: backup {}",
            backup.display()
        );
        assert_eq!(save.load(), (sample(), None), "{name}");
    }
}

#[test]
fn two_games_saving_different_levels_keep_both_results() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    let (mut a, _) = save.load();
    let (mut b, _) = save.load();
    let figures = Figures {
        moves: 5,
        pushes: 1,
        shots: 0,
    };
    a.record("/p.xsb", 0, 0xa, figures);
    save.save(&a).expect("a saved");
    b.record("/p.xsb", 1, 0xb, figures);
    let merged = save.save(&b).expect("b saved");
    let (on_disk, warning) = save.load();
    assert_eq!(warning, None);
    assert_eq!(on_disk, merged);
    assert!(on_disk.best("/p.xsb", 0, 0xa).is_some(), "a's result kept");
    assert!(on_disk.best("/p.xsb", 1, 0xb).is_some(), "b's result kept");
}

#[test]
fn merging_keeps_the_lowest_of_each_figure() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    let mut a = Progress::default();
    a.record(
        "p",
        0,
        7,
        Figures {
            moves: 10,
            pushes: 9,
            shots: 1,
        },
    );
    save.save(&a).expect("saved");
    let mut b = Progress::default();
    b.record(
        "p",
        0,
        7,
        Figures {
            moves: 12,
            pushes: 3,
            shots: 2,
        },
    );
    let merged = save.save(&b).expect("saved");
    let best = merged.best("p", 0, 7).expect("kept");
    assert_eq!((best.moves, best.pushes, best.shots), (10, 3, 1));
}

/// Puts something at a path.
type MakeFile = Box<dyn Fn(&Path)>;

#[test]
fn a_file_that_cannot_be_read_is_never_overwritten() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let cases: [(&str, MakeFile); 2] = [
        (
            "a directory",
            Box::new(|path: &Path| fs::create_dir(path).expect("dir")),
        ),
        (
            "too big",
            Box::new(|path: &Path| {
                let file = fs::File::create(path).expect("file");
                file.set_len(MAX_PROGRESS_BYTES + 1).expect("sized");
            }),
        ),
    ];
    for (name, make) in cases {
        let path = dir.join(format!("{}.txt", name.replace(' ', "-")));
        make(&path);
        let save = SaveFile::at(path.clone());
        let (progress, warning) = save.load();
        assert_eq!(progress, Progress::default(), "{name}");
        assert!(warning.expect(name).contains("will not be saved"), "{name}");
        assert!(save.save(&sample()).is_err(), "{name}: saving refuses");
        let still = fs::metadata(&path).expect("still there");
        assert!(
            still.is_dir() || still.len() > 1000,
            "{name}: left as it was"
        );
    }
}

#[test]
fn a_fifo_as_the_progress_file_does_not_hang_loading() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let path = dir.join("progress.txt");
    if !crate::common::make_fifo(&path) {
        return;
    }
    let save = SaveFile::at(path);
    let (progress, warning) = save.load();
    assert_eq!(progress, Progress::default());
    assert!(warning.expect("warned").contains("not a regular file"));
    assert!(save.save(&sample()).is_err());
}

#[test]
fn a_bad_line_is_skipped_with_a_warning_and_kept_on_the_next_save() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    let text = "sokoshot-progress 1\nwhat is this\npack p\nlevel 1 id=12 moves=3 pushes=1\nlevel 2 id=13 mov\n";
    fs::write(save.path(), text).expect("seeded");
    let (progress, warning) = save.load();
    let warning = warning.expect("warned");
    assert!(warning.contains("2 lines skipped"), "{warning}");
    assert_eq!(
        progress.best("p", 0, 0x12).map(|b| b.moves),
        Some(3),
        "the good line is read"
    );
    save.save(&progress).expect("saved");
    let written = fs::read_to_string(save.path()).expect("readable");
    assert!(written.contains("\nwhat is this\n"), "{written}");
    assert!(written.contains("\nlevel 2 id=13 mov\n"), "{written}");
    assert!(
        written.contains("level 1 id=0000000000000012 moves=3 pushes=1"),
        "{written}"
    );
    assert!(
        fs::read_dir(dir).expect("listable").all(|e| !e
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .contains("corrupt")),
        "no backup for a bad line"
    );
}

#[test]
fn stale_temporary_files_are_removed_on_save() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    for pid in [1, 99_999_999] {
        fs::write(
            dir.join(format!("progress.txt.tmp{pid}")),
            "left by a crash",
        )
        .expect("seeded");
    }
    save.save(&sample()).expect("saved");
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("listable")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(names, ["progress.txt", "progress.txt.lock"]);
}

#[test]
fn a_path_with_a_newline_or_backslash_stays_on_its_line() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    let mut progress = Progress::default();
    let pack = "/tmp/evil\nlevel 1 id=1 moves=0 pushes=0\\x\t\u{1b}].xsb";
    progress.set_last(pack, 2);
    progress.record(
        pack,
        0,
        5,
        Figures {
            moves: 1,
            pushes: 1,
            shots: 0,
        },
    );
    save.save(&progress).expect("saved");
    let (back, warning) = save.load();
    assert_eq!(warning, None);
    assert_eq!(back, progress);
    assert_eq!(
        fs::read_to_string(save.path())
            .expect("text")
            .lines()
            .count(),
        5
    );
}

#[test]
fn a_result_follows_its_level_when_the_pack_is_reordered() {
    let mut progress = Progress::default();
    progress.record(
        "p",
        0,
        0xabc,
        Figures {
            moves: 4,
            pushes: 1,
            shots: 0,
        },
    );
    assert_eq!(progress.best("p", 7, 0xabc).map(|b| b.moves), Some(4));
    assert_eq!(
        progress.best("p", 0, 0xdef),
        None,
        "another level in its old place"
    );
}

#[test]
fn files_of_the_earlier_format_are_read_and_unknown_fields_kept() {
    let text = "# old\nsokoshot-progress 1\nlast 2 /a.xsb\npack /a.xsb\nlevel 3 id=00000000000000ff moves=9 pushes=2 shots=1 time=33 solution=rRl\n";
    let progress: Progress = text.parse().expect("readable");
    assert_eq!(progress.best("/a.xsb", 2, 0xff).map(|b| b.moves), Some(9));
    assert_eq!(progress.last("/a.xsb"), Some(("/a.xsb", 1)));
    let written = progress.to_string();
    assert!(
        written
            .contains("level 3 id=00000000000000ff moves=9 pushes=2 shots=1 solution=rRl time=33"),
        "{written}"
    );
}

#[test]
fn play_without_a_terminal_touches_nothing() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let level = dir.join("level.xsb");
    fs::write(&level, "#####\n#@$.#\n#####\n").expect("level");
    let data = dir.join("data");
    let store = data.join("sokoshot");
    fs::create_dir_all(&store).expect("dir");
    fs::write(store.join("progress.txt"), "not a progress file").expect("seeded");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .arg("play")
        .arg(&level)
        .env("XDG_DATA_HOME", &data)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let names: Vec<String> = fs::read_dir(&store)
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
    assert_eq!(
        fs::read_to_string(store.join("progress.txt")).expect("kept"),
        "not a progress file"
    );
}

#[test]
fn fields_kept_with_a_level_survive_saves_and_merges() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    let figures = Figures {
        moves: 3,
        pushes: 1,
        shots: 0,
    };
    let mut a = Progress::default();
    a.record("p", 0, 0xa, figures);
    assert!(a.set_field("p", 0xa, "solution", "rRu dd\nL"));
    assert!(
        !a.set_field("p", 0xa, "moves", "1"),
        "the figures are not fields"
    );
    assert!(!a.set_field("p", 0xa, "Bad Key", "x"));
    assert!(
        !a.set_field("p", 0xb, "solution", "x"),
        "no record, no field"
    );
    save.save(&a).expect("saved");
    // Another game, which knows nothing of the field, saves the same level.
    let mut b = Progress::default();
    b.record(
        "p",
        0,
        0xa,
        Figures {
            moves: 2,
            pushes: 1,
            shots: 0,
        },
    );
    let merged = save.save(&b).expect("saved");
    assert_eq!(
        merged.field("p", 0xa, "solution").as_deref(),
        Some("rRu dd\nL")
    );
    assert_eq!(merged.best("p", 0, 0xa).map(|best| best.moves), Some(2));
    let (back, warning) = save.load();
    assert_eq!(warning, None);
    assert_eq!(
        back.field("p", 0xa, "solution").as_deref(),
        Some("rRu dd\nL")
    );
}

/// A capped save file (a served player's) refuses a save of progress, or of the Pasted pack
/// beside it, that would take the directory past the cap, and leaves what is there as it
/// was; within the cap both are written.
#[test]
fn a_capped_player_directory_refuses_saves_past_its_cap_and_keeps_what_it_holds() {
    use sokoshot_core::level::Level;
    use sokoshot_core::store::pasted::{add_pasted_within, pasted_path};
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let path = dir.join("progress.txt");
    let text = sample().to_string();
    let roomy = SaveFile::at(path.clone()).capped(text.len() as u64 + 16);
    roomy.save(&sample()).expect("within the cap");
    let before = fs::read(&path).expect("saved");
    let tight = SaveFile::at(path.clone()).capped(text.len() as u64 / 2);
    let err = tight.save(&sample()).expect_err("past the cap");
    assert!(err.to_string().contains("allowed"), "{err}");
    assert_eq!(
        fs::read(&path).expect("kept"),
        before,
        "the file is unchanged"
    );
    let level: Level = "#####\n#@$.#\n#####".parse().expect("a level");
    let pasted = pasted_path(&path);
    let refused = add_pasted_within(&pasted, std::slice::from_ref(&level), &|len| {
        roomy.room(&pasted, len)
    });
    assert!(refused.is_err(), "the pack would pass the cap");
    assert!(!pasted.exists(), "nothing written");
    let wide = SaveFile::at(path.clone()).capped(1 << 20);
    add_pasted_within(&pasted, &[level], &|len| wide.room(&pasted, len)).expect("room");
    assert!(pasted.exists());
}
