//! Sharing: `y` copies the level in play as XSB text (without the level file's solution, so
//! sharing a level does not spoil it) and `Y` the best solution the player found, to the
//! clipboard of the player's own terminal with OSC 52 (which reaches it over SSH too). The
//! app only keeps the text; the event loop writes the sequence (see
//! [`App::take_clipboard`]).
//!
//! Limits: at most [`MAX_CLIPBOARD_BYTES`] bytes are copied (terminals refuse longer OSC 52
//! sequences; xterm's default is about 100 KB of base64).

use super::App;

/// The most bytes copied to the clipboard at once.
pub const MAX_CLIPBOARD_BYTES: usize = 64 * 1024;

impl App {
    /// `y`: the level as it starts, as level text, without its `Solution:` lines.
    pub(super) fn copy_level(&mut self) {
        let mut level = self.current.world.level().clone();
        level.solution = None;
        level.more_solutions.clear();
        self.copy(level.to_string(), "level");
    }

    /// `Y`: the best solution the player found for the level; never the level file's.
    pub(super) fn copy_solution(&mut self) {
        match self.found_solution() {
            Some(text) => self.copy(text, "solution"),
            None => self.tell(
                "you have no solution to copy yet: solve the level and yours is kept",
                false,
            ),
        }
    }

    /// The saved solution with the fewest moves that the player found for the level in play.
    pub(super) fn found_solution(&self) -> Option<String> {
        let key = &self.packs[self.current.place.pack].key;
        let saved = self.progress.kept(key, self.current.id);
        saved
            .and_then(|kept| kept.by_moves.as_ref())
            .map(|solution| solution.letters.clone())
    }

    fn copy(&mut self, text: String, what: &str) {
        if text.len() > MAX_CLIPBOARD_BYTES {
            let size = text.len();
            self.tell(
                format!("the {what} is {size} bytes; the most copied is {MAX_CLIPBOARD_BYTES}"),
                true,
            );
            return;
        }
        self.tools.clipboard = Some(text);
        self.tell(
            format!("{what} copied to the clipboard (if the terminal allows OSC 52)"),
            false,
        );
    }

    /// Text waiting to be copied to the clipboard, taken: the event loop writes it to the
    /// terminal as an OSC 52 sequence (the editor's, while it is open and a level is tried).
    pub fn take_clipboard(&mut self) -> Option<String> {
        if let Some(editor) = &mut self.editor {
            return editor.take_clipboard();
        }
        self.tools.clipboard.take()
    }
}
