//! A folder of packs: every pack file read, the ones past the limit named and skipped, a bad
//! file answered without losing the rest, and a pack's key made from its content.

use std::path::PathBuf;

use sokoshot_core::store::folder::{MAX_FOLDER_FILES, content_key, scan};

const LEVEL: &str = "#####\n#@$.#\n#####\n";

/// A fresh empty folder named after the test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sokoshot-folder-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn every_pack_in_the_folder_is_read_and_a_bad_one_is_answered() {
    let dir = folder("mixed");
    std::fs::write(dir.join("a.xsb"), format!("Collection: First\n\n{LEVEL}")).expect("write");
    std::fs::write(dir.join("b.slc"), include_str!("../data/microban_1_3.slc")).expect("write");
    std::fs::write(dir.join("c.xsb"), "no level here\n").expect("write");
    std::fs::write(dir.join("d.slc"), "<SokobanLevels><Level>").expect("write");
    std::fs::write(dir.join(".hidden.xsb"), LEVEL).expect("write");
    std::fs::create_dir_all(dir.join("sub")).expect("dir");
    let found = scan(&dir);
    let names: Vec<(&str, usize)> = found
        .packs
        .iter()
        .map(|p| (p.name.as_str(), p.levels.len()))
        .collect();
    assert_eq!(names, [("First", 1), ("Microban", 3)]);
    assert_eq!(found.packs[1].credit.as_deref(), Some("David W. Skinner"));
    assert_eq!(found.problems.len(), 2, "{:?}", found.problems);
    assert!(
        found.problems[0].contains("c.xsb: no playable level"),
        "{:?}",
        found.problems
    );
    assert!(
        found.problems[1].contains("d.slc: no playable level"),
        "{:?}",
        found.problems
    );
    assert!(found.skipped.is_empty());
    let missing = scan(&dir.join("none"));
    assert!(missing.packs.is_empty());
    assert_eq!(missing.problems.len(), 1);
}

#[test]
fn a_moved_pack_keeps_its_key_and_files_past_the_limit_are_named() {
    let dir = folder("many");
    for i in 0..MAX_FOLDER_FILES + 2 {
        std::fs::write(dir.join(format!("{i:05}.xsb")), format!("; {i}\n{LEVEL}")).expect("write");
    }
    let found = scan(&dir);
    assert_eq!(found.packs.len(), MAX_FOLDER_FILES);
    assert_eq!(
        found.skipped,
        [dir.join("01000.xsb"), dir.join("01001.xsb")]
    );
    let key = found.packs[7].key.clone();
    assert_eq!(key, content_key(format!("; 7\n{LEVEL}").as_bytes()));
    let other = folder("moved");
    std::fs::rename(dir.join("00007.xsb"), other.join("renamed.xsb")).expect("move");
    assert_eq!(scan(&other).packs[0].key, key);
}
