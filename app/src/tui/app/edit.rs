//! `e`: the editor opened over the game on the level in play, for local play only (a
//! served session says so). While it is open it takes every key, click and paste; when the
//! author quits it the game is back where it was (a saved file reloads as usual).

use crossterm::event::{KeyEvent, MouseEvent};

use super::App;
use crate::tui::editor::EditorApp;
use crate::tui::editor::run::open_in_play;

impl App {
    /// Lets `e` open the editor: local play, where the level's file is the player's own.
    pub fn allow_editing(&mut self) {
        self.editing.0 = true;
    }

    /// Whether `e` was pressed where the editor may not open (the game being tried from the
    /// editor takes it as "back to the editor"); asking forgets it.
    pub fn take_edit_request(&mut self) -> bool {
        std::mem::take(&mut self.editing.1)
    }

    /// `e`: opens the level in play in the editor.
    pub(super) fn open_editor(&mut self) {
        if !self.editing.0 {
            self.editing.1 = true;
            return self.tell(
                "the editor runs in local play: `sokoshot edit FILE` (or `e` in `sokoshot play`)",
                false,
            );
        }
        let place = self.current.place;
        let pack = &self.packs[place.pack];
        let level = self.current.world.level();
        match open_in_play(pack, place.level, level) {
            Ok(opened) => {
                let mut editor = EditorApp::new(opened, self.theme);
                editor.set_mouse(!self.tools.mouse_off);
                self.editor = Some(Box::new(editor));
            }
            Err(why) => self.tell(format!("cannot edit this level: {why}"), true),
        }
    }

    /// A key for the editor; its quitting closes it.
    pub(super) fn edit_key(&mut self, key: KeyEvent) -> bool {
        let Some(editor) = &mut self.editor else {
            return false;
        };
        editor.handle_key(key);
        if editor.should_quit() {
            self.editor = None;
            self.tell("back from the editor", false);
        }
        true
    }

    /// A click or drag for the editor.
    pub(super) fn edit_mouse(&mut self, event: MouseEvent) -> bool {
        self.editor
            .as_mut()
            .is_some_and(|editor| editor.handle_mouse(event))
    }
}
