//! The player's tools beside the board, in one place so the app holds them as one field:
//! the box picked with the mouse, a solution being watched, text waiting to be copied to the
//! clipboard, and the solver's aids.

use std::cell::Cell;

use ratatui::layout::Rect;

use super::aid::Aid;
use super::playback::Playback;
use sokoshot_core::level::Pos;

/// What the tools keep between keys.
#[derive(Debug, Default)]
pub(crate) struct Tools {
    /// The box a click picked, waiting for the click on the cell to push it to.
    pub(crate) picked: Option<Pos>,
    /// Where the board was last drawn, for reading clicks.
    pub(crate) board_area: Cell<Option<Rect>>,
    /// How many times its size each cell was last drawn (1 or 2; 0 before the first frame).
    pub(crate) board_scale: Cell<u16>,
    /// Where the level list's rows were last drawn, for reading clicks.
    pub(crate) list_area: Cell<Option<Rect>>,
    /// Where the level list was drawn from last, kept while the selection is in view.
    pub(crate) list_drawn: Cell<crate::tui::view::Drawn>,
    /// The solution being watched.
    pub(crate) playback: Option<Playback>,
    /// Whether the last key was a `w` that asked before showing a solution to a level not
    /// yet solved (a second `w` shows it).
    pub(crate) watch_asked: bool,
    /// The solver working out a solution for `w`.
    pub(crate) watch_job: Option<crate::tui::hint::HintJob>,
    /// Text to copy to the clipboard at the next chance to write to the terminal.
    pub(crate) clipboard: Option<String>,
    /// Whether clicks are ignored (`--no-mouse`).
    pub(crate) mouse_off: bool,
    /// The moves made on the level, one group of letters per undo step.
    pub(crate) history: Vec<String>,
    /// Groups undone, for redo.
    pub(crate) redone: Vec<String>,
    /// The work the last replay of saved steps took (see `MAX_REPLAY_WORK`).
    pub(crate) replay_spent: u64,
    /// Whether each saved solution replays, by pack key and level fingerprint.
    pub(crate) replays: std::cell::RefCell<std::collections::HashMap<(String, u64), bool>>,
    /// Deadlock warnings, dead squares and hints.
    pub(crate) aid: Aid,
    /// Whether a save is still being written to a slow store, in the background.
    pub(crate) save_settling: bool,
}
