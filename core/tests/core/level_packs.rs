//! The packs shipped in `levels/` load, check clean and print back to the same levels.

use std::path::Path;

use sokoshot_core::level::{Level, Pack, parse_pack};

/// Every `.xsb` file in `levels/`, with its text.
fn shipped_packs() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let mut packs: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("levels/ exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "xsb"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable pack");
            (path.display().to_string(), text)
        })
        .collect();
    packs.sort();
    packs
}

#[test]
fn microban_loads_155_levels_with_their_titles() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../levels/microban.xsb"
    ))
    .expect("microban ships");
    let report = parse_pack(&text);
    assert!(
        report.diagnostics().is_empty(),
        "{:?}",
        report.diagnostics()
    );
    let pack = report.into_pack().expect("microban is valid");
    assert_eq!(pack.levels.len(), 155);
    assert!(
        pack.notes[0].starts_with("; Microban (155 puzzles"),
        "{:?}",
        pack.notes
    );
    let titles: Vec<&str> = pack
        .levels
        .iter()
        .map(|l| l.title.as_deref().unwrap_or(""))
        .collect();
    let named = [
        (1, "1"),
        (2, "2"),
        (43, "43"),
        (44, "Duh!"),
        (101, "Lockdown"),
        (147, "reduction of (Mas Sasquatch 7)"),
        (154, "Take the long way home."),
        (155, "The Dungeon"),
    ];
    for (n, title) in named {
        assert_eq!(titles[n - 1], title, "level {n}");
    }
    assert_eq!(pack.levels[43].comments, vec!["44".to_owned()]);
    let first = &pack.levels[0];
    assert_eq!((first.width, first.height), (6, 7));
    assert_eq!(first.boxes.len(), 2);
}

#[test]
fn every_shipped_level_prints_back_to_itself() {
    for (name, text) in shipped_packs() {
        let pack: Pack = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        for (i, level) in pack.levels.iter().enumerate() {
            let printed = level.to_string();
            let again: Level = printed
                .parse()
                .unwrap_or_else(|e| panic!("{name} level {}: {e}\n{printed}", i + 1));
            assert_eq!(&again, level, "{name} level {}:\n{printed}", i + 1);
            assert_eq!(again.to_string(), printed, "{name} level {}", i + 1);
        }
    }
}
