//! The terminal sequences the game writes besides frames: OSC 52, to put text on the
//! clipboard of the player's own terminal (it reaches it over SSH too).

pub use crossterm::clipboard::CopyToClipboard;

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
    fn the_clipboard_sequence_is_osc_52_with_base64() {
        let cases = [
            ("a level", "#@$.#", "\x1b]52;c;I0AkLiM=\x1b\\"),
            ("nothing", "", "\x1b]52;c;\x1b\\"),
        ];
        for (name, text, want) in cases {
            assert_eq!(ansi(&copy_to_clipboard(text)), want, "{name}");
        }
    }
}
