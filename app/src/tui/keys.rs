//! The key map: what a key press means on what is on screen, read from one table of
//! bindings ([`ROWS`]) that also writes the `?` help and names the keys in the hint lines, so
//! the help cannot drift from what the keys do.
//!
//! Keys follow vim and the Sokoban tradition: `h j k l` and the arrows step, Shift runs, a
//! count typed first repeats (`5l`), space fires, `.` waits one beat (`4.` waits four), `u`
//! undoes, `Ctrl-r` redoes, `r` restarts, `n`/`p` change level, `g` lists the levels, `?`
//! shows help, `q` quits and Esc closes what is open. In the level list `f` cycles the
//! filters and `/` opens a search line, where typed characters are the search (not keys of
//! the table) until Enter keeps it or Esc clears it. `w` watches a solution (space pauses, `.` steps, `+`/`-` change speed, Esc stops,
//! `h j k l` take over), `y` copies the level and `Y` the best solution to the clipboard, `i`
//! asks for a hint, `o` opens the options (deadlock warnings, dead squares), `m` keeps the
//! position as a snapshot and `M` lists them. The raw terminal delivers Ctrl-C as a key, so
//! it quits too.
//!
//! No letter of a LURD solution (`l u r d L U R D`) nor a digit changes a setting: settings
//! change only in the options view, so a solution typed or pasted never turns one.
//!
//! How a key press is matched against the table: with Ctrl held only a Ctrl binding
//! (`Ctrl-r`, `Ctrl-c`) answers; with Shift held a Shift binding answers if the mode has one
//! (Shift+← runs, and so does `h` where a terminal reports it with Shift), and otherwise the
//! key means what it means alone (terminals type `H` and `?` with Shift). Alt and the other
//! modifiers change nothing. No key is bound twice in one mode, so the order of the table
//! decides nothing but the order of the help and which key a hint names (the first one bound
//! to the action).

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::words::keys as words;
use sokoshot_core::game::{Command, Dir};

mod table;

pub use table::{ROWS, WAIT};

/// What is on screen, which decides what a key means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The board, being played.
    Playing,
    /// The board with the Solved panel over it.
    Solved,
    /// The help overlay.
    Help,
    /// The level list.
    LevelList,
    /// A solution being played back on the board.
    Watching,
    /// The level list with its search line open: typed characters go into the search, not
    /// to the key table.
    Search,
    /// The options: the on/off settings, each turned with space or Enter.
    Options,
    /// The level's snapshots, to go back to one or delete it.
    Snapshots,
    /// The level's scores: its two tables (on a server), or the player's own bests.
    Scores,
}

impl Mode {
    /// Every mode, in the order they are declared.
    pub const ALL: [Self; 9] = [
        Self::Playing,
        Self::Solved,
        Self::Help,
        Self::LevelList,
        Self::Watching,
        Self::Search,
        Self::Options,
        Self::Snapshots,
        Self::Scores,
    ];

    /// Whether the level list is on screen (with or without its search line open).
    #[must_use]
    pub const fn is_list(self) -> bool {
        matches!(self, Self::LevelList | Self::Search)
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A set of modes: where a binding holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Modes(u16);

impl Modes {
    /// Every mode.
    pub const ALL: Self = Self(u16::MAX);

    /// Just `mode`.
    #[must_use]
    pub const fn only(mode: Mode) -> Self {
        Self(mode.bit())
    }

    /// These modes and `mode`.
    #[must_use]
    pub const fn and(self, mode: Mode) -> Self {
        Self(self.0 | mode.bit())
    }

    /// Whether `mode` is one of them.
    #[must_use]
    pub const fn contains(self, mode: Mode) -> bool {
        self.0 & mode.bit() != 0
    }
}

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A command for the world.
    Play(Command),
    /// A digit of a count (or, in the level list, of a level number).
    Digit(u8),
    /// Play the next level.
    NextLevel,
    /// Play the previous level.
    PreviousLevel,
    /// Open or close the level list.
    LevelList,
    /// Open or close the help overlay.
    Help,
    /// Close what is open (an overlay, the Solved panel, a pending count).
    Close,
    /// Quit the game.
    Quit,
    /// Move the selection up in a list.
    Up,
    /// Move the selection down in a list.
    Down,
    /// Move the selection a page up.
    PageUp,
    /// Move the selection a page down.
    PageDown,
    /// Move the selection to the first entry.
    First,
    /// Move the selection to the last entry.
    Last,
    /// Move the selection to the first level of the next pack (after the last, the first).
    NextPack,
    /// Play the selected level.
    Choose,
    /// Show the next of the level list's filters (all, unsolved, with shots).
    Filter,
    /// Open the level list's search line.
    Search,
    /// Keep the search typed and go back to moving in the list.
    KeepSearch,
    /// Take back the last character of the search.
    Erase,
    /// Watch a solution played back.
    Watch,
    /// Pause or resume the playback.
    PausePlayback,
    /// Play back one step (and pause).
    StepPlayback,
    /// Play back faster.
    Faster,
    /// Play back slower.
    Slower,
    /// Open or close the level's scores.
    Scores,
    /// Copy the daily level's result line to the clipboard.
    CopyResult,
    /// Copy the level's text to the clipboard.
    CopyLevel,
    /// Copy the best solution to the clipboard.
    CopySolution,
    /// Ask for a hint.
    Hint,
    /// Open or close the options (the on/off settings).
    Options,
    /// Turn the selected option off or on.
    Toggle,
    /// Keep the position as a snapshot.
    KeepSnapshot,
    /// Open or close the list of the level's snapshots.
    Snapshots,
    /// Delete the selected snapshot.
    Delete,
    /// Open the level in play in the editor.
    Edit,
}

/// A key as the table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A character typed without Ctrl (with Shift, the character it types: `H`, `?`).
    Char(char),
    /// A character typed with Ctrl.
    Ctrl(char),
    /// A named key (an arrow, Enter, Esc, …), alone or with a Shift the mode has no binding for.
    Named(KeyCode),
    /// A key typed with Shift, where that means more than the key alone (Shift+← runs).
    Shift(KeyCode),
}

impl Key {
    /// The table keys a key press may stand for, the more particular first (a Shift binding
    /// before the key alone).
    fn candidates(key: KeyEvent) -> [Option<Self>; 2] {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        match key.code {
            KeyCode::Char(c) if ctrl => [Some(Self::Ctrl(c)), None],
            _ if ctrl => [None, None],
            KeyCode::Char(c) if shift => [Some(Self::Shift(key.code)), Some(Self::Char(c))],
            KeyCode::Char(c) => [Some(Self::Char(c)), None],
            code if shift => [Some(Self::Shift(code)), Some(Self::Named(code))],
            code => [Some(Self::Named(code)), None],
        }
    }
}

/// The name of a named key as the help writes it ([`crate::words::keys`]).
fn code_name(code: KeyCode) -> String {
    let name = match code {
        KeyCode::Left => words::LEFT,
        KeyCode::Right => words::RIGHT,
        KeyCode::Up => words::UP,
        KeyCode::Down => words::DOWN,
        KeyCode::PageUp => words::PAGE_UP,
        KeyCode::PageDown => words::PAGE_DOWN,
        KeyCode::Esc => words::ESC,
        KeyCode::Enter => words::ENTER,
        KeyCode::Tab => words::TAB,
        KeyCode::Backspace => words::BACKSPACE,
        KeyCode::Delete => words::DELETE,
        KeyCode::Home => words::HOME,
        KeyCode::End => words::END,
        KeyCode::Char(c) => return words::char_key(c),
        other => return other.to_string(),
    };
    name.to_owned()
}

impl std::fmt::Display for Key {
    /// The key as the help and the hint lines name it ([`crate::words::keys`]): `h`, `space`,
    /// `Ctrl-r`, `←`, `Shift+←`, `Enter`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            Self::Char(c) => words::char_key(*c),
            Self::Ctrl(c) => words::ctrl(*c),
            Self::Named(code) => code_name(*code),
            Self::Shift(code) => words::shift(&code_name(*code)),
        })
    }
}

/// One key, what it does, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    /// The modes it holds in.
    pub modes: Modes,
    /// The key.
    pub key: Key,
    /// What it asks for.
    pub action: Action,
}

/// One line of the help and the keys behind it. A row with no bindings tells of input the
/// key map never sees: a mouse click, and Ctrl-z and Ctrl-\ which the terminal's input
/// answers in every screen (see `terminal::input`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// The keys as the help shows them.
    pub keys: &'static str,
    /// What they do, in a few words.
    pub help: &'static str,
    /// Each key, its action and its modes.
    pub map: &'static [Binding],
}

/// Every binding of the table, in its order.
fn bindings() -> impl Iterator<Item = &'static Binding> {
    ROWS.iter().flat_map(|row| row.map)
}

/// What `key` means in `mode`; `None` for keys that mean nothing there (and for key
/// releases, which some terminals report).
#[must_use]
pub fn action(mode: Mode, key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    Key::candidates(key).into_iter().flatten().find_map(|key| {
        bindings()
            .find(|b| b.key == key && b.modes.contains(mode))
            .map(|b| b.action)
    })
}

/// The first key the table binds to `action` in `mode`: the one a hint names.
#[must_use]
pub fn key_for(mode: Mode, action: Action) -> Option<Key> {
    bindings()
        .find(|b| b.action == action && b.modes.contains(mode))
        .map(|b| b.key)
}

/// The keys of `actions` in `mode` as one hint, joined by `sep` (`hjkl`, `n/p`); empty if
/// one of them has no key there.
#[must_use]
pub fn hint_keys(mode: Mode, actions: &[Action], sep: &str) -> String {
    let names: Option<Vec<String>> = actions
        .iter()
        .map(|&action| key_for(mode, action).map(|key| key.to_string()))
        .collect();
    names.map(|names| names.join(sep)).unwrap_or_default()
}

/// The four steps, left, down, up, right: the order of `h j k l`.
pub const STEPS: [Action; 4] = [
    Action::Play(Command::Step(Dir::Left)),
    Action::Play(Command::Step(Dir::Down)),
    Action::Play(Command::Step(Dir::Up)),
    Action::Play(Command::Step(Dir::Right)),
];

/// The four runs, in the order of [`STEPS`].
pub const RUNS: [Action; 4] = [
    Action::Play(Command::Run(Dir::Left)),
    Action::Play(Command::Run(Dir::Down)),
    Action::Play(Command::Run(Dir::Up)),
    Action::Play(Command::Run(Dir::Right)),
];

/// The most times a count repeats a command (`100l`); a bigger count is cut to it, and the
/// player told. Each repeat is one undo step, so this bounds what one key can cost.
pub const MAX_REPEAT: u32 = 100;

/// A count typed before a command (`5l`): digits accumulate, the next command takes it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count(Option<u32>);

impl Count {
    /// The largest number kept (a level number in the level list can be this big; a command
    /// repeats at most [`MAX_REPEAT`] times); more digits are ignored.
    pub const MAX: u32 = 9999;

    /// Adds a digit. A leading 0 starts nothing (there is no zero count).
    pub fn push(&mut self, digit: u8) {
        let digit = u32::from(digit);
        self.0 = match self.0 {
            None if digit == 0 => None,
            None => Some(digit),
            Some(n) => Some((n * 10 + digit).min(Self::MAX)),
        };
    }

    /// The count typed so far, if any.
    #[must_use]
    pub fn pending(self) -> Option<u32> {
        self.0
    }

    /// Takes the count for a command: what was typed, or 1.
    pub fn take(&mut self) -> u32 {
        self.0.take().unwrap_or(1)
    }

    /// Forgets a count that was typed.
    pub fn clear(&mut self) {
        self.0 = None;
    }
}
