//! The game's key table: every row of the `?` help, and behind each row its keys, the
//! actions they ask for and the modes they hold in. Adding a key is one line here.

use crossterm::event::KeyCode;

use super::{Action, Binding, Key, Mode, Modes, Row};
use crate::words::keys as words;
use sokoshot_core::game::{Command, Dir, WAIT_TICKS};

const PLAYING: Modes = Modes::only(Mode::Playing);
const BOARD: Modes = PLAYING.and(Mode::Solved);
const SOLVED: Modes = Modes::only(Mode::Solved);
const HELP: Modes = Modes::only(Mode::Help);
const LIST: Modes = Modes::only(Mode::LevelList);
const SEARCH: Modes = Modes::only(Mode::Search);
/// The list, and its search line: keys that are not typed (arrows, pages) move in it.
const BROWSE: Modes = LIST.and(Mode::Search);
/// Everywhere but the search line, where letters are typed.
const KEYS: Modes = PLAYING
    .and(Mode::Solved)
    .and(Mode::Help)
    .and(Mode::LevelList)
    .and(Mode::Watching)
    .and(Mode::Options)
    .and(Mode::Snapshots)
    .and(Mode::Scores);
const WATCHING: Modes = Modes::only(Mode::Watching);
const OPTIONS: Modes = Modes::only(Mode::Options);
const SNAPSHOTS: Modes = Modes::only(Mode::Snapshots);
/// The help and the two small lists over the board, where `j k` move.
const SCROLLS: Modes = HELP.and(Mode::Options).and(Mode::Snapshots);
const STEPPING: Modes = PLAYING.and(Mode::Watching);

const fn bind(modes: Modes, key: Key, action: Action) -> Binding {
    Binding { modes, key, action }
}

const fn row(keys: &'static str, help: &'static str, map: &'static [Binding]) -> Row {
    Row { keys, help, map }
}

const fn ch(c: char) -> Key {
    Key::Char(c)
}

const fn named(code: KeyCode) -> Key {
    Key::Named(code)
}

const fn shift(code: KeyCode) -> Key {
    Key::Shift(code)
}

const fn play(command: Command) -> Action {
    Action::Play(command)
}

const fn step(dir: Dir) -> Action {
    play(Command::Step(dir))
}

const fn run(dir: Dir) -> Action {
    play(Command::Run(dir))
}

/// `.`: one beat passes, as the replay's `w`.
pub const WAIT: Action = play(Command::Wait(WAIT_TICKS));

/// `0` to `9`, each its digit, in `modes`.
const fn digits(modes: Modes) -> [Binding; 10] {
    let mut all = [bind(modes, ch('0'), Action::Digit(0)); 10];
    let mut d = 1;
    while d < 10 {
        all[d as usize] = bind(modes, ch((b'0' + d) as char), Action::Digit(d));
        d += 1;
    }
    all
}

/// Every row of the help, in order, with its bindings: one line a binding, and a row with a
/// single binding on one line, so a new key is one line here.
#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    row("h j k l  ← ↓ ↑ →", "step; walk into a box to push it", &[
        bind(STEPPING, ch('h'), step(Dir::Left)),
        bind(STEPPING, ch('j'), step(Dir::Down)),
        bind(STEPPING, ch('k'), step(Dir::Up)),
        bind(STEPPING, ch('l'), step(Dir::Right)),
        bind(STEPPING, named(KeyCode::Left), step(Dir::Left)),
        bind(STEPPING, named(KeyCode::Down), step(Dir::Down)),
        bind(STEPPING, named(KeyCode::Up), step(Dir::Up)),
        bind(STEPPING, named(KeyCode::Right), step(Dir::Right)),
    ]),
    row("H J K L  Shift+arrow", "run until something is in the way", &[
        bind(PLAYING, ch('H'), run(Dir::Left)),
        bind(PLAYING, ch('J'), run(Dir::Down)),
        bind(PLAYING, ch('K'), run(Dir::Up)),
        bind(PLAYING, ch('L'), run(Dir::Right)),
        bind(PLAYING, shift(KeyCode::Left), run(Dir::Left)),
        bind(PLAYING, shift(KeyCode::Down), run(Dir::Down)),
        bind(PLAYING, shift(KeyCode::Up), run(Dir::Up)),
        bind(PLAYING, shift(KeyCode::Right), run(Dir::Right)),
        // Terminals that report Shift on its own (the kitty protocol) send `h` with Shift.
        bind(PLAYING, shift(KeyCode::Char('h')), run(Dir::Left)),
        bind(PLAYING, shift(KeyCode::Char('j')), run(Dir::Down)),
        bind(PLAYING, shift(KeyCode::Char('k')), run(Dir::Up)),
        bind(PLAYING, shift(KeyCode::Char('l')), run(Dir::Right)),
    ]),
    // In the level list the digits type a level number (its footer says `12 jump`).
    row("5l  12j …", "a count first repeats the next key", &digits(PLAYING.and(Mode::LevelList))),
    row(words::SPACE, "fire the way you face (bump a wall to turn)", &[
        bind(PLAYING, ch(' '), play(Command::Fire)),
    ]),
    // Time passes only through keys; `.` lets one beat pass (the replay's `w`).
    row(".", "wait one beat (4. waits four), each one undo step", &[
        bind(PLAYING, ch('.'), WAIT),
    ]),
    row("u  Ctrl-r  r", "undo, redo; restart (u brings it back)", &[
        bind(BOARD, ch('u'), play(Command::Undo)),
        bind(PLAYING, Key::Ctrl('r'), play(Command::Redo)),
        bind(BOARD, ch('r'), play(Command::Restart)),
    ]),
    row("n  p", "next, previous level", &[
        bind(BOARD, ch('n'), Action::NextLevel),
        bind(BOARD, ch('p'), Action::PreviousLevel),
        bind(SOLVED, named(KeyCode::Enter), Action::NextLevel),
        bind(SOLVED, ch(' '), Action::NextLevel),
    ]),
    // In the list `f` cycles all, unsolved, with shots; while the search line is open the
    // characters typed are the search (`app::browse`), Enter keeps it and Esc clears it.
    row("g  f  /", "level list; in it f filters, / searches titles", &[
        bind(BOARD.and(Mode::LevelList), ch('g'), Action::LevelList),
        bind(LIST, ch('f'), Action::Filter),
        bind(LIST, ch('/'), Action::Search),
        bind(SEARCH, named(KeyCode::Enter), Action::KeepSearch),
        bind(SEARCH, named(KeyCode::Backspace), Action::Erase),
    ]),
    row("j k  J K  Home G Tab", "list: select, page, ends, next pack; Enter plays", &[
        bind(LIST, ch('j'), Action::Down),
        bind(BROWSE, named(KeyCode::Down), Action::Down),
        bind(LIST, ch('k'), Action::Up),
        bind(BROWSE, named(KeyCode::Up), Action::Up),
        bind(LIST, ch('J'), Action::PageDown),
        bind(BROWSE, named(KeyCode::PageDown), Action::PageDown),
        bind(LIST, ch('K'), Action::PageUp),
        bind(BROWSE, named(KeyCode::PageUp), Action::PageUp),
        bind(LIST, named(KeyCode::Home), Action::First),
        bind(LIST, ch('G'), Action::Last),
        bind(LIST, named(KeyCode::End), Action::Last),
        bind(LIST, named(KeyCode::Tab), Action::NextPack),
        bind(LIST, named(KeyCode::Enter), Action::Choose),
        bind(LIST, ch('l'), Action::Choose),
        bind(LIST, ch(' '), Action::Choose),
        bind(LIST, named(KeyCode::Right), Action::Choose),
    ]),
    row("i  e", "hint (keys to the next push); e edits the level", &[
        bind(BOARD, ch('i'), Action::Hint),
        bind(BOARD, ch('e'), Action::Edit),
    ]),
    // Settings change only here, so that no letter of a LURD solution turns one.
    row("o", "options: deadlock warnings, dead squares", &[
        bind(BOARD.and(Mode::Options), ch('o'), Action::Options),
        bind(OPTIONS, ch(' '), Action::Toggle),
        bind(OPTIONS, named(KeyCode::Enter), Action::Toggle),
    ]),
    row("m  M", "keep this position (a snapshot); list them", &[
        bind(BOARD, ch('m'), Action::KeepSnapshot),
        bind(BOARD.and(Mode::Snapshots), ch('M'), Action::Snapshots),
        bind(SNAPSHOTS, named(KeyCode::Enter), Action::Choose),
        bind(SNAPSHOTS, ch('x'), Action::Delete),
        bind(SNAPSHOTS, named(KeyCode::Delete), Action::Delete),
    ]),
    row("s  c", "scores of the level; c copies the daily result", &[
        bind(BOARD.and(Mode::Scores), ch('s'), Action::Scores),
        bind(SOLVED, ch('c'), Action::CopyResult),
    ]),
    row("w", "watch a solution (space . + - Esc h j k l)", &[
        bind(BOARD, ch('w'), Action::Watch),
        bind(WATCHING, ch(' '), Action::PausePlayback),
        bind(WATCHING, ch('.'), Action::StepPlayback),
        bind(WATCHING, ch('+'), Action::Faster),
        bind(WATCHING, ch('='), Action::Faster),
        bind(WATCHING, ch('-'), Action::Slower),
    ]),
    row("y  Y", "copy the level, the solution (OSC 52)", &[
        bind(BOARD, ch('y'), Action::CopyLevel),
        bind(BOARD, ch('Y'), Action::CopySolution),
    ]),
    // The pointer's own code answers a click (`app::pointer`).
    // And in the level list (`app::browse`), where the wheel moves the selection.
    row("click", "walk there; box then cell: push; list: pick, play", &[]),
    // Esc comes first: it is the key the hint lines name for closing.
    row("?  Esc  q", "help (j k scroll); close, quit (progress is saved)", &[
        bind(Modes::ALL, named(KeyCode::Esc), Action::Close),
        bind(LIST, named(KeyCode::Backspace), Action::Close),
        bind(KEYS, ch('q'), Action::Quit),
        bind(Modes::ALL, Key::Ctrl('c'), Action::Quit),
        bind(BOARD.and(Mode::LevelList), ch('?'), Action::Help),
        bind(HELP, ch('?'), Action::Close),
        bind(HELP, named(KeyCode::Enter), Action::Close),
        bind(SCROLLS, ch('j'), Action::Down),
        bind(SCROLLS, named(KeyCode::Down), Action::Down),
        bind(SCROLLS, ch('k'), Action::Up),
        bind(SCROLLS, named(KeyCode::Up), Action::Up),
    ]),
    // The terminal's input answers these in every screen (`terminal::input`).
    row("Ctrl-z  Ctrl-\\", "suspend (fg comes back), quit", &[]),
];
