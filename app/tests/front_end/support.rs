//! Helpers shared by the front-end tests: an app over levels given as text, keys, and the
//! text of a rendered screen.

#![allow(dead_code)]

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};
use sokoshot::tui::app::{App, Place};
use sokoshot::tui::editor::EditorApp;
use sokoshot::tui::theme::Theme;
use sokoshot_core::edit::open;
use sokoshot_core::level::parse_pack;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::Progress;

/// Unicode glyphs, no colour: what the snapshots compare.
pub const PLAIN: Theme = Theme {
    ascii: false,
    color: false,
};

/// Unicode glyphs in colour.
pub const COLOUR: Theme = Theme {
    ascii: false,
    color: true,
};

/// ASCII only, no colour.
pub const ASCII: Theme = Theme {
    ascii: true,
    color: false,
};

/// A level for the editor's tests: a box, a slope, an enemy and a spinner, with a title and
/// shots.
pub const EDITOR_LEVEL: &str = "\
#########
#  F  E #
#  @    #
# $.   %#
#########
Title: First Bank
Spinner: 7,3 length=2.5 speed=90 angle=0
Shots: 3
";

/// The levels of a pack text, which must read cleanly.
pub fn levels(text: &str) -> Vec<sokoshot_core::level::Level> {
    let pack = parse_pack(text)
        .into_pack()
        .expect("test levels read cleanly");
    pack.levels
}

/// An app over one pack named `Test`, at its first level, with no saved progress.
pub fn app(text: &str, theme: Theme) -> App {
    App::new(
        vec![Collection::built_in("Test", "Tester", levels(text))],
        Place { pack: 0, level: 0 },
        Progress::default(),
        None,
        theme,
    )
    .expect("a playable level")
}

/// Presses each key of `keys` (letters as typed; `~` stands for Esc).
pub fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = if c == '~' {
            KeyCode::Esc
        } else {
            KeyCode::Char(c)
        };
        let modifiers = if c.is_ascii_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        app.handle_key(KeyEvent::new(code, modifiers));
    }
}

/// Presses one key with its code.
pub fn press_code(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Renders the app on a `width × height` screen.
pub fn render(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("drawn");
    terminal.backend().buffer().clone()
}

/// The text of each row of a buffer, trailing blanks removed.
pub fn rows(buffer: &Buffer) -> Vec<String> {
    let width = usize::from(buffer.area.width);
    buffer
        .content()
        .chunks(width)
        .map(|row| {
            let line: String = row.iter().map(|cell| cell.symbol()).collect();
            line.trim_end().to_owned()
        })
        .collect()
}

/// A rendered screen as a snapshot reads it: its text (trailing blanks removed), the line
/// `separator`, then one letter per cell from `look` (trailing `.` removed), so that a change
/// of look shows as a diff.
pub fn text_and_looks(buffer: &Buffer, separator: &str, look: impl Fn(&Cell) -> char) -> String {
    let width = usize::from(buffer.area.width);
    let looks = buffer.content().chunks(width).map(|row| {
        let line: String = row.iter().map(&look).collect();
        line.trim_end_matches('.').to_owned()
    });
    let lines: Vec<String> = rows(buffer)
        .into_iter()
        .chain([separator.to_owned()])
        .chain(looks)
        .collect();
    lines.join("\n") + "\n"
}

/// One letter per colour, the one table of the snapshots' looks: `.` for the default, `?`
/// for a colour no view uses yet.
pub fn colour_letter(color: Color) -> char {
    match color {
        Color::Reset => '.',
        Color::LightRed => 'R',
        Color::Red => 'r',
        Color::LightGreen => 'G',
        Color::LightBlue => 'B',
        Color::LightMagenta => 'M',
        Color::Yellow => 'Y',
        Color::LightYellow => 'y',
        Color::Cyan => 'C',
        Color::White => 'W',
        Color::Gray => 'g',
        Color::DarkGray => 'd',
        _ => '?',
    }
}

/// One letter per style without colour, the first that applies: `u` underlined, `r`
/// reversed, `b` bold, `d` dim, `.` plain.
pub fn style_letter(modifier: Modifier) -> char {
    if modifier.contains(Modifier::UNDERLINED) {
        'u'
    } else if modifier.contains(Modifier::REVERSED) {
        'r'
    } else if modifier.contains(Modifier::BOLD) {
        'b'
    } else if modifier.contains(Modifier::DIM) {
        'd'
    } else {
        '.'
    }
}

/// The whole screen as text, one row per line, trailing blanks removed.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    rows(&render(app, width, height)).join("\n")
}

/// The editor on `text`, written as `pack.xsb` in `dir`, at its first level.
pub fn editor_on(dir: &std::path::Path, text: &str, theme: Theme) -> EditorApp {
    let path = dir.join("pack.xsb");
    std::fs::write(&path, text).unwrap();
    EditorApp::new(open(&path, Some(1)).unwrap(), theme)
}

/// The editor drawn at `width` × `height`.
pub fn render_editor(editor: &EditorApp, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(editor, frame.area()))
        .unwrap();
    terminal.backend().buffer().clone()
}
