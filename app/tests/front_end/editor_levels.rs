//! Going through a pack's levels in the editor: `>` and `<` (PageDown, PageUp) go to the next
//! and the previous level, `N` starts a new level after the last; each asks first when the
//! level has unsaved changes, as quitting does; the header says "level N of M"; saving keeps
//! the other levels byte for byte.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sokoshot::tui::editor::EditorApp;
use sokoshot_core::edit::open;
use sokoshot_core::edit::proof::Budget;

use crate::support::{PLAIN, rows};

/// Three levels with comments, titles and notes between them.
const THREE: &str = "\
; My pack
; by me

; One
#####
#@$.#
#####
Title: One

Title: Two
######
#@ $.#
######
Solution: rrR


; Three
#####
#.$@#
#####
Comment: last one
";

fn pack(dir: &Path) -> PathBuf {
    let path = dir.join("three.xsb");
    std::fs::write(&path, THREE).unwrap();
    path
}

fn editor_at(path: &Path, level: usize) -> EditorApp {
    EditorApp::new(open(path, Some(level)).unwrap(), PLAIN)
}

fn screen(editor: &EditorApp) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(editor, frame.area()))
        .unwrap();
    rows(terminal.backend().buffer()).join("\n")
}

fn header(editor: &EditorApp) -> String {
    screen(editor).lines().next().unwrap_or("").to_owned()
}

fn press(editor: &mut EditorApp, code: KeyCode) {
    editor.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn typed(editor: &mut EditorApp, keys: &str) {
    for c in keys.chars() {
        press(editor, KeyCode::Char(c));
    }
}

fn ctrl(editor: &mut EditorApp, c: char) {
    editor.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

fn board(editor: &EditorApp) -> String {
    editor.editor().sketch().board_text()
}

/// `>`, `<`, PageDown and PageUp go through the levels; the header says which of how many;
/// past either end the editor says so and stays.
#[test]
fn next_and_previous_go_through_the_pack_and_the_header_counts() {
    let dir = tempfile::tempdir().unwrap();
    let path = pack(dir.path());
    let mut editor = editor_at(&path, 1);
    assert!(
        header(&editor).starts_with("Editing three.xsb, level 1 of 3,"),
        "{}",
        header(&editor)
    );
    let cases: [(&str, KeyCode, usize, &str, Option<&str>); 7] = [
        (
            "< at the first",
            KeyCode::Char('<'),
            1,
            "#@$.#",
            Some("level 1 is the first"),
        ),
        ("> to the second", KeyCode::Char('>'), 2, "#@ $.#", None),
        ("PageDown to the third", KeyCode::PageDown, 3, "#.$@#", None),
        (
            "> at the last",
            KeyCode::Char('>'),
            3,
            "#.$@#",
            Some("N adds a new level"),
        ),
        ("PageUp to the second", KeyCode::PageUp, 2, "#@ $.#", None),
        ("< to the first", KeyCode::Char('<'), 1, "#@$.#", None),
        (
            "PageUp at the first",
            KeyCode::PageUp,
            1,
            "#@$.#",
            Some("level 1 is the first"),
        ),
    ];
    for (name, key, level, row, said) in cases {
        press(&mut editor, key);
        let top = header(&editor);
        assert!(
            top.starts_with(&format!("Editing three.xsb, level {level} of 3,")),
            "{name}: {top}"
        );
        assert!(board(&editor).contains(row), "{name}: {}", board(&editor));
        if let Some(said) = said {
            assert!(
                screen(&editor).contains(said),
                "{name}: {}",
                screen(&editor)
            );
        }
        assert!(!editor.editor().is_modified(), "{name}");
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        THREE,
        "nothing written"
    );
}

/// With unsaved changes the editor asks first, as quitting does: another key stays on the
/// level with the changes, `n` goes without saving them, `y` saves them and goes.
#[test]
fn going_to_another_level_with_unsaved_changes_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let path = pack(dir.path());
    let mut editor = editor_at(&path, 1);
    // A wall beside the player's right: "#@$.#" becomes "#@#.#".
    typed(&mut editor, "l#");
    let drawn = board(&editor);
    press(&mut editor, KeyCode::Char('>'));
    let asked = screen(&editor);
    assert!(asked.contains("unsaved changes: y saves"), "{asked}");
    assert!(asked.contains("level 2"), "{asked}");
    typed(&mut editor, "k");
    assert_eq!(board(&editor), drawn, "another key stays");
    assert!(
        header(&editor).contains("level 1 of 3"),
        "{}",
        header(&editor)
    );
    assert!(editor.editor().is_modified());
    press(&mut editor, KeyCode::Char('>'));
    typed(&mut editor, "n");
    assert!(
        header(&editor).contains("level 2 of 3"),
        "{}",
        header(&editor)
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        THREE,
        "n saves nothing"
    );
    // Back on level 1, as in the file; the change again, then y.
    press(&mut editor, KeyCode::Char('<'));
    assert!(!board(&editor).contains("#@#.#"), "{}", board(&editor));
    typed(&mut editor, "l#");
    press(&mut editor, KeyCode::Char('>'));
    typed(&mut editor, "y");
    assert!(
        header(&editor).contains("level 2 of 3"),
        "{}",
        header(&editor)
    );
    let said = screen(&editor);
    assert!(said.contains("saved level 1 to "), "{said}");
    assert!(said.contains("; level 2 of 3"), "{said}");
    assert!(!editor.editor().is_modified());
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(saved, THREE.replace("#@$.#", "#@#.#"), "only level 1's row");
}

/// `N` starts a new level after the last (one small walled room); saved, it is appended and
/// every line of the file before it is as it was; the count then includes it.
#[test]
fn a_new_level_is_appended_and_the_rest_of_the_file_kept_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let path = pack(dir.path());
    let mut editor = editor_at(&path, 2);
    typed(&mut editor, "N");
    let top = header(&editor);
    assert!(top.starts_with("Editing three.xsb, level 4 of 4,"), "{top}");
    assert!(
        screen(&editor).contains("a new level after level 3"),
        "{}",
        screen(&editor)
    );
    typed(&mut editor, "N");
    assert!(
        screen(&editor).contains("level 4 is a new level already"),
        "{}",
        screen(&editor)
    );
    // A box and a goal beside the player.
    typed(&mut editor, "l$l.");
    editor.finish_proof();
    ctrl(&mut editor, 's');
    assert!(
        screen(&editor).contains("saved level 4"),
        "{}",
        screen(&editor)
    );
    let saved = std::fs::read_to_string(&path).unwrap();
    let new_level = editor.editor().sketch().text();
    assert_eq!(saved, format!("{THREE}\n{new_level}"), "{saved}");
    assert!(
        sokoshot_core::level::parse_pack(&saved)
            .levels
            .iter()
            .all(|l| l.is_valid()),
        "{saved}"
    );
    assert!(
        header(&editor).contains("level 4 of 4"),
        "{}",
        header(&editor)
    );
    // The pack now has four: back to level 2, an edit there, saved; 1, 3 and 4 are kept.
    press(&mut editor, KeyCode::Char('<'));
    press(&mut editor, KeyCode::Char('<'));
    assert!(
        header(&editor).contains("level 2 of 4"),
        "{}",
        header(&editor)
    );
    typed(&mut editor, "l$");
    ctrl(&mut editor, 's');
    let again = std::fs::read_to_string(&path).unwrap();
    let want = saved
        .replace("#@ $.#", "#@$$.#")
        .replace("Solution: rrR\n", "");
    assert_eq!(again, want);
    press(&mut editor, KeyCode::Char('>'));
    press(&mut editor, KeyCode::Char('>'));
    assert_eq!(
        board(&editor),
        sokoshot_core::edit::Sketch::from(
            &new_level.parse::<sokoshot_core::level::Level>().unwrap()
        )
        .board_text()
    );
    // `N` with unsaved changes asks first, as the others do.
    typed(&mut editor, "x");
    typed(&mut editor, "N");
    assert!(
        screen(&editor).contains("unsaved changes: y saves"),
        "{}",
        screen(&editor)
    );
    typed(&mut editor, "n");
    assert!(
        header(&editor).contains("level 5 of 5"),
        "{}",
        header(&editor)
    );
}

/// A new level over SSH (the player's store, or a guest's level kept nowhere) is one level:
/// the keys say where the other levels are instead of going anywhere.
#[test]
fn a_level_outside_a_pack_file_says_why_it_has_no_other_levels() {
    let why = "a guest's levels are not kept: connect with an SSH key";
    let mut guest = EditorApp::new_level(None, why, PLAIN, Budget::default());
    for key in [KeyCode::Char('>'), KeyCode::Char('<'), KeyCode::Char('N')] {
        press(&mut guest, key);
        let shown = screen(&guest);
        assert!(shown.contains("one level"), "{key:?}: {shown}");
        assert!(!shown.contains("no level character"), "{key:?}: {shown}");
    }
}

/// Saving before going, into a file changed on disk, asks about overwriting first: `y`
/// overwrites and goes on, any other key keeps the file and stays on the level.
#[test]
fn saving_before_going_asks_before_overwriting_a_changed_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = pack(dir.path());
    for (name, answer, level, written) in [
        ("y overwrites and goes", 'y', 2, true),
        ("another key keeps the file and stays", 'k', 1, false),
    ] {
        std::fs::write(&path, THREE).unwrap();
        let mut editor = editor_at(&path, 1);
        typed(&mut editor, "l#");
        let elsewhere = format!("{THREE}\n; added elsewhere\n");
        std::fs::write(&path, &elsewhere).unwrap();
        typed(&mut editor, ">y");
        assert!(
            screen(&editor).contains("changed on disk"),
            "{name}: {}",
            screen(&editor)
        );
        typed(&mut editor, &answer.to_string());
        let top = header(&editor);
        assert!(
            top.contains(&format!("level {level} of 3")),
            "{name}: {top}"
        );
        let now = std::fs::read_to_string(&path).unwrap();
        if written {
            assert_eq!(now, THREE.replace("#@$.#", "#@#.#"), "{name}");
        } else {
            assert_eq!(now, elsewhere, "{name}");
            assert!(editor.editor().is_modified(), "{name}");
        }
    }
}
