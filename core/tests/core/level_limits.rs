//! Hostile level text: counts that overflow, boards and problems past every limit, long
//! titles, control characters, comment blocks, spinners. Each is answered at its place with
//! a message that states the limit, and nothing grows with the number of problems.

use sokoshot_core::level::{
    EXCERPT_CHARS, Level, LevelError, MAX_COMMENTS, MAX_LEVEL_PROBLEMS, MAX_LEVELS, MAX_LINES,
    MAX_SIDE, MAX_SPINNER_CELLS, MAX_SPINNERS, Severity, parse_pack,
};

/// Every diagnostic of `text`, printed as `check` prints them (without the file name).
fn diagnostics(text: &str) -> Vec<String> {
    parse_pack(text)
        .diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect()
}

const TOO_BIG_RLE: &str = "bad run-length board: it expands to more than 1000×1000 cells";

#[test]
fn rle_count_overflow_is_refused_with_its_place() {
    let cases = [
        ("the issue's case", "#|99999999999999999999#\n", 3),
        ("u64::MAX", "#|18446744073709551615#\n", 3),
        (
            "past u64::MAX on a group",
            "##|18446744073709551616(#)\n",
            4,
        ),
        ("product wraps", "4294967296(4294967296(#))|#\n", 12),
        ("counted bars", "#|99999999999999999999(|)#\n", 3),
        (
            "after a full board",
            "1000(1000#|)99999999999999999999#\n",
            33,
        ),
    ];
    for (name, text, col) in cases {
        assert_eq!(
            diagnostics(text),
            [format!("1:{col}: level 1: {TOO_BIG_RLE}")],
            "{name}"
        );
    }
    // An empty group repeated past any count is empty, and costs nothing.
    let report = parse_pack("#####|#@$.#99999999999999999999()|#####\n");
    assert!(report.is_valid(), "{:?}", report.diagnostics());
}

#[test]
fn board_size_caps_name_the_limit() {
    let wide = format!("{}\n#@$.#\n", "#".repeat(MAX_SIDE + 1));
    let tall = format!("{}#@$.#\n", "#\n".repeat(MAX_SIDE + 1));
    let rle = "1001#|#@$.#\n";
    let cases = [
        ("wide", wide.as_str(), "the board is 1001×2 cells"),
        ("tall", tall.as_str(), "the board is 5×1002 cells"),
        ("rle wide", rle, "the board is 1001×2 cells"),
    ];
    for (name, text, size) in cases {
        assert_eq!(
            diagnostics(text),
            [format!(
                "1:1: level 1: {size}; the most sokoshot reads is 1000×1000"
            )],
            "{name}"
        );
    }
}

#[test]
fn diagnostics_quote_short_excerpts_and_stop_at_a_limit() {
    let title = "T".repeat(1000);
    let text = format!("Title: {title}\n1000#|990(#998X#|)#@$995-.#|1000#\n");
    let report = parse_pack(&text);
    let all = report.diagnostics();
    assert_eq!(all.len(), MAX_LEVEL_PROBLEMS + 1);
    let short = format!("\"{}…\"", "T".repeat(EXCERPT_CHARS));
    for d in &all {
        assert!(
            d.title
                .as_ref()
                .is_some_and(|t| t.chars().count() <= EXCERPT_CHARS + 1)
        );
        let line = d.to_string();
        assert!(line.contains(&short), "{line}");
        assert!(line.chars().count() < 300, "{line}");
    }
    assert_eq!(
        all[MAX_LEVEL_PROBLEMS].to_string(),
        format!(
            "2:15: level 1 {short}: … and 988000 more problems in this level (only the first 20 are listed)"
        )
    );
    assert_eq!(
        all[MAX_LEVEL_PROBLEMS].error,
        LevelError::MoreProblems {
            count: 988_000,
            severity: Severity::Error
        }
    );
}

#[test]
fn many_warnings_leave_the_level_valid() {
    let text = format!("#####\n#@$.#\n#####\n{}", "Difficulty: hard\n".repeat(500));
    let report = parse_pack(&text);
    assert!(report.is_valid());
    let all = report.diagnostics();
    assert_eq!(all.len(), MAX_LEVEL_PROBLEMS + 1);
    assert_eq!(
        all[MAX_LEVEL_PROBLEMS].to_string(),
        "23:1: level 1: warning: … and 480 more warnings in this level (only the first 20 are listed)"
    );
}

#[test]
fn an_error_past_the_limit_still_makes_the_level_invalid() {
    // Twenty-five warnings come first in the file; the one error comes last.
    let text = format!(
        "{}#####\n#@$.#\n#####\n#####\n#@  #\n#####\n",
        "Difficulty: hard\n".repeat(25)
    );
    let report = parse_pack(&text);
    assert!(!report.is_valid());
}

#[test]
fn quoted_values_are_cut_to_an_excerpt() {
    let junk = "x".repeat(5000);
    let cases = [
        ("shots", format!("Shots: {junk}")),
        ("spinner", format!("Spinner: 1,1 {junk}")),
        ("unknown key", format!("{junk}: 1")),
    ];
    for (name, setting) in cases {
        let text = format!("#####\n#@$.#\n#####\n{setting}\n");
        let lines = diagnostics(&text);
        assert_eq!(lines.len(), 1, "{name}");
        assert!(lines[0].chars().count() < 300, "{name}: {}", lines[0]);
        assert!(
            lines[0].contains(&format!("{}…", "x".repeat(EXCERPT_CHARS))),
            "{name}: {}",
            lines[0]
        );
    }
}

#[test]
fn escape_sequences_in_a_title_are_made_visible() {
    let text = "Title: \u{1b}]2;PWNED\u{7}\u{1b}[2J\n#####\n# $.#\n#####\n";
    let lines = diagnostics(text);
    assert_eq!(
        lines,
        [
            "2:1: level 1 \"^[]2;PWNED^G^[[2J\": no player: put one `@` on the board (or `+` for the player on a goal)"
        ]
    );
}

#[test]
fn comment_block_holds_board_like_lines() {
    let text = "\
#####
#@$.#
#####
Comment:
A draft of the next level:
#####
#@ .#
#####
Title: not a title
Comment-End:
";
    let report = parse_pack(text);
    assert_eq!(report.levels.len(), 1, "{:?}", report.diagnostics());
    assert!(report.is_valid());
    let level = report.levels[0].result.as_ref().expect("valid");
    assert_eq!(level.title, None);
    assert_eq!(
        level.comments,
        ["A draft of the next level:\n#####\n#@ .#\n#####\nTitle: not a title"]
    );
    // Printed back, it reads as the same level.
    let again: Level = level.to_string().parse().expect("reads back");
    assert_eq!(&again, level);
}

#[test]
fn comment_without_an_end_is_a_comment_line() {
    let text = "Comment:\n#####\n#@$.#\n#####\n";
    let report = parse_pack(text);
    assert_eq!(report.levels.len(), 1);
    assert!(report.is_valid());
}

#[test]
fn spinner_bar_longer_than_the_board_is_refused() {
    let text = "######\n#@$.%#\n######\nSpinner: 4,1 length=7\n";
    assert_eq!(
        diagnostics(text),
        [
            "4:10: level 1: the bar of the spinner at 4,1 is longer than the board: `length=` may be at most 6 here, the board's longer side"
        ]
    );
    let fits = "######\n#@$.%#\n######\nSpinner: 4,1 length=6\n";
    assert!(parse_pack(fits).is_valid());
}

#[test]
fn spinners_sweeping_too_many_cells_are_refused() {
    // 200 hubs on a 1000×1000 board, each with a bar as long as the board.
    let mut text = String::from("1000#|");
    for _ in 0..200 {
        text.push_str("#%997-#|");
    }
    text.push_str("#@$.995-#|797(#998-#|)1000#\n");
    for y in 1..=200 {
        text.push_str(&format!("Spinner: 1,{y} length=1000\n"));
    }
    let lines = diagnostics(&text);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("1:1: level 1: the spinners' bars sweep ")
            && lines[0].ends_with(&format!(
                "cells in all; the most sokoshot keeps track of is {MAX_SPINNER_CELLS}: shorten the bars (`length=`) or use fewer spinners"
            )),
        "{}",
        lines[0]
    );
}

#[test]
fn a_file_past_max_lines_stops_there() {
    let text = format!("#####\n#@$.#\n#####\n{}", "x\n".repeat(MAX_LINES + 5));
    let report = parse_pack(&text);
    assert_eq!(report.levels.len(), 1);
    assert!(!report.is_valid());
    assert_eq!(
        report.file_diagnostics[0].to_string(),
        format!(
            "{}:1: the file has more than 1000000 lines; sokoshot stops reading it here",
            MAX_LINES + 1
        )
    );
}

#[test]
fn a_file_past_max_levels_stops_there() {
    let text = "#@$.#\n\n".repeat(MAX_LEVELS + 10);
    let report = parse_pack(&text);
    assert_eq!(report.levels.len(), MAX_LEVELS);
    assert_eq!(
        report.file_diagnostics[0].to_string(),
        format!(
            "{}:1: the file holds more than 50000 levels; sokoshot stops reading it here",
            2 * MAX_LEVELS + 1
        )
    );
}

#[test]
fn comments_past_the_limit_are_counted_not_kept() {
    let text = format!(
        "Title: Chatty\n#####\n#@$.#\n#####\n{}{}",
        "Comment: c\n".repeat(MAX_COMMENTS + 499),
        "Key: v\n".repeat(MAX_COMMENTS + 7)
    );
    let report = parse_pack(&text);
    let level = report.levels[0].result.as_ref().expect("still valid");
    assert_eq!(level.comments.len(), MAX_COMMENTS);
    assert_eq!(level.unknown_settings.len(), MAX_COMMENTS);
    let warning = report.levels[0]
        .warnings
        .iter()
        .find(|d| matches!(d.error, LevelError::TooManyComments { .. }))
        .expect("a warning");
    assert_eq!(
        warning.to_string(),
        format!(
            "{}:1: level 1 \"Chatty\": warning: 506 more comment lines or unknown settings from here on are not kept: sokoshot keeps 1000 of each with a level or a file",
            5 + MAX_COMMENTS
        )
    );
}

#[test]
fn a_board_past_max_spinners_is_refused() {
    // Eleven rows of 998 hubs: 10,978 of them.
    let text = "1000#|11(#998%#|)#@$.995-#|1000#\n";
    assert_eq!(
        diagnostics(text),
        [format!(
            "1:1: level 1: the board has 10978 spinner hubs `%`; a level may have at most {MAX_SPINNERS}"
        )]
    );
}
