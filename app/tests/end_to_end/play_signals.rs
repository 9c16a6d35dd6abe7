//! Every way out leaves a sane terminal: `q`, Ctrl-C and Ctrl-\\ typed in the game, and every
//! signal that ends a program (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, …) sent from outside. Each case checks that the game
//! had the terminal first (raw mode, alternate screen, hidden cursor), so the test can fail.

use crate::tmux;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use tmux::{PATIENCE, Pane, TempDir, available};

const LEVEL: &str = "#####\n#@$.#\n#####\n";

/// How the game is asked to end.
enum Way {
    /// Keys typed into the game.
    Keys(&'static [&'static str]),
    /// A signal sent to the game's process.
    Signal(&'static str),
}

fn leave(name: &str, way: &Way, exit: &str) {
    let dir = TempDir::new(name);
    let file = dir.join("level.xsb");
    fs::write(&file, LEVEL).expect("level written");
    let pane = Pane::start(name, &dir.0, &["play", &file.display().to_string()]);
    pane.wait_for("Moves 0");
    pane.assert_raw(name);
    match way {
        Way::Keys(keys) => pane.keys(keys),
        Way::Signal(signal) => {
            let pid = pane.game_pid().to_string();
            let status = Command::new("kill")
                .args([&format!("-{signal}"), &pid])
                .status()
                .expect("kill runs");
            assert!(status.success(), "{name}: kill -{signal} {pid}");
        }
    }
    pane.wait_for(&format!("EXIT={exit}"));
    pane.assert_sane(name);
}

#[test]
fn every_way_out_restores_the_terminal() {
    if !available() {
        return;
    }
    let cases = [
        ("quit-key", Way::Keys(&["q"]), "0"),
        ("ctrl-c-key", Way::Keys(&["C-c"]), "0"),
        ("quit-from-help", Way::Keys(&["?", "q"]), "0"),
        ("sigint", Way::Signal("INT"), "130"),
        ("sigterm", Way::Signal("TERM"), "143"),
        ("sighup", Way::Signal("HUP"), "129"),
        ("ctrl-backslash-key", Way::Keys(&["C-\\"]), "0"),
        ("sigquit", Way::Signal("QUIT"), "131"),
        ("sigusr1", Way::Signal("USR1"), "138"),
        ("sigusr2", Way::Signal("USR2"), "140"),
        ("sigabrt", Way::Signal("ABRT"), "134"),
        ("sigpipe", Way::Signal("PIPE"), "141"),
        ("sigalrm", Way::Signal("ALRM"), "142"),
    ];
    std::thread::scope(|scope| {
        for (name, way, exit) in &cases {
            scope.spawn(move || leave(name, way, exit));
        }
    });
}

/// A level that one step does not solve.
const LONG_LEVEL: &str = "#######\n#@ $ .#\n#######\n";

/// How a game with a step played is ended before it is started again.
enum End {
    /// As [`Way`] says.
    Way(Way),
    /// The pane is killed (tmux hangs up the game's terminal).
    KillPane,
}

fn leave_mid_level_and_come_back(name: &str, end: &End) {
    let dir = TempDir::new(name);
    let file = dir.join("level.xsb");
    fs::write(&file, LONG_LEVEL).expect("level written");
    let path = file.display().to_string();
    let pane = Pane::start(name, &dir.0, &["play", &path]);
    pane.wait_for("Moves 0");
    pane.keys(&["l"]);
    pane.wait_for("Moves 1");
    let pid = pane.game_pid();
    match end {
        End::Way(Way::Keys(keys)) => pane.keys(keys),
        End::Way(Way::Signal(signal)) => {
            let status = Command::new("kill")
                .args([&format!("-{signal}"), &pid.to_string()])
                .status()
                .expect("kill runs");
            assert!(status.success(), "{name}: kill -{signal} {pid}");
        }
        End::KillPane => {
            pane.tmux(&["kill-pane", "-t", "main"]);
        }
    }
    let start = std::time::Instant::now();
    while std::path::Path::new(&format!("/proc/{pid}")).exists() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "{name}: the game did not end"
        );
        std::thread::sleep(std::time::Duration::from_millis(30));
    }
    drop(pane);
    let again = Pane::start(&format!("{name}-again"), &dir.0, &["play", &path]);
    let screen = again.wait_for("Moves 1");
    assert!(
        screen.contains("resumed where you left off"),
        "{name}:\n{screen}"
    );
}

#[test]
fn the_position_in_a_level_is_kept_however_the_game_ends() {
    if !available() {
        return;
    }
    let cases = [
        ("keep-sighup", End::Way(Way::Signal("HUP"))),
        ("keep-sigterm", End::Way(Way::Signal("TERM"))),
        ("keep-sigint", End::Way(Way::Signal("INT"))),
        ("keep-ctrl-backslash", End::Way(Way::Keys(&["C-\\"]))),
        ("keep-ctrl-c", End::Way(Way::Keys(&["C-c"]))),
        ("keep-killed-pane", End::KillPane),
    ];
    std::thread::scope(|scope| {
        for (name, end) in &cases {
            scope.spawn(move || leave_mid_level_and_come_back(name, end));
        }
    });
}

/// A process that keeps the lock at `lock` until killed: one process (the shell takes the
/// lock on a descriptor and becomes `sleep`, which keeps it), so that killing it frees it.
/// Returned once the lock is taken.
fn hold_lock(lock: &Path) -> Child {
    let holder = Command::new("sh")
        .args(["-c", "exec 9>\"$0\" && flock 9 && exec sleep 600"])
        .arg(lock)
        .spawn()
        .expect("sh runs");
    while Command::new("flock")
        .arg("-n")
        .arg(lock)
        .arg("true")
        .status()
        .expect("flock runs")
        .success()
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    holder
}

/// The game in a pane on the one-push level, with its data folder and its progress lock
/// kept by another process: (the test's folder, the data folder, the pane, the holder).
fn game_with_a_held_lock(name: &str) -> (TempDir, PathBuf, Pane, Child) {
    let dir = TempDir::new(name);
    let file = dir.join("level.xsb");
    fs::write(&file, LEVEL).expect("level written");
    let data = dir.join("data").join("sokoshot");
    fs::create_dir_all(&data).expect("data dir");
    let holder = hold_lock(&data.join("progress.txt.lock"));
    let pane = Pane::start(name, &dir.0, &["play", &file.display().to_string()]);
    (dir, data, pane, holder)
}

#[test]
fn a_progress_lock_kept_by_another_process_neither_freezes_the_game_nor_loses_the_solve() {
    if !available() || !crate::common::require("flock", &["flock", "--version"]) {
        return;
    }
    let (_dir, data, pane, mut holder) = game_with_a_held_lock("held-lock");
    pane.wait_for("Moves 0");
    pane.keys(&["l"]);
    let screen = pane.wait_for("Solved");
    assert!(screen.contains("saved without the lock"), "{screen}");
    let pid = pane.game_pid().to_string();
    let status = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(status.success());
    pane.wait_for("EXIT=143");
    let _ = holder.kill();
    let _ = holder.wait();
    let progress = fs::read_to_string(data.join("progress.txt")).expect("saved");
    assert!(progress.contains("moves=1 pushes=1 shots=0"), "{progress}");
}

/// Whether process `pid` has `path` open (the game holds its lock file open while it waits
/// for the lock, and closes it as the save goes on without).
fn has_open(pid: u32, path: &Path) -> bool {
    fs::read_dir(format!("/proc/{pid}/fd")).is_ok_and(|fds| {
        fds.flatten()
            .any(|fd| fs::read_link(fd.path()).is_ok_and(|target| target == path))
    })
}

#[test]
fn sigterm_while_a_save_waits_for_the_lock_ends_the_game_within_the_wait_and_keeps_the_solve() {
    if !available()
        || !crate::common::require("flock", &["flock", "--version"])
        || !crate::common::require("/proc", &["test", "-d", "/proc/self/fd"])
    {
        return;
    }
    let dir = TempDir::new("lock-wait-term");
    let file = dir.join("level.xsb");
    fs::write(&file, LEVEL).expect("level written");
    let data = dir.join("data").join("sokoshot");
    fs::create_dir_all(&data).expect("data dir");
    let lock = data.join("progress.txt.lock");
    let pane = Pane::start(
        "lock-wait-term",
        &dir.0,
        &["play", &file.display().to_string()],
    );
    pane.wait_for("Moves 0");
    let pid = pane.game_pid();
    // The game has saved once with the lock free; now another process takes it, so the save
    // of the push that solves the level waits for it, the whole wait.
    let mut holder = hold_lock(&lock);
    pane.keys(&["l"]);
    let start = Instant::now();
    while !has_open(pid, &lock) {
        assert!(
            start.elapsed() < PATIENCE,
            "the game never waited for the lock:\n{}",
            pane.screen()
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let status = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let signalled = Instant::now();
    // The game ends with SIGTERM's status and a sane terminal, the lock still held by the
    // other process all the while: the wait ran out rather than the lock coming free.
    pane.wait_for("EXIT=143");
    eprintln!(
        "SIGTERM during the lock wait: the game ended {:.2} s after it",
        signalled.elapsed().as_secs_f64()
    );
    pane.assert_sane("lock-wait-term");
    assert!(
        holder.try_wait().expect("holder").is_none(),
        "the lock's holder ended"
    );
    let _ = holder.kill();
    let _ = holder.wait();
    // Nothing lost: the solve is saved.
    let progress = fs::read_to_string(data.join("progress.txt")).expect("saved");
    assert!(progress.contains("moves=1 pushes=1 shots=0"), "{progress}");
}
