//! The level editor's model, headless: the board being drawn ([`Sketch`]), the cursor, undo
//! and redo of every edit ([`Editor`]), the level's text in the normal form `replay` prints
//! and what `check` says of it (`text`), opening and saving a pack file keeping every other
//! level and line byte for byte (`file`), and the proof worker that runs the solver on the
//! board as drawn in the background (`proof`), and saving into the player's own levels
//! kept by a store, deleting one of them, and the draft kept when a session ends with the
//! board unsaved (`stored`).
//!
//! Limits: a board is at most [`MAX_SIDE`](crate::level::MAX_SIDE) cells a side, as the
//! loader reads; the undo history holds at most [`MAX_HISTORY_CELLS`] cells of boards in
//! all (the oldest steps are let go past it) and at most [`MAX_HISTORY`] steps.

mod file;
pub mod proof;
mod sketch;
mod stored;
mod text;

pub use file::{Misread, OpenError, Opened, PackFile, SaveError, Saved, open, open_matching};
pub use sketch::{EditError, PALETTE, Sketch, normal_char};
pub use stored::{Draft, StoredError, StoredLevel, delete, drop_draft, read_draft, save_draft};
pub use text::{Checked, Problem};

use crate::level::{Pos, Spinner};

/// The most undo steps kept.
pub const MAX_HISTORY: usize = 10_000;
/// The most board cells the undo steps hold in all (16 Mi cells, one byte each).
pub const MAX_HISTORY_CELLS: usize = 16 * 1024 * 1024;

/// The board being drawn, the cursor, and the history of edits.
#[derive(Debug, Clone)]
pub struct Editor {
    sketch: Sketch,
    cursor: Pos,
    undo: Vec<Sketch>,
    redo: Vec<Sketch>,
    /// Bumped by every change, so that a proof or a save knows which board it is about.
    generation: u64,
    /// The board as last saved (or opened), its solution left out: the board is modified
    /// while it differs from this, however the history came back to it; `None` when the
    /// board drawn was never saved (a draft brought back).
    saved: Option<Sketch>,
    /// Whether the next paint joins the last edit's undo step (a stroke of the mouse).
    stroke: bool,
}

impl Editor {
    /// An editor on `sketch`, the cursor on its player (or the top-left cell).
    #[must_use]
    pub fn new(sketch: Sketch) -> Self {
        let cursor = sketch.player().unwrap_or_default();
        Self {
            saved: Some(unsolved(&sketch)),
            sketch,
            cursor,
            undo: Vec::new(),
            redo: Vec::new(),
            generation: 0,
            stroke: false,
        }
    }

    /// The board as drawn now.
    #[must_use]
    pub fn sketch(&self) -> &Sketch {
        &self.sketch
    }

    /// Where the cursor is.
    #[must_use]
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    /// Which board this is: a number that every change raises.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether the board differs from the one last saved (or opened): an edit undone or
    /// redone back to the board as saved leaves nothing unsaved. The solution found for the
    /// board is not compared (it is the same board).
    #[must_use]
    pub fn is_modified(&self) -> bool {
        self.saved
            .as_ref()
            .is_none_or(|saved| !same_board(&self.sketch, saved))
    }

    /// Records that the board as it is now was saved.
    pub fn mark_saved(&mut self) {
        self.saved = Some(unsolved(&self.sketch));
    }

    /// Records that no board drawn here was saved (a draft brought back): every board is
    /// unsaved until the next save.
    pub fn mark_unsaved(&mut self) {
        self.saved = None;
    }

    /// Whether there is an edit to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Moves the cursor by `dx`, `dy`, staying on the board.
    pub fn move_cursor(&mut self, dx: i32, dy: i32) {
        self.set_cursor(Pos::new(self.cursor.x + dx, self.cursor.y + dy));
    }

    /// Puts the cursor at `pos`, brought onto the board.
    pub fn set_cursor(&mut self, pos: Pos) {
        let w = i32::try_from(self.sketch.width()).unwrap_or(i32::MAX);
        let h = i32::try_from(self.sketch.height()).unwrap_or(i32::MAX);
        self.cursor = Pos::new(pos.x.clamp(0, w - 1), pos.y.clamp(0, h - 1));
        self.stroke = false;
    }

    /// Puts level character `c` under the cursor: one undo step.
    ///
    /// # Errors
    /// When `c` is no level character.
    pub fn put(&mut self, c: char) -> Result<(), EditError> {
        let at = self.cursor;
        self.change(|s| s.put(at, c))
    }

    /// Paints `c` at `pos` with the mouse and puts the cursor there; the cells of one stroke
    /// (`continuing`) are one undo step.
    ///
    /// # Errors
    /// When `c` is no level character or `pos` is off the board.
    pub fn paint(&mut self, pos: Pos, c: char, continuing: bool) -> Result<(), EditError> {
        let joined = continuing && self.stroke;
        self.set_cursor(pos);
        if joined && self.sketch.get(pos) == normal_char(c).unwrap_or(c) {
            self.stroke = true;
            return Ok(());
        }
        let result = if joined {
            self.sketch.put(pos, c).map(|()| self.bump())
        } else {
            self.change(|s| s.put(pos, c))
        };
        self.stroke = result.is_ok();
        result
    }

    /// Inserts an empty row above the cursor's; the cursor stays on its cell, one row down.
    ///
    /// # Errors
    /// When the board is as tall as it may be.
    pub fn insert_row(&mut self) -> Result<(), EditError> {
        let y = self.cursor.y as usize;
        self.change(|s| s.insert_row(y))?;
        self.move_cursor(0, 1);
        Ok(())
    }

    /// Deletes the cursor's row.
    ///
    /// # Errors
    /// When it is the board's only row.
    pub fn delete_row(&mut self) -> Result<(), EditError> {
        let y = self.cursor.y as usize;
        self.change(|s| s.delete_row(y))?;
        self.move_cursor(0, 0);
        Ok(())
    }

    /// Inserts an empty column left of the cursor's; the cursor stays on its cell, one
    /// column right.
    ///
    /// # Errors
    /// When the board is as wide as it may be.
    pub fn insert_column(&mut self) -> Result<(), EditError> {
        let x = self.cursor.x as usize;
        self.change(|s| s.insert_column(x))?;
        self.move_cursor(1, 0);
        Ok(())
    }

    /// Deletes the cursor's column.
    ///
    /// # Errors
    /// When it is the board's only column.
    pub fn delete_column(&mut self) -> Result<(), EditError> {
        let x = self.cursor.x as usize;
        self.change(|s| s.delete_column(x))?;
        self.move_cursor(0, 0);
        Ok(())
    }

    /// Grows or shrinks the board by `dw` columns and `dh` rows at its right and bottom.
    ///
    /// # Errors
    /// When a side would be 0 or past the limit.
    pub fn grow(&mut self, dw: i32, dh: i32) -> Result<(), EditError> {
        let side = |n: usize, d: i32| -> Result<usize, EditError> {
            let n = i64::try_from(n).unwrap_or(i64::MAX) + i64::from(d);
            usize::try_from(n).map_err(|_| EditError::TooSmall)
        };
        let (w, h) = (
            side(self.sketch.width(), dw)?,
            side(self.sketch.height(), dh)?,
        );
        self.change(|s| s.resize(w, h))?;
        self.move_cursor(0, 0);
        Ok(())
    }

    /// Sets a spinner's length, speed and angle.
    ///
    /// # Errors
    /// When there is no hub at its cell.
    pub fn set_spinner(&mut self, spinner: Spinner) -> Result<(), EditError> {
        if self.sketch.spinners().contains(&spinner) {
            return Ok(());
        }
        self.change(|s| s.set_spinner(spinner))
    }

    /// Sets the level's `Shots:` (none: unlimited).
    pub fn set_shots(&mut self, shots: Option<u32>) {
        if self.sketch.shots != shots {
            let _ = self.change(|s| {
                s.shots = shots;
                Ok(())
            });
        }
    }

    /// Sets the title, author and comment (empty text is none).
    pub fn set_meta(&mut self, title: &str, author: &str, comment: &str) {
        let some = |t: &str| (!t.trim().is_empty()).then(|| t.trim().to_owned());
        let comments: Vec<String> = some(comment).into_iter().collect();
        let (title, author) = (some(title), some(author));
        let s = &self.sketch;
        if s.title == title && s.author == author && s.comments == comments {
            return;
        }
        let _ = self.change(|s| {
            s.title = title;
            s.author = author;
            s.comments = comments;
            Ok(())
        });
    }

    /// Keeps `moves` as the board's solution (found by the proof of this very board), without
    /// an undo step of its own.
    pub fn set_solution(&mut self, generation: u64, moves: Option<String>) {
        if generation == self.generation && self.sketch.solution != moves {
            self.sketch.solution = moves;
        }
    }

    /// Replaces the whole board (a level pasted in): one undo step.
    pub fn replace(&mut self, sketch: Sketch) {
        let _ = self.change(|s| {
            *s = sketch;
            Ok(())
        });
        self.move_cursor(0, 0);
    }

    /// Takes back the last edit.
    ///
    /// # Errors
    /// When there is none.
    pub fn undo(&mut self) -> Result<(), &'static str> {
        let before = self.undo.pop().ok_or("nothing to undo")?;
        self.redo.push(std::mem::replace(&mut self.sketch, before));
        self.after_history();
        Ok(())
    }

    /// Brings back the last edit undone.
    ///
    /// # Errors
    /// When there is none.
    pub fn redo(&mut self) -> Result<(), &'static str> {
        let after = self.redo.pop().ok_or("nothing to redo")?;
        self.undo.push(std::mem::replace(&mut self.sketch, after));
        self.after_history();
        Ok(())
    }

    fn after_history(&mut self) {
        self.bump();
        self.stroke = false;
        self.move_cursor(0, 0);
    }

    fn bump(&mut self) {
        self.generation += 1;
        self.sketch.solution = None;
    }

    /// Applies `edit` to a copy of the board; if it succeeds and changes something, the old
    /// board becomes an undo step and redo is cleared.
    fn change(
        &mut self,
        edit: impl FnOnce(&mut Sketch) -> Result<(), EditError>,
    ) -> Result<(), EditError> {
        let mut next = self.sketch.clone();
        next.solution = None;
        edit(&mut next)?;
        let mut was = self.sketch.clone();
        was.solution = None;
        if next == was {
            return Ok(());
        }
        let before = std::mem::replace(&mut self.sketch, next);
        self.undo.push(before);
        self.redo.clear();
        self.trim_history();
        self.bump();
        Ok(())
    }

    /// Lets the oldest undo steps go past [`MAX_HISTORY`] steps or [`MAX_HISTORY_CELLS`].
    fn trim_history(&mut self) {
        let mut cells: usize = self.undo.iter().map(Sketch::cells).sum();
        let mut drop = 0;
        while drop < self.undo.len()
            && (self.undo.len() - drop > MAX_HISTORY || cells > MAX_HISTORY_CELLS)
        {
            cells -= self.undo[drop].cells();
            drop += 1;
        }
        self.undo.drain(..drop);
    }
}

/// `sketch` without its solution.
fn unsolved(sketch: &Sketch) -> Sketch {
    let mut sketch = sketch.clone();
    sketch.solution = None;
    sketch
}

/// Whether `board` is `saved` (which has no solution) but for its solution.
fn same_board(board: &Sketch, saved: &Sketch) -> bool {
    if board.solution.is_none() {
        board == saved
    } else {
        unsolved(board) == *saved
    }
}
