//! `sokoshot check` end to end: the real binary, its output lines and its exit status.

use crate::common::TestFile;
use std::process::{Command, Output};

/// Writes `text` to a fresh file named after the test and returns its path.
fn file(name: &str, text: &str) -> TestFile {
    TestFile::new(name, text)
}

fn check(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .arg("check")
        .args(args)
        .output()
        .expect("sokoshot runs")
}

fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn microban_checks_clean() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../levels/microban.xsb");
    let out = check(&[path]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_lines(&out),
        [format!("{path}: 155 levels read, all valid")]
    );
}

#[test]
fn each_kind_of_malformed_level_gives_its_line_and_exit_1() {
    let cases = [
        (
            "no player",
            "; 1\n#####\n# $.#\n#####\n",
            "2:1: level 1 \"1\": no player: put one `@` on the board (or `+` for the player on a goal)",
        ),
        (
            "two players",
            "#####\n#@$.#\n#@  #\n#####\n",
            "3:2: level 1: a second player (the first is at line 2, col 2); a level has exactly one `@` or `+`",
        ),
        (
            "boxes and goals",
            "#####\n#@$ #\n#####\n",
            "1:1: level 1: 1 box but 0 goals: every box needs a goal and every goal a box",
        ),
        (
            "nothing to do",
            "####\n#@ #\n####\n",
            "1:1: level 1: nothing to do: the level has no box and no enemy",
        ),
        (
            "unknown char",
            "#####\n#@$.#\n#?  #\n#####\n",
            "3:2: level 1: unknown character '?' on the board: use # @ + $ * . and space or - for floor (sokoshot adds E F 7 L J %)",
        ),
        (
            "digit",
            "#####\n#@$.#\n#5  #\n#####\n",
            "3:2: level 1: digit '5' in a plain board row: counts work only in a run-length board written on one line with `|` between rows, like `4#|#@$.#|4#`",
        ),
        (
            "open",
            "#####\n#@$. \n#####\n",
            "2:5: level 1: the level is open: the player can walk off the board here; close it with a wall `#`",
        ),
        (
            "unreachable box",
            "#########\n#@$.#$ .#\n#########\n",
            "2:6: level 1: this box is not on a goal and the player can never reach it",
        ),
        (
            "bad run-length",
            "4#|#@$.#|4(#\n",
            "1:11: level 1: bad run-length board: this `(` is never closed",
        ),
        (
            "spinner without hub",
            "######\n#@$.%#\n######\nSpinner: 1,1\n",
            "4:10: level 1: `Spinner: 1,1` points at no `%` hub (that cell is floor)",
        ),
        (
            "too big",
            &format!("{}\n#@$.#\n", "#".repeat(1200)),
            "1:1: level 1: the board is 1200×2 cells; the most sokoshot reads is 1000×1000",
        ),
    ];
    for (name, text, want) in cases {
        let path = file(&format!("{}.xsb", name.replace(' ', "-")), text);
        let shown = path.display().to_string();
        let out = check(&[&shown]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        let lines = stdout_lines(&out);
        assert_eq!(lines[0], format!("{shown}:{want}"), "{name}");
        assert!(
            lines
                .last()
                .is_some_and(|l| l.ends_with("1 level read, 1 invalid")),
            "{name}: {lines:?}"
        );
    }
}

#[test]
fn warnings_are_marked_and_exit_0() {
    let path = file(
        "warning.xsb",
        "; 1\n#####\n#@$.#\n#####\nDifficulty: hard\n",
    );
    let shown = path.display().to_string();
    let out = check(&[&shown]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_lines(&out),
        [
            format!(
                "{shown}:5:1: level 1 \"1\": warning: unknown setting `Difficulty:`; it is kept with the level but sokoshot does not use it"
            ),
            format!("{shown}: 1 level read, valid, 1 warning"),
        ]
    );
}

#[test]
fn every_file_gets_a_summary_and_an_unreadable_one_exits_2() {
    let good = file("good.xsb", "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n");
    let bad = file("bad.xsb", "#####\n#@$.#\n#####\n\n#####\n# $.#\n#####\n");
    let missing = good.with_file_name("missing.xsb");
    let (good, bad, missing) = (
        good.display().to_string(),
        bad.display().to_string(),
        missing.display().to_string(),
    );
    let out = check(&[&good, &bad]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_lines(&out),
        [
            format!("{good}: 2 levels read, all valid"),
            format!(
                "{bad}:5:1: level 2: no player: put one `@` on the board (or `+` for the player on a goal)"
            ),
            format!("{bad}: 2 levels read, 1 invalid"),
        ]
    );
    let out = check(&[&good, &missing, &bad]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("sokoshot: {missing}: cannot read:")),
        "{stderr}"
    );
    assert_eq!(stdout_lines(&out).len(), 3);
}

#[test]
fn a_file_without_levels_is_invalid() {
    let path = file("empty.xsb", "; nothing here\n");
    let shown = path.display().to_string();
    let out = check(&[&shown]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_lines(&out),
        [
            format!(
                "{shown}:1:1: no level found: a level is a board of `#` walls holding one `@` player"
            ),
            format!("{shown}: 0 levels read"),
        ]
    );
}

#[test]
fn check_needs_a_file_and_the_bare_binary_needs_a_terminal() {
    let out = check(&[]);
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(2),
        "the game cannot start off a terminal"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("terminal"));
}

#[test]
fn verify_solutions_replays_each_stored_solution() {
    let text = "\
; good
#####
#@$.#
#####
Solution: R

; short
######
#@$ .#
######
Solution: R

; wrong case
#####
#@$.#
#####
Solution: r

; none
#####
#@$.#
#####
";
    let path = file("solutions.xsb", text);
    let shown = path.display().to_string();
    let out = check(&["--verify-solutions", &shown]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_lines(&out),
        [
            format!(
                "{shown}:11:1: level 2 \"short\": the stored solution does not solve this level: it ends unsolved (moves 1, pushes 1, shots 0)"
            ),
            format!(
                "{shown}:17:1: level 3 \"wrong case\": the stored solution does not solve this level: character 1: `r` is lower case but that step pushes a box"
            ),
            format!("{shown}: 4 levels read, all valid; 3 stored solutions replayed, 2 failed"),
        ]
    );
    let out = check(&[&shown]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "without the flag solutions are not replayed"
    );
}

#[test]
fn verify_solutions_passes_good_solutions() {
    let path = file(
        "good-solutions.xsb",
        "#######\n#@$ . #\n#######\nSolution: RR\n\n######\n#@ E #\n######\nSolution: rf\n",
    );
    let shown = path.display().to_string();
    let out = check(&["--verify-solutions", &shown]);
    assert_eq!(
        stdout_lines(&out),
        [format!(
            "{shown}: 2 levels read, all valid; 2 stored solutions replayed, 0 failed"
        )]
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn the_readme_example_level_checks_and_its_solution_solves_it() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README");
    let start = readme.find("```text\n").expect("an example level") + "```text\n".len();
    let end = start + readme[start..].find("```").expect("closed");
    let path = file("readme.xsb", &readme[start..end]);
    let shown = path.display().to_string();
    let out = check(&["--verify-solutions", &shown]);
    assert_eq!(
        stdout_lines(&out),
        [format!(
            "{shown}: 1 level read, valid; 1 stored solution replayed, 0 failed"
        )]
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_file_over_16_mib_is_reported_not_read() {
    let big = "#".repeat(16 * 1024 * 1024 + 10);
    let path = file("big.xsb", &big);
    let shown = path.display().to_string();
    let out = check(&[&shown]);
    std::fs::remove_file(&path).expect("remove the big file");
    // Not read, so 2, as for any file that cannot be read (and as `play` exits).
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout_lines(&out),
        [
            format!("{shown}:1:1: the file is 16777226 bytes; the most sokoshot reads is 16 MiB"),
            format!("{shown}: 0 levels read"),
        ]
    );
}

#[test]
fn rle_count_overflow_exits_1_with_its_place() {
    let path = file("overflow.xsb", "#|99999999999999999999#\n");
    let shown = path.display().to_string();
    let out = check(&[&shown]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_lines(&out),
        [
            format!(
                "{shown}:1:3: level 1: bad run-length board: it expands to more than 1000×1000 cells"
            ),
            format!("{shown}: 1 level read, 1 invalid"),
        ]
    );
}

#[test]
fn check_prints_title_escape_sequences_visibly() {
    let path = file(
        "escape.xsb",
        "Title: \u{1b}]2;PWNED\u{7}\u{1b}[2J\n#####\n#@$ #\n#####\nAuthor: \u{9b}6n\n",
    );
    let shown = path.display().to_string();
    let out = check(&[&shown]);
    assert_eq!(out.status.code(), Some(1));
    let raw = String::from_utf8_lossy(&out.stdout);
    assert!(
        !raw.contains(['\u{1b}', '\u{7}', '\u{9b}']),
        "control characters printed raw: {raw:?}"
    );
    assert_eq!(
        stdout_lines(&out)[0],
        format!(
            "{shown}:2:1: level 1 \"^[]2;PWNED^G^[[2J\": 1 box but 0 goals: every box needs a goal and every goal a box"
        )
    );
}

#[test]
fn check_prints_at_most_100_problems_per_file() {
    // Ten levels, each with far more problems than a level lists.
    let level = "Title: Broken\n1000#|990(#998X#|)#@$995-.#|1000#\n\n";
    let path = file("many-problems.xsb", &level.repeat(10));
    let shown = path.display().to_string();
    let out = check(&[&shown]);
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 102, "{:?}", &lines[..3]);
    assert_eq!(
        lines[100],
        format!("{shown}: … and 110 more in this file (only the first 100 are listed)")
    );
    assert_eq!(lines[101], format!("{shown}: 10 levels read, 10 invalid"));
}

#[cfg(unix)]
#[test]
fn check_refuses_a_fifo_without_blocking() {
    let path = file("fifo-placeholder.xsb", "");
    let fifo = path.with_file_name("level.fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let shown = fifo.display().to_string();
    let out = check(&[&shown]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        format!(
            "sokoshot: {shown}: cannot read: not a regular file (a FIFO); sokoshot reads only regular files"
        )
    );
}

/// Microban's first three levels as an SLC collection (XML).
const MICROBAN_SLC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../core/tests/data/microban_1_3.slc"
);

#[test]
fn an_slc_collection_checks_and_its_errors_are_placed_in_the_xml() {
    let out = check(&[MICROBAN_SLC]);
    assert_eq!(
        stdout_lines(&out),
        [format!("{MICROBAN_SLC}: 3 levels read, all valid")]
    );
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(MICROBAN_SLC)
        .expect("the SLC file")
        .replace("<L>#  $ #</L>", "<L>#  X #</L>");
    let path = file("bad.slc", &text);
    let shown = path.display().to_string();
    let out = check(&[&shown]);
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout_lines(&out);
    assert!(
        lines.iter().any(|l| l.starts_with(&format!(
            "{shown}:13:13: level 1 \"1\": unknown character 'X'"
        ))),
        "{lines:?}"
    );
    let broken = file("broken.slc", &text[..text.len() / 2]);
    let out = check(&[&broken.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout_lines(&out);
    assert!(
        lines[0].contains("the file cannot be read as an SLC collection"),
        "{lines:?}"
    );
}

#[test]
fn verify_solutions_replays_every_sok_solution_block() {
    let text = "\
#####
#@$.#
#####
Title: two ways
Solution (moves)
R
Solution (pushes)
Rl
Solution (wrong)
L
";
    let path = file("solutions.sok", text);
    let shown = path.display().to_string();
    let out = check(&["--verify-solutions", &shown]);
    assert_eq!(
        stdout_lines(&out),
        [
            format!(
                "{shown}:9:1: level 1 \"two ways\": the stored solution does not solve this level: character 1: `L` is upper case but that step pushes no box"
            ),
            format!("{shown}: 1 level read, valid; 3 stored solutions replayed, 1 failed"),
        ]
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A plain level, then one of 2,500 spinner hubs with a stored solution of 28,800 waits:
/// 432,000 ticks at 2,501 tick-cells each, more than `check --verify-solutions` spends on
/// one file.
const COSTLY_REPLAY: &str = "#####\n#@$.#\n#####\nSolution: R\n\nTitle: Hubs\n52#|50(#50%#|)#@$.47-#|52#\nSolution: 28800wR\n";

#[test]
fn verify_solutions_stops_at_the_work_a_file_may_take_and_says_what_is_unchecked() {
    let path = file("costly-replay.xsb", COSTLY_REPLAY);
    let shown = path.display().to_string();
    let out = check(&["--verify-solutions", &shown]);
    assert_eq!(
        stdout_lines(&out),
        [format!(
            "{shown}: 2 levels read, all valid; 1 stored solution replayed, 0 failed, 1 unchecked (past the work a file may take, 200000000 tick-cells)"
        )]
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "an unchecked solution is not a pass"
    );
}
