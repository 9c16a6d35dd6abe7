//! The real binary in tmux at 80×24, driven as a player would: solve a level, come back to
//! it, edit the pack while playing, shrink the terminal, and leave the terminal sane.

use crate::tmux;

use std::fs;

use crate::common::{TWO_LEVELS, make_fifo, require};
use tmux::{Pane, TempDir, available, bytes_written};

#[test]
fn push_a_box_onto_a_goal_see_solved_quit_and_the_terminal_is_sane() {
    if !available() {
        return;
    }
    let dir = TempDir::new("solve");
    let file = dir.join("tiny.xsb");
    fs::write(&file, TWO_LEVELS).expect("level written");
    let pane = Pane::start("solve", &dir.0, &["play", &file.display().to_string()]);
    let screen = pane.wait_for("Moves 0  Pushes 0");
    assert!(screen.contains("tiny.xsb 1/2 │ First push"), "{screen}");
    assert!(screen.contains("██@▴[]··██"), "{screen}");
    pane.assert_raw("while playing");
    pane.keys(&["l"]);
    let screen = pane.wait_for("Solved");
    assert!(screen.contains("Moves 1  Pushes 1  Shots 0"), "{screen}");
    assert!(screen.contains("First solution."), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    pane.assert_sane("after q");
    let progress = fs::read_to_string(dir.join("data/sokoshot/progress.txt")).expect("saved");
    assert!(progress.contains("moves=1 pushes=1 shots=0"), "{progress}");
}

#[test]
fn the_game_resumes_at_the_last_level_played() {
    if !available() {
        return;
    }
    let dir = TempDir::new("resume");
    let file = dir.join("pack.xsb");
    fs::write(&file, TWO_LEVELS).expect("level written");
    let path = file.display().to_string();
    let first = Pane::start("resume-1", &dir.0, &["play", &path]);
    first.wait_for("pack.xsb 1/2");
    first.keys(&["n"]);
    first.wait_for("pack.xsb 2/2");
    first.keys(&["q"]);
    first.wait_for("EXIT=0");
    drop(first);
    let second = Pane::start("resume-2", &dir.0, &["play", &path]);
    second.wait_for("pack.xsb 2/2 │ Second push");
    second.keys(&["q"]);
    second.wait_for("EXIT=0");
    drop(second);
    let asked = Pane::start("resume-3", &dir.0, &["play", &path, "--level", "1"]);
    asked.wait_for("pack.xsb 1/2 │ First push");
}

#[test]
fn saving_the_pack_reloads_it_and_a_broken_edit_is_shown_while_play_goes_on() {
    if !available() {
        return;
    }
    let dir = TempDir::new("reload");
    let file = dir.join("live.xsb");
    let text = "Title: First push\n######\n#@ $.#\n######\n\nTitle: Second\n#####\n#@$.#\n#####\n";
    fs::write(&file, text).expect("level written");
    let pane = Pane::start("reload", &dir.0, &["play", &file.display().to_string()]);
    pane.wait_for("live.xsb 1/2 │ First push");
    pane.keys(&["l"]);
    pane.wait_for("Moves 1");
    // A new title for the level in play: same board, so the game carries on.
    fs::write(&file, text.replace("First push", "Renamed")).expect("saved");
    let screen = pane.wait_for("live.xsb 1/2 │ Renamed");
    assert!(screen.contains("Moves 1"), "{screen}");
    assert!(screen.contains("reloaded live.xsb"), "{screen}");
    // A broken edit: two players. The error shows with its line and column.
    fs::write(&file, text.replace("#@ $.#", "#@@$.#")).expect("saved");
    let screen = pane.wait_for("live.xsb:3:3:");
    assert!(screen.contains("player"), "{screen}");
    // The level in play is still the old one, and playable.
    pane.keys(&["l"]);
    pane.wait_for("Solved");
}

#[test]
fn a_small_terminal_gets_a_message_and_the_game_comes_back_when_it_grows() {
    if !available() {
        return;
    }
    let dir = TempDir::new("resize");
    let file = dir.join("small.xsb");
    fs::write(&file, TWO_LEVELS).expect("level written");
    let pane = Pane::start("resize", &dir.0, &["play", &file.display().to_string()]);
    pane.wait_for("First push");
    pane.tmux(&["resize-window", "-t", "main", "-x", "20", "-y", "4"]);
    pane.wait_for("need 10×5");
    pane.tmux(&["resize-window", "-t", "main", "-x", "80", "-y", "24"]);
    pane.wait_for("First push");
    pane.keys(&["l"]);
    pane.wait_for("Solved");
}

#[test]
fn an_idle_game_writes_nothing() {
    if !available() {
        return;
    }
    let dir = TempDir::new("idle");
    let file = dir.join("idle.xsb");
    fs::write(&file, TWO_LEVELS).expect("level written");
    let pane = Pane::start("idle", &dir.0, &["play", &file.display().to_string()]);
    pane.wait_for("First push");
    let pid = pane.game_pid();
    if !require(
        "the process's I/O counts",
        &["cat", &format!("/proc/{pid}/io")],
    ) {
        return;
    }
    let before = bytes_written(pid).expect("counts read");
    std::thread::sleep(std::time::Duration::from_secs(1));
    let after = bytes_written(pid).expect("still running");
    assert_eq!(after - before, 0, "bytes written in an idle second");
    // A key makes it draw again.
    pane.keys(&["h"]);
    pane.wait_for("◂@");
    assert!(bytes_written(pid).expect("still running") > after);
}

#[test]
fn with_no_arguments_the_built_in_levels_play_from_anywhere() {
    if !available() {
        return;
    }
    let dir = TempDir::new("builtin");
    let pane = Pane::start("builtin", &dir.0, &[]);
    let screen = pane.wait_for("Moves 0  Pushes 0  Shots 0");
    assert!(
        screen.contains("Campaign 1/"),
        "the campaign comes first: {screen}"
    );
    pane.keys(&["g"]);
    pane.wait_for("Campaign by the sokoshot authors");
    pane.keys(&["G"]);
    pane.wait_for("Microban by David W. Skinner");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    pane.assert_sane("after q in the level list");
}

#[test]
fn two_games_solving_different_levels_both_keep_their_results() {
    if !available() {
        return;
    }
    let dir = TempDir::new("two-games");
    let file = dir.join("pack.xsb");
    fs::write(&file, TWO_LEVELS).expect("level written");
    let path = file.display().to_string();
    let a = Pane::start("two-games-a", &dir.0, &["play", &path, "--level", "1"]);
    a.wait_for("pack.xsb 1/2");
    let b = Pane::start("two-games-b", &dir.0, &["play", &path, "--level", "2"]);
    b.wait_for("pack.xsb 2/2");
    a.keys(&["l"]);
    a.wait_for("Solved");
    b.keys(&["l", "l"]);
    b.wait_for("Solved");
    a.keys(&["q"]);
    a.wait_for("EXIT=0");
    b.keys(&["q"]);
    b.wait_for("EXIT=0");
    let progress = fs::read_to_string(dir.join("data/sokoshot/progress.txt")).expect("saved");
    assert!(
        progress.contains("level 1 id="),
        "A's result is kept:\n{progress}"
    );
    assert!(
        progress.contains("level 2 id="),
        "B's result is kept:\n{progress}"
    );
}

#[test]
fn a_file_whose_only_level_is_invalid_opens_shows_the_error_and_loads_the_fix() {
    if !available() {
        return;
    }
    let dir = TempDir::new("only-invalid");
    let file = dir.join("draft.xsb");
    fs::write(&file, "Title: Draft\n#####\n#@@$.#\n#####\n").expect("level written");
    let pane = Pane::start(
        "only-invalid",
        &dir.0,
        &["play", &file.display().to_string()],
    );
    let screen = pane.wait_for("No level here can be played yet");
    assert!(
        screen.contains("draft.xsb:3:"),
        "the error with its line:\n{screen}"
    );
    pane.assert_raw("waiting for a fix");
    // Another broken save: the new problem replaces the old.
    fs::write(&file, "Title: Draft\n#####\n#@$$.#\n#####\n").expect("saved");
    pane.wait_for("box");
    fs::write(&file, "Title: Draft\n#####\n#@$.#\n#####\n").expect("fixed");
    pane.wait_for("draft.xsb 1/1 │ Draft");
    pane.keys(&["l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    pane.assert_sane("after q");
}

#[test]
fn a_fifo_swapped_in_for_the_level_file_never_freezes_the_game() {
    if !available() {
        return;
    }
    let dir = TempDir::new("fifo-swap");
    let file = dir.join("live.xsb");
    fs::write(&file, TWO_LEVELS).expect("level written");
    let pane = Pane::start("fifo-swap", &dir.0, &["play", &file.display().to_string()]);
    pane.wait_for("First push");
    fs::remove_file(&file).expect("removed");
    if !make_fifo(&file) {
        return;
    }
    pane.wait_for("not a regular file");
    pane.keys(&["l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

/// A small board with a one-line tip: at 80×24 the Solved panel once sat right under the tip.
const TIP_AND_PANEL: &str = "\
Title: Tip and panel
###########
#         #
#         #
#   @$.   #
#         #
#         #
#         #
###########
Comment: This tip stays readable after solving.
";

#[test]
fn at_80_by_24_the_solved_panel_goes_below_a_small_board_and_the_tip_stays_clear() {
    if !available() {
        return;
    }
    let dir = TempDir::new("tip-panel");
    let file = dir.join("tip.xsb");
    fs::write(&file, TIP_AND_PANEL).expect("level written");
    let pane = Pane::start("tip-panel", &dir.0, &["play", &file.display().to_string()]);
    pane.wait_for("Moves 0  Pushes 0");
    pane.keys(&["l"]);
    let screen = pane.wait_for("Solved");
    let rows: Vec<&str> = screen.lines().collect();
    assert_eq!(
        rows[1].trim(),
        "This tip stays readable after solving.",
        "{screen}"
    );
    assert_eq!(rows[2].trim(), "", "a blank row under the tip:\n{screen}");
    let board_end = rows.iter().rposition(|r| r.contains("██")).expect("board");
    let panel = rows
        .iter()
        .position(|r| r.contains("Solved"))
        .expect("panel");
    assert!(
        panel > board_end + 1,
        "the panel below the board:\n{screen}"
    );
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn the_packs_folder_is_in_the_level_list_with_its_solved_counts() {
    if !available() {
        return;
    }
    let dir = TempDir::new("packs-folder");
    let packs = dir.0.join("data").join("sokoshot").join("packs");
    fs::create_dir_all(&packs).expect("packs folder");
    fs::write(
        packs.join("tiny.xsb"),
        format!("Collection: Tiny\n\n{TWO_LEVELS}"),
    )
    .expect("pack");
    fs::write(
        packs.join("mine.slc"),
        include_str!("../../../core/tests/data/microban_1_3.slc"),
    )
    .expect("SLC pack");
    fs::write(packs.join("broken.xsb"), "no level here\n").expect("broken pack");
    let pane = Pane::start("packs-folder", &dir.0, &[]);
    pane.wait_for("Moves 0  Pushes 0  Shots 0");
    pane.keys(&["g"]);
    pane.wait_for("Campaign by the sokoshot authors");
    // A page at a time to the end of the list: the folder's packs come after the built-in
    // ones, the broken file left out.
    pane.keys(&["J"; 60]);
    let screen = pane.wait_for("Tiny · 0/2 solved");
    assert!(screen.contains("First push"), "{screen}");
    assert!(
        screen.contains("Microban by David W. Skinner · 0/3 solved"),
        "{screen}"
    );
    // A pack dropped into the folder while the game runs appears in the list.
    fs::write(
        packs.join("late.xsb"),
        format!("Collection: Late\n\n{TWO_LEVELS}"),
    )
    .expect("late pack");
    pane.wait_for("Late · 0/2 solved");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    // A folder named on the command line plays its packs alone.
    let pane = Pane::start("packs-dir", &dir.0, &["play", &packs.display().to_string()]);
    pane.wait_for("Moves 0  Pushes 0  Shots 0");
    pane.keys(&["g"]);
    let screen = pane.wait_for("Tiny · 0/2 solved");
    assert!(
        screen.contains("Microban by David W. Skinner · 0/3 solved"),
        "{screen}"
    );
    assert!(!screen.contains("Campaign"), "{screen}");
    // The level under the cursor is drawn beside the list, and follows it.
    assert!(screen.contains("5×3, 1 box"), "{screen}");
    pane.keys(&["j"]);
    pane.wait_for("6×3, 1 box");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn the_first_frame_comes_before_the_packs_folder_is_read_and_q_quits_while_it_is() {
    if !available() {
        return;
    }
    let dir = TempDir::new("packs-reading");
    let packs = dir.0.join("data").join("sokoshot").join("packs");
    fs::create_dir_all(&packs).expect("packs folder");
    // Sixteen boards of a thousand by a thousand cells in each 559-byte file: seconds to
    // read, up to the folder's bound.
    let board = "1000#|#@$.995-#|997(#998-#|)1000#";
    for i in 0..8 {
        fs::write(
            packs.join(format!("big{i}.xsb")),
            vec![board; 16].join("\n\n"),
        )
        .expect("pack");
    }
    let pane = Pane::start("packs-reading", &dir.0, &[]);
    pane.wait_for("Reading the packs in");
    pane.keys(&["q"]);
    let screen = pane.wait_for("EXIT=0");
    assert!(
        !screen.contains("Moves 0"),
        "quit before any level: {screen}"
    );
    pane.assert_sane("after q while reading");
}
