//! The level editor drawn into ratatui's `TestBackend` at 80×24 (snapshots in colour, without
//! colour and in ASCII), and driven by keys, clicks and pastes as an author would.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use sokoshot::tui::editor::EditorApp;
use sokoshot_core::edit::open;
use sokoshot_core::edit::proof::{Optimum, Status};

use crate::support::{
    ASCII, COLOUR, EDITOR_LEVEL, PLAIN, editor_on, render_editor, rows, text_and_looks,
};

fn render(editor: &EditorApp) -> Buffer {
    render_editor(editor, 80, 24)
}

fn text(editor: &EditorApp) -> String {
    rows(&render(editor)).join("\n")
}

fn colour_code(color: Color) -> char {
    match color {
        Color::Reset => '.',
        Color::Blue => 'B',
        Color::LightRed => 'r',
        Color::Red => 'R',
        Color::Yellow => 'Y',
        Color::LightGreen => 'g',
        Color::LightCyan => 'c',
        Color::Cyan => 'C',
        Color::LightMagenta => 'm',
        Color::White => 'W',
        Color::DarkGray => 'd',
        _ => '?',
    }
}

/// The screen's text, then a map of its colours (or, without colour, of reverse and bold).
fn snapshot(editor: &EditorApp, color: bool) -> String {
    let buf = render(editor);
    text_and_looks(&buf, "----", |cell| {
        if cell.modifier.contains(Modifier::REVERSED) {
            '#'
        } else if color {
            colour_code(cell.fg)
        } else if cell.modifier.contains(Modifier::BOLD) {
            'b'
        } else {
            '.'
        }
    })
}

fn check(name: &str, actual: &str) {
    insta::with_settings!({ omit_expression => true }, {
        insta::assert_snapshot!(name, actual);
    });
}

fn key(editor: &mut EditorApp, code: KeyCode) {
    editor.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn ctrl(editor: &mut EditorApp, c: char) {
    editor.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

fn typed(editor: &mut EditorApp, keys: &str) {
    for c in keys.chars() {
        key(editor, KeyCode::Char(c));
    }
}

#[test]
fn the_editor_at_80_by_24_in_colour_no_colour_and_ascii() {
    for (name, theme, color) in [
        ("editor_colour", COLOUR, true),
        ("editor_no_colour", PLAIN, false),
        ("editor_ascii", ASCII, false),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut editor = editor_on(dir.path(), EDITOR_LEVEL, theme);
        editor.finish_proof();
        check(name, &snapshot(&editor, color));
    }
}

#[test]
fn the_proof_says_solvable_with_the_proven_fewest_pushes() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    editor.finish_proof();
    match editor.status() {
        Some(Status::Solvable {
            solution,
            optimum: Optimum::Proven { layouts },
        }) => {
            assert_eq!(solution.counters.pushes, 1);
            assert!(*layouts > 0);
        }
        other => panic!("{other:?}"),
    }
    let screen = text(&editor);
    assert!(
        screen.contains("solvable: 1 push (proven fewest), "),
        "{screen}"
    );
    assert!(screen.contains("; difficulty "), "{screen}");
}

#[test]
fn a_box_drawn_into_a_corner_has_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), "#####\n#@  #\n# $.#\n#####\n", PLAIN);
    editor.finish_proof();
    assert!(text(&editor).contains("solvable: 1 push"));
    // Up to the box's row, right to the corner: the box goes there, and then it is lost.
    typed(&mut editor, "jlx");
    typed(&mut editor, "kl$");
    editor.finish_proof();
    assert_eq!(editor.status(), Some(&Status::NoSolution));
    assert!(text(&editor).contains("no solution"), "{}", text(&editor));
}

#[test]
fn what_check_says_is_on_the_status_line_with_the_cell_marked() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    // From the player to the room's right wall, and open it.
    typed(&mut editor, "lllll");
    typed(&mut editor, "x");
    check("editor_check_error", &snapshot(&editor, false));
    assert!(
        editor.status().is_none(),
        "no proof of a board that does not load"
    );
}

#[test]
fn each_key_edits_and_u_and_ctrl_r_take_it_back_and_bring_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    let before = editor.editor().sketch().clone();
    typed(&mut editor, "h$rcj}]");
    let drawn = editor.editor().sketch().clone();
    assert_eq!((drawn.width(), drawn.height()), (11, 7));
    for _ in 0..5 {
        typed(&mut editor, "u");
    }
    assert_eq!(editor.editor().sketch(), &before);
    for _ in 0..5 {
        ctrl(&mut editor, 'r');
    }
    assert_eq!(editor.editor().sketch(), &drawn);
    typed(&mut editor, "z");
    assert!(
        text(&editor).contains("`z` is no level character"),
        "{}",
        text(&editor)
    );
}

#[test]
fn the_settings_form_sets_shots_and_the_spinner_under_the_cursor() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    // From the player (3,2) to the hub (7,3).
    typed(&mut editor, "jllll");
    editor.finish_proof();
    typed(&mut editor, "s");
    check("editor_settings_form", &snapshot(&editor, false));
    key(&mut editor, KeyCode::Backspace);
    typed(&mut editor, "5");
    key(&mut editor, KeyCode::Tab);
    typed(&mut editor, "x");
    key(&mut editor, KeyCode::Enter);
    assert!(
        text(&editor).contains("is not a number"),
        "{}",
        text(&editor)
    );
    key(&mut editor, KeyCode::Backspace);
    key(&mut editor, KeyCode::Enter);
    let sketch = editor.editor().sketch();
    assert_eq!(sketch.shots, Some(5));
    assert!(
        sketch
            .text()
            .contains("Spinner: 7,3 length=2.5 speed=90 angle=0\nShots: 5\n")
    );
}

#[test]
fn ctrl_s_saves_and_quitting_with_changes_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    typed(&mut editor, "m");
    for _ in 0.."First Bank".len() {
        key(&mut editor, KeyCode::Backspace);
    }
    typed(&mut editor, "Second Bank");
    key(&mut editor, KeyCode::Enter);
    typed(&mut editor, "q");
    assert!(!editor.should_quit());
    assert!(text(&editor).contains("unsaved changes: y saves and quits"));
    typed(&mut editor, "k");
    assert!(!editor.should_quit(), "any other key stays");
    ctrl(&mut editor, 's');
    assert!(
        text(&editor).contains("saved level 1 to "),
        "{}",
        text(&editor)
    );
    let saved = std::fs::read_to_string(dir.path().join("pack.xsb")).unwrap();
    assert!(saved.contains("Title: Second Bank\n"), "{saved}");
    typed(&mut editor, "q");
    assert!(editor.should_quit(), "nothing unsaved: q quits at once");
}

#[test]
fn undoing_back_to_the_board_as_saved_clears_not_saved_and_q_quits_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    typed(&mut editor, "l$");
    assert!(text(&editor).contains("(not saved)"), "{}", text(&editor));
    typed(&mut editor, "u");
    assert!(!text(&editor).contains("(not saved)"), "{}", text(&editor));
    typed(&mut editor, "l.");
    ctrl(&mut editor, 's');
    assert!(!text(&editor).contains("(not saved)"), "{}", text(&editor));
    typed(&mut editor, "u");
    assert!(
        text(&editor).contains("(not saved)"),
        "undone past the save"
    );
    ctrl(&mut editor, 'r');
    assert!(!text(&editor).contains("(not saved)"), "{}", text(&editor));
    typed(&mut editor, "q");
    assert!(
        editor.should_quit(),
        "back at the board as saved: q quits at once"
    );
}

#[test]
fn a_file_changed_on_disk_asks_before_it_is_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    let path = dir.path().join("pack.xsb");
    std::fs::write(&path, format!("{EDITOR_LEVEL}\n; changed elsewhere\n")).unwrap();
    typed(&mut editor, "x");
    ctrl(&mut editor, 's');
    assert!(text(&editor).contains("changed on disk since it was opened: y overwrites it"));
    typed(&mut editor, "n");
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("changed elsewhere")
    );
    ctrl(&mut editor, 's');
    typed(&mut editor, "y");
    assert!(
        !std::fs::read_to_string(&path)
            .unwrap()
            .contains("changed elsewhere")
    );
}

#[test]
fn try_it_plays_the_level_and_comes_back_with_the_board_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    let before = editor.editor().sketch().clone();
    typed(&mut editor, "t");
    assert!(editor.is_trying());
    assert!(
        text(&editor).contains("trying the level"),
        "{}",
        text(&editor)
    );
    // Steps in the game move the player there, not here.
    typed(&mut editor, "hj");
    typed(&mut editor, "e");
    assert!(!editor.is_trying());
    assert_eq!(editor.editor().sketch(), &before);
    assert!(text(&editor).contains("back to the editor"));
    typed(&mut editor, "tq");
    assert!(!editor.is_trying(), "q comes back too");
    assert!(!editor.should_quit());
}

#[test]
fn the_mouse_paints_one_stroke_as_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    render(&editor);
    let before = editor.editor().sketch().clone();
    typed(&mut editor, "#");
    let after_key = editor.editor().sketch().clone();
    let screen = rows(&render(&editor));
    // The board's top-left cell on screen: the first wall of the first board row.
    let (row, col) = screen
        .iter()
        .enumerate()
        .find_map(|(y, line)| line.find("██").map(|x| (y, x)))
        .unwrap();
    let col = line_columns(&screen[row], col);
    let mouse = |kind, column: u16| MouseEvent {
        kind,
        column,
        row: row as u16 + 1,
        modifiers: KeyModifiers::NONE,
    };
    editor.handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), col + 2));
    editor.handle_mouse(mouse(MouseEventKind::Drag(MouseButton::Left), col + 4));
    editor.handle_mouse(mouse(MouseEventKind::Drag(MouseButton::Left), col + 6));
    editor.handle_mouse(mouse(MouseEventKind::Up(MouseButton::Left), col + 6));
    let painted = editor.editor().sketch();
    assert_eq!(painted.rows().nth(1), Some("####  E #"));
    typed(&mut editor, "u");
    assert_eq!(editor.editor().sketch(), &after_key, "one stroke, one step");
    typed(&mut editor, "u");
    assert_eq!(editor.editor().sketch(), &before);
}

/// The terminal column of byte `at` in `line` (the glyphs are wider than a byte).
fn line_columns(line: &str, at: usize) -> u16 {
    line[..at].chars().count() as u16
}

#[test]
fn a_paste_of_a_level_replaces_the_board_and_garbage_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    editor.paste("hello\u{1b}[2J there");
    assert!(
        text(&editor).contains("the paste is not a level"),
        "{}",
        text(&editor)
    );
    editor.paste("#####\n#@$.#\n#####\n");
    assert_eq!(editor.editor().sketch().rows().nth(1), Some("#@$.#"));
    typed(&mut editor, "u");
    assert_eq!(editor.editor().sketch().width(), 9);
}

#[test]
fn the_help_lists_the_keys_that_are_no_level_character() {
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    editor.finish_proof();
    typed(&mut editor, "?");
    check("editor_help", &snapshot(&editor, false));
    key(&mut editor, KeyCode::Esc);
    assert!(!text(&editor).contains("Editor keys"));
}

#[test]
fn a_new_file_is_one_small_walled_room() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.xsb");
    let editor = EditorApp::new(open(&path, None).unwrap(), PLAIN);
    let screen = text(&editor);
    assert!(screen.contains("new.xsb is a new file"), "{screen}");
    assert!(screen.contains("check: nothing to do"), "{screen}");
    assert!(
        !screen.contains("check at"),
        "about the level, not a cell: {screen}"
    );
    assert_eq!(
        editor.editor().cursor(),
        sokoshot_core::level::Pos::new(1, 1),
        "on the player"
    );
}

#[test]
fn e_in_the_game_opens_the_level_in_play_and_quitting_comes_back() {
    let mut game = crate::support::app(EDITOR_LEVEL, PLAIN);
    crate::support::press(&mut game, "e");
    let screen = crate::support::screen(&game, 80, 24);
    assert!(screen.contains("the editor runs in local play"), "{screen}");
    game.allow_editing();
    crate::support::press(&mut game, "e");
    let screen = crate::support::screen(&game, 80, 24);
    assert!(screen.contains("Editing "), "{screen}");
    assert!(screen.contains("a copy of built-in level 1"), "{screen}");
    crate::support::press(&mut game, "x");
    crate::support::press(&mut game, "q");
    assert!(crate::support::screen(&game, 80, 24).contains("unsaved changes"));
    crate::support::press(&mut game, "n");
    let screen = crate::support::screen(&game, 80, 24);
    assert!(screen.contains("back from the editor"), "{screen}");
    assert!(!game.should_quit());
}

/// Keys typed and a stroke dragged start no proof while they come; the proof of the board
/// as drawn starts once, when the drawing settles (the time is passed in).
#[test]
fn a_run_of_keys_and_a_drag_start_one_proof() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let mut editor = editor_on(dir.path(), EDITOR_LEVEL, PLAIN);
    let later = || Instant::now() + Duration::from_secs(3600);
    editor.tick_at(later());
    assert_eq!(editor.proofs_started(), 1, "the board as opened");
    editor.finish_proof();
    // Twelve edits in a row beside the player: a wall and back, six times.
    typed(&mut editor, "l");
    for _ in 0..6 {
        typed(&mut editor, "#x");
    }
    assert_eq!(editor.proofs_started(), 1, "nothing starts while keys come");
    assert!(text(&editor).contains("drawing…"), "{}", text(&editor));
    editor.tick_at(later());
    assert_eq!(editor.proofs_started(), 2, "one proof for the run");
    editor.finish_proof();
    // A drag over several cells, ticking between its events.
    let screen = rows(&render(&editor));
    let (row, col) = screen
        .iter()
        .enumerate()
        .find_map(|(y, line)| line.find("██").map(|x| (y, x)))
        .unwrap();
    let col = line_columns(&screen[row], col);
    let mouse = |kind, column: u16| MouseEvent {
        kind,
        column,
        row: row as u16 + 1,
        modifiers: KeyModifiers::NONE,
    };
    editor.handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), col + 2));
    for x in [4, 6, 8, 10] {
        editor.tick_at(later());
        editor.handle_mouse(mouse(MouseEventKind::Drag(MouseButton::Left), col + x));
    }
    editor.tick_at(later());
    assert_eq!(editor.proofs_started(), 2, "none while the stroke is held");
    editor.handle_mouse(mouse(MouseEventKind::Up(MouseButton::Left), col + 10));
    editor.tick_at(later());
    assert_eq!(editor.proofs_started(), 3, "one for the stroke");
    assert!(editor.proof_threads() <= 1);
    editor.finish_proof();
}

/// A new level for a store (what the SSH menu's "Make a level" opens) is saved into the
/// player's own levels; without a store it is saved nowhere and says why.
#[test]
fn a_new_level_for_a_store_is_kept_in_the_players_levels_and_a_guests_is_not() {
    use sokoshot_core::edit::proof::Budget;
    use sokoshot_core::store::progress::SaveFile;
    use sokoshot_core::store::saves::Saves;
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SaveFile::at(dir.path().join("progress.txt")));
    let saves: Arc<dyn Saves> = store.clone();
    let mut editor = EditorApp::new_level(Some(saves), "", PLAIN, Budget::default());
    let screen = text(&editor);
    assert!(
        screen.contains("Editing a new level of yours, 7 × 5"),
        "{screen}"
    );
    assert!(
        screen.contains("Ctrl-s keeps it in your levels"),
        "{screen}"
    );
    assert!(editor.file().is_none());
    typed(&mut editor, "jll$l.");
    editor.finish_proof();
    assert!(text(&editor).contains("solvable: 1 push (proven fewest)"));
    ctrl(&mut editor, 's');
    let screen = text(&editor);
    assert!(
        screen.contains("saved as level 1 of your levels"),
        "{screen}"
    );
    assert!(screen.contains("Editing your levels, level 1"), "{screen}");
    let kept = store.pasted();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        Some(&kept[0].board_text()),
        editor
            .editor()
            .sketch()
            .check()
            .level
            .map(|l| l.board_text())
            .as_ref()
    );
    let why = "a guest's levels are not kept: connect with an SSH key";
    let mut guest = EditorApp::new_level(None, why, PLAIN, Budget::default());
    typed(&mut guest, "jll$l.");
    ctrl(&mut guest, 's');
    let screen = text(&guest);
    assert!(screen.contains(&format!("not saved: {why}")), "{screen}");
    assert!(
        screen.contains("Editing a new level (not kept)"),
        "{screen}"
    );
}
