//! Loading the packs to play without a terminal: the built-in packs in order, a pack file
//! with its playable levels and its problems named, a file with none refused, a device
//! refused without being read, and what a folder of packs tells the player.

use std::fs;

use sokoshot_core::level::parse_pack;
use sokoshot_core::store::collection::EMBEDDED;
use sokoshot_core::store::folder::{Folder, MAX_FOLDER_FILES};
use sokoshot_core::store::packs::{
    PackError, built_in_packs, file_pack, folder_warnings, read_file, scan_if_there,
};

const GOOD: &str = "#####\n#@$.#\n#####\n";
const BAD: &str = "#####\n#@@$.#\n#####\n";

#[test]
fn the_built_in_packs_read_cleanly_in_their_order() {
    for pack in EMBEDDED {
        let report = parse_pack(pack.text);
        let problems: Vec<String> = report
            .diagnostics()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(report.is_valid(), "{}: {problems:#?}", pack.name);
    }
    let order: Vec<(String, usize)> = built_in_packs()
        .iter()
        .map(|p| (p.name.clone(), p.levels.len()))
        .collect();
    let want = [
        ("Campaign", 38),
        ("Microban", 155),
        ("Sasquatch", 50),
        ("Sasquatch II", 50),
        ("Sasquatch III", 50),
    ]
    .map(|(name, n)| (name.to_owned(), n));
    assert_eq!(
        order, want,
        "the campaign, then Microban, then the Sasquatch sets"
    );
}

#[test]
fn a_pack_file_keeps_its_playable_levels_and_names_each_problem() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        ("all good", format!("{GOOD}\n{GOOD}"), 2, None),
        (
            "one bad",
            format!("{GOOD}\n{BAD}"),
            1,
            Some(" (1 problem; run `sokoshot check "),
        ),
        (
            "two bad",
            format!("{BAD}\n{GOOD}\n{BAD}"),
            1,
            Some(" (2 problems; run `sokoshot check "),
        ),
    ];
    for (name, text, levels, warning) in cases {
        let path = dir.path().join(format!("{name}.xsb"));
        fs::write(&path, &text).expect("written");
        let read = read_file(&path).expect("readable");
        assert_eq!(read.levels.len(), levels, "{name}");
        assert_eq!(read.bytes, text.as_bytes(), "{name}");
        assert!(read.absolute.is_absolute(), "{name}");
        assert!(
            read.errors
                .iter()
                .all(|e| e.starts_with(&*path.to_string_lossy())),
            "{name}: {:?}",
            read.errors
        );
        let pack = file_pack(&path).expect("playable");
        assert_eq!(pack.pack.levels.len(), levels, "{name}");
        match (warning, pack.warning) {
            (None, None) => {}
            (Some(want), Some(got)) => assert!(got.contains(want), "{name}: {got}"),
            (want, got) => panic!("{name}: warning {got:?}, wanted one with {want:?}"),
        }
    }
}

#[test]
fn a_file_with_no_playable_level_is_refused_with_its_problems() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("broken.xsb");
    fs::write(&path, BAD).expect("written");
    let read = read_file(&path).expect("readable");
    assert!(read.levels.is_empty());
    assert_eq!(read.errors.len(), 1, "{:?}", read.errors);
    match file_pack(&path) {
        Err(PackError::NoPlayableLevel {
            path: named,
            problems,
        }) => {
            assert_eq!(named, path);
            assert_eq!(problems, read.errors[0]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_missing_file_or_a_device_is_a_read_error_and_a_device_is_never_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        ("missing", dir.path().join("none.xsb"), "No such file"),
        ("device", "/dev/zero".into(), "not a regular file"),
        ("folder", dir.path().to_path_buf(), "not a regular file"),
    ];
    for (name, path, want) in cases {
        match file_pack(&path) {
            Err(err @ PackError::Read { .. }) => {
                assert!(err.to_string().contains(want), "{name}: {err}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn a_missing_packs_folder_holds_nothing_and_says_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let found = scan_if_there(&dir.path().join("packs"));
    assert!(found.packs.is_empty() && found.files.is_empty());
    assert!(folder_warnings(&found).is_empty());
}

#[test]
fn a_folder_names_its_bad_files_the_files_past_the_limit_and_a_cut_listing() {
    let found = Folder {
        problems: vec!["a.xsb: no playable level".into()],
        skipped: vec!["z1.xsb".into(), "z2.xsb".into()],
        cut: true,
        ..Folder::default()
    };
    let warnings = folder_warnings(&found);
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert_eq!(warnings[0], "a.xsb: no playable level");
    assert_eq!(
        warnings[1],
        format!(
            "only the first {MAX_FOLDER_FILES} files of a folder are read; skipped: z1.xsb, z2.xsb"
        )
    );
    assert!(warnings[2].contains("the rest were not looked at"));
}
