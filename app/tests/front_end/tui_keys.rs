//! The key map as a table: every key the help lists, in every mode, and the keys that must
//! mean nothing; and the key table against the help it writes: every key the map answers is
//! on a row the help shows, and every row the help shows does what it says.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use sokoshot::tui::keys::{Action, Count, Key, Mode, ROWS, Row, action, hint_keys};
use sokoshot::tui::terminal::Input;
use sokoshot::tui::theme::Theme;
use sokoshot::tui::view::help::Help;
use sokoshot_core::game::{Command, Dir};

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ch(c: char) -> KeyEvent {
    // Terminals report upper-case letters with Shift held.
    let modifiers = if c.is_ascii_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    KeyEvent::new(KeyCode::Char(c), modifiers)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn shift(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::SHIFT)
}

fn play(command: Command) -> Option<Action> {
    Some(Action::Play(command))
}

#[test]
fn keys_while_playing() {
    use Dir::{Down, Left, Right, Up};
    let cases = [
        ("h steps left", ch('h'), play(Command::Step(Left))),
        ("j steps down", ch('j'), play(Command::Step(Down))),
        ("k steps up", ch('k'), play(Command::Step(Up))),
        ("l steps right", ch('l'), play(Command::Step(Right))),
        ("left arrow", key(KeyCode::Left), play(Command::Step(Left))),
        ("down arrow", key(KeyCode::Down), play(Command::Step(Down))),
        ("up arrow", key(KeyCode::Up), play(Command::Step(Up))),
        (
            "right arrow",
            key(KeyCode::Right),
            play(Command::Step(Right)),
        ),
        ("H runs left", ch('H'), play(Command::Run(Left))),
        ("J runs down", ch('J'), play(Command::Run(Down))),
        ("K runs up", ch('K'), play(Command::Run(Up))),
        ("L runs right", ch('L'), play(Command::Run(Right))),
        (
            "shift left arrow runs",
            shift(KeyCode::Left),
            play(Command::Run(Left)),
        ),
        (
            "shift up arrow runs",
            shift(KeyCode::Up),
            play(Command::Run(Up)),
        ),
        ("space fires", ch(' '), play(Command::Fire)),
        ("u undoes", ch('u'), play(Command::Undo)),
        ("ctrl-r redoes", ctrl('r'), play(Command::Redo)),
        ("r restarts", ch('r'), play(Command::Restart)),
        ("n next level", ch('n'), Some(Action::NextLevel)),
        ("p previous level", ch('p'), Some(Action::PreviousLevel)),
        ("g level list", ch('g'), Some(Action::LevelList)),
        ("? help", ch('?'), Some(Action::Help)),
        ("q quits", ch('q'), Some(Action::Quit)),
        ("ctrl-c quits", ctrl('c'), Some(Action::Quit)),
        ("esc closes", key(KeyCode::Esc), Some(Action::Close)),
        ("5 is a count digit", ch('5'), Some(Action::Digit(5))),
        ("0 is a count digit", ch('0'), Some(Action::Digit(0))),
        ("x means nothing", ch('x'), None),
        ("ctrl-h means nothing", ctrl('h'), None),
        ("enter means nothing", key(KeyCode::Enter), None),
        ("tab means nothing", key(KeyCode::Tab), None),
    ];
    for (name, key, want) in cases {
        assert_eq!(action(Mode::Playing, key), want, "{name}");
    }
}

#[test]
fn keys_on_the_solved_panel() {
    let cases = [
        ("n next level", ch('n'), Some(Action::NextLevel)),
        (
            "enter next level",
            key(KeyCode::Enter),
            Some(Action::NextLevel),
        ),
        ("space next level", ch(' '), Some(Action::NextLevel)),
        ("u undoes", ch('u'), play(Command::Undo)),
        ("r restarts", ch('r'), play(Command::Restart)),
        ("p previous level", ch('p'), Some(Action::PreviousLevel)),
        ("g level list", ch('g'), Some(Action::LevelList)),
        ("? help", ch('?'), Some(Action::Help)),
        (
            "esc hides the panel",
            key(KeyCode::Esc),
            Some(Action::Close),
        ),
        ("q quits", ch('q'), Some(Action::Quit)),
        ("steps do nothing", ch('l'), None),
        ("ctrl-r does nothing", ctrl('r'), None),
    ];
    for (name, key, want) in cases {
        assert_eq!(action(Mode::Solved, key), want, "{name}");
    }
}

#[test]
fn keys_in_the_help_overlay() {
    let cases = [
        ("? closes", ch('?'), Some(Action::Close)),
        ("esc closes", key(KeyCode::Esc), Some(Action::Close)),
        ("enter closes", key(KeyCode::Enter), Some(Action::Close)),
        ("q quits", ch('q'), Some(Action::Quit)),
        ("ctrl-c quits", ctrl('c'), Some(Action::Quit)),
        ("steps do nothing", ch('h'), None),
        ("fire does nothing", ch(' '), None),
    ];
    for (name, key, want) in cases {
        assert_eq!(action(Mode::Help, key), want, "{name}");
    }
}

#[test]
fn keys_in_the_level_list() {
    let cases = [
        ("k up", ch('k'), Some(Action::Up)),
        ("up arrow", key(KeyCode::Up), Some(Action::Up)),
        ("j down", ch('j'), Some(Action::Down)),
        ("down arrow", key(KeyCode::Down), Some(Action::Down)),
        ("page up", key(KeyCode::PageUp), Some(Action::PageUp)),
        ("page down", key(KeyCode::PageDown), Some(Action::PageDown)),
        ("home", key(KeyCode::Home), Some(Action::First)),
        ("end", key(KeyCode::End), Some(Action::Last)),
        ("G last", ch('G'), Some(Action::Last)),
        ("enter plays", key(KeyCode::Enter), Some(Action::Choose)),
        ("l plays", ch('l'), Some(Action::Choose)),
        ("digits pick a number", ch('7'), Some(Action::Digit(7))),
        ("g closes the list", ch('g'), Some(Action::LevelList)),
        ("esc closes", key(KeyCode::Esc), Some(Action::Close)),
        ("q quits", ch('q'), Some(Action::Quit)),
        ("fire does nothing", ch('u'), None),
        ("f cycles the filters", ch('f'), Some(Action::Filter)),
        ("slash opens the search", ch('/'), Some(Action::Search)),
    ];
    for (name, key, want) in cases {
        assert_eq!(action(Mode::LevelList, key), want, "{name}");
    }
}

#[test]
fn keys_on_the_search_line() {
    // Letters are typed into the search before the table is asked, so the table binds none.
    let cases = [
        (
            "enter keeps the search",
            key(KeyCode::Enter),
            Some(Action::KeepSearch),
        ),
        (
            "backspace erases",
            key(KeyCode::Backspace),
            Some(Action::Erase),
        ),
        ("esc clears", key(KeyCode::Esc), Some(Action::Close)),
        ("arrows move", key(KeyCode::Down), Some(Action::Down)),
        ("page up", key(KeyCode::PageUp), Some(Action::PageUp)),
        ("ctrl-c quits", ctrl('c'), Some(Action::Quit)),
        ("q is typed", ch('q'), None),
        ("j is typed", ch('j'), None),
        ("f is typed", ch('f'), None),
        ("digits are typed", ch('7'), None),
    ];
    for (name, key, want) in cases {
        assert_eq!(action(Mode::Search, key), want, "{name}");
    }
}

#[test]
fn key_releases_mean_nothing_in_any_mode() {
    for mode in [Mode::Playing, Mode::Solved, Mode::Help, Mode::LevelList] {
        let mut release = ch('q');
        release.kind = KeyEventKind::Release;
        assert_eq!(action(mode, release), None, "{mode:?}");
        let mut repeat = ch('q');
        repeat.kind = KeyEventKind::Repeat;
        assert_eq!(action(mode, repeat), Some(Action::Quit), "{mode:?}");
    }
}

#[test]
fn counts_accumulate_digits_and_are_taken_once() {
    let cases: [(&str, &[u8], Option<u32>); 5] = [
        ("none", &[], None),
        ("one digit", &[5], Some(5)),
        ("two digits", &[1, 2], Some(12)),
        ("leading zero starts nothing", &[0], None),
        ("capped", &[9, 9, 9, 9, 9, 9], Some(Count::MAX)),
    ];
    for (name, digits, want) in cases {
        let mut count = Count::default();
        for &d in digits {
            count.push(d);
        }
        assert_eq!(count.pending(), want, "{name}");
        assert_eq!(count.take(), want.unwrap_or(1), "{name}: taken");
        assert_eq!(count.pending(), None, "{name}: gone once taken");
    }
}

#[test]
fn keys_while_watching() {
    use Dir::{Down, Left, Right, Up};
    let cases = [
        ("space pauses", ch(' '), Some(Action::PausePlayback)),
        (". steps", ch('.'), Some(Action::StepPlayback)),
        ("+ faster", ch('+'), Some(Action::Faster)),
        ("= faster", ch('='), Some(Action::Faster)),
        ("- slower", ch('-'), Some(Action::Slower)),
        ("esc stops", key(KeyCode::Esc), Some(Action::Close)),
        ("h takes over", ch('h'), play(Command::Step(Left))),
        ("j takes over", ch('j'), play(Command::Step(Down))),
        (
            "up arrow takes over",
            key(KeyCode::Up),
            play(Command::Step(Up)),
        ),
        (
            "shift right arrow steps, not runs",
            shift(KeyCode::Right),
            play(Command::Step(Right)),
        ),
        ("q quits", ch('q'), Some(Action::Quit)),
        ("H means nothing", ch('H'), None),
        ("? means nothing", ch('?'), None),
        ("w means nothing", ch('w'), None),
        ("u means nothing", ch('u'), None),
    ];
    for (name, key, want) in cases {
        assert_eq!(action(Mode::Watching, key), want, "{name}");
    }
}

#[test]
fn shift_and_ctrl_as_terminals_report_them() {
    let cases = [
        (
            "h reported with shift runs",
            Mode::Playing,
            KeyEvent::new(KeyCode::Char('h'), KeyModifiers::SHIFT),
            play(Command::Run(Dir::Left)),
        ),
        (
            "? reported with shift is ?",
            Mode::Playing,
            KeyEvent::new(KeyCode::Char('?'), KeyModifiers::SHIFT),
            Some(Action::Help),
        ),
        (
            "shift down arrow moves in the list",
            Mode::LevelList,
            shift(KeyCode::Down),
            Some(Action::Down),
        ),
        (
            "alt changes nothing",
            Mode::Playing,
            KeyEvent::new(KeyCode::Left, KeyModifiers::ALT),
            play(Command::Step(Dir::Left)),
        ),
        (
            "ctrl-c quits in the list",
            Mode::LevelList,
            ctrl('c'),
            Some(Action::Quit),
        ),
        ("ctrl-j is not j", Mode::Help, ctrl('j'), None),
        (
            "ctrl with an arrow is no arrow",
            Mode::LevelList,
            KeyEvent::new(KeyCode::Down, KeyModifiers::CONTROL),
            None,
        ),
    ];
    for (name, mode, key, want) in cases {
        assert_eq!(action(mode, key), want, "{name}");
    }
}

/// The key press a table key stands for, as a terminal reports it.
fn press(key: Key) -> KeyEvent {
    match key {
        Key::Char(c) => ch(c),
        Key::Ctrl(c) => ctrl(c),
        Key::Named(code) => self::key(code),
        Key::Shift(code) => shift(code),
    }
}

/// Every key press worth trying: printable characters, the named keys, with no modifier,
/// Shift, Ctrl or Alt.
fn every_key() -> Vec<KeyEvent> {
    let mut codes: Vec<KeyCode> = (b' '..=b'~')
        .map(|b| KeyCode::Char(char::from(b)))
        .collect();
    codes.extend([
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Backspace,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Delete,
        KeyCode::Insert,
        KeyCode::F(1),
    ]);
    let modifiers = [
        KeyModifiers::NONE,
        KeyModifiers::SHIFT,
        KeyModifiers::CONTROL,
        KeyModifiers::ALT,
    ];
    codes
        .into_iter()
        .flat_map(|code| modifiers.map(|m| KeyEvent::new(code, m)))
        .collect()
}

/// The help overlay's text, drawn where it has all the room it wants.
fn help_text() -> String {
    let area = Rect::new(0, 0, 160, 60);
    let mut buffer = Buffer::empty(area);
    let theme = Theme {
        ascii: false,
        color: false,
    };
    Help { theme, scroll: 0 }.render(area, &mut buffer);
    let rows = (0..area.height).map(|y| {
        (0..area.width)
            .map(|x| buffer[(x, y)].symbol())
            .collect::<String>()
    });
    rows.collect::<Vec<_>>().join("\n")
}

/// The rows that bind `action` in `mode`.
fn rows_doing(mode: Mode, action: Action) -> Vec<&'static Row> {
    ROWS.iter()
        .filter(|row| {
            row.map
                .iter()
                .any(|b| b.action == action && b.modes.contains(mode))
        })
        .collect()
}

#[test]
fn every_action_the_key_map_answers_is_on_a_row_the_help_shows() {
    let help = help_text();
    for mode in Mode::ALL {
        for key in every_key() {
            let Some(done) = action(mode, key) else {
                continue;
            };
            let rows = rows_doing(mode, done);
            assert!(!rows.is_empty(), "{mode:?} {key:?}: {done:?} is on no row");
            for row in rows {
                assert!(
                    help.contains(row.keys) && help.contains(row.help),
                    "{mode:?} {key:?}: the row `{}` is not in the help:\n{help}",
                    row.keys
                );
            }
        }
    }
}

#[test]
fn every_help_row_does_what_it_says() {
    for row in ROWS {
        assert!(!row.help.is_empty() && !row.keys.is_empty(), "{row:?}");
        for binding in row.map {
            for mode in Mode::ALL.into_iter().filter(|&m| binding.modes.contains(m)) {
                assert_eq!(
                    action(mode, press(binding.key)),
                    Some(binding.action),
                    "{mode:?}: `{}` of the row `{}`",
                    binding.key,
                    row.keys
                );
            }
        }
    }
    // The rows without bindings tell of input answered before the key map.
    let unbound: Vec<&str> = ROWS
        .iter()
        .filter(|row| row.map.is_empty())
        .map(|row| row.keys)
        .collect();
    assert_eq!(unbound, ["click", "Ctrl-z  Ctrl-\\"]);
    let typed = |c| Input::from_event(Event::Key(ctrl(c)));
    assert_eq!(typed('z'), Some(Input::Suspend));
    assert_eq!(typed('\\'), Some(Input::Quit));
}

/// Whether `name`, as a row of the help writes it, is a key `row` binds: a key's own name,
/// `Shift+arrow` for the four Shift arrows, a count such as `12j` (digits the row binds,
/// then a key that steps), or the `…` that ends a list of examples.
fn row_binds(row: &Row, name: &str) -> bool {
    let named = |name: &str| row.map.iter().any(|b| b.key.to_string() == name);
    let arrows = [KeyCode::Left, KeyCode::Down, KeyCode::Up, KeyCode::Right];
    match name {
        "…" => true,
        "Shift+arrow" => arrows
            .iter()
            .all(|&code| row.map.iter().any(|b| b.key == Key::Shift(code))),
        _ if name.starts_with(|c: char| c.is_ascii_digit()) && name.len() > 1 => {
            let (digits, then) =
                name.split_at(name.trim_end_matches(|c: char| !c.is_ascii_digit()).len());
            digits.chars().all(|d| named(&d.to_string()))
                && matches!(
                    action(Mode::Playing, ch(then.chars().next().unwrap_or(' '))),
                    Some(Action::Play(Command::Step(_)))
                )
        }
        _ => named(name),
    }
}

#[test]
fn every_key_a_help_row_names_is_bound_on_that_row() {
    for row in ROWS.iter().filter(|row| !row.map.is_empty()) {
        for name in row.keys.split_whitespace() {
            assert!(row_binds(row, name), "`{name}` of the row `{}`", row.keys);
        }
    }
}

#[test]
fn no_key_is_bound_twice_in_one_mode() {
    for mode in Mode::ALL {
        let keys: Vec<Key> = ROWS
            .iter()
            .flat_map(|row| row.map)
            .filter(|b| b.modes.contains(mode))
            .map(|b| b.key)
            .collect();
        for (i, key) in keys.iter().enumerate() {
            assert!(!keys[..i].contains(key), "{mode:?}: `{key}` twice");
        }
    }
}

#[test]
fn hints_name_the_first_key_the_table_binds() {
    let steps = sokoshot::tui::keys::STEPS;
    let cases: [(&str, Mode, &[Action], &str, &str); 7] = [
        ("steps", Mode::Playing, &steps, "", "hjkl"),
        (
            "runs",
            Mode::Playing,
            &sokoshot::tui::keys::RUNS,
            "",
            "HJKL",
        ),
        (
            "redo",
            Mode::Playing,
            &[Action::Play(Command::Redo)],
            "",
            "Ctrl-r",
        ),
        (
            "speed",
            Mode::Watching,
            &[Action::Faster, Action::Slower],
            "/",
            "+/-",
        ),
        (
            "jump",
            Mode::LevelList,
            &[Action::Digit(1), Action::Digit(2)],
            "",
            "12",
        ),
        ("close", Mode::LevelList, &[Action::Close], "", "Esc"),
        (
            "no redo on the panel",
            Mode::Solved,
            &[Action::Play(Command::Redo)],
            "",
            "",
        ),
    ];
    for (name, mode, actions, sep, want) in cases {
        assert_eq!(hint_keys(mode, actions, sep), want, "{name}");
    }
}

#[test]
fn dot_waits_one_beat_in_play_and_plays_one_letter_while_watching() {
    use sokoshot_core::game::WAIT_TICKS;
    assert_eq!(
        action(Mode::Playing, ch('.')),
        Some(Action::Play(Command::Wait(WAIT_TICKS))),
        "the replay's `w`"
    );
    assert_eq!(action(Mode::Watching, ch('.')), Some(Action::StepPlayback));
    assert_eq!(action(Mode::Solved, ch('.')), None, "nothing to wait for");
}
