//! A folder of packs: every pack file read, the ones past the limit named and skipped, a bad
//! file answered without losing the rest, and a pack's key made from its content.

use sokoshot_core::store::folder::{MAX_FOLDER_FILES, content_key, scan};

const LEVEL: &str = "#####\n#@$.#\n#####\n";

#[test]
fn every_pack_in_the_folder_is_read_and_a_bad_one_is_answered() {
    let dir_temp = tempfile::tempdir().expect("temp dir");
    let dir = dir_temp.path();
    std::fs::write(dir.join("a.xsb"), format!("Collection: First\n\n{LEVEL}")).expect("write");
    std::fs::write(dir.join("b.slc"), include_str!("../data/microban_1_3.slc")).expect("write");
    std::fs::write(dir.join("c.xsb"), "no level here\n").expect("write");
    std::fs::write(dir.join("d.slc"), "<SokobanLevels><Level>").expect("write");
    std::fs::write(dir.join(".hidden.xsb"), LEVEL).expect("write");
    std::fs::create_dir_all(dir.join("sub")).expect("dir");
    let found = scan(dir);
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
    let dir_temp = tempfile::tempdir().expect("temp dir");
    let dir = dir_temp.path();
    for i in 0..MAX_FOLDER_FILES + 2 {
        std::fs::write(dir.join(format!("{i:05}.xsb")), format!("; {i}\n{LEVEL}")).expect("write");
    }
    let found = scan(dir);
    assert_eq!(found.packs.len(), MAX_FOLDER_FILES);
    assert_eq!(
        found.skipped,
        [dir.join("01000.xsb"), dir.join("01001.xsb")]
    );
    let key = found.packs[7].key.clone();
    assert_eq!(key, content_key(format!("; 7\n{LEVEL}").as_bytes()));
    let other_temp = tempfile::tempdir().expect("temp dir");
    let other = other_temp.path();
    std::fs::rename(dir.join("00007.xsb"), other.join("renamed.xsb")).expect("move");
    assert_eq!(scan(other).packs[0].key, key);
}

/// A progress file as this version writes it for `sokoshot play /home/me/mine.xsb`: the
/// pack keyed by its path, one level solved with a kept solution.
fn progress_keyed_by_path(id: u64) -> String {
    format!(
        "# sokoshot progress: one line per solved level.\nsokoshot-progress 1\n\
         last 1 /home/me/mine.xsb\npack /home/me/mine.xsb\n\
         level 1 id={id:016x} moves=1 pushes=1 shots=0 by-moves=R\n"
    )
}

#[test]
fn a_single_file_pack_moved_into_the_folder_keeps_its_results() {
    use sokoshot_core::store::progress::{Figures, Progress, level_id};
    let dir_temp = tempfile::tempdir().expect("temp dir");
    let dir = dir_temp.path();
    std::fs::write(dir.join("mine.xsb"), format!("; Mine\n{LEVEL}")).expect("write");
    let found = scan(dir);
    let pack = &found.packs[0];
    let id = level_id(&pack.levels[0]);
    let mut progress: Progress = progress_keyed_by_path(id).parse().expect("reads");
    // In the folder the pack is keyed by its bytes, not the path its results were kept under.
    assert!(pack.key.starts_with("content:"), "{}", pack.key);
    let best = progress
        .best(&pack.key, 0, id)
        .expect("solved under its old key");
    assert_eq!((best.moves, best.pushes), (1, 1));
    let kept = progress
        .kept(&pack.key, id)
        .and_then(|k| k.by_moves.clone());
    assert_eq!(kept.map(|s| s.letters), Some("R".to_owned()));
    // The old key keeps its record, and a worse solve under the new key is not a new best.
    assert!(progress.best("/home/me/mine.xsb", 0, id).is_some());
    let worse = Figures {
        moves: 3,
        pushes: 1,
        shots: 0,
    };
    assert!(!progress.record(&pack.key, 0, id, worse));
    assert_eq!(progress.best(&pack.key, 0, id).map(|b| b.moves), Some(1));
    // A board no pack has solved is not solved anywhere.
    assert_eq!(progress.best(&pack.key, 0, id ^ 1), None);
    let solved: Vec<u64> = progress.solved_boards().collect();
    assert!(
        solved.contains(&id) && !solved.contains(&(id ^ 1)),
        "{solved:?}"
    );
    // Written and read back, both packs hold the record.
    let again: Progress = progress.to_string().parse().expect("reads back");
    assert_eq!(again.best(&pack.key, 0, id).map(|b| b.moves), Some(1));
}

/// Sixteen run-length boards of a thousand by a thousand cells in 559 bytes: a pack just
/// within the most cells one file may hold.
fn widest_pack() -> String {
    let board = "1000#|#@$.995-#|997(#998-#|)1000#";
    vec![board; 16].join("\n\n")
}

#[test]
fn the_folder_is_bounded_in_cells_as_a_whole_and_the_files_past_it_are_named() {
    use sokoshot_core::store::folder::{MAX_FOLDER_CELLS, bound_words};
    use sokoshot_core::store::folder_watch::{FolderNews, FolderWatch};
    use sokoshot_core::store::packs::folder_warnings;
    let dir_temp = tempfile::tempdir().expect("temp dir");
    let dir = dir_temp.path();
    let pack = widest_pack();
    // Each file holds 16,000,000 cells: four fit in the folder's bound, the fifth would
    // pass it, and the sixth is never read.
    for i in 0..6 {
        std::fs::write(dir.join(format!("big{i}.xsb")), &pack).expect("write");
    }
    let found = scan(dir);
    assert_eq!(found.packs.len(), 4);
    let cells: u64 = found.spent.iter().map(|(_, s)| s.cells).sum();
    assert_eq!(cells, 64_000_000);
    assert!(cells <= MAX_FOLDER_CELLS);
    assert_eq!(
        found.over_bound,
        [dir.join("big4.xsb"), dir.join("big5.xsb")]
    );
    let warnings = folder_warnings(&found).join("\n");
    assert!(warnings.contains(&bound_words()), "{warnings}");
    assert!(warnings.contains("big4.xsb, "), "{warnings}");
    // A file dropped in later is held to the same bound by the watcher.
    let watch = FolderWatch::spawn(dir.to_path_buf(), &found.files, &found.spent).expect("thread");
    let late = dir.join("big3b.xsb");
    std::fs::write(&late, &pack).expect("write");
    let start = std::time::Instant::now();
    let news = loop {
        if let Some(news) = watch.take() {
            break news;
        }
        assert!(start.elapsed().as_secs() < 120, "no news from the watcher");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    match news {
        FolderNews::Failed(path, why) => {
            assert_eq!(path, late);
            assert!(why.contains("skipped"), "{why}");
        }
        other => panic!("expected the late file skipped, got {other:?}"),
    }
}

#[test]
fn a_file_larger_than_what_is_left_of_the_bound_is_not_read() {
    use sokoshot_core::store::folder::{FolderFileError, MAX_FOLDER_BYTES, Spent, read_within};
    let dir_temp = tempfile::tempdir().expect("temp dir");
    let dir = dir_temp.path();
    let path = dir.join("a.xsb");
    std::fs::write(&path, LEVEL).expect("write");
    let cases = [
        ("room for it", MAX_FOLDER_BYTES - LEVEL.len() as u64, true),
        (
            "one byte short",
            MAX_FOLDER_BYTES - LEVEL.len() as u64 + 1,
            false,
        ),
        ("nothing left", MAX_FOLDER_BYTES, false),
    ];
    for (name, bytes, fits) in cases {
        let read = read_within(&path, Spent { bytes, cells: 0 });
        match read {
            Ok((_, spent)) => {
                assert!(fits, "{name}");
                assert_eq!(spent.bytes, LEVEL.len() as u64, "{name}");
                assert_eq!(spent.cells, 15, "{name}");
            }
            Err(err) => {
                assert!(!fits, "{name}: {err}");
                assert!(
                    matches!(err, FolderFileError::PastBound { .. }),
                    "{name}: {err:?}"
                );
            }
        }
    }
}
