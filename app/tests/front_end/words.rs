//! The words more than one screen says come from one module ([`sokoshot::words`], the core's
//! words): these tests draw each screen that names a piece, a key or a counter and find the
//! module's words there, and read the source for any screen or message that spells one of
//! those words itself (and would drift from the others).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sokoshot::tui::keys::ROWS;
use sokoshot::words::{Piece, check, keys, session, status};
use sokoshot_core::level::parse_pack;

use super::support::{PLAIN, app, press, rows, screen};
use super::tui_view::EVERYTHING;

/// One push to solve it.
const ONE_PUSH: &str = "\
Title: One push
#####
#@$.#
#####
";

/// The names the legend gives after each glyph (a glyph is two columns, then a space; the
/// entries are three spaces apart).
fn legend_names(shown: &[String]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for row in shown {
        let inner = row.trim_matches(|c: char| c == '│' || c.is_whitespace());
        for entry in inner.split("   ") {
            let entry: String = entry.trim().chars().skip(3).collect();
            names.insert(entry);
        }
    }
    names
}

#[test]
fn the_help_legend_names_each_piece_as_the_words_module_does() {
    let mut app = app(EVERYTHING, PLAIN);
    press(&mut app, "?");
    let shown = rows(&super::support::render(&app, 80, 40));
    let names = legend_names(&shown);
    let drawn = [
        Piece::Wall,
        Piece::Goal,
        Piece::Box,
        Piece::BoxOnGoal,
        Piece::Enemy,
        Piece::Slope,
        Piece::Hub,
        Piece::Covered,
    ];
    for piece in drawn {
        assert!(names.contains(piece.name()), "{piece:?}: {names:#?}");
    }
    assert!(
        names.contains(&format!("its {}", Piece::Bar)),
        "the bar: {names:#?}"
    );
}

#[test]
fn the_editor_palette_and_the_checker_name_pieces_as_the_words_module_does() {
    for (c, name) in sokoshot_core::edit::PALETTE {
        assert!(
            Piece::ALL.iter().any(|piece| piece.name() == name),
            "`{c}` is called {name:?}, which names no piece"
        );
    }
    let report = parse_pack("#####\n#@$ #\n#####\n");
    let text: Vec<String> = report.diagnostics().iter().map(|d| d.to_string()).collect();
    let want = format!("{} but {}", Piece::Box.count(1), Piece::Goal.count(0));
    assert!(text.iter().any(|t| t.contains(&want)), "{text:#?}");
    let hub = parse_pack("######\n#@$. #\n######\nSpinner: 0,0 length=1\n");
    let text: Vec<String> = hub.diagnostics().iter().map(|d| d.to_string()).collect();
    let want = format!("that cell is {}", Piece::Wall.a());
    assert!(text.iter().any(|t| t.contains(&want)), "{text:#?}");
}

#[test]
fn the_status_line_and_the_solved_panel_give_the_counters_in_the_same_words() {
    let mut app = app(ONE_PUSH, PLAIN);
    let before = screen(&app, 64, 10);
    let first = before.lines().next().expect("a status line");
    assert!(first.contains(&status::counters(0, 0, 0)), "{before}");
    press(&mut app, "l");
    let after = screen(&app, 64, 12);
    let counters = status::counters(1, 1, 0);
    assert_eq!(
        after.matches(&counters).count(),
        2,
        "the status line and the panel: {after}"
    );
    assert!(after.contains(&status::best(1, 1)), "{after}");
}

/// Whether `token`, a word of a help row's key column, names a key as [`keys`] does: a
/// character, a named key, Ctrl or Shift with one, or a count typed before a key (`5l`).
fn named_as_words_does(token: &str) -> bool {
    let named = |name: &str| name.chars().count() == 1 || keys::NAMED.contains(&name);
    let count = token.trim_start_matches(|c: char| c.is_ascii_digit());
    named(token)
        || token
            .strip_prefix("Ctrl-")
            .is_some_and(|c| c.chars().count() == 1)
        || token
            .strip_prefix("Shift+")
            .is_some_and(|key| named(key) || key == "arrow")
        || (count.len() < token.len() && count.chars().count() == 1)
        || token == "click"
}

#[test]
fn the_help_and_the_hint_lines_name_keys_as_the_words_module_does() {
    for row in ROWS {
        for token in row.keys.split_whitespace() {
            assert!(named_as_words_does(token), "`{token}` in {:?}", row.keys);
        }
        for binding in row.map {
            let name = binding.key.to_string();
            assert!(
                named_as_words_does(&name),
                "{:?} is named {name:?}",
                binding.key
            );
        }
    }
    let pieces: Vec<String> = ROWS
        .iter()
        .flat_map(|row| row.map)
        .map(|binding| binding.key.to_string())
        .collect();
    for name in [
        keys::ESC,
        keys::ENTER,
        keys::SPACE,
        keys::TAB,
        &keys::ctrl('r'),
    ] {
        assert!(pieces.iter().any(|p| p == name), "no key is named {name}");
    }
}

#[test]
fn the_terminal_and_the_server_tell_a_guest_and_a_lost_save_in_the_same_words() {
    use sokoshot::serve::menu::{Look, Menu};
    let look = Look {
        color: false,
        ascii: false,
        mouse: false,
    };
    let mut guest = Menu::new(&["Built-in".to_owned()], look, None);
    let shown = menu_text(&guest);
    assert!(
        shown.contains(&session::sentence(session::GUEST)),
        "{shown}"
    );
    guest.not_kept("all 3 places are held");
    let shown = menu_text(&guest);
    assert!(
        shown.contains(&session::progress_not_kept("all 3 places are held")),
        "{shown}"
    );
}

/// The server's menu drawn on an 80 × 24 screen, as text.
fn menu_text(menu: &sokoshot::serve::menu::Menu) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(menu, frame.area()))
        .expect("drawn");
    rows(terminal.backend().buffer()).join("\n")
}

#[test]
fn the_checker_names_a_level_and_a_warning_as_the_words_module_does() {
    let report = parse_pack("Title: T\n#####\n#@$.#\n#####\nColour: red\n");
    let text: Vec<String> = report.diagnostics().iter().map(|d| d.to_string()).collect();
    let level = check::level(1, Some("T"));
    let warning = check::warning("unknown setting `Colour:`");
    assert!(
        text.iter()
            .any(|t| t.contains(&format!("{level}: {warning}"))),
        "{text:#?}"
    );
}

/// Parts of literals that spell what the words module names in a sentence: a status
/// label, a session message, the checker's wording, a key with a modifier.
const SPELLED: &[&str] = &[
    "Moves {",
    "Pushes {",
    "Shots {",
    " left)",
    "(no limit)",
    "best {}/",
    "warning: ",
    "level {} \\",
    "more in this",
    "progress is not kept",
    "progress is not saved",
    "playing as a guest",
    "terminal too small",
    "Ctrl-{",
    "Shift+{",
];

/// The source files of the app and the core, less the words module itself, and less the
/// lab's and the solver's (each with its own vocabulary: the lab's own keys, the solver's
/// deadlock reasons).
fn sources() -> Vec<PathBuf> {
    let app = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs = vec![app.join("src"), app.join("../core/src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("source folder").flatten() {
            let path = entry.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if !matches!(name, "words" | "lab" | "solve" | "lab_view") {
                    dirs.push(path);
                }
            } else if name.ends_with(".rs")
                && !matches!(name, "words.rs" | "lab.rs" | "lab_view.rs" | "solve.rs")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The string literals of `text` before its tests, with the line each starts on: a small
/// reader of Rust's tokens that skips comments, character literals and lifetimes, and
/// reads escapes and raw strings.
fn literals(text: &str) -> Vec<(usize, String)> {
    let code: Vec<char> = text
        .split("#[cfg(test)]")
        .next()
        .unwrap_or("")
        .chars()
        .collect();
    let mut found = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < code.len() {
        match code[i] {
            '\n' => line += 1,
            '/' if code.get(i + 1) == Some(&'/') => {
                while i < code.len() && code[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '\'' if code.get(i + 1) == Some(&'\\') => {
                i += 2;
                while i < code.len() && code[i] != '\'' {
                    i += 1;
                }
            }
            '\'' if code.get(i + 2) == Some(&'\'') => i += 2,
            'r' if matches!(code.get(i + 1), Some('"' | '#'))
                && (i == 0 || !code[i - 1].is_alphanumeric()) =>
            {
                let hashes = code[i + 1..].iter().take_while(|&&c| c == '#').count();
                let open = i + 1 + hashes;
                if code.get(open) == Some(&'"') {
                    let close: String = std::iter::once('"')
                        .chain(std::iter::repeat_n('#', hashes))
                        .collect();
                    let rest: String = code[open + 1..].iter().collect();
                    let end = rest.find(&close).unwrap_or(rest.len());
                    let literal = &rest[..end];
                    found.push((line, literal.to_owned()));
                    line += literal.matches('\n').count();
                    i = open + 1 + literal.chars().count() + close.chars().count();
                    continue;
                }
            }
            '"' => {
                let start = line;
                let mut literal = String::new();
                i += 1;
                while i < code.len() && code[i] != '"' {
                    if code[i] == '\\' {
                        literal.push('\\');
                        i += 1;
                    }
                    if let Some(&c) = code.get(i) {
                        line += usize::from(c == '\n');
                        literal.push(c);
                    }
                    i += 1;
                }
                found.push((start, literal));
            }
            _ => {}
        }
        i += 1;
    }
    found
}

#[test]
fn the_literal_reader_finds_strings_and_only_strings() {
    let text = "let a = \"one \\\"two\\\"\"; // \"comment\"\nlet b = '\"'; let c: &'a str = r#\"raw \"x\"\"#;\nlet d = \"two\nlines\";\n#[cfg(test)]\nlet e = \"test\";";
    let want = vec![
        (1, "one \\\"two\\\"".to_owned()),
        (2, "raw \"x\"".to_owned()),
        (3, "two\nlines".to_owned()),
    ];
    assert_eq!(literals(text), want);
}

#[test]
fn no_screen_or_message_spells_the_words_the_words_module_names() {
    let mut whole: Vec<&str> = Piece::ALL.iter().map(|piece| piece.name()).collect();
    // "player" is also a person playing (the server's players): not only the piece.
    whole.retain(|name| *name != Piece::Player.name());
    whole.extend(keys::NAMED);
    whole.push(session::PROGRESS_SAVED);
    let mut spelled = Vec::new();
    for path in sources() {
        let text = std::fs::read_to_string(&path).expect("source");
        for (line, literal) in literals(&text) {
            if whole.contains(&literal.as_str()) || SPELLED.iter().any(|s| literal.contains(s)) {
                spelled.push(format!("{}:{line}: {literal:?}", path.display()));
            }
        }
    }
    assert!(
        spelled.is_empty(),
        "take these from sokoshot_core::words:\n{}",
        spelled.join("\n")
    );
}
