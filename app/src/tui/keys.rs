//! The key map: a pure function from a key press (and what is on screen) to an [`Action`].
//!
//! Keys follow vim and the Sokoban tradition: `h j k l` and the arrows step, Shift runs, a
//! count typed first repeats (`5l`), space fires, `.` waits one beat (`4.` waits four), `u`
//! undoes, `Ctrl-r` redoes, `r` restarts, `n`/`p` change level, `g` lists the levels, `?`
//! shows help, `q` quits and Esc closes what is open. `w` watches a solution (space pauses,
//! `.` steps, `+`/`-` change speed, Esc stops, `h j k l` take over), `y` copies the level and
//! `Y` the best solution to the clipboard, `i` asks for a hint, `d` shows dead squares and
//! `D` turns deadlock warnings off and on. The raw terminal delivers Ctrl-C as a key, so it
//! quits too.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use sokoshot_core::game::{Command, Dir, WAIT_TICKS};

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
    /// Play the selected level.
    Choose,
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
    /// Copy the level's text to the clipboard.
    CopyLevel,
    /// Copy the best solution to the clipboard.
    CopySolution,
    /// Ask for a hint.
    Hint,
    /// Show or hide the dead squares.
    DeadSquares,
    /// Turn deadlock warnings off or on.
    Warnings,
}

/// What `key` means in `mode`; `None` for keys that mean nothing there (and for key
/// releases, which some terminals report).
#[must_use]
pub fn action(mode: Mode, key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match (key.code, ctrl) {
        (KeyCode::Char('c'), true) => return Some(Action::Quit),
        (KeyCode::Char('q'), false) => return Some(Action::Quit),
        (KeyCode::Esc, _) => return Some(Action::Close),
        _ => {}
    }
    match mode {
        Mode::Playing => playing(key, ctrl),
        Mode::Solved => solved(key, ctrl),
        Mode::Help => help(key),
        Mode::LevelList => level_list(key),
        Mode::Watching => watching(key),
    }
}

fn playing(key: KeyEvent, ctrl: bool) -> Option<Action> {
    let play = |command| Some(Action::Play(command));
    if ctrl {
        return (key.code == KeyCode::Char('r')).then_some(Action::Play(Command::Redo));
    }
    if let Some(dir) = step_dir(key.code) {
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        return play(if shift {
            Command::Run(dir)
        } else {
            Command::Step(dir)
        });
    }
    if let Some(dir) = run_dir(key.code) {
        return play(Command::Run(dir));
    }
    match key.code {
        KeyCode::Char(' ') => play(Command::Fire),
        KeyCode::Char('.') => play(Command::Wait(WAIT_TICKS)),
        KeyCode::Char('u') => play(Command::Undo),
        KeyCode::Char('r') => play(Command::Restart),
        KeyCode::Char(digit @ '0'..='9') => digit_action(digit),
        code => common(code),
    }
}

fn solved(key: KeyEvent, ctrl: bool) -> Option<Action> {
    if ctrl {
        return None;
    }
    match key.code {
        KeyCode::Enter | KeyCode::Char(' ') => Some(Action::NextLevel),
        KeyCode::Char('u') => Some(Action::Play(Command::Undo)),
        KeyCode::Char('r') => Some(Action::Play(Command::Restart)),
        code => common(code),
    }
}

/// While a solution plays back: space pauses, `.` steps, `+`/`-` change speed, Esc stops,
/// and a step key takes over play from the position shown.
fn watching(key: KeyEvent) -> Option<Action> {
    if let Some(dir) = step_dir(key.code) {
        return Some(Action::Play(Command::Step(dir)));
    }
    match key.code {
        KeyCode::Char(' ') => Some(Action::PausePlayback),
        KeyCode::Char('.') => Some(Action::StepPlayback),
        KeyCode::Char('+' | '=') => Some(Action::Faster),
        KeyCode::Char('-') => Some(Action::Slower),
        _ => None,
    }
}

fn help(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char('?') | KeyCode::Enter => Some(Action::Close),
        KeyCode::Char('j') | KeyCode::Down => Some(Action::Down),
        KeyCode::Char('k') | KeyCode::Up => Some(Action::Up),
        _ => None,
    }
}

fn level_list(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char('k') | KeyCode::Up => Some(Action::Up),
        KeyCode::Char('j') | KeyCode::Down => Some(Action::Down),
        KeyCode::PageUp | KeyCode::Char('K') => Some(Action::PageUp),
        KeyCode::PageDown | KeyCode::Char('J') => Some(Action::PageDown),
        KeyCode::Home => Some(Action::First),
        KeyCode::End | KeyCode::Char('G') => Some(Action::Last),
        KeyCode::Enter | KeyCode::Char('l' | ' ') | KeyCode::Right => Some(Action::Choose),
        KeyCode::Char('g') => Some(Action::LevelList),
        KeyCode::Char('?') => Some(Action::Help),
        KeyCode::Char(digit @ '0'..='9') => digit_action(digit),
        KeyCode::Backspace => Some(Action::Close),
        _ => None,
    }
}

/// Keys that mean the same while playing and on the Solved panel.
fn common(code: KeyCode) -> Option<Action> {
    match code {
        KeyCode::Char('w') => Some(Action::Watch),
        KeyCode::Char('y') => Some(Action::CopyLevel),
        KeyCode::Char('Y') => Some(Action::CopySolution),
        KeyCode::Char('i') => Some(Action::Hint),
        KeyCode::Char('d') => Some(Action::DeadSquares),
        KeyCode::Char('D') => Some(Action::Warnings),
        KeyCode::Char('n') => Some(Action::NextLevel),
        KeyCode::Char('p') => Some(Action::PreviousLevel),
        KeyCode::Char('g') => Some(Action::LevelList),
        KeyCode::Char('?') => Some(Action::Help),
        _ => None,
    }
}

fn step_dir(code: KeyCode) -> Option<Dir> {
    match code {
        KeyCode::Char('h') | KeyCode::Left => Some(Dir::Left),
        KeyCode::Char('j') | KeyCode::Down => Some(Dir::Down),
        KeyCode::Char('k') | KeyCode::Up => Some(Dir::Up),
        KeyCode::Char('l') | KeyCode::Right => Some(Dir::Right),
        _ => None,
    }
}

fn run_dir(code: KeyCode) -> Option<Dir> {
    match code {
        KeyCode::Char('H') => Some(Dir::Left),
        KeyCode::Char('J') => Some(Dir::Down),
        KeyCode::Char('K') => Some(Dir::Up),
        KeyCode::Char('L') => Some(Dir::Right),
        _ => None,
    }
}

fn digit_action(digit: char) -> Option<Action> {
    digit
        .to_digit(10)
        .and_then(|d| u8::try_from(d).ok())
        .map(Action::Digit)
}

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
