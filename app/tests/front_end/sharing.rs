//! Sharing a level never spoils it: `y` copies the level without its solution, `Y` only a
//! solution the player found, and `w` on a level not yet solved asks before it shows one.

use crate::support::{PLAIN, app, press, screen};
use sokoshot::tui::keys::Mode;

const LEVEL: &str = "Title: One push\n#####\n#@$.#\n#####\nSolution: R\n";

#[test]
fn y_copies_the_level_without_its_solution_line() {
    let mut app = app(LEVEL, PLAIN);
    press(&mut app, "y");
    let copied = app.take_clipboard().expect("the level is copied");
    assert!(copied.contains("#@$.#"), "{copied}");
    assert!(copied.contains("Title: One push"), "{copied}");
    assert!(!copied.contains("Solution"), "{copied}");
}

#[test]
fn capital_y_copies_only_a_solution_the_player_found() {
    let mut app = app(LEVEL, PLAIN);
    press(&mut app, "Y");
    assert_eq!(
        app.take_clipboard(),
        None,
        "the level file's solution is not copied"
    );
    assert!(screen(&app, 80, 24).contains("no solution to copy yet"));
    press(&mut app, "l");
    assert_eq!(app.mode(), Mode::Solved);
    press(&mut app, "Y");
    assert_eq!(app.take_clipboard().as_deref(), Some("R"));
}

#[test]
fn w_on_an_unsolved_level_asks_before_it_shows_a_solution() {
    let mut app = app(LEVEL, PLAIN);
    press(&mut app, "w");
    assert_eq!(app.mode(), Mode::Playing, "the first w only asks");
    assert!(screen(&app, 80, 24).contains("w again shows a solution"));
    press(&mut app, "w");
    assert_eq!(app.mode(), Mode::Watching, "the second w shows it");
}

#[test]
fn another_key_between_two_ws_cancels_the_question() {
    let mut app = app(LEVEL, PLAIN);
    press(&mut app, "wkw");
    assert_eq!(
        app.mode(),
        Mode::Playing,
        "k came between: the second w asks again"
    );
    press(&mut app, "w");
    assert_eq!(app.mode(), Mode::Watching);
}

#[test]
fn w_on_a_solved_level_shows_the_solution_at_once() {
    let mut app = app(LEVEL, PLAIN);
    press(&mut app, "lr");
    assert_eq!(app.mode(), Mode::Playing);
    press(&mut app, "w");
    assert_eq!(app.mode(), Mode::Watching);
}

#[test]
fn the_level_list_says_what_its_mark_for_a_kept_solution_means() {
    let mut app = app(LEVEL, PLAIN);
    press(&mut app, "g");
    assert!(screen(&app, 80, 24).contains("▸ solution kept (w)"));
}
