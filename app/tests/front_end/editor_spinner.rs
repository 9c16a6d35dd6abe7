//! A spinner in the editor: its bar drawn at its length and angle as the game draws it at
//! beat 0, and its settings form in the words and units play shows (the whole bar's length,
//! degrees a beat).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;
use sokoshot::tui::board::{BoardView, inside_mask};
use sokoshot::tui::editor::EditorApp;
use sokoshot::tui::theme::Theme;
use sokoshot_core::game::World;
use sokoshot_core::level::Level;

use crate::support::{ASCII, COLOUR, PLAIN, editor_on, render_editor, rows};

/// A room with a spinner in its middle, the bar's settings given.
fn level_with(spinner: &str) -> String {
    format!(
        "\
###########
#@        #
#  $   .  #
#    %    #
#         #
#    E    #
###########
Spinner: 5,3 {spinner}
"
    )
}

fn render(editor: &EditorApp) -> Buffer {
    render_editor(editor, 80, 24)
}

/// Each cell's symbol and whether it is underlined (the covered shade without colour) or
/// bold, its colours, row by row: reverse video (the editor's cursor) left out.
fn cells(buf: &Buffer, area: Rect) -> Vec<String> {
    (area.y..area.bottom())
        .map(|y| {
            (area.x..area.right())
                .map(|x| {
                    let cell = &buf[(x, y)];
                    let m = cell.modifier - Modifier::REVERSED;
                    format!("{}{:?}{:?}{:?}", cell.symbol(), m, cell.fg, cell.bg)
                })
                .collect()
        })
        .collect()
}

/// The board as the game draws it at beat 0, cells at their smallest.
fn game_board(text: &str, theme: Theme) -> Vec<String> {
    let level: Level = text.parse().unwrap();
    let world = World::new(&level).unwrap();
    let inside = inside_mask(&level);
    let area = Rect::new(0, 0, level.width as u16 * 2, level.height as u16);
    let mut buf = Buffer::empty(area);
    BoardView {
        world: &world,
        inside: &inside,
        theme,
        marked: None,
        scale: 1,
        trace: &[],
    }
    .render(area, &mut buf);
    cells(&buf, area)
}

/// The board inside the editor's frame.
fn editor_board(editor: &EditorApp) -> Vec<String> {
    let buf = render(editor);
    let screen = rows(&buf);
    let top = screen
        .iter()
        .position(|r| r.contains('┌') || r.contains("+-"))
        .unwrap();
    let bottom = top
        + 1
        + screen[top + 1..]
            .iter()
            .position(|r| r.contains('└') || r.contains("+-"))
            .unwrap();
    let left = screen[top]
        .chars()
        .position(|c| c == '┌' || c == '+')
        .unwrap() as u16;
    let right = screen[top]
        .chars()
        .enumerate()
        .filter(|&(_, c)| c == '┐' || c == '+')
        .map(|(i, _)| i)
        .last()
        .unwrap() as u16;
    let area = Rect::new(
        left + 1,
        top as u16 + 1,
        right - left - 1,
        (bottom - top - 1) as u16,
    );
    cells(&buf, area)
}

/// The bar at several lengths and angles, in colour, without colour and in ASCII: the
/// editor draws the cells it covers and its dots as the game does at beat 0.
#[test]
fn the_bar_is_drawn_as_the_game_draws_it_at_beat_0() {
    let cases = [
        ("length 3 across", "length=3 speed=90 angle=0"),
        ("length 3 at 45°", "length=3 speed=90 angle=45"),
        ("length 3 up and down", "length=3 speed=90 angle=90"),
        ("length 5 at 30°", "length=5 speed=-30 angle=30"),
        ("length 2.5 at 135°", "length=2.5 speed=0 angle=135"),
        ("length 1: the hub alone", "length=1 speed=90 angle=0"),
        ("length 7 over the walls", "length=7 speed=90 angle=0"),
    ];
    for (name, spinner) in cases {
        let text = level_with(spinner);
        for (look, theme) in [("colour", COLOUR), ("no colour", PLAIN), ("ascii", ASCII)] {
            let dir = tempfile::tempdir().unwrap();
            let editor = editor_on(dir.path(), &text, theme);
            let drawn = editor_board(&editor);
            let want = game_board(&text, theme);
            assert_eq!(
                drawn,
                want,
                "{name}, {look}:\n{}",
                rows(&render(&editor)).join("\n")
            );
        }
    }
}

/// Turning the bar in the form redraws it there: at 90° it covers the cells above and below
/// the hub, not those beside it.
#[test]
fn a_bar_set_in_the_form_is_drawn_where_it_now_lies() {
    let dir = tempfile::tempdir().unwrap();
    let text = level_with("length=3 speed=90 angle=0");
    let mut editor = editor_on(dir.path(), &text, PLAIN);
    // From the player (1,1) to the hub (5,3).
    for c in "jjllll".chars() {
        editor.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
    editor.handle_key(KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE));
    for _ in 0..3 {
        editor.handle_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
    }
    editor.handle_key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
    editor.handle_key(KeyEvent::new(KeyCode::Char('9'), KeyModifiers::NONE));
    editor.handle_key(KeyEvent::new(KeyCode::Char('0'), KeyModifiers::NONE));
    editor.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert!(
        editor.editor().sketch().text().contains("angle=90"),
        "{}",
        editor.editor().sketch().text()
    );
    let turned = level_with("length=3 speed=90 angle=90");
    assert_eq!(editor_board(&editor), game_board(&turned, PLAIN));
}

/// The form says what the length measures and gives the speed in degrees a beat, the unit
/// of play's clock; the file keeps its own field (degrees a second) as it was.
#[test]
fn the_form_gives_the_whole_bar_and_degrees_a_beat() {
    let dir = tempfile::tempdir().unwrap();
    let text = level_with("length=3 speed=90 angle=0");
    let mut editor = editor_on(dir.path(), &text, PLAIN);
    let press = |editor: &mut EditorApp, code| {
        editor.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    };
    for c in "jjllll".chars() {
        press(&mut editor, KeyCode::Char(c));
    }
    press(&mut editor, KeyCode::Char('s'));
    let screen = rows(&render(&editor)).join("\n");
    assert!(screen.contains("whole bar"), "{screen}");
    assert!(screen.contains("in ° a beat"), "{screen}");
    assert!(screen.contains("hub and 1 each side"), "{screen}");
    assert!(screen.contains("° a beat"), "{screen}");
    assert!(!screen.contains("°/s"), "{screen}");
    // 90° a second is 22.5° a beat (a beat is a quarter of a second of the game's clock).
    assert!(screen.contains("│    22.5 "), "{screen}");
    // Unchanged, the speed is kept exactly.
    press(&mut editor, KeyCode::Enter);
    assert!(editor.editor().sketch().text().contains("speed=90 "));
    // 30° a beat is 120° a second in the file.
    press(&mut editor, KeyCode::Char('s'));
    press(&mut editor, KeyCode::Tab);
    press(&mut editor, KeyCode::Tab);
    for _ in 0..4 {
        press(&mut editor, KeyCode::Backspace);
    }
    for c in "30".chars() {
        press(&mut editor, KeyCode::Char(c));
    }
    press(&mut editor, KeyCode::Enter);
    let saved = editor.editor().sketch().text();
    assert!(
        saved.contains("Spinner: 5,3 length=3 speed=120 angle=0"),
        "{saved}"
    );
    // The last field makes the bar push boxes (y), and a word that is neither is refused.
    let set_pushes = |editor: &mut EditorApp, word: &str| {
        press(editor, KeyCode::Char('s'));
        for _ in 0..4 {
            press(editor, KeyCode::Tab);
        }
        press(editor, KeyCode::Backspace);
        for c in word.chars() {
            press(editor, KeyCode::Char(c));
        }
        press(editor, KeyCode::Enter);
    };
    set_pushes(&mut editor, "maybe");
    let screen = rows(&render(&editor)).join("\n");
    assert!(screen.contains("`maybe` is neither y nor n"), "{screen}");
    press(&mut editor, KeyCode::Esc);
    set_pushes(&mut editor, "y");
    let saved = editor.editor().sketch().text();
    assert!(
        saved.contains("Spinner: 5,3 length=3 speed=120 angle=0 pushes"),
        "{saved}"
    );
    set_pushes(&mut editor, "n");
    assert!(!editor.editor().sketch().text().contains("pushes"));
}
