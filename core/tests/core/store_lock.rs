//! The files around the progress file and the server's files never hold the game up: a FIFO
//! at `progress.txt.lock` is refused rather than waited on, a lock kept by another holder is
//! waited for a bounded time and the progress is saved all the same, and an
//! `authorized_keys` path naming a device or a FIFO is refused without reading or blocking.

#![cfg(unix)]

use std::fs;
use std::path::Path;

use sokoshot_core::store::authorized_keys::{self, KeysFileError};
use sokoshot_core::store::progress::{Figures, Progress, SaveFile};

const PACK: &str = "/levels/pack.xsb";

fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

/// A progress with level 1 of [`PACK`] solved.
fn solved() -> Progress {
    let mut progress = Progress::default();
    let figures = Figures {
        moves: 12,
        pushes: 3,
        shots: 0,
    };
    progress.record(PACK, 0, 0x5eed, figures);
    progress
}

/// Whether the progress file at `save` holds the solve of [`solved`].
fn holds_the_solve(save: &SaveFile) -> bool {
    let (progress, warning) = save.load();
    assert_eq!(warning, None);
    progress.best(PACK, 0, 0x5eed).map(|best| best.moves) == Some(12)
}

#[test]
fn a_fifo_at_the_progress_lock_is_refused_and_the_solve_saved() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    // Nobody ever reads the FIFO: opening it to write would block for ever.
    mkfifo(&dir.join("progress.txt.lock"));
    let (_, notice) = save
        .save_telling(&solved())
        .expect("saved without the lock");
    let notice = notice.expect("the player is told");
    assert!(notice.contains("a FIFO"), "{notice}");
    assert!(notice.contains("saved without the lock"), "{notice}");
    assert!(holds_the_solve(&save));
}

#[test]
fn a_lock_kept_elsewhere_is_waited_for_a_bounded_time_then_the_solve_saved() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    // Another open file description holding the lock: to flock(2), the same as another
    // process holding it (a game frozen in its save, or a hostile `flock`).
    let held = fs::File::create(dir.join("progress.txt.lock")).expect("lock file");
    held.lock().expect("held");
    let (_, notice) = save
        .save_telling(&solved())
        .expect("saved without the lock");
    let notice = notice.expect("the player is told");
    assert!(notice.contains("held by another process"), "{notice}");
    assert!(holds_the_solve(&save));
    // Still held: the next save does not wait again, and still saves.
    let (_, again) = save.save_telling(&solved()).expect("saved again");
    assert!(again.is_some_and(|n| n.contains("waited 0 s")));
    // Let go: the lock is had again, and nothing is said.
    held.unlock().expect("unlocked");
    let (_, quiet) = save.save_telling(&solved()).expect("saved under the lock");
    assert_eq!(quiet, None);
    assert!(holds_the_solve(&save));
}

#[test]
fn authorized_keys_on_a_device_or_a_fifo_is_refused_without_reading_or_blocking() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let fifo = dir.join("authorized_keys");
    mkfifo(&fifo);
    let big = dir.join("big_keys");
    fs::File::create(&big)
        .and_then(|f| f.set_len(authorized_keys::MAX_AUTHORIZED_KEYS_BYTES + 1))
        .expect("sparse file");
    let cases: [(&str, &Path, &str); 3] = [
        ("/dev/zero", Path::new("/dev/zero"), "a character device"),
        ("a FIFO nobody writes", &fifo, "a FIFO"),
        ("a file one byte past the cap", &big, "larger than"),
    ];
    for (name, path, want) in cases {
        let err = authorized_keys::read(path).expect_err(name);
        assert!(err.to_string().contains(want), "{name}: {err}");
        if want != "larger than" {
            assert!(matches!(err, KeysFileError::Read(_)), "{name}: {err:?}");
        }
    }
}
