//! `sokoshot solve` and `check --solve` end to end: the real binary's lines and exit status.

use crate::common::TestFile;
use std::process::{Command, Output};

fn file(name: &str, text: &str) -> TestFile {
    TestFile::new(name, text)
}

fn sokoshot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .args(args)
        .output()
        .expect("sokoshot runs")
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Checks `line` against `prefix`, then `solved in <s> s, <n> positions, <m> layouts: ` (the
/// nouns singular for a count of one) and `rest`.
fn assert_solved_line(line: &str, prefix: &str, rest: &str) {
    let tail = line
        .strip_prefix(prefix)
        .and_then(|t| t.strip_prefix("solved in "))
        .unwrap_or_else(|| panic!("{line}"));
    let (seconds, tail) = tail.split_once(" s, ").expect("seconds");
    assert!(seconds.parse::<f64>().is_ok(), "{line}");
    let (positions, tail) = tail.split_once(" position").expect("positions");
    let positions: u64 = positions.parse().expect("a count of positions");
    let tail = if positions == 1 {
        tail
    } else {
        tail.strip_prefix('s').expect("positions")
    };
    let tail = tail
        .strip_prefix(", ")
        .expect("a comma after the positions");
    let (layouts, tail) = tail.split_once(" layout").expect("layouts");
    let layouts: u64 = layouts.parse().expect("a count of layouts");
    let tail = if layouts == 1 {
        tail
    } else {
        tail.strip_prefix('s').expect("layouts")
    };
    let tail = tail.strip_prefix(": ").expect("a colon after the layouts");
    assert!(
        (1..=positions).contains(&layouts),
        "at least one layout, and no more than positions: {line}"
    );
    assert_eq!(tail, rest, "{line}");
}

const TWO: &str =
    "Title: Corridor\n#######\n#@ $ .#\n#######\n\n#####\n#$  #\n#  .#\n# @ #\n#####\n";

#[test]
fn solve_prints_one_line_per_level_and_exits_1_when_one_has_no_solution() {
    let path = file("two.xsb", TWO);
    let name = path.display().to_string();
    let out = sokoshot(&["solve", &name]);
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out);
    assert_eq!(got.len(), 2, "{got:?}");
    assert_solved_line(
        &got[0],
        &format!("{name}: level 1 \"Corridor\": "),
        "3 moves, 2 pushes, 0 shots: rRR",
    );
    assert_eq!(
        got[1],
        format!("{name}: level 2: no solution (all 0 positions searched)")
    );
}

#[test]
fn solve_one_level_that_solves_exits_0() {
    let path = file("one.xsb", TWO);
    let name = path.display().to_string();
    let out = sokoshot(&["solve", &name, "--level", "1", "--optimize", "pushes"]);
    assert_eq!(out.status.code(), Some(0));
    let got = lines(&out);
    assert_eq!(got.len(), 1);
    assert_solved_line(
        &got[0],
        &format!("{name}: level 1 \"Corridor\": "),
        "3 moves, 2 pushes, 0 shots: rRR",
    );
}

#[test]
fn a_level_with_shots_prints_its_shots() {
    let path = file("shot.xsb", "#########\n#@  E $.#\n#########\n");
    let name = path.display().to_string();
    let out = sokoshot(&["solve", &name]);
    assert_eq!(out.status.code(), Some(0));
    assert_solved_line(
        &lines(&out)[0],
        &format!("{name}: level 1: "),
        "5 moves, 1 push, 1 shot: rfrrrR",
    );
}

#[test]
fn titles_are_printed_with_control_characters_visible() {
    let path = file(
        "title.xsb",
        "Title: a\u{1b}[2Jb\n#######\n#@ $ .#\n#######\n",
    );
    let name = path.display().to_string();
    let out = sokoshot(&["solve", &name]);
    assert!(lines(&out)[0].starts_with(&format!("{name}: level 1 \"a^[[2Jb\": solved")));
}

#[test]
fn a_search_stopped_by_the_limit_gives_up_and_exits_1() {
    let microban = concat!(env!("CARGO_MANIFEST_DIR"), "/../levels/microban.xsb");
    let out = sokoshot(&["solve", microban, "--level", "153", "--time-limit", "0"]);
    assert_eq!(out.status.code(), Some(1));
    let line = &lines(&out)[0];
    let prefix = format!("{microban}: level 153 \"reduction of (Revenge 306)\": gave up after ");
    let rest = line
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{line}"));
    assert!(rest.ends_with(" positions"), "{line}");
}

#[test]
fn errors_exit_2() {
    let out = sokoshot(&["solve", "/nonexistent/levels.xsb"]);
    assert_eq!(out.status.code(), Some(2));
    let path = file("three.xsb", TWO);
    let out = sokoshot(&["solve", path.to_str().unwrap(), "--level", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--level 3 is not one of them"));
}

#[test]
fn check_solve_adds_each_levels_verdict() {
    let path = file("check.xsb", TWO);
    let name = path.display().to_string();
    let out = sokoshot(&["check", "--solve", &name]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        lines(&out),
        [
            format!("{name}:2:1: level 1 \"Corridor\": solved: 3 moves, 2 pushes, 0 shots"),
            format!("{name}:6:1: level 2: no solution (all 0 positions searched)"),
            // The summary does not end on "valid" when a level has no solution.
            format!("{name}: 2 levels read, all valid; 1 level has no solution"),
        ]
    );
}

#[test]
fn limits_that_are_not_finite_or_in_range_are_refused_with_what_is_allowed() {
    let level = file("limits.xsb", "#####\n#@$.#\n#####\n");
    let level = level.to_str().expect("utf-8 path");
    let time = "seconds, from 0 to 86400";
    let memory = "whole MiB, from 1 to 1048576";
    let cases: [(&str, &[&str], &str); 11] = [
        (
            "nan seconds",
            &["solve", level, "--time-limit", "nan"],
            time,
        ),
        (
            "infinite seconds",
            &["solve", level, "--time-limit", "inf"],
            time,
        ),
        (
            "negative seconds",
            &["solve", level, "--time-limit", "-1"],
            time,
        ),
        (
            "negative seconds, =",
            &["solve", level, "--time-limit=-1"],
            time,
        ),
        (
            "minus zero point one",
            &["solve", level, "--time-limit", "-0.1"],
            time,
        ),
        (
            "more than a day",
            &["solve", level, "--time-limit", "1e9"],
            time,
        ),
        (
            "check --solve nan",
            &["check", level, "--solve", "--time-limit", "NaN"],
            time,
        ),
        (
            "negative MiB",
            &["solve", level, "--memory-limit", "-1"],
            memory,
        ),
        ("zero MiB", &["solve", level, "--memory-limit", "0"], memory),
        (
            "fractional MiB",
            &["solve", level, "--memory-limit", "1.5"],
            memory,
        ),
        (
            "more than a TiB",
            &["solve", level, "--memory-limit", "2000000"],
            memory,
        ),
    ];
    for (name, args, allowed) in cases {
        let out = sokoshot(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.contains(allowed), "{name}: {err}");
        assert!(out.stdout.is_empty(), "{name}: nothing is solved");
    }
    let out = sokoshot(&[
        "solve",
        level,
        "--time-limit",
        "0.5",
        "--memory-limit",
        "64",
    ]);
    assert_eq!(out.status.code(), Some(0), "in range: solved");
}

#[test]
fn thread_counts_that_are_not_whole_and_in_range_are_refused_in_one_line() {
    let level = file("threads.xsb", "#####\n#@$.#\n#####\n");
    let level = level.to_str().expect("utf-8 path");
    for bad in ["0", "-1", "1.5", "257", "many"] {
        let out = sokoshot(&["solve", level, "--threads", bad]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.contains("give a whole number, from 1 to 256"),
            "{bad}: {err}"
        );
        assert!(out.stdout.is_empty(), "{bad}: nothing is solved");
    }
    for good in ["1", "2"] {
        let out = sokoshot(&["solve", level, "--threads", good]);
        assert_eq!(out.status.code(), Some(0), "{good} threads: solved");
    }
}
