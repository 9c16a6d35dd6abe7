//! What a new player cannot trip over: a paste is never typed as keys (a level plays, moves
//! play as one undo step, anything else is refused with one line), no letter of a LURD string
//! changes a setting, and snapshots keep positions across quitting and coming back.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sokoshot::tui::app::{App, Choice, Place};
use sokoshot::tui::keys::{self, Action, Mode};
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::SaveFile;

use crate::support::{PLAIN, app, levels, press, press_code, render, rows, screen};

/// A corridor: the player, a box, a goal (`rRR` solves it), and room below to walk.
const CORRIDOR: &str = "\
#######
#@ $ .#
#     #
#######
";

fn moves(app: &App) -> u32 {
    app.world().counters().moves
}

/// The line below the board of a four-row level on a screen wide enough to hold any message
/// on it.
fn bottom(app: &App) -> String {
    rows(&render(app, 200, 8))[7].clone()
}

#[test]
fn a_paste_plays_a_level_plays_moves_as_one_step_or_is_refused_in_one_line() {
    // (name, paste, moves after it, pushes after it, solved, the line below the board).
    type Case = (&'static str, &'static str, u32, u32, bool, &'static str);
    let cases: [Case; 9] = [
        (
            "prose that would quit at its q",
            "quite random text",
            0,
            0,
            false,
            "a paste is a level or moves",
        ),
        (
            "prose of move letters and others",
            "hello lll",
            0,
            0,
            false,
            "`h` at 1",
        ),
        (
            "a LURD solution",
            "rRR",
            3,
            2,
            true,
            "pasted moves: played 3 letters",
        ),
        (
            "a LURD solution in lower case",
            "rrr",
            3,
            2,
            true,
            "pasted moves: played 3 letters",
        ),
        (
            "counts and line breaks",
            "d\r\n2r 2l",
            5,
            0,
            false,
            "played 5 letters",
        ),
        (
            "a solution with a label",
            "Solution: rRR",
            0,
            0,
            false,
            "`S` at 1",
        ),
        ("mixed text", "rR then R", 0, 0, false, "`t` at 4"),
        ("vim keys", "lljjk", 0, 0, false, "`j` at 3"),
        ("shots and waits", "fw", 0, 0, false, "played 2 letters"),
    ];
    for (name, text, want_moves, want_pushes, solved, says) in cases {
        let mut app = app(CORRIDOR, PLAIN);
        app.handle_paste(text);
        assert!(!app.should_quit(), "{name}: a paste never quits");
        assert_eq!(moves(&app), want_moves, "{name}");
        assert_eq!(app.world().counters().pushes, want_pushes, "{name}");
        assert_eq!(app.world().is_solved(), solved, "{name}");
        let line = bottom(&app);
        assert!(line.contains(says), "{name}: {line}");
        assert!(
            app.option_on(Choice::Warnings),
            "{name}: no setting changed"
        );
        assert!(!app.option_on(Choice::DeadSquares), "{name}");
    }
}

#[test]
fn a_paste_of_the_largest_size_plays_at_most_its_bound_and_says_what_it_dropped() {
    use sokoshot_core::game::MAX_BATCH_LETTERS;
    use sokoshot_core::store::pasted::MAX_PASTE_BYTES;
    // 64 KiB of walking back and forth on the row below: 65,536 letters.
    let walk = format!("d{}", "rl".repeat(MAX_PASTE_BYTES / 2 - 1));
    let text = format!("{walk}r");
    assert_eq!(text.len(), MAX_PASTE_BYTES);
    let mut app = app(CORRIDOR, PLAIN);
    app.handle_paste(&text);
    assert_eq!(u64::from(moves(&app)), MAX_BATCH_LETTERS);
    let line = bottom(&app);
    let dropped = MAX_PASTE_BYTES as u64 - MAX_BATCH_LETTERS;
    assert!(
        line.contains(&format!(
            "pasted moves: played {MAX_BATCH_LETTERS} letters; the other {dropped} letters were dropped: one paste plays at most {MAX_BATCH_LETTERS}"
        )),
        "{line}"
    );
    // What was played is one undo step.
    press(&mut app, "u");
    assert_eq!(moves(&app), 0);
}

#[test]
fn pasted_moves_are_undone_in_one_step_and_come_back_with_redo() {
    let mut app = app(CORRIDOR, PLAIN);
    app.handle_paste("d3rur");
    assert_eq!(moves(&app), 6);
    press(&mut app, "u");
    assert_eq!(moves(&app), 0, "one undo takes the whole paste back");
    assert!(!app.world().can_undo());
    app.handle_key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL));
    assert_eq!(moves(&app), 6, "redo brings it back whole");
    assert_eq!(app.world().player(), sokoshot_core::level::Pos::new(5, 1));
}

#[test]
fn a_paste_in_the_search_line_is_typed_into_the_search() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "g/");
    assert_eq!(app.mode(), Mode::Search);
    app.handle_paste("rRR\nsecond line");
    assert_eq!(app.search(), "rRR");
    assert_eq!(moves(&app), 0);
}

#[test]
fn a_paste_over_the_help_or_the_list_closes_it_and_plays_on_the_level_in_play() {
    for open in ["?", "g", "o", "M"] {
        let mut app = app(CORRIDOR, PLAIN);
        press(&mut app, open);
        assert_ne!(app.mode(), Mode::Playing, "{open}");
        app.handle_paste("rRR");
        assert!(app.world().is_solved(), "{open}");
    }
}

/// Every key of a LURD string: its letters in both cases and the digits of its counts.
const LURD_KEYS: &str = "lurdLURD0123456789";

#[test]
fn no_key_of_a_lurd_string_is_bound_to_a_setting_in_any_mode() {
    for mode in Mode::ALL {
        for c in LURD_KEYS.chars() {
            let modifiers = if c.is_ascii_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            let action = keys::action(mode, KeyEvent::new(KeyCode::Char(c), modifiers));
            assert!(
                !matches!(action, Some(Action::Options | Action::Toggle)),
                "{mode:?}: `{c}` is {action:?}"
            );
        }
    }
}

#[test]
fn typing_a_lurd_string_in_every_screen_changes_no_setting() {
    // How to reach each screen from the board.
    let screens: [(&str, &str); 5] = [
        ("the board", ""),
        ("the help", "?"),
        ("the level list", "g"),
        ("the options", "o"),
        ("the snapshots", "M"),
    ];
    for (name, open) in screens {
        let mut app = app(CORRIDOR, PLAIN);
        press(&mut app, open);
        for c in LURD_KEYS.chars() {
            press(&mut app, &c.to_string());
            assert!(app.option_on(Choice::Warnings), "{name}: `{c}`");
            assert!(!app.option_on(Choice::DeadSquares), "{name}: `{c}`");
            if app.should_quit() {
                panic!("{name}: `{c}` quit");
            }
        }
    }
}

#[test]
fn the_options_turn_deadlock_warnings_and_dead_squares_with_space() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "o");
    assert_eq!(app.mode(), Mode::Options);
    let shown = screen(&app, 80, 12);
    assert!(shown.contains("deadlock warnings"), "{shown}");
    press(&mut app, " ");
    assert!(!app.option_on(Choice::Warnings));
    press(&mut app, "j ");
    assert!(app.option_on(Choice::DeadSquares));
    press(&mut app, "k ");
    assert!(app.option_on(Choice::Warnings));
    press_code(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Playing);
}

/// An app over `CORRIDOR` saving to `save`, as a game started afresh on the same files.
fn saved_app(save: &SaveFile) -> App {
    let (progress, _) = save.load();
    App::new(
        vec![Collection::built_in("Test", "Tester", levels(CORRIDOR))],
        Place { pack: 0, level: 0 },
        progress,
        Some(save.clone()),
        PLAIN,
    )
    .expect("a playable level")
}

#[test]
fn snapshots_keep_a_position_and_its_undo_across_quitting_and_coming_back() {
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = temp.path();
    let save = SaveFile::at(dir.join("progress.txt"));
    let mut first = saved_app(&save);
    press(&mut first, "m");
    assert!(
        bottom(&first).contains("nothing to keep yet"),
        "{}",
        bottom(&first)
    );
    press(&mut first, "jl");
    press(&mut first, "m");
    assert!(
        bottom(&first).contains("snapshot 1 kept"),
        "{}",
        bottom(&first)
    );
    press(&mut first, "kl");
    press(&mut first, "m");
    assert!(bottom(&first).contains("snapshot 2 kept"));
    press(&mut first, "h");
    press(&mut first, "q");
    assert!(first.should_quit());
    drop(first);

    let mut again = saved_app(&save);
    let listed: Vec<(u32, (u32, u32))> = again
        .snapshots()
        .iter()
        .map(|(n, s)| (*n, s.figures()))
        .collect();
    assert_eq!(listed, [(1, (2, 0)), (2, (4, 1))]);
    press(&mut again, "M");
    let shown = screen(&again, 60, 12);
    assert!(shown.contains("1  2 moves, 0 pushes"), "{shown}");
    assert!(shown.contains("2  4 moves, 1 push"), "{shown}");
    // Back to the first: its position, and its two steps to undo one by one.
    press_code(&mut again, KeyCode::Enter);
    assert_eq!(again.mode(), Mode::Playing);
    assert_eq!(moves(&again), 2);
    press(&mut again, "u");
    assert_eq!(moves(&again), 1);
    press(&mut again, "u");
    assert_eq!(moves(&again), 0);
    assert!(!again.world().can_undo());
    // Deleting the second keeps it deleted after coming back again.
    press(&mut again, "Mj");
    press(&mut again, "x");
    assert_eq!(again.snapshots().len(), 1);
    press(&mut again, "q");
    drop(again);
    let last = saved_app(&save);
    assert_eq!(last.snapshots().len(), 1);
}

#[test]
fn a_level_solved_by_a_pasted_solution_keeps_it() {
    let mut app = app(CORRIDOR, PLAIN);
    app.handle_paste("rRR");
    assert!(app.world().is_solved());
    assert!(app.best(app.place()).is_some());
}

#[test]
fn a_deadlock_warning_fits_one_line_at_80_columns_and_points_at_the_dead_box() {
    // A push into the corner: the box can never move again.
    let mut app = app("######\n#    #\n# @$ #\n#  . #\n######\n", PLAIN);
    press(&mut app, "l");
    let shown = rows(&render(&app, 80, 10));
    let warning = shown
        .iter()
        .find(|row| row.starts_with("deadlock:"))
        .unwrap_or_else(|| panic!("{shown:#?}"));
    assert!(
        warning.contains("××") && warning.ends_with("u undoes"),
        "{warning}"
    );
    assert!(warning.chars().count() <= 80, "{warning}");
}
