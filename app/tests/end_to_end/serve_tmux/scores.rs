//! Verified scores end to end, through the stock OpenSSH client: a player with a key solves
//! the campaign's first level by their keys and enters its tables; a second player who pastes
//! the same solution sees the first player's entry and is not listed; `sokoshot scores`
//! prints the entry with the player's fingerprint, 4 moves and 3 pushes. On one SQLite store,
//! and on two servers sharing one PostgreSQL.

use std::path::Path;
use std::process::Command;

use super::{Server, connect, make_key};
use crate::tmux::TempDir;

use super::store::postgres::PrivatePostgres;

/// The key's fingerprint as the server names it (`SHA256:…`).
fn fingerprint(key: &Path) -> String {
    let out = Command::new("ssh-keygen")
        .arg("-lf")
        .arg(key.with_extension("pub"))
        .output()
        .expect("ssh-keygen runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.split_whitespace()
        .find(|word| word.starts_with("SHA256:"))
        .expect("a fingerprint")
        .to_owned()
}

/// `sokoshot scores ARGS`: its standard output.
fn scores(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .arg("scores")
        .args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .output()
        .expect("sokoshot scores runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The first player solves First Push by keys (`d3R`: 4 moves, 3 pushes) on `first`; the
/// second pastes the same solution on `second` and sees the first one's entry.
fn solve_and_paste(dir: &Path, name: &str, first: u16, second: u16) -> (String, String) {
    let solver = make_key(dir, "solver");
    let paster = make_key(dir, "paster");
    let pane = connect(&format!("{name}-1"), dir, first, Some(&solver));
    pane.wait_for("sokoshot over SSH");
    pane.keys(&["Enter"]);
    pane.wait_for("First Push");
    pane.keys(&["j", "l", "l", "l"]);
    let screen = pane.wait_for("Entered in the scores.");
    let short = &fingerprint(&solver)[..15];
    assert!(screen.contains(short), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");

    let other = connect(&format!("{name}-2"), dir, second, Some(&paster));
    other.wait_for("Choose a nickname for the scores");
    // A nickname too long is refused, saying why.
    other.keys(&["n"]);
    other.wait_for("Type a nickname");
    other.keys(&["a"; 17]);
    other.keys(&["Enter"]);
    other.wait_for("a nickname is at most 16 characters (this one has 17)");
    other.keys(&["n"]);
    other.keys(&["P", "a", "t", "Enter"]);
    other.wait_for("You are Pat in the scores now.");
    other.wait_for("Nickname: Pat");
    other.keys(&["Enter"]);
    other.wait_for("First Push");
    other.paste("dRRR");
    let screen = other.wait_for("Not entered in the scores: moves were pasted");
    assert!(screen.contains(short), "the first player's entry: {screen}");
    assert!(screen.contains("You have no entry here yet"), "{screen}");
    other.keys(&["q"]);
    other.wait_for("Open the collision lab");
    other.keys(&["q"]);
    other.wait_for("EXIT=0");
    (fingerprint(&solver), fingerprint(&paster))
}

fn assert_listed(listing: &str, solver: &str, paster: &str) {
    let entries: Vec<&str> = listing.lines().skip(1).collect();
    assert_eq!(entries.len(), 2, "one entry in each table:\n{listing}");
    for (line, table) in entries.iter().zip(["moves", "pushes"]) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            fields[..9],
            [
                "built-in:Campaign",
                "1",
                table,
                "1",
                "-",
                solver,
                "4",
                "3",
                "0"
            ],
            "{line}"
        );
    }
    assert!(!listing.contains(paster), "{listing}");
}

#[test]
fn two_players_on_one_sqlite_store_see_each_others_scores() {
    if !super::ssh_available() {
        return;
    }
    let dir = TempDir::new("scores-sqlite");
    let server = Server::start_with(&dir.0, &[]);
    let (solver, paster) = solve_and_paste(&dir.0, "scores-sqlite", server.port, server.port);
    let listing = scores(&dir.0, &[]);
    assert_listed(&listing, &solver, &paster);
    let store = format!(
        "sqlite:{}",
        dir.join("data/sokoshot/store.sqlite").display()
    );
    assert_eq!(
        scores(&dir.0, &["--store", &store, "campaign", "1"]),
        listing
    );
    let other_level = scores(&dir.0, &["--store", &store, "Campaign", "2"]);
    assert_eq!(
        other_level.lines().count(),
        1,
        "the header alone:\n{other_level}"
    );
}

#[test]
fn two_servers_on_one_postgres_show_one_players_score_to_another() {
    if !super::ssh_available() {
        return;
    }
    let Some(pg) = PrivatePostgres::start() else {
        return;
    };
    let dir = TempDir::new("scores-pg");
    let store = pg.url();
    let one_dir = dir.join("one");
    let two_dir = dir.join("two");
    for own in [&one_dir, &two_dir] {
        std::fs::create_dir_all(own).expect("a server's folder");
    }
    let one = Server::start_with(&one_dir, &["--store", &store]);
    let two = Server::start_with(&two_dir, &["--store", &store]);
    let (solver, paster) = solve_and_paste(&dir.0, "scores-pg", one.port, two.port);
    let listing = scores(&dir.0, &["--store", &store]);
    assert_listed(&listing, &solver, &paster);
}
