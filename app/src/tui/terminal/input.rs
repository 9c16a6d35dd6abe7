//! What the terminal hands the event loops: keys in the order they were typed, pastes, and the
//! two keys that a cooked terminal would have turned into signals.
//!
//! In raw mode Ctrl-Z and Ctrl-\ reach the program as keys, not as SIGTSTP and SIGQUIT. They
//! keep their usual meaning in every screen: [`Input::Suspend`] and [`Input::Quit`].
//!
//! With bracketed paste on, a paste arrives whole. [`paste_keys`] turns one into the keys it
//! would have been if typed, at most [`MAX_PASTE_KEYS`] of them.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};

/// The most keys taken from one paste; the rest of a longer paste is dropped (and the player
/// told).
pub const MAX_PASTE_KEYS: usize = 65_536;

/// The most inputs read in one go before the loop draws and looks at signals again; the rest
/// wait, in order, for the next call.
pub const MAX_INPUTS_PER_READ: usize = 4_096;

/// One thing the terminal delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A key press (releases are dropped).
    Key(KeyEvent),
    /// Text pasted with bracketed paste on.
    Paste(String),
    /// Ctrl-Z, or SIGTSTP from outside: stop until `fg`.
    Suspend,
    /// Ctrl-\: quit.
    Quit,
    /// The screen must be drawn again in full: it was resized, or the program continued after
    /// a stop.
    Redraw,
    /// The terminal is gone (its other end closed): nothing more will be read.
    HangUp,
    /// A mouse report (only sent after `Screen::capture_mouse`).
    Mouse(MouseEvent),
}

impl Input {
    /// The input a crossterm event stands for, if any.
    #[must_use]
    pub fn from_event(event: Event) -> Option<Self> {
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Release => None,
            Event::Key(key) if is_ctrl(key, &['z', 'Z']) => Some(Self::Suspend),
            // Ctrl-\ is byte 0x1c, which crossterm reports as Ctrl-4.
            Event::Key(key) if is_ctrl(key, &['\\', '4']) => Some(Self::Quit),
            Event::Key(key) => Some(Self::Key(key)),
            Event::Paste(text) => Some(Self::Paste(text)),
            Event::Resize(..) => Some(Self::Redraw),
            Event::Mouse(mouse) => Some(Self::Mouse(mouse)),
            _ => None,
        }
    }
}

fn is_ctrl(key: KeyEvent, chars: &[char]) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
        && matches!(key.code, KeyCode::Char(c) if chars.contains(&c))
}

/// The keys `text` would have been if typed, in order, at most [`MAX_PASTE_KEYS`]; and
/// whether some were dropped. A line break is Enter, a tab Tab, other control characters the
/// Ctrl key that types them; `\r\n` is one Enter.
#[must_use]
pub fn paste_keys(text: &str) -> (Vec<KeyEvent>, bool) {
    let mut keys = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if keys.len() == MAX_PASTE_KEYS {
            return (keys, true);
        }
        if c == '\r' && chars.peek() == Some(&'\n') {
            chars.next();
        }
        keys.push(typed(c));
    }
    (keys, false)
}

/// The key that types `c`.
fn typed(c: char) -> KeyEvent {
    let plain = |code| KeyEvent::new(code, KeyModifiers::NONE);
    match c {
        '\r' | '\n' => plain(KeyCode::Enter),
        '\t' => plain(KeyCode::Tab),
        '\x1b' => plain(KeyCode::Esc),
        '\x7f' | '\x08' => plain(KeyCode::Backspace),
        '\x01'..='\x1a' => {
            let letter = char::from(b'a' + (c as u8 - 1));
            KeyEvent::new(KeyCode::Char(letter), KeyModifiers::CONTROL)
        }
        c if c.is_uppercase() => KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT),
        c => plain(KeyCode::Char(c)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn a_paste_is_the_keys_it_would_have_been_if_typed() {
        let none = KeyModifiers::NONE;
        let cases = [
            (
                "letters",
                "hl",
                vec![key(KeyCode::Char('h'), none), key(KeyCode::Char('l'), none)],
            ),
            (
                "shifted",
                "L",
                vec![key(KeyCode::Char('L'), KeyModifiers::SHIFT)],
            ),
            ("crlf is one enter", "\r\n", vec![key(KeyCode::Enter, none)]),
            ("lf", "\n", vec![key(KeyCode::Enter, none)]),
            ("tab", "\t", vec![key(KeyCode::Tab, none)]),
            ("esc", "\x1b", vec![key(KeyCode::Esc, none)]),
            (
                "ctrl-r",
                "\x12",
                vec![key(KeyCode::Char('r'), KeyModifiers::CONTROL)],
            ),
            ("space", " ", vec![key(KeyCode::Char(' '), none)]),
        ];
        for (name, text, want) in cases {
            assert_eq!(paste_keys(text), (want, false), "{name}");
        }
    }

    #[test]
    fn a_paste_longer_than_the_limit_is_cut_and_says_so() {
        let text = "l".repeat(MAX_PASTE_KEYS + 5);
        let (keys, cut) = paste_keys(&text);
        assert_eq!(keys.len(), MAX_PASTE_KEYS);
        assert!(cut);
        let (keys, cut) = paste_keys(&text[..MAX_PASTE_KEYS]);
        assert_eq!(keys.len(), MAX_PASTE_KEYS);
        assert!(!cut);
    }

    #[test]
    fn ctrl_z_suspends_and_ctrl_backslash_quits_wherever_they_are_typed() {
        let ctrl = KeyModifiers::CONTROL;
        let cases = [
            (
                "ctrl-z",
                key(KeyCode::Char('z'), ctrl),
                Some(Input::Suspend),
            ),
            (
                "ctrl-backslash as ctrl-4",
                key(KeyCode::Char('4'), ctrl),
                Some(Input::Quit),
            ),
            (
                "ctrl-backslash",
                key(KeyCode::Char('\\'), ctrl),
                Some(Input::Quit),
            ),
            (
                "plain z",
                key(KeyCode::Char('z'), KeyModifiers::NONE),
                Some(Input::Key(key(KeyCode::Char('z'), KeyModifiers::NONE))),
            ),
        ];
        for (name, event, want) in cases {
            assert_eq!(Input::from_event(Event::Key(event)), want, "{name}");
        }
        let mut release = key(KeyCode::Char('z'), ctrl);
        release.kind = KeyEventKind::Release;
        assert_eq!(Input::from_event(Event::Key(release)), None);
    }
}
