//! Turning the bytes an SSH client types into the crossterm events the front end reads.
//!
//! The escape sequences are decoded by `terminput` (crossterm's own parser, packaged to run
//! on any byte stream) and converted to crossterm's types by `terminput-crossterm`, so a key
//! reaches the game over SSH exactly as it does from the local terminal. What is left here is
//! what crossterm's reader does around its parser: feeding it one byte at a time, telling a
//! lone Esc from the start of a sequence (a sequence arrives in one packet; an Esc with
//! nothing after it in its packet is the key), and bracketed paste, collected here so that a
//! long paste is scanned once rather than re-parsed at every byte.
//!
//! Limits: an escape sequence longer than [`MAX_SEQUENCE`] bytes is dropped, and a paste is
//! cut at [`MAX_PASTE`] bytes (the rest of it is dropped up to its end marker).

use crossterm::event::Event;

/// The longest escape sequence kept while waiting for its end (mouse reports and modified
/// keys are under 32 bytes).
pub const MAX_SEQUENCE: usize = 64;

/// The most bytes of one bracketed paste that are kept.
pub const MAX_PASTE: usize = 64 * 1024;

const ESC: u8 = 0x1b;
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// A decoder of terminal input that keeps an unfinished sequence between packets.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
    paste: Option<Paste>,
}

/// A bracketed paste being received: its first [`MAX_PASTE`] bytes, how many bytes came in
/// all, and the last few, where the end marker is looked for.
#[derive(Debug, Default)]
struct Paste {
    text: Vec<u8>,
    seen: usize,
    tail: Vec<u8>,
}

impl Paste {
    /// Takes one byte; true when it completed the end marker.
    fn push(&mut self, byte: u8) -> bool {
        if self.text.len() < MAX_PASTE {
            self.text.push(byte);
        }
        self.seen += 1;
        if self.tail.len() == PASTE_END.len() {
            self.tail.remove(0);
        }
        self.tail.push(byte);
        self.tail == PASTE_END
    }

    /// The pasted text, without the end marker.
    fn into_text(mut self) -> String {
        self.text.truncate(self.seen - PASTE_END.len());
        String::from_utf8_lossy(&self.text).into_owned()
    }
}

impl InputParser {
    /// A parser with nothing pending.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Decodes one packet of input, calling `emit` with each complete event in order.
    pub fn feed(&mut self, data: &[u8], mut emit: impl FnMut(Event)) {
        for (i, &byte) in data.iter().enumerate() {
            if let Some(paste) = &mut self.paste {
                if paste.push(byte) {
                    let text = self.paste.take().map(Paste::into_text).unwrap_or_default();
                    emit(Event::Paste(text));
                }
                continue;
            }
            self.pending.push(byte);
            if self.pending == PASTE_START {
                self.pending.clear();
                self.paste = Some(Paste::default());
                continue;
            }
            let more = i + 1 < data.len();
            if self.pending == [ESC] && more {
                continue;
            }
            if PASTE_START.starts_with(&self.pending) && more {
                continue;
            }
            self.decode(&mut emit);
        }
    }

    fn decode(&mut self, emit: &mut impl FnMut(Event)) {
        match terminput::Event::parse_from(&self.pending) {
            Ok(Some(event)) => {
                self.pending.clear();
                if let Ok(event) = terminput_crossterm::to_crossterm(event) {
                    emit(event);
                }
            }
            Ok(None) if self.pending.len() < MAX_SEQUENCE => {}
            Ok(None) | Err(_) => self.pending.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{
        KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };

    use super::*;

    fn parse(packets: &[&[u8]]) -> Vec<Event> {
        let mut parser = InputParser::new();
        let mut events = Vec::new();
        for packet in packets {
            parser.feed(packet, |event| events.push(event));
        }
        events
    }

    /// A named case: the packets the client sends and the events they make.
    type Case = (&'static str, &'static [&'static [u8]], Vec<Event>);

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn client_bytes_become_the_keys_crossterm_would_read() {
        let none = KeyModifiers::NONE;
        let cases: [Case; 12] = [
            ("letter", &[b"l"], vec![key(KeyCode::Char('l'), none)]),
            (
                "capital",
                &[b"L"],
                vec![key(KeyCode::Char('L'), KeyModifiers::SHIFT)],
            ),
            (
                "two letters in one packet",
                &[b"hj"],
                vec![key(KeyCode::Char('h'), none), key(KeyCode::Char('j'), none)],
            ),
            ("enter", &[b"\r"], vec![key(KeyCode::Enter, none)]),
            (
                "ctrl-r",
                &[b"\x12"],
                vec![key(KeyCode::Char('r'), KeyModifiers::CONTROL)],
            ),
            (
                "ctrl-z is a key",
                &[b"\x1a"],
                vec![key(KeyCode::Char('z'), KeyModifiers::CONTROL)],
            ),
            ("lone esc", &[b"\x1b"], vec![key(KeyCode::Esc, none)]),
            ("arrow", &[b"\x1b[A"], vec![key(KeyCode::Up, none)]),
            (
                "shift arrow",
                &[b"\x1b[1;2D"],
                vec![key(KeyCode::Left, KeyModifiers::SHIFT)],
            ),
            (
                "esc then a letter in two packets",
                &[b"\x1b", b"q"],
                vec![key(KeyCode::Esc, none), key(KeyCode::Char('q'), none)],
            ),
            ("utf-8", &[b"\xc3\xa9"], vec![key(KeyCode::Char('é'), none)]),
            (
                "garbage is dropped",
                &[b"\x1b[\x01", b"x"],
                vec![key(KeyCode::Char('x'), none)],
            ),
        ];
        for (name, packets, want) in cases {
            assert_eq!(parse(packets), want, "{name}");
        }
    }

    #[test]
    fn an_sgr_mouse_report_is_a_mouse_event() {
        let events = parse(&[b"\x1b[<0;10;5M"]);
        assert_eq!(
            events,
            vec![Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 9,
                row: 4,
                modifiers: KeyModifiers::NONE,
            })]
        );
    }

    #[test]
    fn a_bracketed_paste_arrives_whole_even_split_across_packets() {
        let events = parse(&[b"\x1b[200~ab", b"c\x1b[20", b"1~q"]);
        assert_eq!(
            events,
            vec![
                Event::Paste("abc".into()),
                key(KeyCode::Char('q'), KeyModifiers::NONE)
            ]
        );
    }

    #[test]
    fn a_huge_paste_is_cut_at_the_cap_and_what_follows_it_still_arrives() {
        let mut data = b"\x1b[200~".to_vec();
        data.extend(std::iter::repeat_n(b'x', 3 * MAX_PASTE));
        data.extend_from_slice(b"\x1b[201~q");
        let events = parse(&[&data]);
        assert_eq!(events.len(), 2);
        assert!(matches!(&events[0], Event::Paste(text) if text.len() == MAX_PASTE));
        assert_eq!(events[1], key(KeyCode::Char('q'), KeyModifiers::NONE));
    }

    #[test]
    fn an_endless_sequence_is_dropped_at_the_cap() {
        let mut data = b"\x1b[1".to_vec();
        data.extend(std::iter::repeat_n(b'1', 10 * MAX_SEQUENCE));
        let mut parser = InputParser::new();
        parser.feed(&data, |_| {});
        assert!(parser.pending.len() <= MAX_SEQUENCE);
        let mut events = Vec::new();
        parser.feed(b"k", |event| events.push(event));
        assert_eq!(events.len(), 1, "{events:?}");
    }
}
