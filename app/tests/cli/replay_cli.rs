//! `sokoshot replay FILE [--level N] --moves TEXT`: output and exit status, run as a user would.

use crate::common::TestFile;
use std::process::{Command, Output};

const MICROBAN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../levels/microban.xsb");

fn sokoshot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Writes `text` to a file of its own in a temporary folder.
fn level_file(name: &str, text: &str) -> TestFile {
    TestFile::new(&format!("{name}.xsb"), text)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_solution_that_solves_prints_the_board_and_exits_0() {
    let out = sokoshot(&[
        "replay",
        MICROBAN,
        "--moves",
        "dlUrrrdLullddrUluRuulDrddrruLdlUU",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.ends_with("solved: yes  moves 33  pushes 8  shots 0\n"),
        "{text}"
    );
    // The final board: both boxes on their goals, the player where the last push left it.
    assert!(
        text.contains("####\n# *#\n# @###\n#*   #\n#    #\n#  ###\n####\n"),
        "{text}"
    );
}

#[test]
fn level_picks_the_level_counting_from_1() {
    let out = sokoshot(&[
        "replay",
        MICROBAN,
        "--level",
        "2",
        "--moves",
        "rddLruulDuullddR",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("solved: yes  moves 16  pushes 3  shots 0\n"));
}

#[test]
fn an_unfinished_solution_exits_1() {
    let out = sokoshot(&[
        "replay",
        MICROBAN,
        "--level",
        "2",
        "--moves",
        "rddLruulDuulldd",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).ends_with("solved: no  moves 15  pushes 2  shots 0\n"));
}

#[test]
fn errors_exit_2_and_say_what_is_wrong() {
    let broken = level_file("broken", "#####\n#@$.#\n#@  #\n#####\n");
    let bank = level_file(
        "bank",
        "#######\n#F  E #\n#     #\n#@    #\n#######\nShots: 1\n",
    );
    let broken = broken.to_str().unwrap();
    let bank = bank.to_str().unwrap();
    let cases: &[(&str, Vec<&str>, &str)] = &[
        (
            "upper case that does not push",
            vec!["replay", MICROBAN, "--moves", "dlUR"],
            "character 4: `R` is upper case but that step pushes no box",
        ),
        (
            "lower case that pushes",
            vec!["replay", MICROBAN, "--moves", "dlu"],
            "character 3: `u` is lower case but that step pushes a box",
        ),
        (
            "not a move",
            vec!["replay", MICROBAN, "--moves", "dlq"],
            "character 3: `q` is not a move",
        ),
        (
            "no such level",
            vec!["replay", MICROBAN, "--level", "156", "--moves", "r"],
            "--level 156 is not one of them",
        ),
        (
            "level 0",
            vec!["replay", MICROBAN, "--level", "0", "--moves", "r"],
            "--level 0 is not one of them",
        ),
        (
            "unreadable file",
            vec!["replay", "/nonexistent/levels.xsb", "--moves", "r"],
            "cannot read",
        ),
        (
            "a level that does not load",
            vec!["replay", broken, "--moves", "r"],
            "level 1 does not load",
        ),
        (
            "more shots than the level allows",
            vec!["replay", bank, "--moves", "ff"],
            "character 2: `f` but no shots are left (this level allows 1)",
        ),
    ];
    for (name, args, message) in cases {
        let out = sokoshot(args);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{name}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{name}");
    }
}

#[test]
fn a_bank_shot_level_replays_with_fire() {
    let bank = level_file(
        "bank-ok",
        "#######\n#F  E #\n#     #\n#@    #\n#######\nShots: 1\n",
    );
    let out = sokoshot(&["replay", bank.to_str().unwrap(), "--moves", "f"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("#######\n#F    #\n"),
        "the enemy is gone: {text}"
    );
    assert!(
        text.ends_with("solved: yes  moves 0  pushes 0  shots 1\n"),
        "{text}"
    );
}

#[test]
fn replay_prints_title_escape_sequences_visibly() {
    let path = level_file(
        "escape",
        "#####\n#@$.#\n#####\nTitle: \u{1b}]2;PWNED\u{7}\u{1b}[2J\n",
    );
    let out = sokoshot(&["replay", path.to_str().expect("utf-8 path"), "--moves", "R"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        !text.contains(['\u{1b}', '\u{7}']),
        "control characters printed raw: {text:?}"
    );
    assert!(
        text.lines().any(|l| l == "Title: ^[]2;PWNED^G^[[2J"),
        "{text}"
    );
}

#[test]
fn replay_errors_show_control_characters_visibly() {
    let path = level_file("escape-error", "Title: \u{1b}[2J\n#####\n# $.#\n#####\n");
    let out = sokoshot(&["replay", path.to_str().expect("utf-8 path"), "--moves", "R"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\"^[[2J\": no player"), "{err}");
}

#[test]
fn replay_on_an_unreadable_file_prints_the_os_error_once() {
    // A path through a regular file: the system refuses it (ENOTDIR), whoever runs the test.
    let file = level_file("not-a-dir", "#####\n#@$.#\n#####\n");
    let path = file.join("level.xsb");
    let out = sokoshot(&["replay", path.to_str().expect("utf-8 path"), "--moves", "l"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(
        err.matches("os error").count(),
        1,
        "the OS error is printed once: {err}"
    );
}

#[test]
fn an_slc_collection_replays_like_its_pack_text() {
    let slc = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../core/tests/data/microban_1_3.slc"
    );
    let out = sokoshot(&["replay", slc, "--level", "2", "--moves", "rddLruulDuullddR"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).ends_with("solved: yes  moves 16  pushes 3  shots 0\n"),
        "{}",
        stdout(&out)
    );
}
