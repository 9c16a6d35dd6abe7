//! The editor in the real binary in tmux at 80×24: draw a level in a new file, watch it
//! proven, save it, and `sokoshot check` and `sokoshot solve` agree; draw a box into a corner
//! and see that there is no solution; edit level 2 of a pack of three and find every other
//! line as it was.

use std::fs;
use std::process::Command;

use crate::tmux::{Pane, TempDir, available};

fn sokoshot(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .args(args)
        .output()
        .expect("sokoshot runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (text, out.status.code().unwrap_or(-1))
}

#[test]
fn draw_a_level_in_a_new_file_see_it_solvable_save_it_and_check_agrees() {
    if !available() {
        return;
    }
    let dir = TempDir::new("edit-new");
    let file = dir.join("mine.xsb");
    let path = file.display().to_string();
    let pane = Pane::start("edit-new", &dir.0, &["edit", &path]);
    pane.wait_for("mine.xsb is a new file");
    pane.wait_for("check: nothing to do");
    // The cursor starts on the player: a box right of it, a goal right of that.
    pane.keys(&["l", "$", "l", "."]);
    let screen = pane.wait_for("(proven fewest)");
    let proven = "solvable: 1 push (proven fewest), 1 move, 0 shots; difficulty 2 layouts";
    assert!(screen.contains(proven), "{screen}");
    assert!(screen.contains("██@▴[]··"), "{screen}");
    pane.keys(&["C-s"]);
    let screen = pane.wait_for("saved level 1 to ");
    assert!(screen.contains("mine.xsb"), "{screen}");
    // The box drawn into a corner: no solution; undone, solvable again.
    pane.keys(&["h", "x", "j", "j", "h", "$"]);
    pane.wait_for("no solution");
    pane.wait_for("(not saved)");
    // Undone back to the board as saved: nothing unsaved, and q quits without asking.
    pane.keys(&["u", "u"]);
    let screen = pane.wait_for("solvable: 1 push");
    assert!(!screen.contains("(not saved)"), "{screen}");
    pane.keys(&["q"]);
    let screen = pane.wait_for("EXIT=0");
    assert!(!screen.contains("unsaved changes"), "{screen}");
    pane.assert_sane("after the editor");
    let saved = fs::read_to_string(&file).expect("saved");
    assert!(
        saved.starts_with("#######\n#@$.  #\n#     #\n#     #\n#######\n"),
        "{saved}"
    );
    assert!(saved.contains("Solution: "), "{saved}");
    let (out, code) = sokoshot(&["check", "--verify-solutions", &path]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 level read, valid; 1 stored solution replayed, 0 failed"),
        "{out}"
    );
    let (out, code) = sokoshot(&["solve", &path, "--optimize", "pushes", "--threads", "1"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 push, "), "{out}");
}

/// A pack of three levels with notes and comments.
const THREE: &str = "\
; Three little rooms
Author: Tester

; One
#####
#@$.#
#####
Comment: the first

Title: Two
######
#@ $.#
######
Comment: the second


; Three
#####
#.$@#
#####
";

#[test]
fn editing_level_two_of_three_keeps_every_other_line_byte_for_byte() {
    if !available() {
        return;
    }
    let dir = TempDir::new("edit-three");
    let file = dir.join("three.xsb");
    fs::write(&file, THREE).expect("written");
    let path = file.display().to_string();
    let pane = Pane::start("edit-three", &dir.0, &["edit", &path, "--level", "2"]);
    pane.wait_for("level 2 of 3, 6 × 3: Two");
    // The box one cell left: `#@$ .#`.
    pane.keys(&["l", "$", "l", "x"]);
    pane.wait_for("solvable: 2 pushes");
    pane.keys(&["C-s"]);
    pane.wait_for("saved level 2");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    let saved = fs::read_to_string(&file).expect("saved");
    let want = THREE
        .replace("#@ $.#", "#@$ .#")
        .replace("Comment: the second\n", "Comment: the second\nSolution: \n");
    let before: Vec<&str> = want.lines().collect();
    let after: Vec<&str> = saved.lines().collect();
    assert_eq!(before.len(), after.len(), "{saved}");
    for (i, (b, a)) in before.iter().zip(&after).enumerate() {
        if b.starts_with("Solution: ") {
            assert!(a.starts_with("Solution: "), "line {}: {a}", i + 1);
        } else {
            assert_eq!(b, a, "line {}", i + 1);
        }
    }
    let (out, code) = sokoshot(&["check", "--verify-solutions", &path]);
    assert_eq!(code, 0, "{out}");
}
