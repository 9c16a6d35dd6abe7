//! `sokoshot replay` prints what is lost after the moves, below the result line.

use std::process::Command;

fn replay_cli(level: &str, moves: &str) -> (String, Option<i32>) {
    let dir = std::env::temp_dir().join(format!("sokoshot-deadlock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}.xsb", moves.len()));
    std::fs::write(&path, level).unwrap();
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
