//! The player's tools in the real binary, in tmux at 80×24: the mouse, the deadlock warning,
//! hints, watching a solution, and the clipboard.

use crate::tmux;

use std::fs;
use std::time::{Duration, Instant};

use tmux::{Pane, TempDir, available};

/// Where `needle` starts on the screen: (column, row), 0-based, counting characters.
fn find(screen: &str, needle: &str) -> Option<(usize, usize)> {
    screen.lines().enumerate().find_map(|(row, line)| {
        line.find(needle)
            .map(|byte| (line[..byte].chars().count(), row))
    })
}

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

fn play(pane_name: &str, dir: &TempDir, file_text: &str, extra: &[&str]) -> Pane {
    let file = dir.join("pack.xsb");
    fs::write(&file, file_text).expect("level written");
    let path = file.display().to_string();
    let mut args = vec!["play", path.as_str()];
    args.extend(extra);
    Pane::start(pane_name, &dir.0, &args)
}

#[test]
fn an_sgr_mouse_click_walks_the_player_there_in_one_undo_step() {
    if !available() {
        return;
    }
    let dir = TempDir::new("mouse");
    let pane = play(
        "mouse",
        &dir,
        "#######\n#@    #\n#     #\n#  $ .#\n#######\n",
        &[],
    );
    let screen = pane.wait_for("Moves 0");
    let (column, row) = find(&screen, "@▴").expect("the player is drawn");
    // Three cells to the right, one down: the shortest walk is four steps.
    click(&pane, column + 6, row + 1);
    let screen = pane.wait_for("Moves 4  Pushes 0");
    assert_eq!(
        find(&screen, "@").map(|(_, r)| r),
        Some(row + 1),
        "{screen}"
    );
    pane.keys(&["u"]);
    pane.wait_for("Moves 0  Pushes 0");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn a_click_on_a_box_then_a_cell_pushes_it_there() {
    if !available() {
        return;
    }
    let dir = TempDir::new("mouse-push");
    let pane = play(
        "mouse-push",
        &dir,
        "#######\n#@    #\n# $  .#\n#     #\n#######\n",
        &[],
    );
    let screen = pane.wait_for("Moves 0");
    let (column, row) = find(&screen, "[]").expect("the box is drawn");
    click(&pane, column, row);
    pane.wait_for("box picked");
    click(&pane, column + 6, row);
    let screen = pane.wait_for("Solved");
    assert!(screen.contains("Pushes 3"), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn with_no_mouse_a_click_does_nothing() {
    if !available() {
        return;
    }
    let dir = TempDir::new("no-mouse");
    let pane = play(
        "no-mouse",
        &dir,
        "#######\n#@    #\n#   $.#\n#######\n",
        &["--no-mouse"],
    );
    let screen = pane.wait_for("Moves 0");
    let (column, row) = find(&screen, "@▴").expect("the player is drawn");
    click(&pane, column + 6, row);
    // The same click with the mouse on would walk three steps; here it is not heeded.
    pane.keys(&["l"]);
    pane.wait_for("Moves 1  Pushes 0");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn a_push_onto_a_dead_square_shows_the_deadlock_warning_and_a_dead_box() {
    if !available() {
        return;
    }
    let dir = TempDir::new("deadlock");
    let pane = play(
        "deadlock",
        &dir,
        "######\n#    #\n# @$ #\n#  . #\n######\n",
        &[],
    );
    pane.wait_for("Moves 0");
    pane.keys(&["l"]);
    let screen = pane.wait_for("deadlock");
    assert!(screen.contains("u undoes"), "{screen}");
    assert!(screen.contains("××"), "the box is drawn dead:\n{screen}");
    pane.keys(&["u"]);
    let screen = pane.wait_for("Moves 0");
    assert!(!screen.contains("deadlock"), "{screen}");
    assert!(
        !screen.contains("░░"),
        "no dead squares unless asked:\n{screen}"
    );
    // The dead squares and the warnings are turned in the options.
    pane.keys(&["o", "j", "Space"]);
    pane.wait_for("dead squares shown");
    pane.keys(&["Escape"]);
    // The right-hand column and the top row are dead; the goal's column is not.
    pane.wait_for("██░░░░░░░░██");
    pane.keys(&["o", "Space"]);
    pane.wait_for("deadlock warnings off");
    pane.keys(&["Escape", "l"]);
    let screen = pane.wait_for("Moves 1  Pushes 1");
    assert!(!screen.contains("deadlock"), "warnings are off:\n{screen}");
    pane.keys(&["u", "q"]);
    pane.wait_for("EXIT=0");
    // The setting is remembered with the progress.
    let again = play(
        "deadlock-2",
        &dir,
        "######\n#    #\n# @$ #\n#  . #\n######\n",
        &[],
    );
    again.wait_for("Moves 0");
    again.keys(&["l"]);
    let screen = again.wait_for("Moves 1  Pushes 1");
    assert!(!screen.contains("deadlock"), "warnings stay off:\n{screen}");
    again.keys(&["q"]);
    again.wait_for("EXIT=0");
}

#[test]
fn following_only_the_hints_solves_microban_10() {
    if !available() {
        return;
    }
    let dir = TempDir::new("hints");
    let microban = concat!(env!("CARGO_MANIFEST_DIR"), "/../levels/microban.xsb");
    let pane = Pane::start(
        "hints",
        &dir.0,
        &[
            "play",
            microban,
            "--level",
            "10",
            "--hint-positions",
            "20000",
        ],
    );
    pane.wait_for("microban.xsb 10/");
    for _ in 0..60 {
        pane.keys(&["i"]);
        let start = Instant::now();
        let keys = loop {
            let screen = pane.screen();
            if let Some(rest) = screen.split("hint: ").nth(1)
                && !rest.starts_with("thinking")
            {
                break rest
                    .split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_owned();
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "no hint:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(30));
        };
        assert!(
            !keys.is_empty() && keys.chars().all(|c| "hjkl".contains(c)),
            "a hint names keys: {keys:?}"
        );
        let keys: Vec<String> = keys.chars().map(String::from).collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        pane.keys(&keys);
        std::thread::sleep(Duration::from_millis(100));
        let screen = pane.screen();
        if screen.contains("Solved") {
            assert!(
                screen.contains(" hints)"),
                "the hints used are shown:\n{screen}"
            );
            pane.keys(&["q"]);
            pane.wait_for("EXIT=0");
            let progress =
                fs::read_to_string(dir.join("data/sokoshot/progress.txt")).expect("saved");
            assert!(progress.contains(" hints="), "{progress}");
            return;
        }
    }
    panic!("not solved after 60 hints:\n{}", pane.screen());
}

#[test]
fn w_plays_the_solution_to_the_end_and_esc_puts_the_position_back() {
    if !available() {
        return;
    }
    let dir = TempDir::new("watch");
    let level = "Title: Watched\n#######\n#@ $ .#\n#######\nSolution: r2R\n";
    let pane = play("watch", &dir, level, &[]);
    pane.wait_for("Moves 0");
    pane.keys(&["w"]);
    // Not solved yet: the first `w` asks, the second shows.
    pane.wait_for("w again shows a solution");
    pane.keys(&["w"]);
    let screen = pane.wait_for("end of the level file's solution: solved");
    assert!(screen.contains("Moves 3  Pushes 2"), "{screen}");
    pane.keys(&["Escape"]);
    pane.wait_for("Moves 0  Pushes 0");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn w_with_no_solution_saved_plays_the_solvers_to_the_end() {
    if !available() {
        return;
    }
    let dir = TempDir::new("watch-solver");
    let level = "#######\n#     #\n#@ $ .#\n#######\n";
    let pane = play("watch-solver", &dir, level, &["--hint-positions", "10000"]);
    pane.wait_for("Moves 0");
    pane.keys(&["w"]);
    // Not solved yet: the first `w` asks, the second shows.
    pane.wait_for("w again shows a solution");
    pane.keys(&["w"]);
    let screen = pane.wait_for("end of the solver's solution: solved");
    assert!(screen.contains("Pushes 2"), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn y_writes_an_osc_52_sequence_holding_the_level() {
    if !available() {
        return;
    }
    let dir = TempDir::new("copy");
    let level = "#####\n#@$.#\n#####\n";
    let pane = play("copy", &dir, level, &[]);
    pane.wait_for("Moves 0");
    let out = dir.join("pane-output");
    pane.tmux(&[
        "pipe-pane",
        "-o",
        "-t",
        "main",
        &format!("cat > '{}'", out.display()),
    ]);
    pane.keys(&["y"]);
    pane.wait_for("level copied");
    let start = Instant::now();
    let written = loop {
        let written = fs::read(&out).unwrap_or_default();
        let text = String::from_utf8_lossy(&written).into_owned();
        if text.contains("\x1b]52;c;") || start.elapsed() > Duration::from_secs(15) {
            break text;
        }
        std::thread::sleep(Duration::from_millis(30));
    };
    let encoded = written
        .split("\x1b]52;c;")
        .nth(1)
        .and_then(|rest| rest.split('\x1b').next())
        .unwrap_or_else(|| panic!("no OSC 52 sequence in {written:?}"));
    let decoded = decode_base64(encoded);
    assert!(decoded.contains("#@$.#"), "{decoded:?}");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

/// Standard base64, enough for the test (no crate for one check).
fn decode_base64(text: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes().take_while(|&c| c != b'=') {
        let Some(v) = ALPHABET.iter().position(|&a| a == c) else {
            continue;
        };
        bits = (bits << 6) | v as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn keys_are_answered_while_a_hint_is_worked_out() {
    if !available() {
        return;
    }
    let dir = TempDir::new("idle-hint");
    // Twenty-six boxes: the solver takes a good part of a second over them.
    let level = "\
##############################
#@                           #
# $ $ $ $ $ $ $ $ $ $ $ $ $  #
#                            #
# $ $ $ $ $ $ $ $ $ $ $ $ $  #
#                            #
# . . . . . . . . . . . . .  #
#                            #
# . . . . . . . . . . . . .  #
##############################
";
    let pane = play("idle-hint", &dir, level, &["--hint-positions", "50000000"]);
    // (That an idle game writes nothing is `an_idle_game_writes_nothing`'s to check.)
    pane.wait_for("Moves 0");
    // A hint asked for and a step at once: the step is taken while the solver works, so
    // the answer, when it comes, is for a position no longer on screen.
    pane.keys(&["i", "l"]);
    pane.wait_for("Moves 1  Pushes 0");
    pane.wait_for("the hint was for an earlier position");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn a_pasted_level_is_played_at_once_and_kept_after_a_restart() {
    if !available() {
        return;
    }
    let dir = TempDir::new("paste");
    let pane = play("paste", &dir, "#######\n#@ $ .#\n#######\n", &[]);
    pane.wait_for("Moves 0");
    pane.paste("Title: Pasted one\n######\n#@ $.#\n######\n");
    let screen = pane.wait_for("Pasted 1/1");
    assert!(screen.contains("██@▴  []··██"), "{screen}");
    pane.keys(&["l", "l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    let kept = fs::read_to_string(dir.join("data/sokoshot/pasted.xsb")).expect("kept");
    assert!(kept.contains("#@ $.#"), "{kept}");
    // A level that does not read shows why and is not typed as keys.
    let again = play("paste-2", &dir, "#######\n#@ $ .#\n#######\n", &[]);
    again.wait_for("Moves 0");
    again.paste("#####\n#@@.#\n#$  #\n#####\n");
    let screen = again.wait_for("pasted level:");
    assert!(screen.contains("Moves 0"), "{screen}");
    // Moves pasted (LURD: `r` is right) are played.
    again.paste("r");
    again.wait_for("Moves 1");
    again.keys(&["g"]);
    again.wait_for("Pasted");
    again.keys(&["q"]);
    again.wait_for("EXIT=0");
}

#[test]
fn quit_mid_level_and_the_position_and_its_undo_come_back() {
    if !available() {
        return;
    }
    let dir = TempDir::new("resume-game");
    let level = "########\n#@ $  .#\n#      #\n########\n";
    let first = play("resume-game-1", &dir, level, &[]);
    first.wait_for("Moves 0");
    first.keys(&["j", "l", "k", "l"]);
    first.wait_for("Moves 4  Pushes 1");
    first.keys(&["q"]);
    first.wait_for("EXIT=0");
    let again = play("resume-game-2", &dir, level, &[]);
    let screen = again.wait_for("resumed where you left off");
    assert!(screen.contains("Moves 4  Pushes 1"), "{screen}");
    assert!(screen.contains("██    @▸[]  ··██"), "{screen}");
    again.keys(&["u"]);
    again.wait_for("Moves 3  Pushes 0");
    again.keys(&["u", "u", "u"]);
    again.wait_for("Moves 0  Pushes 0");
    again.keys(&["l"]);
    again.wait_for("Moves 1  Pushes 0");
    again.keys(&["q"]);
    again.wait_for("EXIT=0");
    // The level's text changed: it starts over and says so.
    let changed = "########\n#@ $ . #\n#      #\n########\n";
    let third = play("resume-game-3", &dir, changed, &[]);
    let screen = third.wait_for("Moves 0");
    assert!(screen.contains("changed since you left it"), "{screen}");
    third.keys(&["q"]);
    third.wait_for("EXIT=0");
}

#[test]
fn after_solving_the_progress_file_holds_the_solution_and_replay_solves_with_it() {
    if !available() {
        return;
    }
    let dir = TempDir::new("kept");
    let level = "#######\n#     #\n#@ $ .#\n#######\n";
    let pane = play("kept", &dir, level, &[]);
    pane.wait_for("Moves 0");
    pane.keys(&["k", "l", "j", "l", "l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    let progress = fs::read_to_string(dir.join("data/sokoshot/progress.txt")).expect("saved");
    let letters = progress
        .split("by-moves=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no solution kept:\n{progress}"));
    assert_eq!(letters, "urdRR");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .args([
            "replay",
            &dir.join("pack.xsb").display().to_string(),
            "--moves",
            letters,
        ])
        .output()
        .expect("replay runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("solved: yes"), "{text}");
}

#[test]
fn a_paste_keeps_a_hand_edited_pasted_pack_and_sets_an_unreadable_one_aside() {
    if !available() {
        return;
    }
    let dir = TempDir::new("paste-kept");
    let data = dir.join("data/sokoshot");
    fs::create_dir_all(&data).expect("data dir");
    let pasted = data.join("pasted.xsb");
    let edited = "; my levels\n\n; this one has a typo\n#####\n#@$.#\n##X##\n\nTitle: Mine\n######\n#@ $.#\n######\n";
    fs::write(&pasted, edited).expect("edited");
    let pane = play("paste-kept", &dir, "#######\n#@ $ .#\n#######\n", &[]);
    pane.wait_for("Moves 0");
    pane.paste("Title: New one\n#######\n#@  $.#\n#######\n");
    pane.wait_for("playing it");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    let kept = fs::read_to_string(&pasted).expect("kept");
    assert!(kept.starts_with(edited), "{kept}");
    assert!(kept.contains("#@  $.#"), "{kept}");
    fs::write(&pasted, b"\xff\xfe garbage").expect("garbage");
    let again = play("paste-kept-2", &dir, "#######\n#@ $ .#\n#######\n", &[]);
    again.wait_for("Moves 0");
    again.paste("######\n#@ $.#\n######\n");
    again.wait_for("corrupt-1");
    again.keys(&["q"]);
    again.wait_for("EXIT=0");
    assert_eq!(
        fs::read(data.join("pasted.xsb.corrupt-1")).expect("set aside"),
        b"\xff\xfe garbage"
    );
}

#[test]
fn pastes_are_never_typed_as_keys_and_snapshots_come_back_after_a_quit() {
    if !available() {
        return;
    }
    let dir = TempDir::new("paste-snap");
    let level = "########\n#@ $  .#\n#      #\n########\n";
    let pane = play("paste-snap-1", &dir, level, &[]);
    pane.wait_for("Moves 0");
    // Prose with a `q` in it: refused, the game goes on.
    pane.paste("quite random text");
    let screen = pane.wait_for("a paste is a level or moves");
    assert!(screen.contains("Moves 0"), "{screen}");
    // A LURD string: played as one undo step, no setting turned (`D` was a setting's key).
    pane.paste("rRD");
    let screen = pane.wait_for("pasted moves: played");
    assert!(screen.contains("Moves 3  Pushes 1"), "{screen}");
    pane.keys(&["u"]);
    pane.wait_for("Moves 0");
    pane.keys(&["C-r"]);
    pane.wait_for("Moves 3");
    pane.keys(&["m"]);
    pane.wait_for("snapshot 1 kept");
    pane.keys(&["l"]);
    pane.wait_for("Moves 4");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    // Back again: the game resumes, and the snapshot is listed and goes back with its undo.
    let again = play("paste-snap-2", &dir, level, &[]);
    again.wait_for("Moves 4");
    again.keys(&["M"]);
    let screen = again.wait_for("Snapshots");
    assert!(screen.contains("1  3 moves, 1 push"), "{screen}");
    again.keys(&["Enter"]);
    again.wait_for("back at snapshot 1");
    again.keys(&["u"]);
    again.wait_for("Moves 0");
    again.keys(&["q"]);
    again.wait_for("EXIT=0");
    let progress = fs::read_to_string(dir.join("data/sokoshot/progress.txt")).expect("saved");
    assert!(progress.contains("snapshot 1 id="), "{progress}");
}
