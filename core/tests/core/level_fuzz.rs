//! No input makes the level reader panic, and what it reads is consistent: random bytes,
//! random level-like text, and real packs with random damage.
//!
//! The same generators run a million times and more in `core/examples/level_fuzz.rs`
//! (`cargo run --release --example level_fuzz -- 1000000`).

use crate::hostile;

use proptest::prelude::*;
use sokoshot_core::level::{
    EXCERPT_CHARS, Level, MAX_LEVEL_PROBLEMS, parse_pack, parse_pack_bytes,
};

const MICROBAN: &str = include_str!("../../../levels/microban.xsb");

/// What must hold for any input: positions inside the text, and every level that loads
/// prints back to itself.
fn assert_consistent(text: &str, report: &sokoshot_core::level::PackReport) {
    // Lines end at \n, \r\n or a lone \r, as the reader counts them.
    let lines = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .split('\n')
        .count();
    for d in report.diagnostics() {
        assert!(
            d.line >= 1 && d.line <= lines.max(1),
            "{d} in {lines} lines"
        );
        assert!(d.col >= 1, "{d}");
        let shown = d.to_string();
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        assert!(shown.chars().count() <= 300 + 3 * EXCERPT_CHARS, "{shown}");
        assert!(
            d.level.is_none_or(|n| n >= 1 && n <= report.levels.len()),
            "{d}"
        );
    }
    for entry in &report.levels {
        assert!(entry.diagnostics().len() <= MAX_LEVEL_PROBLEMS + 1);
        if let Ok(level) = &entry.result {
            if edge_row_reads_as_text(level) {
                continue;
            }
            let printed = level.to_string();
            let again: Level = printed
                .parse()
                .unwrap_or_else(|e| panic!("{e}\nprinted:\n{printed}\nfrom:\n{text:?}"));
            assert_eq!(&again, level, "printed:\n{printed}\nfrom:\n{text:?}");
        }
    }
}

/// Whether the board's top or bottom row holds only slopes, enemies and floor: printed as a
/// plain row it reads as text, a known limit of the format (README, "What it does not do").
/// Such a board can only come from a run-length line.
fn edge_row_reads_as_text(level: &Level) -> bool {
    let text = level.board_text();
    let rows: Vec<&str> = text.lines().collect();
    let plain = |row: &&str| !row.contains(['#', '@', '+', '$', '*', '%']);
    rows.first().is_some_and(plain) || rows.last().is_some_and(plain)
}

/// A stretch of Microban of a few levels, as text.
fn microban_window() -> impl Strategy<Value = String> {
    let lines: Vec<&'static str> = MICROBAN.lines().collect();
    let n = lines.len();
    (0..n, 1usize..60).prop_map(move |(start, len)| lines[start..(start + len).min(n)].join("\n"))
}

/// One change to a text: insert, delete or replace a character, or duplicate or drop a line.
#[derive(Debug, Clone)]
enum Edit {
    Insert(prop::sample::Index, char),
    Delete(prop::sample::Index),
    Replace(prop::sample::Index, char),
    DuplicateLine(prop::sample::Index),
    DropLine(prop::sample::Index),
}

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select("#@+$*. -_pPbBEF7LJ%|()0123456789;:'\n\r\tTitleSpinnerShots,=".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<prop::sample::Index>(), interesting_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<prop::sample::Index>().prop_map(Edit::Delete),
        (any::<prop::sample::Index>(), interesting_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        any::<prop::sample::Index>().prop_map(Edit::DuplicateLine),
        any::<prop::sample::Index>().prop_map(Edit::DropLine),
    ]
}

/// Applies an edit to a text held as characters.
fn apply(chars: &mut Vec<char>, edit: &Edit) {
    match *edit {
        Edit::Insert(i, c) => {
            let at = i.index(chars.len() + 1);
            chars.insert(at, c);
        }
        Edit::Delete(i) if !chars.is_empty() => {
            chars.remove(i.index(chars.len()));
        }
        Edit::Replace(i, c) if !chars.is_empty() => {
            let at = i.index(chars.len());
            chars[at] = c;
        }
        Edit::DuplicateLine(i) | Edit::DropLine(i) => {
            let text: String = chars.iter().collect();
            let mut lines: Vec<&str> = text.split('\n').collect();
            let at = i.index(lines.len());
            if matches!(edit, Edit::DuplicateLine(_)) {
                lines.insert(at, lines[at]);
            } else {
                lines.remove(at);
            }
            *chars = lines.join("\n").chars().collect();
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let report = parse_pack_bytes(&bytes);
        let text: String = match std::str::from_utf8(&bytes) {
            Ok(t) => t.to_owned(),
            Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
        };
        assert_consistent(&text, &report);
    }

    #[test]
    fn level_like_text_never_panics(text in "[#@+$*. \\n\\r|()0-9;:'EF7LJ%pPbB_-]{0,300}") {
        assert_consistent(&text, &parse_pack(&text));
    }

    #[test]
    fn damaged_packs_never_panic(window in microban_window(), edits in prop::collection::vec(edit(), 1..8)) {
        let mut chars: Vec<char> = window.chars().collect();
        for e in &edits {
            apply(&mut chars, e);
        }
        let text: String = chars.into_iter().collect();
        assert_consistent(&text, &parse_pack(&text));
    }
}

proptest! {
    // Some classes expand a million cells per level: fewer cases keep `cargo test` quick;
    // `core/examples/level_fuzz.rs` runs the same classes a million times.
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The hostile classes (huge counts, long titles, many lines and settings, long bars,
    /// comment blocks, control characters) at small scales, damaged.
    #[test]
    fn hostile_classes_never_panic(
        class in 0..hostile::CLASSES.len(),
        scale in 1usize..60,
        edits in prop::collection::vec(edit(), 0..4),
    ) {
        let class = &hostile::CLASSES[class];
        // The classes that expand a million cells per level run at scale 1.
        let heavy = matches!(class.name, "long_titles_many_problems" | "long_bars");
        let mut chars: Vec<char> = (class.make)(if heavy { 1 } else { scale }).chars().collect();
        for e in &edits {
            apply(&mut chars, e);
        }
        let text: String = chars.into_iter().collect();
        assert_consistent(&text, &parse_pack(&text));
    }
}
