//! The level list as a browser: its filters (`f`), its search by title (`/`), the mouse, and
//! the packs of the folder changing under it, drawn at 80×24 into ratatui's `TestBackend`.
//! The snapshots are insta's, in `snapshots/` beside this file (the screen's text, then one
//! letter per cell for its style: `r` reversed is the selection, `b` bold); after a deliberate
//! change, `cargo insta review` shows each difference to accept or reject.

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use sokoshot::tui::app::{App, Filter, MAX_SEARCH_CHARS, Place, WHEEL_ROWS};
use sokoshot::tui::event_loop::folder_news;
use sokoshot::tui::keys::Mode;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::folder_watch::FolderNews;
use sokoshot_core::store::progress::{Figures, Progress, level_id};

use crate::support::{
    PLAIN, levels, press, press_code, render, rows, style_letter, text_and_looks,
};

/// Four levels: two plain, one with an enemy to shoot, one with a spinner.
const FIRST: &str = "\
Title: Straight Ahead
#####
#@$.#
#####

Title: Round the Back
######
#@ $.#
#    #
######

Title: Guarded Door
#######
#@ $.E#
#######

Title: Mill
#######
#@ $ .#
#  %  #
#######
Spinner: 3,2 length=1 speed=0
";

/// Two levels of a second pack.
const SECOND: &str = "\
Title: Long Hall
########
#@  $ .#
########

Title: Door Ajar
######
#@$ .#
######
";

/// An app over the two packs, with the first level of the first solved.
fn browser() -> App {
    let first = Collection::built_in("First", "Ann", levels(FIRST));
    let second = Collection::built_in("Second", "Bob", levels(SECOND));
    let mut progress = Progress::default();
    let figures = Figures {
        moves: 1,
        pushes: 1,
        shots: 0,
    };
    progress.record(&first.key, 0, level_id(&first.levels[0]), figures);
    App::new(
        vec![first, second],
        Place { pack: 0, level: 0 },
        progress,
        None,
        PLAIN,
    )
    .expect("playable")
}

/// The screen's text and, below it, one letter per cell for its style.
fn snapshot(buf: &Buffer) -> String {
    text_and_looks(buf, "----", |cell| style_letter(cell.modifier))
}

/// The heading of the list (its top row).
fn heading(app: &App) -> String {
    rows(&render(app, 80, 24))[0].clone()
}

/// The titles of the levels the list draws, in order.
fn titles(app: &App) -> Vec<String> {
    let every = ["Straight Ahead", "Round the Back", "Guarded Door", "Mill"]
        .into_iter()
        .chain(["Long Hall", "Door Ajar"]);
    let screen = rows(&render(app, 80, 24)).join("\n");
    every
        .filter(|title| screen.contains(title))
        .map(str::to_owned)
        .collect()
}

fn click(app: &mut App, column: u16, row: u16) -> bool {
    app.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

fn wheel(app: &mut App, down: bool) -> bool {
    let kind = if down {
        MouseEventKind::ScrollDown
    } else {
        MouseEventKind::ScrollUp
    };
    app.handle_mouse(MouseEvent {
        kind,
        column: 10,
        row: 10,
        modifiers: KeyModifiers::NONE,
    })
}

/// The screen row the list draws `title` on.
fn row_of(app: &App, title: &str) -> u16 {
    let at = rows(&render(app, 80, 24))
        .iter()
        .position(|row| row.contains(title))
        .unwrap_or_else(|| panic!("{title} is drawn"));
    u16::try_from(at).expect("on screen")
}

#[test]
fn f_cycles_the_filters_and_the_heading_says_which_and_how_many() {
    let mut app = browser();
    press(&mut app, "g");
    assert!(
        heading(&app).contains("Levels · all · 6 of 6"),
        "{}",
        heading(&app)
    );
    press(&mut app, "f");
    assert_eq!(app.filter(), Filter::Unsolved);
    assert!(heading(&app).contains("Levels · unsolved · 5 of 6"));
    assert!(!titles(&app).contains(&"Straight Ahead".to_owned()));
    // The cursor was on the solved level: it moves to the next one shown.
    assert_eq!(app.packs()[0].levels.len(), 4);
    insta::assert_snapshot!("browse_unsolved", snapshot(&render(&app, 80, 24)));
    press(&mut app, "f");
    assert_eq!(app.filter(), Filter::WithShots);
    assert!(heading(&app).contains("Levels · with shots · 2 of 6"));
    assert_eq!(titles(&app), ["Guarded Door", "Mill"]);
    // Tab goes to the next pack with a level shown: there is none but this one.
    press_code(&mut app, KeyCode::Tab);
    assert_eq!(app.search(), "");
    press(&mut app, "f");
    assert_eq!(app.filter(), Filter::All);
    assert_eq!(titles(&app).len(), 6);
}

#[test]
fn moving_and_playing_keep_to_the_levels_shown() {
    let mut app = browser();
    press(&mut app, "gff");
    press(&mut app, "j");
    press(&mut app, "j");
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(
        app.place(),
        Place { pack: 0, level: 3 },
        "j stops at the last shown"
    );
    press(&mut app, "g");
    press(&mut app, "k");
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.place(), Place { pack: 0, level: 2 });
    // The filter stays when the list opens again, and `2` jumps only to a level shown.
    press(&mut app, "g");
    assert_eq!(app.filter(), Filter::WithShots);
    press(&mut app, "1");
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(
        app.place(),
        Place { pack: 0, level: 2 },
        "level 1 has no shots"
    );
}

#[test]
fn slash_searches_titles_pack_names_and_numbers_ignoring_case() {
    let mut app = browser();
    press(&mut app, "g/");
    assert_eq!(app.mode(), Mode::Search);
    // Letters bound to keys elsewhere (`q` quits, `j` moves) are typed here.
    press(&mut app, "DOOR");
    assert_eq!(app.search(), "DOOR");
    assert!(!app.should_quit());
    assert_eq!(titles(&app), ["Guarded Door", "Door Ajar"]);
    assert!(heading(&app).contains("Levels · all · “DOOR” · 2 of 6"));
    insta::assert_snapshot!("browse_search", snapshot(&render(&app, 80, 24)));
    // Backspace takes back a character; the pack's name and a level's number match too.
    for _ in 0..4 {
        press_code(&mut app, KeyCode::Backspace);
    }
    press(&mut app, "second");
    assert_eq!(titles(&app), ["Long Hall", "Door Ajar"]);
    for _ in 0..6 {
        press_code(&mut app, KeyCode::Backspace);
    }
    press(&mut app, "4");
    assert_eq!(titles(&app), ["Mill"]);
    // Enter keeps the search and goes back to moving; it holds with a filter.
    press_code(&mut app, KeyCode::Backspace);
    press(&mut app, "o");
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::LevelList);
    press(&mut app, "ff");
    assert_eq!(titles(&app), ["Guarded Door"]);
    press(&mut app, "f");
    // Esc closes the list; the search is there when it opens again, and `/` then Esc
    // clears it.
    press(&mut app, "~g");
    assert_eq!(app.search(), "o");
    press(&mut app, "/~");
    assert_eq!((app.mode(), app.search()), (Mode::LevelList, ""));
    assert_eq!(titles(&app).len(), 6);
    // Backspace on an empty search line closes it.
    press(&mut app, "/");
    press_code(&mut app, KeyCode::Backspace);
    assert_eq!(app.mode(), Mode::LevelList);
}

#[test]
fn a_search_is_cut_at_its_limit_and_the_player_told() {
    let mut app = browser();
    press(&mut app, "g/");
    let long = "x".repeat(MAX_SEARCH_CHARS + 5);
    press(&mut app, &long);
    assert_eq!(app.search().chars().count(), MAX_SEARCH_CHARS);
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(screen.contains("No level matches “xxx"), "{screen}");
}

#[test]
fn a_filter_and_search_that_leave_nothing_say_so_and_how_to_leave() {
    let mut app = browser();
    press(&mut app, "gff/zz");
    insta::assert_snapshot!("browse_nothing_typing", snapshot(&render(&app, 80, 24)));
    press_code(&mut app, KeyCode::Enter);
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(
        screen.contains("No level with shots matches “zz”."),
        "{screen}"
    );
    assert!(screen.contains("f: next filter (all)"), "{screen}");
    assert!(screen.contains("/ then Esc clears the search"), "{screen}");
    assert!(screen.contains("Esc closes the list"), "{screen}");
    // Nothing to play: Enter says so and the level in play stays.
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::LevelList);
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
    press(&mut app, "/~");
    assert_eq!(titles(&app), ["Guarded Door", "Mill"]);
}

#[test]
fn a_click_picks_a_level_a_second_click_plays_it_and_the_wheel_moves() {
    let mut app = browser();
    press(&mut app, "g");
    let before = rows(&render(&app, 80, 24));
    let row = row_of(&app, "Guarded Door");
    assert!(click(&mut app, 12, row));
    assert_eq!(app.mode(), Mode::LevelList);
    let after = rows(&render(&app, 80, 24));
    // The preview follows the cursor.
    assert!(
        after.iter().any(|r| r.contains("██@▴  []··><██")),
        "{after:#?}"
    );
    assert!(
        !before.iter().any(|r| r.contains("██@▴  []··><██")),
        "{before:#?}"
    );
    assert!(click(&mut app, 12, row));
    assert_eq!(app.place(), Place { pack: 0, level: 2 });
    assert_eq!(app.mode(), Mode::Playing);
    // A click on a pack's name picks its first level; the border and preview do nothing.
    press(&mut app, "g");
    let second = row_of(&app, "Second by Bob");
    assert!(click(&mut app, 5, second));
    assert!(!click(&mut app, 0, 5));
    assert!(!click(&mut app, 70, 3));
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.place(), Place { pack: 1, level: 0 });
    // The wheel moves the cursor three levels at a time, within the list.
    press(&mut app, "g");
    press_code(&mut app, KeyCode::Home);
    assert!(wheel(&mut app, false));
    assert!(wheel(&mut app, false));
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(WHEEL_ROWS, 3);
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
    press(&mut app, "g");
    wheel(&mut app, true);
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.place(), Place { pack: 0, level: 3 });
    // `--no-mouse`: the list does not heed clicks.
    app.set_mouse(false);
    press(&mut app, "g");
    let first = row_of(&app, "Straight Ahead");
    assert!(!click(&mut app, 12, first));
}

#[test]
fn a_pack_of_the_folder_changed_removed_or_unreadable_is_answered_in_the_list() {
    let file = PathBuf::from("/packs/mine.xsb");
    let mut mine = Collection::from_file(file.clone(), levels(SECOND));
    mine.name = "Mine".to_owned();
    let first = Collection::built_in("First", "Ann", levels(FIRST));
    let mut progress = Progress::default();
    let figures = Figures {
        moves: 5,
        pushes: 3,
        shots: 0,
    };
    progress.record(&mine.key, 0, level_id(&mine.levels[0]), figures);
    let mut app = App::new(
        vec![first, mine.clone()],
        Place { pack: 0, level: 0 },
        progress,
        None,
        PLAIN,
    )
    .expect("playable");
    press(&mut app, "g");
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(screen.contains("Mine · 1/2 solved"), "{screen}");
    press(&mut app, "~");
    // Changed: read again, its levels replaced in the list (and their solved marks with
    // them: the first board is not the one solved).
    let mut changed = Collection::from_file(
        file.clone(),
        levels(&FIRST[..FIRST.find("\n\nTitle: Guarded").expect("cut")]),
    );
    changed.name = "Mine, edited".to_owned();
    folder_news(&mut app, FolderNews::Changed(changed));
    press(&mut app, "g");
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(screen.contains("Mine, edited · 0/2 solved"), "{screen}");
    assert!(!screen.contains("Long Hall"), "{screen}");
    // Unreadable: its error is told, its levels stay.
    folder_news(
        &mut app,
        FolderNews::Failed(
            file.clone(),
            "/packs/mine.xsb: no playable level".to_owned(),
        ),
    );
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(screen.contains("Mine, edited · 0/2 solved"), "{screen}");
    assert!(
        screen.contains("/packs/mine.xsb: no playable level; the levels read before stay"),
        "{screen}"
    );
    press(&mut app, "~");
    // Removed while a level of it is in play: it stays until another pack is played.
    press(&mut app, "g");
    press_code(&mut app, KeyCode::Tab);
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.place(), Place { pack: 1, level: 0 });
    folder_news(&mut app, FolderNews::Removed(file.clone()));
    assert_eq!(app.packs().len(), 2);
    press(&mut app, "g");
    press_code(&mut app, KeyCode::Tab);
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
    assert_eq!(app.packs().len(), 1);
    // Dropped in again, then removed while another pack is in play: it leaves at once.
    folder_news(&mut app, FolderNews::Added(mine));
    assert_eq!(app.packs().len(), 2);
    folder_news(&mut app, FolderNews::Removed(file));
    assert_eq!(app.packs().len(), 1);
    press(&mut app, "g");
    let screen = rows(&render(&app, 80, 24)).join("\n");
    assert!(!screen.contains("Mine"), "{screen}");
}

#[test]
fn the_pack_being_browsed_stays_named_on_the_top_row() {
    let many: String = (1..=40)
        .map(|n| format!("Title: Room {n}\n#####\n#@$.#\n#####\n\n"))
        .collect();
    let first = Collection::built_in("Long", "Ann", levels(&many));
    let second = Collection::built_in("Second", "Bob", levels(SECOND));
    let mut app = App::new(
        vec![first, second],
        Place { pack: 0, level: 0 },
        Progress::default(),
        None,
        PLAIN,
    )
    .expect("playable");
    press(&mut app, "g30");
    let screen = rows(&render(&app, 80, 24));
    assert!(
        screen[1].contains("Long by Ann · 0/40 solved"),
        "{screen:#?}"
    );
    assert!(!screen.iter().any(|r| r.contains("Room 1 ")), "{screen:#?}");
    assert!(screen.iter().any(|r| r.contains("Room 30")), "{screen:#?}");
    // The rows stay put under a click, so a double click plays the level clicked.
    let row = row_of(&app, "Room 38");
    assert!(click(&mut app, 12, row));
    assert_eq!(row_of(&app, "Room 38"), row);
    assert!(click(&mut app, 12, row));
    assert_eq!(app.place(), Place { pack: 0, level: 37 });
    press(&mut app, "g");
    // Into the next pack: its name is on its own row, and the first pack's stays on top
    // while one of its levels begins the view.
    press(&mut app, "G");
    press_code(&mut app, KeyCode::Tab);
    let screen = rows(&render(&app, 80, 24));
    assert!(screen[1].contains("Long by Ann"), "{screen:#?}");
    assert!(
        screen.iter().any(|r| r.contains("Second by Bob")),
        "{screen:#?}"
    );
    // With the end of the list in view, a pack dropped into the folder comes into view.
    let late = Collection::built_in("Late", "Cy", levels(SECOND));
    folder_news(&mut app, FolderNews::Added(late));
    let screen = rows(&render(&app, 80, 24));
    assert!(
        screen.iter().any(|r| r.contains("Late by Cy")),
        "{screen:#?}"
    );
    assert!(
        screen.iter().any(|r| r.contains("Door Ajar")),
        "{screen:#?}"
    );
}

#[test]
fn the_ascii_look_of_the_browser_uses_ascii_only() {
    let first = Collection::built_in("First", "Ann", levels(FIRST));
    let mut app = App::new(
        vec![first],
        Place { pack: 0, level: 0 },
        Progress::default(),
        None,
        sokoshot::tui::theme::Theme {
            ascii: true,
            color: false,
        },
    )
    .expect("playable");
    press(&mut app, "gf/door");
    let typing = rows(&render(&app, 80, 24)).join("\n");
    assert!(typing.is_ascii(), "{typing}");
    assert!(
        typing.contains("Levels - unsolved - \"door\" - 1 of 4"),
        "{typing}"
    );
    press_code(&mut app, KeyCode::Enter);
    let kept = rows(&render(&app, 80, 24)).join("\n");
    assert!(kept.is_ascii(), "{kept}");
    press(&mut app, "/x");
    let nothing = rows(&render(&app, 80, 24)).join("\n");
    assert!(nothing.is_ascii(), "{nothing}");
    assert!(
        nothing.contains("No unsolved level matches \"doorx\"."),
        "{nothing}"
    );
}

/// A level solved under a board its pack no longer has (reworked since) starts over; the
/// list says so the first time it opens after, by the title kept with the result (or, for a
/// result kept before titles were, by the number the level had), and not again.
#[test]
fn the_list_says_once_that_a_reworked_levels_results_start_over() {
    let first = Collection::built_in("First", "Ann", levels(FIRST));
    let mut progress = Progress::default();
    let figures = Figures {
        moves: 9,
        pushes: 3,
        shots: 0,
    };
    // "Round the Back" as it was before its board changed, and a level solved before
    // records kept titles, third in the pack then.
    let (old_board, older_board) = (0x0bad_cafe, 0x0dd_ba11);
    progress.record(&first.key, 1, old_board, figures);
    progress.set_title(&first.key, old_board, "Round the Back");
    progress.record(&first.key, 2, older_board, figures);
    let mut app = App::new(
        vec![first],
        Place { pack: 0, level: 0 },
        progress,
        None,
        PLAIN,
    )
    .expect("playable");
    let screen = |app: &App| rows(&render(app, 80, 24)).join("\n");
    assert!(!screen(&app).contains("start over"), "not while playing");
    press(&mut app, "g");
    let told = screen(&app);
    let said = "First: Round the Back and the level that was number 3 changed since you \
                solved them, so their results and kept solutions start over";
    let flat = told
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains(&said.split_whitespace().collect::<Vec<_>>().join(" ")),
        "{told}"
    );
    press(&mut app, "~g");
    assert!(
        !screen(&app).contains("start over"),
        "told once: {}",
        screen(&app)
    );
}
