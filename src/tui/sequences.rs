//! The terminal sequences the player's tools write besides frames: click reporting on and off
//! for the mouse, and OSC 52 to put text on the clipboard.
//!
//! Click reporting asks only for presses and releases (mode 1000) in the SGR encoding (mode
//! 1006), not for every motion (crossterm's `EnableMouseCapture` also asks for motion, mode
//! 1003), so a mouse moved over the game sends nothing and wakes nothing. It is turned off on every way out with the rest of the terminal (see
//! [`terminal::restore`](super::terminal::restore)).

use std::fmt;

pub use crossterm::clipboard::CopyToClipboard;

/// Turns reporting of mouse clicks (SGR encoding) on or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClickReporting(pub bool);

impl crossterm::Command for ClickReporting {
    fn write_ansi(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let set = if self.0 { 'h' } else { 'l' };
        write!(f, "\x1b[?1000{set}\x1b[?1006{set}")
    }
}

/// Puts `text` on the clipboard of the player's terminal: crossterm's OSC 52 sequence
/// (clipboard `c`, the text in base64).
#[must_use]
pub fn copy_to_clipboard(text: &str) -> CopyToClipboard<&str> {
    CopyToClipboard::to_clipboard_from(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ansi(command: &impl crossterm::Command) -> String {
        let mut out = String::new();
        command.write_ansi(&mut out).expect("writes to a string");
        out
    }

    #[test]
    fn the_sequences_are_written_as_terminals_read_them() {
        let cases = [
            (
                "clicks on",
                ansi(&ClickReporting(true)),
                "\x1b[?1000h\x1b[?1006h",
            ),
            (
                "clicks off",
                ansi(&ClickReporting(false)),
                "\x1b[?1000l\x1b[?1006l",
            ),
            (
                "copy",
                ansi(&copy_to_clipboard("#@$.#")),
                "\x1b]52;c;I0AkLiM=\x1b\\",
            ),
            (
                "copy nothing",
                ansi(&copy_to_clipboard("")),
                "\x1b]52;c;\x1b\\",
            ),
        ];
        for (name, got, want) in cases {
            assert_eq!(got, want, "{name}");
        }
    }
}
