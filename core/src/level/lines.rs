//! Reading a pack's lines: what each line is (board row, `Key: value`, `;` comment, `::`
//! note, bare text, blank).
//!
//! Blocks spanning several lines (`Comment:` … `Comment-End:`, a SOK `Solution` line followed
//! by lines of moves) become one item; a comment block holds any text, board rows included. A line holding only whitespace is blank; lines end at
//! `\n`, `\r\n` or a lone `\r`. A line is a row when it is made of board characters and holds
//! a wall, player, box or hub (`#@+$*%`), or holds `|` and `#` (run-length); board-like lines
//! squeezed between rows, and lines starting with `#` that touch a row, are rows too, so that
//! a stray character in them is reported where it is.

use std::borrow::Cow;

use super::{MAX_LEVELS, MAX_LINES};

/// The characters a board row may hold besides digits and the run-length signs.
pub(crate) const BOARD_CHARS: &str = "#@+$*. -_pPbBEF7LJ%";

/// One item of a pack: a line, or a block of lines read as one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item<'a> {
    /// Line number of the item's first line, 1-based.
    pub line: usize,
    /// What the item is.
    pub kind: ItemKind<'a>,
}

/// What kind of line (or block) an item is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ItemKind<'a> {
    /// An empty or whitespace-only line.
    Blank,
    /// A board row (plain, or run-length if it holds `|`), trailing whitespace removed.
    Row(&'a str),
    /// `Key: value`; for blocks the value joins the block's lines with `\n`. Boxed, so that
    /// the many items that are not settings stay small.
    Key(Box<Setting<'a>>),
    /// A `;` comment line: the text after the `;`, trimmed.
    Comment(&'a str),
    /// A `::` note line, kept whole.
    Note(&'a str),
    /// A line of other text (a bare title, most often), trailing whitespace removed.
    Text(&'a str),
}

/// A `Key: value` line (or block).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Setting<'a> {
    /// The key as written.
    pub key: &'a str,
    /// The value, trimmed: borrowed from the text for one line, joined for a block.
    pub value: Cow<'a, str>,
    /// Column where the value starts on the item's first line, 1-based.
    pub value_col: usize,
}

impl<'a> ItemKind<'a> {
    /// A setting item.
    pub(crate) fn key(key: &'a str, value: impl Into<Cow<'a, str>>, value_col: usize) -> Self {
        Self::Key(Box::new(Setting {
            key,
            value: value.into(),
            value_col,
        }))
    }
}

/// Whether `c` may appear in a plain board row.
fn is_board_char(c: char) -> bool {
    BOARD_CHARS.contains(c) || c.is_ascii_digit()
}

/// Whether `c` is one of the floor characters.
fn is_floor(c: char) -> bool {
    matches!(c, ' ' | '-' | '_')
}

/// Whether a line (trailing whitespace removed, not blank) reads as a board row.
fn looks_like_row(t: &str) -> bool {
    if t.contains('|') {
        return t.contains('#');
    }
    let compatible = t.chars().all(is_board_char);
    if compatible {
        let has_digit = t.chars().any(|c| c.is_ascii_digit());
        // Letters alone (`b`, `E`, `FL`) are more likely words than rows.
        let has_thing = t.chars().any(|c| "#@+$*%".contains(c));
        return has_thing && (!has_digit || t.matches('#').count() >= 2);
    }
    // A walled row with a stray character in it: read as a row so the character is reported.
    let inner = t.trim_start_matches(is_floor);
    inner.starts_with('#') && inner.len() > 1 && inner.ends_with('#')
}

/// Whether a line of text could be a board row (every character is a board character).
fn is_board_compatible(t: &str) -> bool {
    !t.is_empty() && t.chars().all(is_board_char)
}

/// Splits `Key: value` when the line starts with a one-word key and a colon.
fn split_key(t: &str) -> Option<(&str, &str, usize)> {
    let colon = t.find(':')?;
    let key = &t[..colon];
    let mut chars = key.chars();
    let first = chars.next()?;
    if !first.is_ascii_alphabetic()
        || !chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return None;
    }
    let rest = &t[colon + 1..];
    let value = rest.trim();
    let lead = rest.len() - rest.trim_start().len();
    let value_col = t[..colon + 1 + lead].chars().count() + 1;
    Some((key, value, value_col))
}

/// Whether a line starts a SOK solution block without a colon: `Solution` or
/// `Solution (moves)`.
fn is_sok_solution_head(t: &str) -> bool {
    let Some(head) = t.get(..8) else {
        return false;
    };
    if !head.eq_ignore_ascii_case("solution") {
        return false;
    }
    let rest = t[8..].trim_start();
    rest.is_empty() || rest.starts_with('(')
}

/// Whether a line holds only moves (LURD letters, `f`, `w`, counts, groups, spaces).
fn is_move_line(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| "lurdLURDfw()".contains(c) || c.is_ascii_digit() || c == ' ')
}

/// Whether a key names the end of a comment block.
fn is_comment_end(key: &str) -> bool {
    key.eq_ignore_ascii_case("comment-end") || key.eq_ignore_ascii_case("comment_end")
}

/// The lines of a text, ended by `\n`, `\r\n` or a lone `\r` (old Mac files).
pub(crate) fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        match t.find(['\n', '\r']) {
            Some(i) => {
                let skip = if t[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&t[i + skip..]);
                Some(&t[..i])
            }
            None => {
                rest = None;
                Some(t)
            }
        }
    })
}

/// Cleans one raw line: no `\r`, no trailing whitespace.
fn clean(raw: &str) -> &str {
    raw.trim_end()
}

/// Reads every line of `text` as an item, joining blocks.
///
/// Reading stops after [`MAX_LINES`] lines (the line after them is returned), and before
/// the board that follows [`MAX_LEVELS`] + 1 boards with blank lines between them (which no
/// later step can join): what is past either is never looked at.
pub(crate) fn classify(text: &str) -> (Vec<Item<'_>>, Option<usize>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines: Vec<&str> = split_lines(text).map(clean).take(MAX_LINES + 1).collect();
    let cut = (lines.len() > MAX_LINES).then(|| {
        lines.truncate(MAX_LINES);
        MAX_LINES + 1
    });
    let mut items = Vec::with_capacity(lines.len());
    let mut i = 0;
    let mut ends_left = true;
    // Boards surely apart (a blank line between them), and whether one has begun since.
    let (mut boards, mut blank_since_row) = (0usize, true);
    while i < lines.len() {
        let (kind, used) = classify_at(&lines, i, &mut ends_left);
        match kind {
            ItemKind::Row(_) if blank_since_row => {
                boards += 1;
                if boards > MAX_LEVELS + 1 {
                    break;
                }
                blank_since_row = false;
            }
            ItemKind::Blank => blank_since_row = true,
            _ => {}
        }
        items.push(Item { line: i + 1, kind });
        i += used;
    }
    join_sandwiched_rows(&mut items);
    (items, cut)
}

/// Reads the item starting at line index `i`; returns it and how many lines it spans.
/// `ends_left` turns false once no `Comment-End:` line is left below, so that no later
/// `Comment:` line looks for one again.
fn classify_at<'a>(lines: &[&'a str], i: usize, ends_left: &mut bool) -> (ItemKind<'a>, usize) {
    let t = lines[i];
    let trimmed = t.trim_start();
    if trimmed.is_empty() {
        return (ItemKind::Blank, 1);
    }
    if trimmed.starts_with("::") {
        return (ItemKind::Note(t), 1);
    }
    if let Some(rest) = trimmed.strip_prefix(';') {
        return (ItemKind::Comment(rest.trim()), 1);
    }
    if is_sok_solution_head(trimmed) {
        return solution_block(lines, i, "", 0);
    }
    if let Some((key, value, value_col)) = split_key(trimmed) {
        let value_col = value_col + (t.chars().count() - trimmed.chars().count());
        if key.eq_ignore_ascii_case("solution") && value.is_empty() {
            return solution_block(lines, i, key, value_col);
        }
        if key.eq_ignore_ascii_case("comment")
            && value.is_empty()
            && *ends_left
            && let Some(block) = comment_block(lines, i, key, value_col, ends_left)
        {
            return block;
        }
        return (ItemKind::key(key, value, value_col), 1);
    }
    if looks_like_row(t) {
        return (ItemKind::Row(t), 1);
    }
    (ItemKind::Text(t), 1)
}

/// A solution given as a head line followed by lines of moves, joined without spaces.
fn solution_block<'a>(
    lines: &[&'a str],
    i: usize,
    key: &'a str,
    value_col: usize,
) -> (ItemKind<'a>, usize) {
    let key = if key.is_empty() { "Solution" } else { key };
    let mut value = String::new();
    let mut used = 1;
    while let Some(next) = lines.get(i + used) {
        let next = next.trim();
        if !is_move_line(next) {
            break;
        }
        value.extend(next.chars().filter(|c| *c != ' '));
        used += 1;
    }
    let value_col = if used > 1 { 1 } else { value_col.max(1) };
    let kind = ItemKind::key(key, value, value_col);
    (kind, used)
}

/// A block after an empty `Comment:` line, ending at the next `Comment-End:` line; every
/// line between is comment text, whatever it looks like (a board row, a key, `Comment:`).
/// Without a `Comment-End:` below, there is no block and `ends_left` turns false.
fn comment_block<'a>(
    lines: &[&'a str],
    i: usize,
    key: &'a str,
    value_col: usize,
    ends_left: &mut bool,
) -> Option<(ItemKind<'a>, usize)> {
    let body = &lines[i + 1..];
    let Some(end) = body
        .iter()
        .position(|line| split_key(line.trim()).is_some_and(|(k, _, _)| is_comment_end(k)))
    else {
        *ends_left = false;
        return None;
    };
    let text: Vec<&str> = body[..end].iter().map(|l| l.trim()).collect();
    let value = text.join("\n").trim().to_owned();
    let kind = ItemKind::key(key, value, value_col);
    Some((kind, end + 2))
}

/// Turns runs of board-like text lines squeezed between two rows into rows.
fn join_sandwiched_rows(items: &mut [Item<'_>]) {
    let mut i = 1;
    while i < items.len() {
        if !matches!(items[i - 1].kind, ItemKind::Row(_)) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < items.len()
            && matches!(&items[j].kind, ItemKind::Text(t) if is_board_compatible(t))
        {
            j += 1;
        }
        if j > i && j < items.len() && matches!(items[j].kind, ItemKind::Row(_)) {
            for item in &mut items[i..j] {
                if let ItemKind::Text(t) = item.kind {
                    item.kind = ItemKind::Row(t);
                }
            }
        }
        i = j.max(i + 1);
    }
    join_walled_neighbours(items);
}

/// Turns text lines that start with a wall and touch a board row (no blank line between)
/// into rows, so that a stray character in them is reported rather than read as a title.
/// A run of such lines joins the row it touches whole: one pass down, one pass up.
fn join_walled_neighbours(items: &mut [Item<'_>]) {
    let is_row = |kind: &ItemKind<'_>| matches!(kind, ItemKind::Row(_));
    let walled =
        |kind: &ItemKind<'_>| matches!(kind, ItemKind::Text(t) if t.trim_start().starts_with('#'));
    let join = |items: &mut [Item<'_>], i: usize, neighbour: usize| {
        if is_row(&items[neighbour].kind)
            && walled(&items[i].kind)
            && let ItemKind::Text(t) = items[i].kind
        {
            items[i].kind = ItemKind::Row(t);
        }
    };
    for i in 1..items.len() {
        join(items, i, i - 1);
    }
    for i in (0..items.len().saturating_sub(1)).rev() {
        join(items, i, i + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_of_every_kind() {
        let lines: Vec<&str> = split_lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(lines, ["a", "b", "c", "", "d"]);
        assert_eq!(split_lines("").count(), 1);
    }

    #[test]
    fn row_detection_cases() {
        let cases = [
            ("walls", "####", true),
            ("indented", "  # @ #", true),
            ("dashes", "--#$.#", true),
            ("run length", "4#|#@$.#|4#", true),
            ("stray char", "# X #", true),
            ("bare title", "Level 1", false),
            ("quoted", "'Duh!'", false),
            ("number", "12", false),
            ("seven alone", "7", false),
            ("digit no wall", "1.", false),
            ("hash title", "#12", false),
            ("floor only", "---", false),
        ];
        for (name, line, want) in cases {
            assert_eq!(looks_like_row(line), want, "{name}: {line:?}");
        }
    }

    #[test]
    fn key_split_cases() {
        assert_eq!(split_key("Title: Foo"), Some(("Title", "Foo", 8)));
        assert_eq!(split_key("Shots:3"), Some(("Shots", "3", 7)));
        assert_eq!(split_key("Level 1: x"), None);
        assert_eq!(split_key("'a: b'"), None);
    }
}
