//! The level editor's model: edits as tables of named cases, undo and redo, renumbered
//! `Spinner:` lines, the text in the normal form, saving into a pack keeping every other byte,
//! and the background proof.

// Tables of cases name their edits as function types.
#![allow(clippy::type_complexity)]

use std::time::Duration;

use sokoshot_core::edit::proof::{Budget, Optimum, Proofs, Prover, SETTLE, Status};
use sokoshot_core::edit::{EditError, Editor, PackFile, SaveError, Saved, Sketch, open};
use sokoshot_core::level::{Level, Pos, Spinner, parse_pack};

fn sketch(rows: &[&str]) -> Sketch {
    Sketch::from_rows(rows, &[])
}

fn rows(s: &Sketch) -> Vec<String> {
    s.rows().map(str::to_owned).collect()
}

fn owned(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|r| (*r).to_owned()).collect()
}

#[test]
fn put_cases() {
    // (name, board, cell, character, board after or error)
    type Case<'a> = (
        &'a str,
        &'a [&'a str],
        (i32, i32),
        char,
        Result<&'a [&'a str], EditError>,
    );
    let cases: [Case; 10] = [
        ("wall", &["   "], (1, 0), '#', Ok(&[" # "])),
        ("dash is floor", &["###"], (1, 0), '-', Ok(&["# #"])),
        ("underscore is floor", &["###"], (1, 0), '_', Ok(&["# #"])),
        ("box on a goal", &[" . "], (1, 0), '$', Ok(&[" * "])),
        ("player on a goal", &[" . "], (1, 0), '@', Ok(&[" + "])),
        ("second player moves", &["@  "], (2, 0), '@', Ok(&["  @"])),
        (
            "moved player leaves its goal",
            &["+  "],
            (2, 0),
            'p',
            Ok(&[". @"]),
        ),
        ("alternate box", &["   "], (0, 0), 'b', Ok(&["$  "])),
        (
            "not a level character",
            &["   "],
            (0, 0),
            'x',
            Err(EditError::NotALevelChar('x')),
        ),
        (
            "off the board",
            &["   "],
            (3, 0),
            '#',
            Err(EditError::OffBoard),
        ),
    ];
    for (name, board, (x, y), c, want) in cases {
        let mut s = sketch(board);
        let got = s.put(Pos::new(x, y), c).map(|()| rows(&s));
        assert_eq!(got, want.map(owned), "{name}");
    }
}

#[test]
fn rows_and_columns_cases() {
    // (name, edit, board after)
    type Edit = fn(&mut Sketch) -> Result<(), EditError>;
    let cases: [(&str, Edit, Result<&[&str], EditError>); 10] = [
        (
            "insert row inside: the walls stay closed",
            |s| s.insert_row(1),
            Ok(&["#@#", "# #", "#.#"]),
        ),
        (
            "insert column inside a wall row",
            |s| {
                s.insert_row(0)?;
                s.put(Pos::new(0, 0), '#')?;
                s.put(Pos::new(1, 0), '#')?;
                s.put(Pos::new(2, 0), '#')?;
                s.insert_column(1)
            },
            Ok(&["####", "# @#", "# .#"]),
        ),
        (
            "insert row at top",
            |s| s.insert_row(0),
            Ok(&["   ", "#@#", "#.#"]),
        ),
        (
            "insert row at bottom",
            |s| s.insert_row(2),
            Ok(&["#@#", "#.#", "   "]),
        ),
        ("delete row", |s| s.delete_row(0), Ok(&["#.#"])),
        (
            "insert column",
            |s| s.insert_column(1),
            Ok(&["# @#", "# .#"]),
        ),
        ("delete column", |s| s.delete_column(2), Ok(&["#@", "#."])),
        (
            "row past the bottom",
            |s| s.insert_row(3),
            Err(EditError::OffBoard),
        ),
        ("grow", |s| s.resize(4, 3), Ok(&["#@# ", "#.# ", "    "])),
        (
            "shrink to nothing",
            |s| s.resize(0, 1),
            Err(EditError::TooSmall),
        ),
    ];
    for (name, edit, want) in cases {
        let mut s = sketch(&["#@#", "#.#"]);
        let got = edit(&mut s).map(|()| rows(&s));
        assert_eq!(got, want.map(owned), "{name}");
    }
    let mut one = sketch(&["#"]);
    assert_eq!(one.delete_row(0), Err(EditError::TooSmall), "last row");
    assert_eq!(
        one.delete_column(0),
        Err(EditError::TooSmall),
        "last column"
    );
    let mut wide = Sketch::room(sokoshot_core::level::MAX_SIDE, 3);
    assert_eq!(
        wide.insert_column(0),
        Err(EditError::TooBig),
        "past the loader's limit"
    );
}

/// The board of the spinner tests: a hub at column 3, row 2.
const SPINNER_ROOM: [&str; 5] = ["#######", "#@    #", "#  %  #", "# $. E#", "#######"];

#[test]
fn spinner_lines_are_renumbered() {
    let cases: [(&str, fn(&mut Sketch) -> Result<(), EditError>, Option<&str>); 5] = [
        (
            "as drawn",
            |_| Ok(()),
            Some("Spinner: 3,2 length=2 speed=45 angle=30"),
        ),
        (
            "row above inserted",
            |s| s.insert_row(1),
            Some("Spinner: 3,3 length=2 speed=45 angle=30"),
        ),
        (
            "column left deleted",
            |s| s.delete_column(1),
            Some("Spinner: 2,2 length=2 speed=45 angle=30"),
        ),
        (
            "column right inserted",
            |s| s.insert_column(5),
            Some("Spinner: 3,2 length=2 speed=45 angle=30"),
        ),
        ("hub's row deleted", |s| s.delete_row(2), None),
    ];
    for (name, edit, want) in cases {
        let mut s = sketch(&SPINNER_ROOM);
        let hub = Pos::new(3, 2);
        s.set_spinner(Spinner {
            hub,
            length: 2.0,
            speed: 45.0,
            angle: 30.0,
            pushes: false,
        })
        .unwrap();
        edit(&mut s).unwrap();
        let text = s.text();
        let line = text.lines().find(|l| l.starts_with("Spinner:"));
        assert_eq!(line, want, "{name}: {text}");
        if let Some(level) = s.check().level {
            assert_eq!(level.spinners.len(), usize::from(want.is_some()), "{name}");
        }
    }
}

#[test]
fn a_new_hub_gets_the_default_spinner_and_drawing_over_it_drops_it() {
    let mut s = sketch(&SPINNER_ROOM);
    s.put(Pos::new(4, 1), '%').unwrap();
    assert_eq!(s.spinners().len(), 2);
    assert_eq!(s.spinners()[0], Spinner::at(Pos::new(4, 1)), "board order");
    s.put(Pos::new(3, 2), ' ').unwrap();
    assert_eq!(s.spinners(), &[Spinner::at(Pos::new(4, 1))]);
    assert_eq!(
        s.set_spinner(Spinner::at(Pos::new(1, 1))),
        Err(EditError::NoHub)
    );
}

#[test]
fn text_is_the_normal_form_replay_prints() {
    let cases: [(&str, &[&str]); 4] = [
        ("plain", &["#####", "#@$.#", "#####"]),
        (
            "floor rows above and below are left out",
            &["     ", "#####", "#@$.#", "#####", "     "],
        ),
        ("a floor row inside", &["#####", "#@$.#", "     ", "#####"]),
        (
            "spinner below a floor row at the top",
            &["       ", "#######", "#@ %  #", "#$.   #", "#######"],
        ),
    ];
    for (name, board) in cases {
        let mut s = sketch(board);
        s.title = Some("T".into());
        s.shots = Some(2);
        let text = s.text();
        let level: Result<Level, _> = text.parse();
        if let Ok(level) = level {
            assert_eq!(level.to_string(), text, "{name}");
        } else {
            // A floor row inside a board ends it: the loader says so, and so does check.
            assert!(s.check().first_error().is_some(), "{name}");
        }
    }
}

#[test]
fn every_campaign_level_comes_back_from_the_editor_with_its_settings() {
    // A level opened in the editor and written back untouched keeps its board and every
    // setting: spinners (with `pushes`), shots and the solution (`pushes` was once dropped).
    let pack = parse_pack(include_str!("../../../levels/campaign.xsb"))
        .into_pack()
        .expect("every level loads");
    let mut pushing = 0;
    for level in &pack.levels {
        let back: Level = Sketch::from(level).text().parse().unwrap();
        let name = level.title.as_deref().unwrap_or("?");
        assert_eq!(back.spinners, level.spinners, "{name}");
        assert_eq!(back.shot_limit, level.shot_limit, "{name}");
        assert_eq!(back.solution, level.solution, "{name}");
        assert_eq!(back.to_string(), level.to_string(), "{name}");
        pushing += level.spinners.iter().filter(|s| s.pushes).count();
    }
    assert!(pushing > 0, "the campaign has pushing bars to keep");
}

#[test]
fn check_places_each_problem_on_its_cell() {
    let cases: [(&str, &[&str], Option<(i32, i32)>, &str); 4] = [
        ("no player", &["#####", "# $.#", "#####"], None, "no player"),
        ("open", &["#####", "#@$. ", "#####"], Some((4, 1)), "open"),
        (
            "cell counted below floor rows",
            &["      ", "######", "#@$. #", "# #  ", "######"],
            Some((3, 3)),
            "open",
        ),
        (
            "unreachable box",
            &["#######", "#@$.#$#", "#####.#", "#######"],
            Some((5, 1)),
            "can never reach",
        ),
    ];
    for (name, board, cell, words) in cases {
        let checked = sketch(board).check();
        let first = checked
            .first_error()
            .unwrap_or_else(|| panic!("{name}: no error"));
        assert!(
            first.diagnostic.to_string().contains(words),
            "{name}: {}",
            first.diagnostic
        );
        assert_eq!(first.cell, cell.map(|(x, y)| Pos::new(x, y)), "{name}");
        assert!(checked.level.is_none(), "{name}");
    }
}

#[test]
fn undo_and_redo_give_back_every_board() {
    let mut ed = Editor::new(Sketch::room(6, 5));
    let mut seen = vec![ed.sketch().clone()];
    let edits: [fn(&mut Editor) -> Result<(), EditError>; 8] = [
        |e| e.put('$'),
        |e| {
            e.move_cursor(1, 0);
            e.put('.')
        },
        |e| e.insert_row(),
        |e| e.insert_column(),
        |e| e.delete_row(),
        |e| e.grow(2, 1),
        |e| e.grow(-1, 0),
        |e| {
            e.set_meta("Room", "Me", "a note");
            Ok(())
        },
    ];
    for edit in edits {
        edit(&mut ed).unwrap();
        seen.push(ed.sketch().clone());
    }
    assert!(ed.is_modified());
    for want in seen.iter().rev().skip(1) {
        ed.undo().unwrap();
        assert_eq!(ed.sketch(), want, "undo");
    }
    assert_eq!(ed.undo(), Err("nothing to undo"));
    for want in seen.iter().skip(1) {
        ed.redo().unwrap();
        assert_eq!(ed.sketch(), want, "redo");
    }
    assert_eq!(ed.redo(), Err("nothing to redo"));
    ed.undo().unwrap();
    ed.put('#').unwrap();
    assert_eq!(ed.redo(), Err("nothing to redo"), "a new edit clears redo");
}

/// Whether the board is unsaved is whether it differs from the board as saved (or
/// opened), however the history came back to it: undo and redo to the saved board leave
/// nothing unsaved, and a new edit at the saved board's depth in the history is unsaved.
#[test]
fn undo_and_redo_back_to_the_board_as_saved_leave_nothing_unsaved() {
    type Step = fn(&mut Editor);
    let put_box: Step = |e| e.put('$').unwrap();
    let put_goal: Step = |e| e.put('.').unwrap();
    let undo: Step = |e| e.undo().unwrap();
    let redo: Step = |e| e.redo().unwrap();
    let save: Step = Editor::mark_saved;
    let cases: [(&str, &[Step], bool); 8] = [
        ("as opened", &[], false),
        ("an edit", &[put_box], true),
        (
            "an edit undone back to the board as opened",
            &[put_box, undo],
            false,
        ),
        ("undone and redone", &[put_box, undo, redo], true),
        ("saved", &[put_box, save], false),
        ("saved, then undone", &[put_box, save, undo], true),
        (
            "saved, undone, redone to it",
            &[put_box, save, undo, redo],
            false,
        ),
        (
            "saved, undone, another edit as deep in the history",
            &[put_box, save, undo, put_goal],
            true,
        ),
    ];
    for (name, steps, modified) in cases {
        let mut ed = Editor::new(Sketch::room(6, 5));
        ed.set_cursor(Pos::new(2, 2));
        for step in steps {
            step(&mut ed);
        }
        assert_eq!(ed.is_modified(), modified, "{name}");
    }
    // The same board drawn back by hand is the board as saved; its solution is no change.
    let mut ed = Editor::new(Sketch::room(6, 5));
    ed.set_cursor(Pos::new(2, 2));
    ed.put('$').unwrap();
    ed.put(' ').unwrap();
    assert!(!ed.is_modified(), "drawn back by hand");
    ed.set_solution(ed.generation(), Some("r".into()));
    assert!(!ed.is_modified(), "a solution found");
}

#[test]
fn an_edit_that_changes_nothing_is_no_undo_step_and_a_stroke_is_one() {
    let mut ed = Editor::new(Sketch::room(6, 5));
    ed.move_cursor(0, -1);
    ed.put('#').unwrap();
    assert!(!ed.can_undo(), "a wall on a wall");
    for x in 1..5 {
        ed.paint(Pos::new(x, 2), '$', x > 1).unwrap();
    }
    ed.undo().unwrap();
    assert_eq!(ed.sketch(), &Sketch::room(6, 5), "one stroke, one step");
    assert!(ed.paint(Pos::new(1, 2), 'x', false).is_err());
}

/// A pack of three levels with comments, notes and CRLF-free odd spacing.
const THREE: &str = "\
; A pack of three
Title: Threes
Author: Someone

; One
#####
#@$.#
#####
Comment: the first

;   Two
######
#@ $.#
######
Title: Second
Author: B. Author
Spinner-Note: kept
Solution: rrR


; Three
#####
#.$@#
#####
Comment: last one
";

fn write(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn saving_level_two_keeps_every_other_line_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "three.xsb", THREE);
    let opened = open(&path, Some(2)).unwrap();
    let mut file = opened.file;
    let mut ed = Editor::new(opened.sketch);
    ed.set_cursor(Pos::new(2, 1));
    ed.put('$').unwrap();
    ed.set_cursor(Pos::new(3, 1));
    ed.put(' ').unwrap();
    assert_eq!(
        file.save(ed.sketch(), false).unwrap(),
        Saved::Written(path.clone())
    );
    let saved = std::fs::read_to_string(&path).unwrap();
    // Only the board row changed, and the old solution, which no longer holds, is gone.
    let want = THREE
        .replace("#@ $.#", "#@$ .#")
        .replace("Solution: rrR\n", "");
    assert_eq!(saved, want);
    let report = parse_pack(&saved);
    assert!(report.levels.iter().all(|l| l.is_valid()), "{saved}");
    // Its solution found, the level is saved with it, where the old one was.
    let generation = ed.generation();
    ed.set_solution(generation, Some("rR".into()));
    file.save(ed.sketch(), false).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        saved,
        THREE
            .replace("#@ $.#", "#@$ .#")
            .replace("Solution: rrR\n", "")
            .replace("Spinner-Note: kept\n", "Spinner-Note: kept\nSolution: rR\n")
    );
}

#[test]
fn an_unchanged_level_saves_the_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("three.xsb", THREE.to_owned()),
        ("crlf.xsb", THREE.replace('\n', "\r\n")),
        ("bom.xsb", format!("\u{feff}{THREE}")),
        ("no final break.xsb", THREE.trim_end().to_owned()),
    ] {
        for level in 1..=3 {
            let path = write(dir.path(), name, &text);
            let opened = open(&path, Some(level)).unwrap();
            let mut file = opened.file;
            file.save(&opened.sketch, false).unwrap();
            let saved = std::fs::read_to_string(&path).unwrap();
            if level == 2 {
                // Level 2's solution is still good and is kept, its board already normal.
                assert_eq!(saved, text, "{name}, level {level}");
            } else {
                assert_eq!(saved, text, "{name}, level {level}");
            }
        }
    }
}

#[test]
fn edited_title_is_written_in_the_normal_form() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "three.xsb", THREE);
    let opened = open(&path, Some(1)).unwrap();
    let mut file = opened.file;
    let mut ed = Editor::new(opened.sketch);
    ed.set_meta("Uno", "", "the first");
    file.save(ed.sketch(), false).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.contains("#####\n#@$.#\n#####\nTitle: Uno\nComment: the first\n"),
        "{saved}"
    );
    assert!(!saved.contains("; One"), "{saved}");
    assert!(
        saved.ends_with(&THREE[THREE.find(";   Two").unwrap()..]),
        "{saved}"
    );
}

#[test]
fn a_file_changed_on_disk_is_not_overwritten_unless_asked_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "three.xsb", THREE);
    let opened = open(&path, Some(3)).unwrap();
    let mut file = opened.file;
    std::fs::write(&path, format!("{THREE}\n; added elsewhere\n")).unwrap();
    assert!(matches!(
        file.save(&opened.sketch, false),
        Err(SaveError::ChangedOnDisk(_))
    ));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("added elsewhere"),
        "untouched"
    );
    file.save(&opened.sketch, true).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), THREE);
    file.save(&opened.sketch, false).unwrap();
}

#[test]
fn a_new_file_and_a_new_level_after_the_last() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.xsb");
    let opened = open(&path, None).unwrap();
    assert!(opened.note.unwrap().contains("new file"));
    let mut file = opened.file;
    let mut ed = Editor::new(opened.sketch);
    ed.move_cursor(1, 0);
    ed.put('$').unwrap();
    ed.move_cursor(1, 0);
    ed.put('.').unwrap();
    file.save(ed.sketch(), false).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "#######\n#@$.  #\n#     #\n#     #\n#######\n");
    let path3 = write(dir.path(), "three.xsb", THREE);
    let four = open(&path3, Some(4)).unwrap();
    let mut file = four.file;
    file.save(ed.sketch(), false).unwrap();
    let saved = std::fs::read_to_string(&path3).unwrap();
    assert_eq!(saved, format!("{THREE}\n{text}"));
    assert_eq!(parse_pack(&saved).levels.len(), 4);
    assert!(matches!(
        open(&path3, Some(6)),
        Err(sokoshot_core::edit::OpenError::NoSuchLevel { count: 4, .. })
    ));
}

/// What the editor's header says of a level's place ("level N of M"): the file's levels, and
/// one more while a new level after the last is not saved yet.
#[test]
fn the_count_of_levels_with_a_new_one_after_the_last() {
    let dir = tempfile::tempdir().unwrap();
    let three = write(dir.path(), "three.xsb", THREE);
    let missing = dir.path().join("missing.xsb");
    for (name, path, level, number, count, new) in [
        ("the first of three", &three, 1, 1, 3, false),
        ("the last of three", &three, 3, 3, 3, false),
        ("one after the last", &three, 4, 4, 4, true),
        ("a file not there", &missing, 1, 1, 1, true),
    ] {
        let file = open(path, Some(level)).unwrap().file;
        assert_eq!(file.level_number(), number, "{name}");
        assert_eq!(file.level_count(), count, "{name}");
        assert_eq!(file.is_new(), new, "{name}");
    }
    let opened = open(&three, Some(4)).unwrap();
    let mut file = opened.file;
    file.save(&opened.sketch, false).unwrap();
    assert_eq!((file.level_count(), file.is_new()), (4, false), "saved");
    let saved = std::fs::read_to_string(&three).unwrap();
    assert!(
        saved.starts_with(THREE),
        "the three levels byte for byte: {saved}"
    );
    let five = open(&three, Some(5)).unwrap().file;
    assert_eq!((five.level_count(), five.is_new()), (5, true));
}

#[test]
fn an_slc_collection_is_saved_into_a_new_xsb_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let slc = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/microban_1_3.slc"
    ))
    .unwrap();
    let path = dir.path().join("micro.slc");
    std::fs::write(&path, &slc).unwrap();
    let opened = open(&path, Some(2)).unwrap();
    let mut file = opened.file;
    let saved = file.save(&opened.sketch, false).unwrap();
    let beside = dir.path().join("micro-level-2.xsb");
    assert_eq!(saved, Saved::Beside(beside.clone()));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        slc,
        "the collection is untouched"
    );
    let text = std::fs::read_to_string(&beside).unwrap();
    assert_eq!(parse_pack(&text).levels.len(), 1);
    assert_eq!(file.path(), beside, "later saves go to the new file");
}

#[test]
fn a_copy_goes_to_a_free_name() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "Campaign-1.xsb", "x");
    let file = PackFile::new_in(dir.path(), "Campaign-1");
    assert_eq!(file.path(), dir.path().join("Campaign-1-2.xsb"));
}

#[test]
fn a_board_that_would_join_the_next_level_is_not_saved() {
    let dir = tempfile::tempdir().unwrap();
    let text = "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n";
    let path = write(dir.path(), "two.xsb", text);
    let opened = open(&path, Some(1)).unwrap();
    let mut file = opened.file;
    let mut ed = Editor::new(opened.sketch);
    ed.grow(0, 1).unwrap();
    ed.set_cursor(Pos::new(0, 3));
    ed.put('#').unwrap();
    // A board ending in a row of walls still reads as its own level; a level whose bottom
    // row is written on the blank line between the two would join them.
    let result = file.save(ed.sketch(), false);
    let saved = std::fs::read_to_string(&path).unwrap();
    match result {
        Ok(_) => assert_eq!(parse_pack(&saved).levels.len(), 2),
        Err(err) => {
            assert!(matches!(err, SaveError::Unsafe(_)), "{err}");
            assert_eq!(saved, text);
        }
    }
}

#[test]
fn the_proof_finds_the_fewest_pushes_and_says_no_solution() {
    let solvable: Level = "#######\n#@ $ .#\n#######\n".parse().unwrap();
    let mut prover = Prover::start(solvable, Duration::from_secs(60));
    match prover.wait() {
        Status::Solvable {
            solution,
            optimum: Optimum::Proven { layouts },
        } => {
            assert_eq!(solution.counters.pushes, 2);
            assert!(*layouts > 0);
        }
        other => panic!("{other:?}"),
    }
    assert!(!prover.is_dead(Pos::new(4, 1)));
    let cornered: Level = "#####\n#$  #\n#@ .#\n#####\n".parse().unwrap();
    let mut prover = Prover::start(cornered, Duration::from_secs(60));
    assert_eq!(prover.wait(), &Status::NoSolution);
    assert!(
        prover.is_dead(Pos::new(1, 1)),
        "the corner is a dead square"
    );
}

#[test]
fn the_proofs_difficulty_is_the_layouts_of_solve_optimize_pushes_on_one_thread() {
    use sokoshot_core::solve::{Optimize, Settings, Verdict, solve_level};
    let campaign = parse_pack(include_str!("../../../levels/campaign.xsb"));
    // A push level and two with shots, found by title.
    for title in ["First Push", "Round the Corner", "Two Banks"] {
        let index = campaign
            .levels
            .iter()
            .position(|l| {
                l.result
                    .as_ref()
                    .is_ok_and(|l| l.title.as_deref() == Some(title))
            })
            .expect("a campaign level");
        let level = campaign.levels[index].result.clone().unwrap();
        let settings = Settings {
            optimize: Optimize::Pushes,
            ..Settings::default()
        };
        let cli = solve_level(&level, &settings, None).unwrap();
        assert!(matches!(cli.verdict, Verdict::Solved { proven: true, .. }));
        let mut prover = Prover::start(level, Duration::from_secs(60));
        match prover.wait() {
            Status::Solvable {
                solution,
                optimum: Optimum::Proven { layouts },
            } => {
                assert_eq!(*layouts, cli.layouts, "level {}", index + 1);
                assert_eq!(Some(solution), cli.solution(), "level {}", index + 1);
            }
            other => panic!("level {}: {other:?}", index + 1),
        }
    }
}

#[test]
fn a_file_that_cannot_be_written_is_an_error_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = write(dir.path(), "not-a-folder", "kept");
    let mut file = PackFile::new(blocker.join("level.xsb"));
    let err = file.save(&Sketch::room(5, 4), false).unwrap_err();
    assert!(matches!(err, SaveError::Io { .. }), "{err}");
    assert_eq!(std::fs::read_to_string(&blocker).unwrap(), "kept");
}

/// A run of edits (a held key, a drag) starts one proof, once the drawing has settled; a
/// stroke held starts none; the time is passed in, so no clock is read.
#[test]
fn a_run_of_edits_starts_one_proof_once_the_drawing_settles() {
    use std::time::Instant;
    let level: Level = "#######\n#@ $ .#\n#######\n".parse().unwrap();
    let t0 = Instant::now();
    let at = |ms: u64| t0 + Duration::from_millis(ms);
    let step = SETTLE.as_millis() as u64 / 5;
    // (name, edits, held stroke, when polled after the last edit, proofs started)
    let cases: [(&str, u64, bool, u64, u64); 6] = [
        ("one edit, polled at once", 1, false, 0, 0),
        ("one edit, settled", 1, false, SETTLE.as_millis() as u64, 1),
        (
            "twenty edits, settled",
            20,
            false,
            SETTLE.as_millis() as u64,
            1,
        ),
        ("forty edits, not settled", 40, false, step, 0),
        ("a held stroke, long after", 20, true, 60_000, 0),
        ("no edit", 0, false, 60_000, 0),
    ];
    for (name, edits, held, after, started) in cases {
        let mut proofs = Proofs::new(Budget::default());
        proofs.hold(held);
        for i in 0..edits {
            proofs.changed(Some(level.clone()), at(i * step));
            proofs.poll(at(i * step));
            assert_eq!(proofs.started(), 0, "{name}: edit {i} starts nothing");
        }
        let last = edits.saturating_sub(1) * step;
        proofs.poll(at(last + after));
        proofs.poll(at(last + after));
        assert_eq!(proofs.started(), started, "{name}");
        assert!(proofs.threads_running() <= 1, "{name}");
        if held {
            proofs.hold(false);
            proofs.poll(at(last + after));
            assert_eq!(proofs.started(), 1, "{name}: the release starts it");
        }
        proofs.finish();
        if edits > 0 {
            assert!(
                proofs.current().is_some_and(|p| p.status().is_final()),
                "{name}"
            );
        }
    }
}

/// A change cancels the running proof, and the next starts only once its thread is over:
/// never two proof threads at once.
#[test]
fn a_change_cancels_the_running_proof_and_the_next_waits_for_it() {
    use std::time::Instant;
    let pack = parse_pack(include_str!("../../../levels/sasquatch.xsb"));
    let hard = pack.levels.last().unwrap().result.clone().unwrap();
    let easy: Level = "#######\n#@ $ .#\n#######\n".parse().unwrap();
    let budget = Budget {
        time: Duration::from_secs(600),
        memory_bytes: 64 << 20,
    };
    let mut proofs = Proofs::new(budget);
    let t0 = Instant::now();
    let later = t0 + SETTLE * 4;
    proofs.changed(Some(hard), t0);
    proofs.poll(later);
    assert_eq!(proofs.started(), 1);
    proofs.changed(Some(easy), later);
    assert!(
        proofs.current().is_none(),
        "the stale proof is no longer shown"
    );
    let settled = later + SETTLE;
    // Ends only if the cancelled search stops: it looks at its flag after bounded work.
    while proofs.started() < 2 {
        assert!(proofs.threads_running() <= 1);
        proofs.poll(settled);
        std::thread::yield_now();
    }
    proofs.finish();
    assert!(matches!(
        proofs.current().map(Prover::status),
        Some(Status::Solvable { .. })
    ));
}

/// The player's own levels in a store: a new level is added at the pack's end, saved again
/// where it stands though a paste came before it, every other line kept; a board that does
/// not load, a full pack and the player's bytes are answered with a message.
#[test]
fn a_level_made_for_a_store_is_kept_in_the_players_own_levels() {
    use sokoshot_core::edit::{StoredError, StoredLevel};
    use sokoshot_core::store::pasted::{MAX_PASTED_LEVELS, pasted_path};
    use sokoshot_core::store::progress::SaveFile;
    use sokoshot_core::store::saves::Saves;
    let dir = tempfile::tempdir().unwrap();
    let file = SaveFile::at(dir.path().join("progress.txt"));
    let pack = pasted_path(file.path());
    let pasted: Level = "#####\n#@$.#\n#####\n".parse().unwrap();
    file.add_pasted(std::slice::from_ref(&pasted)).unwrap();
    let mut stored = StoredLevel::new();
    assert_eq!(stored.number(), None);
    let mut ed = Editor::new(Sketch::room(7, 5));
    ed.set_cursor(Pos::new(3, 2));
    ed.put('$').unwrap();
    ed.set_cursor(Pos::new(4, 2));
    ed.put('.').unwrap();
    assert_eq!(stored.save(&file, ed.sketch()), Ok(2));
    assert_eq!(stored.number(), Some(2));
    // The first level of a new pack is found again, though the header reads as its title.
    let empty = SaveFile::at(dir.path().join("new").join("progress.txt"));
    let mut alone = StoredLevel::new();
    assert_eq!(alone.save(&empty, ed.sketch()), Ok(1));
    assert_eq!(alone.save(&empty, ed.sketch()), Ok(1));
    assert_eq!(empty.pasted().len(), 1);
    assert_eq!(
        empty.pasted()[0].title,
        None,
        "the pack's header is no title"
    );
    let first = ed.sketch().check().level.unwrap();
    let boards = |levels: Vec<Level>| levels.iter().map(Level::board_text).collect::<Vec<_>>();
    assert_eq!(boards(file.pasted()), boards(vec![pasted.clone(), first]));
    // Another session pastes a level after it; a note is written by hand before it.
    let text = std::fs::read_to_string(&pack).unwrap();
    std::fs::write(&pack, text.replace("\n\n", "\n\n; kept as written\n")).unwrap();
    file.add_pasted(std::slice::from_ref(&pasted)).unwrap();
    let before = std::fs::read_to_string(&pack).unwrap();
    ed.set_cursor(Pos::new(2, 2));
    ed.put('E').unwrap();
    assert_eq!(stored.save(&file, ed.sketch()), Ok(2));
    let after = std::fs::read_to_string(&pack).unwrap();
    let drawn = ed.sketch().check().level.unwrap();
    assert_eq!(
        boards(file.pasted()),
        boards(vec![pasted.clone(), drawn, pasted.clone()])
    );
    assert!(after.contains("; kept as written\n"), "{after}");
    let (old, new) = (before.lines().count(), after.lines().count());
    assert_eq!(old, new, "one row changed in place:\n{before}\n{after}");
    // A board that does not load is not saved.
    ed.set_cursor(Pos::new(3, 2));
    ed.put('#').unwrap();
    let refused = stored.save(&file, ed.sketch()).unwrap_err();
    assert!(
        matches!(refused, StoredError::DoesNotLoad(Some(_))),
        "{refused}"
    );
    assert!(
        refused
            .to_string()
            .starts_with("your levels keep levels that load: "),
        "{refused}"
    );
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), after);
    // A full pack takes no new level; the player's bytes are a cap too.
    let many = vec![pasted.clone(); MAX_PASTED_LEVELS];
    file.add_pasted(&many).unwrap();
    ed.undo().unwrap();
    let full = StoredLevel::new().save(&file, ed.sketch());
    let full = full.map(|_| ()).unwrap_err();
    assert_eq!(full, StoredError::Full);
    assert_eq!(
        full.to_string(),
        format!(
            "your levels are full: {MAX_PASTED_LEVELS} are kept, and none is dropped for a new one"
        )
    );
    let capped = SaveFile::at(dir.path().join("other").join("progress.txt")).capped(40);
    let over = StoredLevel::new().save(&capped, ed.sketch());
    let over = over.map(|_| ()).unwrap_err();
    assert!(
        matches!(&over, StoredError::Store(why) if why.contains("bytes")),
        "{over}"
    );
}

/// A level of the player's own reopened is saved where it stands; deleting one takes its
/// board and its own lines and keeps every other line byte for byte, the pack's header too.
#[test]
fn a_stored_level_is_reopened_in_place_and_deleted_keeping_every_other_line() {
    use sokoshot_core::edit::{StoredError, StoredLevel, delete};
    use sokoshot_core::store::pasted::{PASTED_HEADER, pasted_path};
    use sokoshot_core::store::progress::SaveFile;
    use sokoshot_core::store::saves::Saves;
    let dir = tempfile::tempdir().unwrap();
    let file = SaveFile::at(dir.path().join("progress.txt"));
    let pack = pasted_path(file.path());
    let (a, b, c) = (
        "#####\n#@$.#\n#####\n",
        "######\n#@$ .#\n######\nTitle: Mine\nComment: made here\n",
        "#######\n#@ $ .#\n#######\n",
    );
    let text = format!("{PASTED_HEADER}\n{a}\n; about the next one\n{b}\n{c}");
    std::fs::write(&pack, &text).unwrap();
    let boards = |file: &SaveFile| {
        file.pasted()
            .iter()
            .map(Level::board_text)
            .collect::<Vec<_>>()
    };
    let level: Level = b.parse().unwrap();
    assert_eq!(file.pasted()[1].board_text(), level.board_text());
    // Reopened and changed: saved as level 2 again, in place.
    let mut stored = StoredLevel::existing(&file.pasted()[1], 2);
    assert_eq!(stored.number(), Some(2));
    let mut ed = Editor::new(Sketch::from(&file.pasted()[1]));
    ed.set_cursor(Pos::new(3, 1));
    ed.put('E').unwrap();
    assert_eq!(stored.save(&file, ed.sketch()), Ok(2));
    let changed = std::fs::read_to_string(&pack).unwrap();
    assert_eq!(changed, text.replace("#@$ .#", "#@$E.#"), "one row changed");
    assert_eq!(file.pasted()[1].title.as_deref(), Some("Mine"));
    // Deleted: its lines go, the note above it (its title) with them.
    let edited = file.pasted()[1].clone();
    delete(&file, &edited, 2).unwrap();
    let after = std::fs::read_to_string(&pack).unwrap();
    assert_eq!(after, format!("{PASTED_HEADER}\n{a}\n\n{c}"), "{after}");
    assert_eq!(
        boards(&file),
        vec![a.to_owned(), c.parse::<Level>().unwrap().board_text()]
    );
    assert_eq!(delete(&file, &edited, 2), Err(StoredError::Gone));
    // The first level goes, the header stays; the pack reads as the last level alone.
    let first = file.pasted()[0].clone();
    delete(&file, &first, 1).unwrap();
    let after = std::fs::read_to_string(&pack).unwrap();
    assert!(after.starts_with(PASTED_HEADER), "{after}");
    assert_eq!(
        boards(&file),
        vec![c.parse::<Level>().unwrap().board_text()]
    );
    assert_eq!(file.pasted()[0].title, None, "the header is no title");
}

/// A draft is kept after the player's levels in the Pasted pack's text: never one of them,
/// kept by every change of them (a save, a paste, a deletion), one per player, and let go.
#[test]
fn a_draft_is_kept_beside_the_players_levels_and_never_one_of_them() {
    use sokoshot_core::edit::{StoredLevel, delete, drop_draft, read_draft, save_draft};
    use sokoshot_core::store::pasted::{DRAFT_MARK, pasted_path};
    use sokoshot_core::store::progress::SaveFile;
    use sokoshot_core::store::saves::Saves;
    let dir = tempfile::tempdir().unwrap();
    let file = SaveFile::at(dir.path().join("progress.txt"));
    let pack = pasted_path(file.path());
    assert!(read_draft(&file).is_none(), "no pack, no draft");
    // A draft that does not load yet (no goal), kept alone: the pack is not set aside.
    let mut ed = Editor::new(Sketch::room(7, 5));
    ed.set_cursor(Pos::new(3, 2));
    ed.put('$').unwrap();
    save_draft(&file, ed.sketch(), None).unwrap();
    assert!(file.pasted().is_empty(), "a draft is no level");
    assert_eq!(
        read_draft(&file).map(|d| d.sketch).as_ref(),
        Some(ed.sketch())
    );
    // Levels saved and pasted after it keep it, after them.
    ed.set_cursor(Pos::new(4, 2));
    ed.put('.').unwrap();
    assert_eq!(StoredLevel::new().save(&file, ed.sketch()), Ok(1));
    let pasted: Level = "#####\n#@$.#\n#####\n".parse().unwrap();
    file.add_pasted(std::slice::from_ref(&pasted)).unwrap();
    assert_eq!(file.pasted().len(), 2);
    let draft = read_draft(&file).unwrap().sketch;
    assert_eq!(draft.get(Pos::new(3, 2)), '$');
    assert_eq!(draft.get(Pos::new(4, 2)), ' ', "the draft as kept");
    let text = std::fs::read_to_string(&pack).unwrap();
    assert_eq!(text.matches(DRAFT_MARK).count(), 1, "{text}");
    assert!(text.find(DRAFT_MARK) > text.rfind("#@$.#"), "{text}");
    // One per player: a new draft replaces it, with no more blank lines each time.
    ed.put('E').unwrap();
    save_draft(&file, ed.sketch(), None).unwrap();
    save_draft(&file, ed.sketch(), None).unwrap();
    let again = std::fs::read_to_string(&pack).unwrap();
    assert_eq!(again.matches(DRAFT_MARK).count(), 1, "{again}");
    assert!(!again.contains("\n\n\n"), "{again}");
    let draft = read_draft(&file).unwrap();
    assert_eq!(draft.sketch.height(), 5);
    assert_eq!(draft.sketch.get(Pos::new(4, 2)), 'E');
    assert_eq!(draft.origin, None);
    assert_eq!(
        StoredLevel::of_draft(&file, &draft).number(),
        None,
        "a new level"
    );
    // A draft of one of the levels is saved in its place while it is there.
    let second = file.pasted()[1].clone();
    let mut drawn = Editor::new(Sketch::from(&second));
    drawn.set_cursor(Pos::new(1, 1));
    drawn.put('+').unwrap();
    save_draft(&file, drawn.sketch(), Some(&second)).unwrap();
    let draft = read_draft(&file).unwrap();
    assert_eq!(
        draft.origin.as_ref().map(Level::board_text),
        Some(second.board_text())
    );
    let mut stored = StoredLevel::of_draft(&file, &draft);
    assert_eq!(stored.number(), Some(2));
    drawn.set_cursor(Pos::new(3, 1));
    drawn.put('*').unwrap();
    assert_eq!(stored.save(&file, drawn.sketch()), Ok(2));
    assert_eq!(file.pasted().len(), 2, "saved in its place");
    assert!(read_draft(&file).is_some(), "a save keeps the draft");
    // A deletion keeps it; dropping it leaves the levels as they were.
    let first = file.pasted()[0].clone();
    delete(&file, &first, 1).unwrap();
    assert_eq!(file.pasted().len(), 1);
    assert!(read_draft(&file).is_some());
    let before = std::fs::read_to_string(&pack).unwrap();
    drop_draft(&file).unwrap();
    let after = std::fs::read_to_string(&pack).unwrap();
    assert!(read_draft(&file).is_none());
    assert!(before.starts_with(&after), "{before}\n---\n{after}");
    drop_draft(&file).unwrap();
    assert_eq!(
        std::fs::read_to_string(&pack).unwrap(),
        after,
        "nothing to drop"
    );
    // Within the player's bytes.
    let capped = SaveFile::at(dir.path().join("other").join("progress.txt")).capped(40);
    assert!(save_draft(&capped, ed.sketch(), None).is_err());
    assert!(read_draft(&capped).is_none());
}
