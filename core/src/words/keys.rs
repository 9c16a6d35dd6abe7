//! The names of keys, as the help's key column and the hint lines write them: `Esc`,
//! `Enter`, `space`, `Ctrl-r`, `Shift+←`. A letter or a sign is written as itself (`h`, `?`).

/// The escape key: closes, cancels, goes back.
pub const ESC: &str = "Esc";
/// The enter key: chooses, keeps.
pub const ENTER: &str = "Enter";
/// The space bar (lower case: it is not written on the key).
pub const SPACE: &str = "space";
/// The tab key.
pub const TAB: &str = "Tab";
/// The backspace key.
pub const BACKSPACE: &str = "Backspace";
/// The delete key.
pub const DELETE: &str = "Del";
/// The home key.
pub const HOME: &str = "Home";
/// The end key.
pub const END: &str = "End";
/// The page-up key.
pub const PAGE_UP: &str = "PgUp";
/// The page-down key.
pub const PAGE_DOWN: &str = "PgDn";
/// The left arrow.
pub const LEFT: &str = "←";
/// The right arrow.
pub const RIGHT: &str = "→";
/// The up arrow.
pub const UP: &str = "↑";
/// The down arrow.
pub const DOWN: &str = "↓";

/// A character typed with Ctrl: `Ctrl-r`.
#[must_use]
pub fn ctrl(c: char) -> String {
    format!("Ctrl-{c}")
}

/// A key typed with Shift where that means more than the key alone: `Shift+←`.
#[must_use]
pub fn shift(key: &str) -> String {
    format!("Shift+{key}")
}

/// A character key as the help names it: the space bar by its name, any other as itself.
#[must_use]
pub fn char_key(c: char) -> String {
    if c == ' ' {
        SPACE.to_owned()
    } else {
        c.to_string()
    }
}

/// Every named key (not a character), for checks that a screen names keys only so.
pub const NAMED: [&str; 14] = [
    ESC, ENTER, SPACE, TAB, BACKSPACE, DELETE, HOME, END, PAGE_UP, PAGE_DOWN, LEFT, RIGHT, UP, DOWN,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_with_a_modifier_and_the_space_bar_are_named() {
        let cases = [
            ("ctrl", ctrl('r'), "Ctrl-r"),
            ("shift arrow", shift(LEFT), "Shift+←"),
            ("space", char_key(' '), "space"),
            ("letter", char_key('h'), "h"),
        ];
        for (name, got, want) in cases {
            assert_eq!(got, want, "{name}");
        }
    }
}
