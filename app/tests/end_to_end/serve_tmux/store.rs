//! The server's store end to end, through the stock OpenSSH client: the default SQLite store
//! keeps a player's progress across a restart, and two servers on one PostgreSQL share it,
//! losing nothing while PostgreSQL is stopped.

use super::{Server, connect, make_key};
use crate::tmux::TempDir;

#[path = "../../../../store/tests/support/postgres.rs"]
pub(super) mod postgres;

use postgres::PrivatePostgres;

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
    if !super::ssh_available() {
        return;
    }
    let Some(pg) = PrivatePostgres::start() else {
        return;
    };
    let dir = TempDir::new("store-pg");
    let key = make_key(&dir.0, "player");
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

    pg.stop();
    // The next level, Two Goals (`lUrdrU`), solved while the store is down.
    pane.keys(&["n"]);
    pane.wait_for("Two Goals");
    pane.keys(&["h", "k", "l", "j", "l", "k"]);
    pane.wait_for("Solved");
    let screen = pane.wait_for("progress not saved yet: the store is unreachable; retrying");
    assert!(screen.contains("Solved"), "{screen}");
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
