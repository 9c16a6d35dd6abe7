//! Every way out leaves a sane terminal: `q`, Ctrl-C and Ctrl-\\ typed in the game, and every
//! signal that ends a program (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, …) sent from outside. Each case checks that the game
//! had the terminal first (raw mode, alternate screen, hidden cursor), so the test can fail.

use crate::tmux;

use std::fs;
use std::process::Command;

use tmux::{Pane, TempDir, available};

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
