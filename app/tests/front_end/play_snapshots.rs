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
