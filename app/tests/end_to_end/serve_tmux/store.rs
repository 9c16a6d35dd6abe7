//! The server's store end to end, through the stock OpenSSH client: the default SQLite store
//! keeps a player's progress across a restart, and two servers on one PostgreSQL share it,
//! losing nothing while PostgreSQL is stopped, also when a server is stopped with SIGTERM
//! while a save still waits for it.

use std::path::PathBuf;

use super::{Server, connect, make_key};
use crate::tmux::TempDir;

#[path = "../../../../store/tests/support/postgres.rs"]
pub(super) mod postgres;

use postgres::PrivatePostgres;

/// A private PostgreSQL, a test folder named `name` and a player's key in it; `None` (the
/// test passes over) where the OpenSSH client or PostgreSQL cannot be had.
pub(super) fn with_postgres(name: &str) -> Option<(PrivatePostgres, TempDir, PathBuf)> {
    if !super::ssh_available() {
        return None;
    }
    let pg = PrivatePostgres::start()?;
    let dir = TempDir::new(name);
    let key = make_key(&dir.0, "player");
    Some((pg, dir, key))
}

/// Stops PostgreSQL and solves the campaign's second level, Two Goals (`lUrdrU`), from the
/// first one's Solved panel: its save waits for the store, and the player is told so.
fn solve_two_goals_with_the_store_down(pane: &crate::tmux::Pane, pg: &PrivatePostgres) {
    pg.stop();
    pane.keys(&["n"]);
    pane.wait_for("Two Goals");
    pane.keys(&["h", "k", "l", "j", "l", "k"]);
    pane.wait_for("Solved");
    let screen = pane.wait_for("progress not saved yet: the store is unreachable; retrying");
    assert!(screen.contains("Solved"), "{screen}");
}

/// Plays the campaign's first level to its end (`d3R`), from the menu.
fn solve_first_push(pane: &crate::tmux::Pane) {
    pane.keys(&["Enter"]);
    pane.wait_for("First Push");
    pane.keys(&["j", "l", "l", "l"]);
    pane.wait_for("Solved");
}

#[test]
fn the_default_store_keeps_a_players_progress_across_a_restart() {
    if !super::ssh_available() {
        return;
    }
    let dir = TempDir::new("store-sqlite");
    let key = make_key(&dir.0, "player");
    let mut server = Server::start_with(&dir.0, &[]);
    let pane = connect("store-sqlite-1", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("sokoshot over SSH");
    assert!(menu.contains("Play Campaign  0/38"), "{menu}");
    solve_first_push(&pane);
    pane.keys(&["q"]);
    let menu = pane.wait_for("Open the collision lab");
    assert!(menu.contains("Play Campaign  1/38"), "{menu}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    assert_eq!(server.terminate(), Some(0));
    assert!(dir.join("data/sokoshot/store.sqlite").is_file());
    let server = Server::start_with(&dir.0, &["--max-players", "10"]);
    let pane = connect("store-sqlite-2", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("sokoshot over SSH");
    assert!(menu.contains("Play Campaign  1/38"), "{menu}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn two_servers_on_one_postgres_share_progress_and_lose_nothing_while_it_is_stopped() {
    let Some((pg, dir, key)) = with_postgres("store-pg") else {
        return;
    };
    let store = pg.url();
    let one_dir = dir.join("one");
    let two_dir = dir.join("two");
    for own in [&one_dir, &two_dir] {
        std::fs::create_dir_all(own).expect("a server's folder");
    }
    let one = Server::start_with(&one_dir, &["--store", &store]);
    let two = Server::start_with(&two_dir, &["--store", &store]);
    let pane = connect("store-pg-1", &dir.0, one.port, Some(&key));
    pane.wait_for("Play Campaign  0/38");
    solve_first_push(&pane);
    let other = connect("store-pg-2", &dir.0, two.port, Some(&key));
    let menu = other.wait_for("sokoshot over SSH");
    assert!(menu.contains("Play Campaign  1/38"), "{menu}");
    other.keys(&["q"]);
    other.wait_for("EXIT=0");

    solve_two_goals_with_the_store_down(&pane, &pg);
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    pg.start_again();
    one.wait_for_log("waiting progress saved to");

    let other = connect("store-pg-3", &dir.0, two.port, Some(&key));
    let menu = other.wait_for("sokoshot over SSH");
    assert!(menu.contains("Play Campaign  2/38"), "{menu}");
    other.keys(&["q"]);
    other.wait_for("EXIT=0");
}

#[test]
fn a_server_stopped_with_sigterm_writes_the_saves_still_in_flight() {
    let Some((pg, dir, key)) = with_postgres("store-sigterm") else {
        return;
    };
    let store = pg.url();
    let mut server = Server::start_with(&dir.0, &["--store", &store]);
    let pane = connect("store-sigterm-1", &dir.0, server.port, Some(&key));
    pane.wait_for("Play Campaign  0/38");
    solve_first_push(&pane);

    // The player is still playing, their last save waiting in the server's memory, when the
    // server is told to stop.
    solve_two_goals_with_the_store_down(&pane, &pg);
    super::signal(server.pid(), "TERM");
    server.wait_for_log("waiting at most 10 s for the progress of 1 player to reach the store");
    pg.start_again();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            start.elapsed() < crate::common::PATIENCE,
            "the server did not stop"
        );
        std::thread::sleep(std::time::Duration::from_millis(30));
    };
    let log = server.log_text();
    assert_eq!(status.code(), Some(0), "{log}");
    assert!(log.contains("waiting progress saved to"), "{log}");
    assert!(!log.contains("is lost"), "{log}");
    pane.wait_for("EXIT=");

    let server = Server::start_with(&dir.0, &["--store", &store]);
    let pane = connect("store-sigterm-2", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("sokoshot over SSH");
    assert!(menu.contains("Play Campaign  2/38"), "{menu}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}
