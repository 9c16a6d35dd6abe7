//! Snapshots of what a new player reads: a spinner level in colour, without colour
//! (`NO_COLOR`) and in `--ascii`, where covered cells, walls and goals under a bar can be told
//! apart; the help; the level list's preview; the board at 120×40. Each is the screen's text
//! and a second grid with one letter per cell for its look (its background colour in colour,
//! its modifier without), so that a change of look shows as a diff. Review a change with
//! `cargo insta review`, or write them with `INSTA_UPDATE=always` after a deliberate one.

use ratatui::buffer::Buffer;
use sokoshot::tui::theme::Theme;

use crate::support::{PLAIN, app, colour_letter, press, render, style_letter, text_and_looks};

/// The screen's text, then its looks.
fn snapshot(buf: &Buffer, color: bool) -> String {
    text_and_looks(buf, "--- looks ---", |cell| {
        if color {
            colour_letter(cell.bg)
        } else {
            style_letter(cell.modifier)
        }
    })
}

/// A bar three cells long lying along its row at the start: it covers the two goals beside
/// its hub, with walls above and below the hub.
const SPINNER: &str = "\
Title: Under the bar
##########
#@       #
# $.%.$  #
#        #
##########
Spinner: 4,2 length=3 speed=45 angle=0
";

#[test]
fn a_spinner_level_in_colour_without_colour_and_in_ascii() {
    let looks = [
        (
            "spinner_color",
            Theme {
                ascii: false,
                color: true,
            },
        ),
        ("spinner_no_color", PLAIN),
        (
            "spinner_ascii",
            Theme {
                ascii: true,
                color: false,
            },
        ),
    ];
    for (name, theme) in looks {
        let app = app(SPINNER, theme);
        let buf = render(&app, 40, 9);
        insta::assert_snapshot!(name, snapshot(&buf, theme.color));
    }
}

#[test]
fn a_bar_message_marks_its_hub() {
    let mut app = app(SPINNER, PLAIN);
    // Down, then right at the box whose next cell the bar covers: refused, and the message
    // points at the hub.
    press(&mut app, "jl");
    let buf = render(&app, 60, 9);
    insta::assert_snapshot!("bar_message", snapshot(&buf, false));
}

#[test]
fn the_help() {
    let mut app = app(SPINNER, PLAIN);
    press(&mut app, "?");
    let buf = render(&app, 80, 40);
    insta::assert_snapshot!("help", snapshot(&buf, false));
}

#[test]
fn the_level_list_preview_draws_the_game_s_symbols() {
    for (name, theme) in [
        ("preview", PLAIN),
        (
            "preview_ascii",
            Theme {
                ascii: true,
                color: false,
            },
        ),
    ] {
        let mut app = app(SPINNER, theme);
        press(&mut app, "g");
        let buf = render(&app, 100, 16);
        insta::assert_snapshot!(name, snapshot(&buf, false));
    }
}

#[test]
fn the_board_at_120_by_40() {
    let level = "\
Title: Room to grow
Comment: A long tip that a narrow screen would cut short, wrapped at its words over as many rows as it needs here, where there is room for all of it and for a board twice the size.
############
#@   $   . #
#  ###  $  #
#  . #     #
#    E   % #
############
Spinner: 9,4 length=3 speed=45 angle=0
";
    let app = app(level, PLAIN);
    let buf = render(&app, 120, 40);
    insta::assert_snapshot!("board_120x40", snapshot(&buf, false));
}

/// Lets every frame of the last command's time pass (a shot's flight), as the event loop
/// would, up to a few seconds' worth.
fn settle(app: &mut sokoshot::tui::app::App) {
    for _ in 0..600 {
        if !app.is_animating() {
            return;
        }
        app.tick();
    }
    panic!("still animating after 600 frames");
}

#[test]
fn beats_read_to_a_tenth_cut_down() {
    use sokoshot::tui::view::beats;
    let cases = [
        ("the start", 0, "beat 0.0"),
        ("a step", 6, "beat 0.4"),
        ("a wait", 15, "beat 1.0"),
        ("a wait and a step", 21, "beat 1.4"),
        ("a tick short of a beat, cut down", 14, "beat 0.9"),
        ("twelve waits and a step", 12 * 15 + 6, "beat 12.4"),
    ];
    for (name, ticks, text) in cases {
        assert_eq!(beats(ticks), text, "{name}");
    }
}

#[test]
fn the_status_line_counts_beats_where_a_bar_turns_and_only_there() {
    let mut app = app(SPINNER, PLAIN);
    // Two waits and a step: 2 + 2/5 beats.
    press(&mut app, "..j");
    let buf = render(&app, 80, 9);
    insta::assert_snapshot!("beats_in_the_status_line", snapshot(&buf, false));
    let still = SPINNER.replace("speed=45", "speed=0");
    let mut app = crate::support::app(&still, PLAIN);
    press(&mut app, "..j");
    assert!(
        !crate::support::screen(&app, 80, 9).contains("beat"),
        "a bar that stands still keeps no beat"
    );
}

/// A shot fired along an empty row into the far wall: it hits nothing.
const MISS: &str = "\
Title: Wide of the mark
#########
#@      #
#       #
#   E   #
#########
Shots: 2
";

#[test]
fn a_missed_shot_leaves_its_trace_until_the_next_key() {
    let mut app = app(MISS, PLAIN);
    // A step right (facing right now), then a shot along the empty top row into the wall.
    press(&mut app, "l ");
    settle(&mut app);
    let buf = render(&app, 40, 8);
    insta::assert_snapshot!("missed_shot_trace", snapshot(&buf, false));
    press(&mut app, ".");
    settle(&mut app);
    let again = crate::support::screen(&app, 40, 8);
    assert!(
        !again.contains('⠒') && !again.contains('⠤') && !again.contains('⠶'),
        "the trace is gone after the next key: {again}"
    );
}

#[test]
fn a_shot_that_hits_leaves_no_trace() {
    let mut app = app(MISS, PLAIN);
    // Down two rows, then right into the enemy's row: the shot kills it.
    press(&mut app, "jjl ");
    settle(&mut app);
    let shown = crate::support::screen(&app, 40, 8);
    assert!(!shown.contains("><"), "the enemy is shot: {shown}");
    let row = shown.lines().find(|l| l.contains('@')).unwrap_or_default();
    assert!(
        row.chars().all(|c| !('\u{2801}'..='\u{28ff}').contains(&c)),
        "no trace after a hit: {row}"
    );
}

/// Two boxes in a corridor with the player on the wrong side once the first is pushed: each
/// could reach a goal alone, never both (an enemy keeps the corral test out).
const PAIR: &str = "\
Title: Pair
##########
#..@$  $ #
#  #######
# E #
#####
Shots: 1
";

#[test]
fn a_lost_pair_is_marked_as_a_pair_and_neither_box_as_dead() {
    let mut app = app(PAIR, PLAIN);
    press(&mut app, "l");
    let buf = render(&app, 60, 9);
    insta::assert_snapshot!("lost_pair", snapshot(&buf, false));
    let shown = crate::support::screen(&app, 60, 9);
    assert!(shown.contains("&&"), "{shown}");
    assert!(!shown.contains("××"), "{shown}");
}
