//! The key map as a table: every key the help lists, in every mode, and the keys that must
//! mean nothing.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use sokoshot::tui::keys::{Action, Count, Mode, action};
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
    ];
    for (name, key, want) in cases {
        assert_eq!(action(Mode::LevelList, key), want, "{name}");
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
