//! Making a level over SSH with the stock OpenSSH client: from the menu, drawn with keys,
//! proven, saved into the player's own levels in the server's default store (SQLite), and
//! played from the menu after a reconnect and after a restart of the server.

use super::{Server, connect, make_key};
use crate::tmux::TempDir;

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
    pane.keys(&["e"]);
    pane.wait_for("Ctrl-s keeps it in your levels on this server");
    // The room's player is at the top-left; a box two cells right of the cell below it,
    // its goal beside it.
    pane.keys(&["j", "l", "l", "$", "l", "."]);
    let screen = pane.wait_for("solvable: 1 push (proven fewest)");
    assert!(screen.contains("Editing a new level of yours"), "{screen}");
    pane.keys(&["C-s"]);
    pane.wait_for("saved as level 1 of your levels on this server");
    pane.keys(&["q"]);
    let menu = pane.wait_for("Play your levels  (1)");
    assert!(menu.contains("Make a level  (e)"), "{menu}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    // Back again: the level is there to play.
    let pane = connect("serve-make-2", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("Play your levels  (1)");
    // Down from the first item, selected, to the player's levels.
    let lines: Vec<&str> = menu.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.contains("> "))
        .expect("a selection");
    let own = lines
        .iter()
        .position(|l| l.contains("Play your levels"))
        .expect("offered");
    for _ in first..own {
        pane.keys(&["j"]);
    }
    pane.wait_for("> Play your levels");
    pane.keys(&["Enter"]);
    pane.wait_for("Pasted");
    pane.keys(&["j", "l", "l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("Play your levels  (1)");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    // And after the server restarts, from its store.
    assert_eq!(server.terminate(), Some(0));
    let server = Server::start_with(&dir.0, &args);
    let pane = connect("serve-make-3", &dir.0, server.port, Some(&key));
    pane.wait_for("Play your levels  (1)");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}
