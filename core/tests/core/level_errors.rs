//! Every kind of malformed level, each pinned to the exact line, column and message.

use sokoshot_core::level::{Level, LevelError, MAX_FILE_BYTES, Severity, parse_pack};

/// Every diagnostic of `text`, printed as `check` prints them (without the file name).
fn diagnostics(text: &str) -> Vec<String> {
    parse_pack(text)
        .diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn each_malformed_level_is_reported_at_its_place() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "no player",
            "; 1\n#####\n# $.#\n#####\n",
            &[
                "2:1: level 1 \"1\": no player: put one `@` on the board (or `+` for the player on a goal)",
            ],
        ),
        (
            "two players name both places",
            "Title: Twins\n######\n#@$.@#\n######\n",
            &[
                "3:5: level 1 \"Twins\": a second player (the first is at line 3, col 2); a level has exactly one `@` or `+`",
            ],
        ),
        (
            "boxes and goals differ",
            "#######\n#@$$. #\n#######\n",
            &["1:1: level 1: 2 boxes but 1 goal: every box needs a goal and every goal a box"],
        ),
        (
            "nothing to do",
            "####\n#@ #\n####\n",
            &["1:1: level 1: nothing to do: the level has no box and no enemy"],
        ),
        (
            "already solved",
            "####\n#@*#\n####\n",
            &["1:1: level 1: already solved: every box is on a goal and there is no enemy"],
        ),
        (
            "unknown character",
            "#####\n#@$.#\n# X #\n#####\n",
            &[
                "3:3: level 1: unknown character 'X' on the board: use # @ + $ * . and space or - for floor (sokoshot adds E F 7 L J %)",
            ],
        ),
        (
            "digit in a plain row",
            "#####\n#@$.#\n#  3#\n#####\n",
            &[
                "3:4: level 1: digit '3' in a plain board row: counts work only in a run-length board written on one line with `|` between rows, like `4#|#@$.#|4#`",
            ],
        ),
        (
            "open level",
            "#####\n#@$. \n#####\n",
            &[
                "2:5: level 1: the level is open: the player can walk off the board here; close it with a wall `#`",
            ],
        ),
        (
            "open through a gap in the middle",
            "; gap\n#######\n#@$.# #\n### ###\n  # #\n",
            &[
                "5:4: level 1 \"gap\": the level is open: the player can walk off the board here; close it with a wall `#`",
            ],
        ),
        (
            "box out of reach",
            "########\n#@$.#$.#\n########\n",
            &[
                "2:6: level 1: this box is not on a goal and the player can never reach it",
                "2:7: level 1: this goal is empty and neither the player nor a box can ever reach it",
            ],
        ),
        (
            "run-length count with nothing after it",
            "4#|#@$.#|4\n",
            &["1:10: level 1: bad run-length board: a count with nothing after it"],
        ),
        (
            "run-length group never closed",
            "4#|#@$.#|2(2#\n",
            &["1:11: level 1: bad run-length board: this `(` is never closed"],
        ),
        (
            "run-length stray bracket",
            "4#|#@$.#)|4#\n",
            &["1:9: level 1: bad run-length board: ')' closes no group"],
        ),
        (
            "run-length count of zero",
            "0#|#@$.#|4#\n",
            &["1:1: level 1: bad run-length board: a count of 0"],
        ),
        (
            "spinner pointing at a wall",
            "######\n#@$.%#\n######\nSpinner: 0,1 speed=45\n",
            &["4:10: level 1: `Spinner: 0,1` points at no `%` hub (that cell is a wall)"],
        ),
        (
            "spinner pointing off the board",
            "######\n#@$.%#\n######\nSpinner: 9,9\n",
            &["4:10: level 1: `Spinner: 9,9` points at no `%` hub (that cell is off the board)"],
        ),
        (
            "two spinner lines for one hub",
            "######\n#@$.%#\n######\nSpinner: 4,1\nSpinner: 4,1 speed=10\n",
            &[
                "5:10: level 1: a second `Spinner:` line for the hub at 4,1 (the first is on line 4)",
            ],
        ),
        (
            "spinner option misspelt",
            "######\n#@$.%#\n######\nSpinner: 4,1 lenght=2\n",
            &[
                "4:10: level 1: bad `Spinner:` line: unknown option `lenght`; a spinner takes length=, speed=, angle= and pushes",
            ],
        ),
        (
            "spinner without coordinates",
            "######\n#@$.%#\n######\nSpinner: speed=2\n",
            &[
                "4:10: level 1: bad `Spinner:` line: expected the hub's cell first, like `Spinner: 5,3 length=3 speed=90 angle=0`, got ``",
            ],
        ),
        (
            "shots not a number",
            "#####\n#@$.#\n#####\nShots: many\n",
            &[
                "4:8: level 1: bad `Shots:` line: expected a whole number of shots like `Shots: 3`, got `many`",
            ],
        ),
        (
            "a board too wide",
            &format!("{}\n#@$.#\n", "#".repeat(1001)),
            &["1:1: level 1: the board is 1001×2 cells; the most sokoshot reads is 1000×1000"],
        ),
        (
            "a run-length board too big",
            "1001#|#@$.#|4#\n",
            &["1:1: level 1: the board is 1001×3 cells; the most sokoshot reads is 1000×1000"],
        ),
        (
            "a run-length board that would expand past any limit",
            "4#|#@$.#|99999(99999#|)\n",
            &["1:10: level 1: bad run-length board: it expands to more than 1000×1000 cells"],
        ),
        (
            "no board at all",
            "; just a comment\nTitle: nothing\n",
            &["1:1: no level found: a level is a board of `#` walls holding one `@` player"],
        ),
    ];
    for (name, text, want) in cases {
        assert_eq!(diagnostics(text), *want, "{name}");
        assert!(!parse_pack(text).is_valid(), "{name} must be invalid");
    }
}

#[test]
fn warnings_are_marked_and_keep_the_level() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "unknown setting",
            "#####\n#@$.#\n#####\nDifficulty: hard\n",
            &[
                "4:1: level 1: warning: unknown setting `Difficulty:`; it is kept with the level but sokoshot does not use it",
            ],
        ),
        (
            "title given twice",
            "#####\n#@$.#\n#####\nTitle: A\nTitle: B\n",
            &[
                "5:1: level 1 \"A\": warning: a second `Title:` line is ignored (the first, on line 4, is kept)",
            ],
        ),
        (
            "solution with a stray letter",
            "#####\n#@$.#\n#####\nSolution: Rx\n",
            &[
                "4:12: level 1: warning: the solution holds 'x', which is not a move: moves are l u r d, L U R D for pushes, f to fire and w to wait, with counts like 3r",
            ],
        ),
    ];
    for (name, text, want) in cases {
        assert_eq!(diagnostics(text), *want, "{name}");
        let report = parse_pack(text);
        assert!(report.is_valid(), "{name} must stay valid");
        assert!(
            report
                .diagnostics()
                .iter()
                .all(|d| d.severity() == Severity::Warning)
        );
    }
}

#[test]
fn a_file_over_the_limit_is_refused_without_reading_levels() {
    let text = "#".repeat(usize::try_from(MAX_FILE_BYTES).expect("fits") + 1);
    let report = parse_pack(&text);
    assert!(report.levels.is_empty());
    assert_eq!(
        report.diagnostics()[0].to_string(),
        format!(
            "1:1: the file is {} bytes; the most sokoshot reads is 16 MiB",
            MAX_FILE_BYTES + 1
        )
    );
}

#[test]
fn from_str_reports_the_first_error_and_refuses_two_levels() {
    let err = "#####\n# $.#\n#####\n"
        .parse::<Level>()
        .expect_err("no player");
    assert_eq!(err.error, LevelError::NoPlayer);
    assert_eq!((err.line, err.col), (1, 1));
    let two = "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n";
    let err = two.parse::<Level>().expect_err("two levels");
    assert_eq!(err.error, LevelError::SeveralLevels { count: 2 });
    assert_eq!(err.line, 5);
    let err = "".parse::<Level>().expect_err("empty");
    assert_eq!(err.error, LevelError::NoLevel);
}

#[test]
fn errors_in_later_levels_name_their_level_and_title() {
    let text = "; 1\n#####\n#@$.#\n#####\n\n; 2\n'Second'\n#####\n#@$ #\n#####\n";
    assert_eq!(
        diagnostics(text),
        ["8:1: level 2 \"Second\": 1 box but 0 goals: every box needs a goal and every goal a box"]
    );
    let report = parse_pack(text);
    assert_eq!(report.invalid_count(), 1);
    assert!(report.levels[0].is_valid());
}
