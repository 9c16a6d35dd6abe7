//! The terminal under a player's hands and a system's signals, in the real binary in tmux:
//! Ctrl-Z and `fg` as in vim, a stop from outside, a long paste and fast typing read to the
//! last key, and a terminal that closes under the game.

use crate::tmux;

use std::fs;
use std::process::Command;
use std::time::{Duration, Instant};

use tmux::{Pane, TempDir, available};

const LEVEL: &str = "Title: Suspend me\n#######\n#@  $.#\n#######\n";

fn level_file(dir: &TempDir) -> String {
    let file = dir.join("level.xsb");
    fs::write(&file, LEVEL).expect("level written");
    file.display().to_string()
}

/// Waits for the game in an interactive shell to end, and checks that it ended with status 0.
fn wait_for_exit(pane: &Pane) {
    let start = Instant::now();
    while pane.format("#{alternate_on}") != "0" {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the game did not end"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    pane.keys(&["echo EXIT=$?", "Enter"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn ctrl_z_then_fg_redraws_and_plays_on() {
    if !available() {
        return;
    }
    let dir = TempDir::new("ctrl-z");
    let file = level_file(&dir);
    let pane = Pane::shell("ctrl-z", &dir.0);
    pane.keys(&[&format!("\"$SOKOSHOT\" play {file}"), "Enter"]);
    pane.wait_for("Moves 0");
    pane.keys(&["l"]);
    pane.wait_for("Moves 1");
    pane.assert_raw("before Ctrl-Z");
    pane.keys(&["C-z"]);
    pane.wait_for("Stopped");
    pane.assert_main_screen("stopped by Ctrl-Z");
    pane.keys(&["echo shell-$((6*7))", "Enter"]);
    pane.wait_for("shell-42");
    pane.keys(&["fg", "Enter"]);
    let screen = pane.wait_for("Suspend me");
    assert!(
        screen.contains("Moves 1"),
        "the game goes on where it was:\n{screen}"
    );
    pane.assert_raw("after fg");
    pane.keys(&["L", "l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    wait_for_exit(&pane);
    pane.assert_main_screen("after q");
}

#[test]
fn sigtstp_from_outside_stops_like_ctrl_z_and_fg_redraws() {
    if !available() {
        return;
    }
    let dir = TempDir::new("sigtstp");
    let file = level_file(&dir);
    let pane = Pane::shell("sigtstp", &dir.0);
    pane.keys(&[&format!("\"$SOKOSHOT\" play {file}"), "Enter"]);
    pane.wait_for("Moves 0");
    let pid = pane.shell_child().to_string();
    let status = Command::new("kill")
        .args(["-TSTP", &pid])
        .status()
        .expect("kill runs");
    assert!(status.success());
    pane.wait_for("Stopped");
    pane.assert_main_screen("stopped by SIGTSTP");
    pane.keys(&["echo shell-$((6*7))", "Enter"]);
    pane.wait_for("shell-42");
    pane.keys(&["fg", "Enter"]);
    pane.wait_for("Suspend me");
    pane.assert_raw("after fg");
    pane.keys(&["C-\\"]);
    wait_for_exit(&pane);
    pane.assert_main_screen("after Ctrl-\\");
}

#[test]
fn a_10000_character_paste_ending_in_q_is_refused_whole_not_typed() {
    if !available() {
        return;
    }
    let dir = TempDir::new("paste-10000");
    let file = level_file(&dir);
    let pane = Pane::start("paste-10000", &dir.0, &["play", &file]);
    pane.wait_for("Moves 0");
    let mut text = "hl".repeat(4_999);
    text.push_str("hq");
    assert_eq!(text.len(), 10_000);
    pane.paste(&text);
    let screen = pane.wait_for("a paste is a level or moves");
    assert!(screen.contains("Moves 0"), "not one key typed: {screen}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    pane.assert_sane("after the paste");
}

#[test]
fn ten_thousand_keys_typed_fast_are_all_handled_in_order() {
    if !available() {
        return;
    }
    let dir = TempDir::new("typed");
    let file = level_file(&dir);
    let pane = Pane::start("typed", &dir.0, &["play", &file]);
    pane.wait_for("Moves 0");
    // Without bracketed paste markers: a turn, 9,995 steps back and forth, a step and a push
    // that solve the level, a key the Solved panel ignores, and `q`.
    let mut keys = "hl".repeat(4_998);
    keys.push_str("lllq");
    assert_eq!(keys.len(), 10_000);
    pane.tmux(&["send-keys", "-t", "main", "-l", &keys]);
    pane.wait_for("EXIT=0");
    let progress = fs::read_to_string(dir.join("data/sokoshot/progress.txt")).expect("saved");
    assert!(
        progress.contains("moves=9997 pushes=1"),
        "every step counted, the last key last:\n{progress}"
    );
}

#[test]
fn the_game_ends_at_once_when_its_terminal_closes_without_a_hangup_signal() {
    if !available() {
        return;
    }
    let dir = TempDir::new("closed");
    let file = level_file(&dir);
    let exit_file = dir.join("exit.txt");
    // The game runs in a session of its own, so closing the pane sends it no SIGHUP: only
    // seeing the closed terminal can end it.
    let body = format!(
        "trap '' HUP\n\
         setsid -w sh -c 'echo $$ > \"$0\"; exec \"$@\"' {pid} \"$SOKOSHOT\" play '{file}' 2> '{err}'\n\
         echo \"EXIT=$?\" > '{exit}'\n",
        pid = dir.join("game.pid").display(),
        exit = exit_file.display(),
        err = dir.join("stderr.txt").display(),
    );
    let pane = Pane::start_script("closed", &dir.0, &body);
    pane.wait_for("Moves 0");
    let pid = pane.game_pid();
    let closed = Instant::now();
    drop(pane);
    let start = Instant::now();
    while !fs::read_to_string(&exit_file).is_ok_and(|text| text.contains("EXIT=")) {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the game (pid {pid}) is still running after its terminal closed"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let exit = fs::read_to_string(&exit_file).expect("written");
    let stderr = fs::read_to_string(dir.join("stderr.txt")).unwrap_or_default();
    assert_eq!(
        exit.trim(),
        "EXIT=129",
        "ended as by a hang-up; stderr:\n{stderr}"
    );
    eprintln!(
        "the game ended {:?} after its terminal closed",
        closed.elapsed()
    );
}

/// The peak resident memory of a process, in KiB, from `/proc/PID/status`.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

#[test]
fn a_10000_by_10000_terminal_keeps_memory_bounded() {
    if !available() {
        return;
    }
    let dir = TempDir::new("huge");
    let file = level_file(&dir);
    let pane = Pane::start("huge", &dir.0, &["play", &file]);
    pane.wait_for("Moves 0");
    let pid = pane.game_pid();
    let Some(before) = peak_kib(pid) else {
        eprintln!("note: /proc/{pid}/status cannot be read here; skipping");
        return;
    };
    pane.tmux(&["resize-window", "-t", "main", "-x", "10000", "-y", "10000"]);
    assert_eq!(
        pane.format("#{window_width}x#{window_height}"),
        "10000x10000"
    );
    // Wait for the frame drawn at the new size (the board, centred, far down): a key sent
    // while tmux is still resizing can be dropped by tmux itself.
    let start = Instant::now();
    while !pane
        .screen()
        .lines()
        .skip(100)
        .any(|row| row.contains("██"))
    {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "never redrawn at 10000x10000"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    pane.keys(&["l"]);
    pane.wait_for("Moves 1");
    let after = peak_kib(pid).expect("still running");
    eprintln!("peak memory: {before} KiB at 80x24, {after} KiB at 10000x10000");
    // 10^8 cells at about 95 bytes each would be 9 GB; the drawn area is capped.
    assert!(after < 100 * 1024, "peak {after} KiB at 10000x10000");
}

#[test]
fn the_lab_suspends_on_ctrl_z_and_quits_on_ctrl_backslash_like_the_game() {
    if !available() {
        return;
    }
    let dir = TempDir::new("lab-keys");
    let pane = Pane::shell("lab-keys", &dir.0);
    pane.keys(&["\"$SOKOSHOT\" lab", "Enter"]);
    pane.wait_for("1/10 disk-aabb");
    pane.assert_raw("the lab");
    pane.keys(&["C-z"]);
    pane.wait_for("Stopped");
    pane.assert_main_screen("lab stopped by Ctrl-Z");
    pane.keys(&["fg", "Enter"]);
    let start = Instant::now();
    while pane.format("#{alternate_on}") != "1" {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the lab never came back"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    pane.wait_for("1/10 disk-aabb");
    pane.assert_raw("the lab after fg");
    pane.keys(&["C-\\"]);
    wait_for_exit(&pane);
    pane.assert_main_screen("after Ctrl-\\ in the lab");
}

#[test]
fn sigstop_then_sigcont_from_outside_draws_and_asks_nothing_until_fg() {
    if !available() {
        return;
    }
    let dir = TempDir::new("sigstop");
    let file = level_file(&dir);
    let pane = Pane::shell("sigstop", &dir.0);
    pane.keys(&[&format!("\"$SOKOSHOT\" play {file}"), "Enter"]);
    pane.wait_for("Moves 0");
    let pid = pane.shell_child().to_string();
    let kill = |signal: &str| {
        let status = Command::new("kill")
            .args([signal, &pid])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal} {pid}");
    };
    kill("-STOP");
    pane.wait_for("Stopped");
    kill("-CONT");
    // Running again, in the background: the shell keeps the terminal.
    let start = Instant::now();
    while fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") T ")) {
        assert!(start.elapsed() < Duration::from_secs(20), "still stopped");
        std::thread::sleep(Duration::from_millis(20));
    }
    pane.keys(&["echo shell-$((6*7))", "Enter"]);
    let screen = pane.wait_for("shell-42");
    assert!(
        !screen.contains("Moves 0"),
        "the game drew in the background:\n{screen}"
    );
    let answered = screen
        .as_bytes()
        .windows(2)
        .any(|pair| pair[0].is_ascii_digit() && pair[1] == b'R');
    assert!(
        !answered,
        "the terminal was asked for the cursor:\n{screen}"
    );
    pane.keys(&["fg", "Enter"]);
    pane.wait_for("Moves 0");
    pane.assert_raw("after fg");
    pane.keys(&["q"]);
    wait_for_exit(&pane);
    pane.assert_main_screen("after q");
}
