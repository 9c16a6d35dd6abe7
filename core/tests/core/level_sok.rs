//! SOK files: several solution blocks per level, kept as the level's solutions and replayed
//! by `check --verify-solutions`, with SOK's notes and dates kept as they were.

use sokoshot_core::game::verify_solutions;
use sokoshot_core::level::{Level, MAX_SOLUTIONS, parse_pack};

/// Microban 1 as a SOK file keeps it: the collection's notes, the board, its title, two
/// solution blocks (the second over two lines) and SOK's dates.
const SOK: &str = "\
::Copyright: David W. Skinner
::
Collection: Microban
Author: David W. Skinner

####
# .#
#  ###
#*@  #
#  $ #
#  ###
####
Title: 1
Solution (moves)
dlUrrrdLullddrUluRuulDrddrruLdlUU
Solution (pushes)
dlUrrrdLullddrUluR
uulDrddrruLdlUU
Date Created: 2000-04-01
";

#[test]
fn every_solution_block_of_a_level_is_kept_and_replays() {
    let report = parse_pack(SOK);
    let level = report.levels[0].result.as_ref().expect("valid");
    assert_eq!(
        level.solution.as_deref(),
        Some("dlUrrrdLullddrUluRuulDrddrruLdlUU")
    );
    assert_eq!(level.more_solutions, ["dlUrrrdLullddrUluRuulDrddrruLdlUU"]);
    assert_eq!(report.levels[0].solution_line, Some(14));
    assert_eq!(report.levels[0].more_solution_lines, [16]);
    assert_eq!(verify_solutions(&report), (2, Vec::new()));
    // Printed back, both are there.
    let again: Level = level.to_string().parse().expect("prints back");
    assert_eq!(again.more_solutions, level.more_solutions);
}

#[test]
fn a_second_solution_that_fails_is_reported_at_its_own_line() {
    let text = SOK.replace("uulDrddrruLdlUU\nDate", "uulDrddrruLdl\nDate");
    let report = parse_pack(&text);
    let (replayed, failures) = verify_solutions(&report);
    assert_eq!(replayed, 2);
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0]
            .to_string()
            .starts_with("16:1: level 1 \"1\": the stored solution does not solve this level"),
        "{}",
        failures[0]
    );
}

#[test]
fn solutions_past_the_limit_are_warned_about_once_each_and_not_kept() {
    let board = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
    let text = format!(
        "{board}{}",
        "Solution: dlUrrrdLullddrUluRuulDrddrruLdlUU\n".repeat(MAX_SOLUTIONS + 2)
    );
    let report = parse_pack(&text);
    let level = report.levels[0].result.as_ref().expect("valid");
    assert_eq!(level.more_solutions.len(), MAX_SOLUTIONS - 1);
    let warnings: Vec<String> = report.levels[0]
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].contains("more than 100 solutions for this level"),
        "{warnings:?}"
    );
}

#[test]
fn verifying_is_held_to_its_work_budget_and_stops_when_cancelled() {
    use sokoshot_core::game::{tick_cost, verify_solutions_within};
    use std::sync::atomic::AtomicBool;
    // Two levels: a plain one solved in one push (a few ticks at 1 tick-cell), then one with
    // 8 spinner hubs and a solution of 40 waits (600 ticks at 9 tick-cells).
    let text = "#####\n#@$.#\n#####\nSolution: R\n\n6#|2(#4%#|)#@$.-#|6#\nSolution: 40wR\n";
    let report = sokoshot_core::level::parse_pack(text);
    let spinners = report.levels[1].result.as_ref().expect("loads");
    assert_eq!(tick_cost(spinners), 9);
    let cases = [
        ("room for both", 1_000_000, false, (2, 0, false)),
        ("not for the waits", 2_000, false, (1, 1, false)),
        ("nothing to spend", 0, false, (0, 2, false)),
        ("cancelled first", 1_000_000, true, (0, 2, true)),
    ];
    for (name, work, cancelled, (replayed, unchecked, stopped)) in cases {
        let cancel = AtomicBool::new(cancelled);
        let mut told = Vec::new();
        let verified =
            verify_solutions_within(&report, work, &cancel, |done, all| told.push((done, all)));
        assert_eq!(verified.replayed, replayed, "{name}");
        assert_eq!(verified.unchecked, unchecked, "{name}");
        assert_eq!(verified.cancelled, stopped, "{name}");
        if !stopped {
            assert_eq!(told, [(1, 2), (2, 2)], "{name}: progress after each");
        }
    }
}
