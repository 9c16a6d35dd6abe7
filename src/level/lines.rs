//! Reading a pack's lines: what each line is (board row, `Key: value`, `;` comment, note,
//! bare text, blank) and which level each belongs to.
//!
//! Blocks spanning several lines (`Comment:` … `Comment-End:`, a SOK `Solution` line followed
//! by lines of moves) become one item. A line holding only whitespace is blank. Boards are
//! runs of row lines; the text between two boards is shared out like this: the lines right
//! under a board (no blank line between) belong to it, the lines right above the next board
//! belong to that one, and of the groups in between, the first one with a title (a `;` line,
//! bare text or `Title:`) and all after it go to the next board, the rest to the one above.
//! Before the first board, its last group (unless it holds `::` or `Collection:`) is its
//! preamble and the rest is the file's notes.

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
    /// `Key: value`; for blocks the value joins the block's lines with `\n`.
    Key {
        /// The key as written.
        key: &'a str,
        /// The value, trimmed.
        value: String,
        /// Column where the value starts on the item's first line, 1-based.
        value_col: usize,
    },
    /// A `;` comment line: the text after the `;`, trimmed.
    Comment(&'a str),
    /// A `::` note line, kept whole.
    Note(&'a str),
    /// A line of other text (a bare title, most often), trailing whitespace removed.
    Text(&'a str),
}

impl ItemKind<'_> {
    /// Whether this item names a level: a `;` comment, bare text or a `Title:` line.
    fn is_title_like(&self) -> bool {
        match self {
            ItemKind::Comment(_) | ItemKind::Text(_) => true,
            ItemKind::Key { key, .. } => key.eq_ignore_ascii_case("title"),
            _ => false,
        }
    }

    /// Whether this item marks the file's own notes (`::` lines, `Collection:`).
    fn is_file_note(&self) -> bool {
        match self {
            ItemKind::Note(_) => true,
            ItemKind::Key { key, .. } => key.eq_ignore_ascii_case("collection"),
            _ => false,
        }
    }
}

/// The items of one level: text before the board, the board's rows, text after it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RawLevel<'a> {
    /// Items before the board that belong to this level.
    pub pre: Vec<Item<'a>>,
    /// The board rows, each with its line number.
    pub rows: Vec<(usize, &'a str)>,
    /// Items after the board that belong to this level.
    pub post: Vec<Item<'a>>,
}

/// A pack split into its file notes and its levels.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Segments<'a> {
    /// Items before the first level's preamble (or all items when there is no board).
    pub notes: Vec<Item<'a>>,
    /// The levels in file order.
    pub levels: Vec<RawLevel<'a>>,
}

/// Splits `text` into the file's notes and its levels.
pub(crate) fn segment(text: &str) -> Segments<'_> {
    let items = classify(text);
    split(items)
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

/// Cleans one raw line: no `\r`, no trailing whitespace.
fn clean(raw: &str) -> &str {
    raw.trim_end()
}

/// Reads every line of `text` as an item, joining blocks.
fn classify(text: &str) -> Vec<Item<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.split('\n').map(clean).collect();
    let mut items = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let (kind, used) = classify_at(&lines, i);
        items.push(Item { line: i + 1, kind });
        i += used;
    }
    join_sandwiched_rows(&mut items);
    items
}

/// Reads the item starting at line index `i`; returns it and how many lines it spans.
fn classify_at<'a>(lines: &[&'a str], i: usize) -> (ItemKind<'a>, usize) {
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
            && let Some(block) = comment_block(lines, i, key, value_col)
        {
            return block;
        }
        let value = value.to_owned();
        return (
            ItemKind::Key {
                key,
                value,
                value_col,
            },
            1,
        );
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
    let kind = ItemKind::Key {
        key,
        value,
        value_col,
    };
    (kind, used)
}

/// A block after an empty `Comment:` line, ending at a `Comment-End:` line, if one comes
/// before the next board row or `Comment:` line.
fn comment_block<'a>(
    lines: &[&'a str],
    i: usize,
    key: &'a str,
    value_col: usize,
) -> Option<(ItemKind<'a>, usize)> {
    let mut body: Vec<&str> = Vec::new();
    for (offset, line) in lines[i + 1..].iter().enumerate() {
        let trimmed = line.trim();
        let next_key = split_key(trimmed).map(|(k, _, _)| k);
        if next_key.is_some_and(|k| k.eq_ignore_ascii_case("comment")) {
            return None;
        }
        if next_key.is_some_and(is_comment_end) {
            let value = body.join("\n").trim().to_owned();
            let kind = ItemKind::Key {
                key,
                value,
                value_col,
            };
            return Some((kind, offset + 2));
        }
        if trimmed.contains('#') && looks_like_row(line) {
            return None;
        }
        body.push(trimmed);
    }
    None
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
fn join_walled_neighbours(items: &mut [Item<'_>]) {
    let is_row = |kind: &ItemKind<'_>| matches!(kind, ItemKind::Row(_));
    let walled =
        |kind: &ItemKind<'_>| matches!(kind, ItemKind::Text(t) if t.trim_start().starts_with('#'));
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..items.len() {
            let touches = (i > 0 && is_row(&items[i - 1].kind))
                || items.get(i + 1).is_some_and(|it| is_row(&it.kind));
            if touches && walled(&items[i].kind) {
                if let ItemKind::Text(t) = items[i].kind {
                    items[i].kind = ItemKind::Row(t);
                }
                changed = true;
            }
        }
    }
}

/// Shares the items out between the file notes and the levels.
fn split(items: Vec<Item<'_>>) -> Segments<'_> {
    let mut boards: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < items.len() {
        if matches!(items[i].kind, ItemKind::Row(_)) {
            let start = i;
            while i < items.len() && matches!(items[i].kind, ItemKind::Row(_)) {
                i += 1;
            }
            boards.push((start, i));
        } else {
            i += 1;
        }
    }
    let Some(&(first_start, _)) = boards.first() else {
        return Segments {
            notes: items
                .into_iter()
                .filter(|it| it.kind != ItemKind::Blank)
                .collect(),
            levels: Vec::new(),
        };
    };
    let mut levels: Vec<RawLevel<'_>> = boards
        .iter()
        .map(|&(s, e)| RawLevel {
            pre: Vec::new(),
            rows: items[s..e]
                .iter()
                .filter_map(|it| match it.kind {
                    ItemKind::Row(t) => Some((it.line, t)),
                    _ => None,
                })
                .collect(),
            post: Vec::new(),
        })
        .collect();
    let head = &items[..first_start];
    let cut = first_preamble_start(head);
    let notes = non_blank(&head[..cut]);
    levels[0].pre = non_blank(&head[cut..]);
    for k in 0..boards.len() {
        let gap_start = boards[k].1;
        let gap_end = boards.get(k + 1).map_or(items.len(), |b| b.0);
        let gap = &items[gap_start..gap_end];
        let cut = if k + 1 < boards.len() {
            gap_split(gap)
        } else {
            gap.len()
        };
        levels[k].post = non_blank(&gap[..cut]);
        if k + 1 < boards.len() {
            levels[k + 1].pre = non_blank(&gap[cut..]);
        }
    }
    Segments { notes, levels }
}

/// The non-blank items of a slice, cloned.
fn non_blank<'a>(items: &[Item<'a>]) -> Vec<Item<'a>> {
    items
        .iter()
        .filter(|it| it.kind != ItemKind::Blank)
        .cloned()
        .collect()
}

/// The groups of a slice: ranges of non-blank items between blank ones.
fn groups(items: &[Item<'_>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < items.len() {
        if items[i].kind == ItemKind::Blank {
            i += 1;
            continue;
        }
        let start = i;
        while i < items.len() && items[i].kind != ItemKind::Blank {
            i += 1;
        }
        out.push((start, i));
    }
    out
}

/// Where the first level's preamble starts in the items before the first board.
fn first_preamble_start(head: &[Item<'_>]) -> usize {
    match groups(head).last() {
        Some(&(s, e)) if !head[s..e].iter().any(|it| it.kind.is_file_note()) => s,
        _ => head.len(),
    }
}

/// Where the items between two boards split: before it they belong to the upper board,
/// from it on to the lower one.
fn gap_split(gap: &[Item<'_>]) -> usize {
    let gs = groups(gap);
    let Some(&(first_s, first_e)) = gs.first() else {
        return gap.len();
    };
    let attached_above = first_s == 0;
    let attached_below = gs.last().is_some_and(|&(_, e)| e == gap.len());
    if attached_above && attached_below && gs.len() == 1 {
        // No blank line at all between the boards: the title-like lines start the next level.
        return gap[first_s..first_e]
            .iter()
            .position(|it| matches!(it.kind, ItemKind::Comment(_) | ItemKind::Text(_)))
            .map_or(gap.len(), |p| first_s + p);
    }
    let skip = usize::from(attached_above);
    for &(s, e) in &gs[skip..] {
        if gap[s..e].iter().any(|it| it.kind.is_title_like()) {
            return s;
        }
    }
    match gs.last() {
        Some(&(s, _)) if attached_below && !(attached_above && gs.len() == 1) => s,
        _ => gap.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles(text: &str) -> Vec<(Vec<ItemKind<'_>>, usize, Vec<ItemKind<'_>>)> {
        segment(text)
            .levels
            .into_iter()
            .map(|l| {
                (
                    l.pre.into_iter().map(|i| i.kind).collect(),
                    l.rows.len(),
                    l.post.into_iter().map(|i| i.kind).collect(),
                )
            })
            .collect()
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

    #[test]
    fn microban_style_titles_go_to_the_next_board() {
        let text = "; head\n\n; 1\n\n####\n#@$.#\n####\n\n; 2\n'Duh!'\n\n####\n#@$.#\n####\n";
        let segs = segment(text);
        assert_eq!(segs.notes.len(), 1);
        let lv = titles(text);
        assert_eq!(lv[0].0, vec![ItemKind::Comment("1")]);
        assert_eq!(
            lv[1].0,
            vec![ItemKind::Comment("2"), ItemKind::Text("'Duh!'")]
        );
        assert!(lv[0].2.is_empty());
    }

    #[test]
    fn trailer_keys_stay_with_their_board() {
        let text = "####\n#@$.#\n####\nTitle: A\n\nSolution: R\n\nTitle: B\n####\n#@$.#\n####\n";
        let lv = titles(text);
        assert_eq!(lv[0].2.len(), 2);
        assert_eq!(lv[1].0.len(), 1);
    }

    #[test]
    fn sok_solution_and_comment_blocks_are_one_item() {
        let text = "####\n#@$.#\n####\nSolution (moves)\nrR\nL\nComment:\na\n\nb\nComment-End:\n";
        let lv = titles(text);
        assert_eq!(
            lv[0].2[0],
            ItemKind::Key {
                key: "Solution",
                value: "rRL".into(),
                value_col: 1
            }
        );
        assert!(
            matches!(&lv[0].2[1], ItemKind::Key { value, .. } if value == "a\n\nb"),
            "{:?}",
            lv[0].2
        );
    }

    #[test]
    fn a_dash_row_between_rows_joins_the_board() {
        let lv = titles("#####\n-\n#@$.#\n");
        assert_eq!(lv.len(), 1);
        assert_eq!(lv[0].1, 3);
    }
}
