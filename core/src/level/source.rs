//! Showing file text safely (files themselves are opened by the store's one opening path,
//! [`crate::store::open`]).
//!
//! [`visible`] and [`excerpt`] show text from a file without letting it act on the terminal:
//! control characters (C0, DEL, C1, and the Unicode controls that reorder text) are printed
//! as `^[`-style carets or `\u{…}` escapes, and an excerpt is cut at [`EXCERPT_CHARS`]
//! characters with `…`.

use std::borrow::Cow;

/// How many characters of file text a message quotes before cutting it with `…`.
pub const EXCERPT_CHARS: usize = 60;

/// Whether a terminal might act on `c` rather than print it: C0 controls (tab and line
/// breaks too), DEL, C1 controls, and the Unicode marks that reorder or hide text.
fn is_active(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}')
}

/// `text` with every character a terminal would act on made visible: C0 controls and DEL
/// as carets (`^[` for escape, `^?` for DEL), C1 controls and invisible Unicode marks as
/// `\u{…}`. Text without any is borrowed as it is.
#[must_use]
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_active) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_visible(&mut out, c);
    }
    Cow::Owned(out)
}

/// Appends `c`, made visible if a terminal would act on it.
fn push_visible(out: &mut String, c: char) {
    match c {
        '\0'..='\u{1f}' => {
            out.push('^');
            // C0 controls are 0..32: their caret letter is 64 above.
            out.push(char::from(c as u8 + 64));
        }
        '\u{7f}' => out.push_str("^?"),
        c if is_active(c) => {
            use std::fmt::Write;
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// At most `max` characters of `text`, made [`visible`], with `…` when it was cut.
#[must_use]
pub fn excerpt(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => visible(text),
        Some((cut, _)) => {
            let mut out = visible(&text[..cut]).into_owned();
            out.push('…');
            Cow::Owned(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_cases() {
        let cases = [
            ("plain", "The Dungeon", "The Dungeon"),
            (
                "escape",
                "\u{1b}]2;PWNED\u{7}\u{1b}[2J",
                "^[]2;PWNED^G^[[2J",
            ),
            ("del", "a\u{7f}b", "a^?b"),
            ("nul and tab", "\0\t", "^@^I"),
            ("c1 csi", "x\u{9b}2J", "x\\u{9b}2J"),
            ("bidi override", "a\u{202e}b", "a\\u{202e}b"),
            ("unicode kept", "Ünïcødé ▛▘", "Ünïcødé ▛▘"),
        ];
        for (name, text, want) in cases {
            assert_eq!(visible(text), want, "{name}");
        }
        assert!(matches!(visible("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn excerpt_cases() {
        let cases = [
            ("short", "abc", 5, "abc"),
            ("exact", "abcde", 5, "abcde"),
            ("cut", "abcdef", 5, "abcde…"),
            ("cut in characters", "ééééé", 2, "éé…"),
            ("cut then visible", "\u{1b}abc", 2, "^[a…"),
        ];
        for (name, text, max, want) in cases {
            assert_eq!(excerpt(text, max), want, "{name}");
        }
    }
}
