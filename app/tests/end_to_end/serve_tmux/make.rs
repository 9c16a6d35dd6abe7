//! Making a level over SSH with the stock OpenSSH client: from the menu, drawn with keys,
//! proven, saved into the player's own levels in the server's default store (SQLite), and
//! played from the menu after a reconnect and after a restart of the server; reopened in the
//! editor from the list of the player's levels, changed and saved in place, and deleted;
//! kept as a draft when the connection drops with it unsaved, and continued or discarded.

use super::{Server, connect, make_key};
use crate::tmux::{Pane, TempDir};

/// Opens the editor from the menu and draws a box two cells right of the player's cell
/// below, its goal beside it; returns the screen once proven.
fn draw_a_level(pane: &Pane) -> String {
    pane.keys(&["e"]);
    pane.wait_for("Ctrl-s keeps it in your levels on this server");
    pane.keys(&["j", "l", "l", "$", "l", "."]);
    pane.wait_for("solvable: 1 push (proven fewest)")
}

/// Saves the level in the editor as the player's first.
fn save_as_level_one(pane: &Pane) {
    pane.keys(&["C-s"]);
    pane.wait_for("saved as level 1 of your levels on this server");
}

/// `q` from the menu ends the session.
fn quit_from_the_menu(pane: &Pane) {
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

/// Moves the menu's selection down from where it is to the player's levels and opens them.
fn open_own_levels(pane: &Pane, menu: &str) {
    let lines: Vec<&str> = menu.lines().collect();
    let at = |text: &str| lines.iter().position(|l| l.contains(text));
    let (first, own) = (at("> ").expect("a selection"), at("Play your levels"));
    for _ in first..own.expect("offered") {
        pane.keys(&["j"]);
    }
    pane.wait_for("> Play your levels");
    pane.keys(&["Enter"]);
}

#[test]
fn a_level_made_from_the_menu_is_kept_and_played_after_a_reconnect() {
    if !super::ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-make");
    let key = make_key(&dir.0, "player");
    let levels = dir.join("one.xsb");
    std::fs::write(&levels, "#####\n#@$.#\n#####\n").expect("levels");
    let args = ["--levels", &levels.display().to_string()];
    let mut server = Server::start_with(&dir.0, &args);
    let pane = connect("serve-make-1", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("sokoshot over SSH");
    assert!(menu.contains("Make a level  (e)"), "{menu}");
    assert!(!menu.contains("Play your levels"), "{menu}");
    let screen = draw_a_level(&pane);
    assert!(screen.contains("Editing a new level of yours"), "{screen}");
    save_as_level_one(&pane);
    pane.keys(&["q"]);
    let menu = pane.wait_for("Play your levels  (1)");
    assert!(menu.contains("Make a level  (e)"), "{menu}");
    quit_from_the_menu(&pane);
    // Back again: the level is there to play.
    let pane = connect("serve-make-2", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("Play your levels  (1)");
    open_own_levels(&pane, &menu);
    let list = pane.wait_for("Your levels on this server: 1 level");
    assert!(list.contains("Enter plays, e edits, d deletes"), "{list}");
    pane.keys(&["Enter"]);
    pane.wait_for("Pasted");
    pane.keys(&["j", "l", "l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("Your levels on this server: 1 level");
    pane.keys(&["q"]);
    pane.wait_for("Play your levels  (1)");
    quit_from_the_menu(&pane);
    // And after the server restarts, from its store.
    assert_eq!(server.terminate(), Some(0));
    let server = Server::start_with(&dir.0, &args);
    let pane = connect("serve-make-3", &dir.0, server.port, Some(&key));
    pane.wait_for("Play your levels  (1)");
    quit_from_the_menu(&pane);
}

#[test]
fn a_level_made_from_the_menu_is_reopened_changed_in_place_and_deleted() {
    if !super::ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-own");
    let key = make_key(&dir.0, "player");
    let levels = dir.join("one.xsb");
    std::fs::write(&levels, "#####\n#@$.#\n#####\n").expect("levels");
    let server = Server::start_with(&dir.0, &["--levels", &levels.display().to_string()]);
    let pane = connect("serve-own-1", &dir.0, server.port, Some(&key));
    pane.wait_for("Make a level  (e)");
    draw_a_level(&pane);
    save_as_level_one(&pane);
    pane.keys(&["q"]);
    let menu = pane.wait_for("Play your levels  (1)");
    // Reopened from the list: the goal moved one cell right, two pushes now.
    open_own_levels(&pane, &menu);
    pane.wait_for("Your levels on this server: 1 level");
    pane.keys(&["e"]);
    let screen = pane.wait_for("level 1 of your levels: Ctrl-s saves it in its place");
    assert!(screen.contains("Editing your levels, level 1"), "{screen}");
    pane.keys(&["j", "l", "l", "l", "l", ".", "h", "x"]);
    pane.wait_for("solvable: 2 pushes (proven fewest)");
    save_as_level_one(&pane);
    pane.keys(&["q"]);
    pane.wait_for("Your levels on this server: 1 level");
    pane.keys(&["q"]);
    pane.wait_for("Play your levels  (1)");
    quit_from_the_menu(&pane);
    // Back again: the change is there, in the one level kept.
    let pane = connect("serve-own-2", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("Play your levels  (1)");
    open_own_levels(&pane, &menu);
    pane.wait_for("Your levels on this server: 1 level");
    pane.keys(&["e"]);
    pane.wait_for("solvable: 2 pushes (proven fewest)");
    pane.keys(&["q"]);
    // Deleted after asking: n keeps it, y deletes it.
    pane.wait_for("Your levels on this server: 1 level");
    pane.keys(&["d"]);
    pane.wait_for("Delete level 1 for good? y deletes it, n keeps it");
    pane.keys(&["n"]);
    pane.wait_for("level 1 kept");
    pane.keys(&["d"]);
    pane.wait_for("Delete level 1 for good?");
    pane.keys(&["y"]);
    pane.wait_for("level 1 deleted");
    pane.keys(&["q"]);
    let menu = pane.wait_for("Make a level  (e)");
    assert!(!menu.contains("Play your levels"), "{menu}");
    quit_from_the_menu(&pane);
    // Gone after reconnecting too.
    let pane = connect("serve-own-3", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("Make a level  (e)");
    assert!(!menu.contains("Play your levels"), "{menu}");
    quit_from_the_menu(&pane);
}

#[test]
fn an_unsaved_level_is_kept_as_a_draft_when_the_client_is_killed_and_continued() {
    if !super::ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-draft");
    let key = make_key(&dir.0, "player");
    let server = Server::start_with(&dir.0, &[]);
    let pane = connect("serve-draft-1", &dir.0, server.port, Some(&key));
    pane.wait_for("Make a level  (e)");
    draw_a_level(&pane);
    // The connection drops with the board unsaved.
    super::signal(pane.game_pid(), "KILL");
    server.wait_for_log("unsaved level kept as a draft");
    let pane = connect("serve-draft-2", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("Make a level  (e)");
    assert!(
        !menu.contains("Play your levels"),
        "a draft is no level: {menu}"
    );
    pane.keys(&["e"]);
    let asked = pane.wait_for("A draft was kept when your last session ended");
    assert!(asked.contains("#  $. #"), "the board drawn: {asked}");
    assert!(asked.contains("c continues it, d discards it"), "{asked}");
    pane.keys(&["c"]);
    let screen = pane.wait_for("solvable: 1 push (proven fewest)");
    assert!(screen.contains("(not saved)"), "{screen}");
    assert!(screen.contains("your draft is back"), "{screen}");
    save_as_level_one(&pane);
    pane.keys(&["q"]);
    pane.wait_for("Play your levels  (1)");
    // Continued, it is no draft any more; a new one discarded is gone too.
    pane.keys(&["e"]);
    pane.wait_for("Ctrl-s keeps it in your levels on this server");
    pane.keys(&["j", "E"]);
    pane.wait_for("(not saved)");
    super::signal(pane.game_pid(), "KILL");
    let start = std::time::Instant::now();
    while server.log_text().matches("kept as a draft").count() < 2 {
        assert!(
            start.elapsed() < crate::common::PATIENCE,
            "{}",
            server.log_text()
        );
        std::thread::sleep(std::time::Duration::from_millis(30));
    }
    let pane = connect("serve-draft-3", &dir.0, server.port, Some(&key));
    pane.wait_for("Play your levels  (1)");
    pane.keys(&["e"]);
    pane.wait_for("A draft was kept");
    pane.keys(&["d"]);
    pane.wait_for("Ctrl-s keeps it in your levels on this server");
    pane.keys(&["q"]);
    pane.wait_for("Play your levels  (1)");
    pane.keys(&["e"]);
    let screen = pane.wait_for("Ctrl-s keeps it in your levels on this server");
    assert!(!screen.contains("draft"), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("Play your levels  (1)");
    quit_from_the_menu(&pane);
}
