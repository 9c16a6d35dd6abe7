//! What the editor tells an author in words: its help (which scrolls at 80×24 as play's does)
//! says what a layout is and what the palette's highlighted character is; the status line
//! says what layouts are where it has room; setting the title says what was set; and
//! inserting rows and columns keeps the cursor on the cell it was on.

use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use sokoshot::tui::editor::EditorApp;
use sokoshot_core::level::Pos;

use crate::support::{self, EDITOR_LEVEL, PLAIN, render_editor, rows};

fn editor_on(dir: &Path) -> EditorApp {
    support::editor_on(dir, EDITOR_LEVEL, PLAIN)
}

fn screen_at(editor: &EditorApp, width: u16, height: u16) -> String {
    rows(&render_editor(editor, width, height)).join("\n")
}

fn screen(editor: &EditorApp) -> String {
    screen_at(editor, 80, 24)
}

fn press(editor: &mut EditorApp, code: KeyCode) {
    editor.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn typed(editor: &mut EditorApp, keys: &str) {
    for c in keys.chars() {
        press(editor, KeyCode::Char(c));
    }
}

/// The help at 80×24 is longer than the screen: j and Down scroll it to its end, where it
/// says what a layout is (levels/README.md's words) and points at play's rules; k and Up
/// come back; the palette's highlighted character is named as what a click paints.
#[test]
fn the_help_scrolls_and_says_what_a_layout_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path());
    editor.set_screen_size(80, 24);
    typed(&mut editor, "?");
    let top = screen(&editor);
    assert!(top.contains("j more"), "{top}");
    assert!(top.contains("highlighted"), "{top}");
    for (name, key) in [("j", KeyCode::Char('j')), ("Down", KeyCode::Down)] {
        let mut editor = editor_on(dir.path());
        editor.set_screen_size(80, 24);
        typed(&mut editor, "?");
        for _ in 0..30 {
            press(&mut editor, key);
        }
        let end = screen(&editor);
        assert!(end.contains("k back"), "{name}: {end}");
        assert!(end.contains("layout"), "{name}: {end}");
        assert!(end.contains("boxes and enemies"), "{name}: {end}");
        assert!(end.contains("whatever the player's cell"), "{name}: {end}");
        assert!(end.contains("says what shots"), "{name}: {end}");
        assert_eq!(
            editor.editor().cursor(),
            Pos::new(3, 2),
            "{name} moved no cursor"
        );
    }
    for _ in 0..30 {
        press(&mut editor, KeyCode::Char('j'));
    }
    for _ in 0..15 {
        press(&mut editor, KeyCode::Char('k'));
    }
    for _ in 0..15 {
        press(&mut editor, KeyCode::Up);
    }
    assert_eq!(screen(&editor), top, "k and Up come back to the top");
    press(&mut editor, KeyCode::Esc);
    assert!(!screen(&editor).contains("Editor keys"));
    // Opened again, it starts at the top.
    typed(&mut editor, "?");
    assert_eq!(screen(&editor), top);
}

/// On a screen with room the status line says what the layouts are; at 80 columns the
/// figures come first and the help says it.
#[test]
fn the_status_line_says_what_layouts_are_where_it_has_room() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path());
    editor.finish_proof();
    let wide = screen_at(&editor, 160, 24);
    let status = wide.lines().rev().nth(1).unwrap();
    assert!(status.contains("difficulty"), "{status}");
    assert!(status.contains("boxes and enemies"), "{status}");
    let narrow = screen(&editor);
    let status = narrow.lines().rev().nth(1).unwrap();
    assert!(status.contains("difficulty 4 layouts"), "{status}");
    assert!(status.chars().count() <= 80, "{status}");
}

/// Setting the title, author and comment says what was set; the settings form too.
#[test]
fn setting_says_what_was_set() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path());
    typed(&mut editor, "m");
    for _ in 0.."First Bank".len() {
        press(&mut editor, KeyCode::Backspace);
    }
    typed(&mut editor, "Windmill");
    press(&mut editor, KeyCode::Enter);
    let said = screen(&editor);
    let bottom = said.lines().last().unwrap();
    assert!(bottom.contains("title set to “Windmill”"), "{bottom}");
    // The settings form: shots and, on a hub, the spinner.
    typed(&mut editor, "s");
    press(&mut editor, KeyCode::Backspace);
    typed(&mut editor, "5");
    press(&mut editor, KeyCode::Enter);
    let bottom = screen(&editor).lines().last().unwrap().to_owned();
    assert!(bottom.contains("shots set to 5"), "{bottom}");
    // Nothing changed: it says so.
    typed(&mut editor, "m");
    press(&mut editor, KeyCode::Enter);
    let bottom = screen(&editor).lines().last().unwrap().to_owned();
    assert!(bottom.contains("nothing changed"), "{bottom}");
}

/// `r` and `c` insert a row above and a column left of the cursor: the cursor stays on the
/// cell it was on, which moved down or right; `R` and `C` delete the cursor's row or column.
#[test]
fn inserting_rows_and_columns_keeps_the_cursor_on_its_cell() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("r", Pos::new(3, 3), '@'),
        ("rr", Pos::new(3, 4), '@'),
        ("c", Pos::new(4, 2), '@'),
        ("cc", Pos::new(5, 2), '@'),
        ("rc", Pos::new(4, 3), '@'),
    ];
    for (keys, at, under) in cases {
        let mut editor = editor_on(dir.path());
        assert_eq!(editor.editor().cursor(), Pos::new(3, 2));
        typed(&mut editor, keys);
        let ed = editor.editor();
        assert_eq!(ed.cursor(), at, "{keys}");
        assert_eq!(ed.sketch().get(ed.cursor()), under, "{keys}");
    }
}
