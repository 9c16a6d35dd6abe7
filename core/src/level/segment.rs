//! Sharing a pack's items out between the file's notes and its levels.
//!
//! Boards are runs of row items. The text between two boards goes like this: the lines right
//! under a board (no blank line between) belong to it, the lines right above the next board
//! belong to that one, and of the groups in between, the first one with a title (a `;` line,
//! bare text or `Title:`) and all after it go to the next board, the rest to the one above.
//! Before the first board, its last group (unless it holds `::` or `Collection:`) is its
//! preamble and the rest is the file's notes. After the last board, everything is its.

use super::lines::{Item, ItemKind, classify};

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
    /// The line where reading stopped, when the file has more lines than are read.
    pub cut: Option<usize>,
}

/// Splits `text` into the file's notes and its levels.
pub(crate) fn segment(text: &str) -> Segments<'_> {
    let (items, cut) = classify(text);
    Segments {
        cut,
        ..split(items)
    }
}

impl ItemKind<'_> {
    /// Whether this item names a level: a `;` comment, bare text or a `Title:` line.
    fn is_title_like(&self) -> bool {
        match self {
            ItemKind::Comment(_) | ItemKind::Text(_) => true,
            ItemKind::Key(s) => s.key.eq_ignore_ascii_case("title"),
            _ => false,
        }
    }

    /// Whether this item marks the file's own notes (`::` lines, `Collection:`).
    fn is_file_note(&self) -> bool {
        match self {
            ItemKind::Note(_) => true,
            ItemKind::Key(s) => s.key.eq_ignore_ascii_case("collection"),
            _ => false,
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
            cut: None,
        };
    };
    // Where each stretch of items goes, in order: (end of the stretch, where it goes).
    let mut stretches: Vec<(usize, Place)> = Vec::with_capacity(3 * boards.len() + 1);
    let cut = first_preamble_start(&items[..first_start]);
    stretches.push((cut, Place::Notes));
    stretches.push((first_start, Place::Pre(0)));
    for k in 0..boards.len() {
        let (start, end) = boards[k];
        stretches.push((end.max(start), Place::Rows(k)));
        let gap_end = boards.get(k + 1).map_or(items.len(), |b| b.0);
        let gap = &items[end..gap_end];
        let cut = if k + 1 < boards.len() {
            gap_split(gap)
        } else {
            gap.len()
        };
        stretches.push((end + cut, Place::Post(k)));
        if k + 1 < boards.len() {
            stretches.push((gap_end, Place::Pre(k + 1)));
        }
    }
    // Every item moves to its place once: nothing is copied.
    let mut notes = Vec::new();
    let mut levels: Vec<RawLevel<'_>> = vec![RawLevel::default(); boards.len()];
    let mut at = 0;
    for (i, item) in items.into_iter().enumerate() {
        while stretches.get(at).is_some_and(|&(end, _)| i >= end) {
            at += 1;
        }
        let Some(&(_, place)) = stretches.get(at) else {
            break;
        };
        match (place, &item.kind) {
            (_, ItemKind::Blank) => {}
            (Place::Rows(k), ItemKind::Row(t)) => levels[k].rows.push((item.line, *t)),
            (Place::Rows(_), _) => {}
            (Place::Notes, _) => notes.push(item),
            (Place::Pre(k), _) => levels[k].pre.push(item),
            (Place::Post(k), _) => levels[k].post.push(item),
        }
    }
    Segments {
        notes,
        levels,
        cut: None,
    }
}

/// Where a stretch of items goes.
#[derive(Debug, Clone, Copy)]
enum Place {
    /// The file's notes.
    Notes,
    /// Before level `k`'s board.
    Pre(usize),
    /// Level `k`'s board.
    Rows(usize),
    /// After level `k`'s board.
    Post(usize),
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
        assert_eq!(lv[0].2[0], ItemKind::key("Solution", "rRL", 1));
        assert!(
            matches!(&lv[0].2[1], ItemKind::Key(s) if s.value == "a\n\nb"),
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
