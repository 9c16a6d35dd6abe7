//! `sokoshot replay` prints what is lost after the moves, below the result line.

use std::process::Command;

use crate::common::TestFile;

fn replay_cli(level: &str, moves: &str) -> (String, Option<i32>) {
    let path = TestFile::new("level.xsb", level);
    let out = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .args(["replay", path.to_str().unwrap(), "--moves", moves])
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

#[test]
fn replay_prints_the_deadlock_after_the_result_when_the_end_is_lost() {
    let level = "######\n#    #\n# $  #\n#  @.#\n######\n";
    let (out, code) = replay_cli(level, "lU");
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[lines.len() - 2..],
        [
            "solved: no  moves 2  pushes 1  shots 0",
            "deadlock: the box at column 3, row 2 can never reach a goal"
        ]
    );
    let (out, _) = replay_cli(level, "l");
    assert!(
        out.ends_with("solved: no  moves 1  pushes 0  shots 0\n"),
        "{out}"
    );
}
