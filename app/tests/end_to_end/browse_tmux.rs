//! The level list as a browser, in the real binary at 80×24: a pack dropped into the folder
//! appears, the preview follows the cursor and the mouse, `f` and `/` narrow the list, a pack
//! saved again is read again, an unreadable file says so and a removed one leaves the list,
//! and a pack played as one file keeps its solved marks once moved into the folder.

use std::fs;

use crate::common::TWO_LEVELS;
use crate::tmux::{Pane, TempDir, available};

/// Three levels: the two of [`TWO_LEVELS`], then one with an enemy to shoot.
fn rooms() -> String {
    format!("Collection: Rooms\n\n{TWO_LEVELS}\nTitle: Guarded door\n#######\n#@ $.E#\n#######\n")
}

/// Two levels, one of them found by a search.
const LATE: &str = "\
Collection: Late

Title: Hidden gem
#######
#@  $.#
#######

Title: Plain room
#####
#@$.#
#   #
#####
";

/// Types a left click at the 0-based terminal cell `(column, row)`, as a terminal reports
/// it in SGR mouse mode.
fn click(pane: &Pane, column: usize, row: usize) {
    let (x, y) = (column + 1, row + 1);
    pane.tmux(&[
        "send-keys",
        "-t",
        "main",
        "-l",
        &format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"),
    ]);
}

/// The 0-based screen row that shows `text`.
fn row_of(screen: &str, text: &str) -> usize {
    screen
        .lines()
        .position(|line| line.contains(text))
        .unwrap_or_else(|| panic!("{text:?} on screen:\n{screen}"))
}

#[test]
fn the_browser_follows_the_folder_the_cursor_the_filters_and_the_search() {
    if !available() {
        return;
    }
    let dir = TempDir::new("browse");
    let packs = dir.join("packs");
    fs::create_dir_all(&packs).expect("packs folder");
    fs::write(packs.join("rooms.xsb"), rooms()).expect("pack");
    let folder = packs.display().to_string();
    let pane = Pane::start("browse", &dir.0, &["play", &folder]);
    pane.wait_for("Moves 0  Pushes 0  Shots 0");
    pane.keys(&["g"]);
    let screen = pane.wait_for("Levels · all · 3 of 3");
    assert!(screen.contains("Rooms · 0/3 solved"), "{screen}");
    // The preview follows the cursor.
    assert!(screen.contains("5×3, 1 box"), "{screen}");
    pane.keys(&["j"]);
    // The preview draws the game's own symbols.
    pane.wait_for("██@▴  []··██");
    // A pack dropped into the folder appears in the open list.
    fs::write(packs.join("late.xsb"), LATE).expect("late pack");
    let screen = pane.wait_for("Late · 0/2 solved");
    assert!(screen.contains("Levels · all · 5 of 5"), "{screen}");
    assert!(screen.contains("new pack in the folder: Late"), "{screen}");
    // `f` narrows the list: unsolved (all five), then the levels with shots (one).
    pane.keys(&["f"]);
    pane.wait_for("Levels · unsolved · 5 of 5");
    pane.keys(&["f"]);
    let screen = pane.wait_for("Levels · with shots · 1 of 5");
    assert!(screen.contains("Guarded door"), "{screen}");
    assert!(!screen.contains("First push"), "{screen}");
    assert!(
        screen.contains("██@▴  []··><██"),
        "the preview shows it:\n{screen}"
    );
    pane.keys(&["f"]);
    pane.wait_for("Levels · all · 5 of 5");
    // `/` narrows it by title, ignoring case; Enter keeps the search.
    pane.keys(&["/", "G", "e", "m"]);
    let screen = pane.wait_for("Levels · all · “Gem” · 1 of 5");
    assert!(screen.contains("Hidden gem"), "{screen}");
    assert!(!screen.contains("Second push"), "{screen}");
    assert!(
        screen.contains("██@▴    []··██"),
        "the preview follows:\n{screen}"
    );
    pane.keys(&["Enter"]);
    pane.wait_for("(/ edits it)");
    // `/` and Esc clear it; a click picks a level, a second click plays it.
    pane.keys(&["/", "Escape"]);
    let screen = pane.wait_for("Levels · all · 5 of 5");
    let row = row_of(&screen, "Plain room");
    click(&pane, 12, row);
    pane.wait_for("██      ██");
    click(&pane, 12, row);
    pane.wait_for("Late 2/2");
    // A pack file saved again is read again; an unreadable file says so for itself.
    pane.keys(&["g"]);
    pane.wait_for("Levels · all · 5 of 5");
    let rooms = rooms();
    let cut = rooms.find("\nTitle: Guarded door").expect("third level");
    fs::write(packs.join("rooms.xsb"), &rooms[..cut]).expect("rooms edited");
    pane.wait_for("Levels · all · 4 of 4");
    fs::write(packs.join("bad.xsb"), "no level here\n").expect("bad pack");
    let screen = pane.wait_for("bad.xsb");
    assert!(screen.contains("Rooms · 0/2 solved"), "{screen}");
    // A file taken out while a level of it is in play leaves the list once another pack
    // is played.
    fs::remove_file(packs.join("late.xsb")).expect("late removed");
    pane.wait_for("Late left the folder");
    pane.keys(&["Tab", "Enter"]);
    pane.wait_for("Rooms 1/2");
    pane.keys(&["g"]);
    let screen = pane.wait_for("Levels · all · 2 of 2");
    assert!(!screen.contains("Late"), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn a_pack_played_as_a_file_keeps_its_solved_marks_in_the_folder() {
    if !available() {
        return;
    }
    let dir = TempDir::new("browse-moved");
    let file = dir.join("rooms.xsb");
    fs::write(&file, rooms()).expect("pack");
    let pane = Pane::start(
        "browse-moved",
        &dir.0,
        &["play", &file.display().to_string()],
    );
    pane.wait_for("Moves 0  Pushes 0  Shots 0");
    pane.keys(&["l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    drop(pane);
    let packs = dir.join("data").join("sokoshot").join("packs");
    fs::create_dir_all(&packs).expect("packs folder");
    fs::rename(&file, packs.join("rooms.xsb")).expect("moved");
    let pane = Pane::start("browse-moved-2", &dir.0, &[]);
    pane.wait_for("Moves 0  Pushes 0  Shots 0");
    pane.keys(&["g", "G", "Tab", "Tab", "Tab", "Tab", "Tab"]);
    let screen = pane.wait_for("Rooms · 1/3 solved");
    assert!(screen.contains("✓"), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}
