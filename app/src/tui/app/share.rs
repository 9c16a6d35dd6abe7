//! Sharing: `y` copies the level in play as XSB text and `Y` its best solution, to the
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
    /// `y`: the level as it starts, as level text.
    pub(super) fn copy_level(&mut self) {
        let text = self.current.world.level().to_string();
        self.copy(text, "level");
    }

    /// `Y`: the best solution kept for the level.
    pub(super) fn copy_solution(&mut self) {
        match self.best_solution() {
            Some(text) => self.copy(text, "solution"),
            None => self.tell(
                "no solution to copy yet: solve the level and it is kept",
                false,
            ),
        }
    }

    /// The best solution known for the level in play: the saved one with the fewest moves,
    /// else the level file's.
    pub(super) fn best_solution(&self) -> Option<String> {
        let key = &self.packs[self.current.place.pack].key;
        let saved = self.progress.kept(key, self.current.id);
        saved
            .and_then(|kept| kept.by_moves.as_ref())
            .map(|solution| solution.letters.clone())
            .or_else(|| self.current.world.level().solution.clone())
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
    /// terminal as an OSC 52 sequence.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.tools.clipboard.take()
    }
}
