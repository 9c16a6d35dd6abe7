//! What the lab does with direct input: pointer gestures (drag, click, wheel), the `:`
//! prompt, edits of the active shape, and `z`, which snaps it to just touching.

use super::edit::{self, Edit, MAX_PROMPT};
use super::keys::Key;
use super::{Lab, Outcome, Pointer, WHEEL_DEGREES, snap};

impl Lab {
    /// Handles one pointer gesture: a press on a shape makes it active and starts dragging
    /// it; a press on empty space moves the active shape there; the wheel turns the shape
    /// under the pointer (or the active one).
    pub fn point(&mut self, pointer: Pointer) -> Outcome {
        let scene = self.index();
        let changed = match pointer {
            Pointer::Press(at) => match self.scene().under(at) {
                Some(which) => {
                    self.active[scene] = which;
                    self.drag = Some((which, at - self.scene().position(which)));
                    true
                }
                None => {
                    self.drag = None;
                    self.edit_active(Edit::MoveTo(at))
                }
            },
            Pointer::Drag(at) => match self.drag {
                Some((which, grab)) => self.edit(which, Edit::MoveTo(at - grab)),
                None => false,
            },
            Pointer::Release => {
                self.drag = None;
                false
            }
            Pointer::Wheel(at, away) => {
                let which = self.scene().under(at).unwrap_or(self.active[scene]);
                let delta = self.screen_turn(if away { -WHEEL_DEGREES } else { WHEEL_DEGREES });
                self.edit(which, Edit::TurnBy(delta))
            }
        };
        Self::outcome(changed)
    }

    /// A key typed while the prompt is open.
    pub(crate) fn type_key(&mut self, key: Key) -> Outcome {
        let Some(line) = &mut self.prompt else {
            return Outcome::Unchanged;
        };
        match key {
            Key::Char(c) if line.chars().count() < MAX_PROMPT => line.push(c),
            Key::Char(_) => self.message = Some(format!("at most {MAX_PROMPT} characters")),
            Key::Backspace => {
                line.pop();
            }
            Key::Esc => self.prompt = None,
            Key::Enter => {
                let line = self.prompt.take().unwrap_or_default();
                match edit::parse(&line) {
                    Ok(edit) => {
                        self.edit_active(edit);
                    }
                    Err(err) => self.message = Some(err.to_string()),
                }
            }
            _ => return Outcome::Unchanged,
        }
        Outcome::Redraw
    }

    /// Applies an edit to the active shape; an edit that does not apply leaves a message.
    pub(crate) fn edit_active(&mut self, edit: Edit) -> bool {
        self.edit(self.active[self.index()], edit)
    }

    pub(crate) fn edit(&mut self, which: usize, edit: Edit) -> bool {
        let from = self.scene().position(which);
        let to = match edit {
            Edit::MoveBy(offset) => Some(from + offset),
            Edit::MoveTo(at) => Some(at),
            _ => None,
        };
        if let Some(Err(err)) = to.map(edit::position_in_range) {
            self.message = Some(err.to_string());
            return true;
        }
        match self.scene_mut().edit(which, edit) {
            Ok(changed) => {
                let moved = self.scene().position(which) - from;
                if moved.length_squared() > 0.0 {
                    self.last_move[self.index()] = moved;
                }
                self.follow(which);
                changed
            }
            Err(err) => {
                self.message = Some(err.to_string());
                true
            }
        }
    }

    /// Moves the active shape along its last move to where it just touches the other.
    pub(crate) fn snap(&mut self) {
        let which = self.active[self.index()];
        let direction = self.last_move[self.index()];
        let i = self.index();
        let result = snap::snap(&mut *self.scenes[i], which, direction);
        self.message = Some(result);
    }
}
