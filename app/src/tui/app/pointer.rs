//! The mouse: a click on a floor cell walks the player there by the shortest path; a click on
//! a box picks it, and a click on a cell then pushes it there when the box can get there.
//! Each walk or push is one undo step, on the game's clock
//! ([`World::play_path`](sokoshot_core::game::World::play_path)).
//! A click anywhere else (or with nothing found) says why and changes nothing. In the level
//! list the mouse picks and plays levels (`browse`).

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::App;
use crate::tui::keys::Mode;
use sokoshot_core::level::Pos;

/// The cell of the board drawn in `board` under the terminal cell `(column, row)`, if any
/// (each level cell is two columns wide and one row high, times `scale`).
#[must_use]
pub fn cell_under(board: Rect, scale: u16, column: u16, row: u16) -> Option<Pos> {
    let s = scale.max(1);
    let inside =
        column >= board.x && column < board.right() && row >= board.y && row < board.bottom();
    inside.then(|| {
        Pos::new(
            i32::from((column - board.x) / (2 * s)),
            i32::from((row - board.y) / s),
        )
    })
}

impl App {
    /// Handles a mouse event. Returns whether anything on screen may have changed.
    pub fn handle_mouse(&mut self, event: MouseEvent) -> bool {
        if self.editor.is_some() {
            return self.edit_mouse(event);
        }
        if self.tools.mouse_off {
            return false;
        }
        if self.mode.is_list() {
            return self.list_mouse(event);
        }
        if event.kind != MouseEventKind::Down(MouseButton::Left) {
            return false;
        }
        if self.mode == Mode::Solved {
            self.mode = Mode::Playing;
        }
        if self.mode != Mode::Playing {
            return false;
        }
        let Some(board) = self.tools.board_area.get() else {
            return false;
        };
        let scale = self.tools.board_scale.get();
        let Some(cell) = cell_under(board, scale, event.column, event.row) else {
            let had = self.tools.picked.take().is_some();
            return had;
        };
        self.message = None;
        self.current.animation = None;
        self.current.trace.clear();
        self.count.clear();
        self.click(cell);
        self.check_lost();
        true
    }

    /// Turns clicks off (`--no-mouse`): a terminal that reports them anyway is not heeded.
    pub fn set_mouse(&mut self, on: bool) {
        self.tools.mouse_off = !on;
    }

    /// A click on `cell` of the board.
    fn click(&mut self, cell: Pos) {
        let world = &self.current.world;
        if world.box_at(cell) && self.tools.picked != Some(cell) {
            self.tools.picked = Some(cell);
            self.tell("box picked: click where it should go", false);
            return;
        }
        let path = match self.tools.picked.take() {
            Some(from) if from == cell => return,
            Some(from) => world.push_path(from, cell),
            None => world.walk_path(cell),
        };
        match path {
            Ok(path) if path.is_empty() => {}
            Ok(path) => {
                let letters: String = path.iter().map(|m| m.letter()).collect();
                let before = self.current.world.state().clone();
                match self.current.world.play_path(&path) {
                    Ok(_) => {
                        self.played(&letters);
                        self.show(before, path);
                    }
                    Err(err) => self.tell(err.to_string(), false),
                }
            }
            Err(err) => self.tell(err.to_string(), false),
        }
    }

    /// After moves were played by a tool: notice a solve, forget a stale Solved panel.
    pub(super) fn played(&mut self, letters: &str) {
        self.note_path(letters);
        if !self.check_solved() {
            self.solved = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_cell_maps_to_the_level_cell_drawn_there() {
        let board = Rect::new(10, 3, 8, 2);
        let cases = [
            ("top-left, left half", (10, 3), Some(Pos::new(0, 0))),
            ("top-left, right half", (11, 3), Some(Pos::new(0, 0))),
            ("second cell", (12, 3), Some(Pos::new(1, 0))),
            ("bottom-right", (17, 4), Some(Pos::new(3, 1))),
            ("left of the board", (9, 3), None),
            ("right of the board", (18, 3), None),
            ("above the board", (10, 2), None),
            ("below the board", (10, 5), None),
        ];
        for (name, (column, row), want) in cases {
            assert_eq!(cell_under(board, 1, column, row), want, "{name}");
        }
    }
}
