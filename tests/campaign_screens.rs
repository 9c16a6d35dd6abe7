//! The campaign's chapter title cards and its last screen, rendered into ratatui's
//! `TestBackend`: a card names the chapter on its first level until the first move, and `n`
//! after the last level shows the player's totals and offers Microban before going there.

#[path = "support/tui.rs"]
mod support;

use sokoshot::level::parse_pack;
use sokoshot::tui::app::{App, Place};
use sokoshot::tui::collection::{Collection, EMBEDDED};
use sokoshot::tui::progress::{Figures, Progress, level_id};
use support::{PLAIN, press, screen};

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

fn built_in() -> Vec<Collection> {
    EMBEDDED
        .iter()
        .map(|pack| {
            let levels = parse_pack(pack.text).into_pack().expect("reads").levels;
            Collection::built_in(pack.name, pack.credit, levels)
        })
        .collect()
}

fn app_at(level: usize, progress: Progress) -> App {
    App::new(built_in(), Place { pack: 0, level }, progress, None, PLAIN).expect("playable")
}

#[test]
fn the_first_level_of_each_chapter_shows_its_card_until_the_first_move() {
    let packs = built_in();
    let starts: Vec<(usize, String)> = packs[0]
        .levels
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.chapter.clone().map(|c| (i, c)))
        .collect();
    assert_eq!(starts.len(), 5);
    for (n, (level, name)) in starts.iter().enumerate() {
        let mut app = app_at(*level, Progress::default());
        let shown = screen(&app, WIDTH, HEIGHT);
        assert!(
            shown.contains(&format!("Chapter {} of 5", n + 1)),
            "{shown}"
        );
        assert!(shown.contains(name.as_str()), "{shown}");
        // Any step, even one that only turns the player, starts the level and the card goes.
        press(&mut app, "hjkl");
        let after = screen(&app, WIDTH, HEIGHT);
        assert!(!after.contains("Chapter"), "{after}");
    }
    // A level inside a chapter has no card.
    let app = app_at(starts[0].0 + 1, Progress::default());
    assert!(!screen(&app, WIDTH, HEIGHT).contains("Chapter"));
}

#[test]
fn n_after_the_last_level_shows_the_end_with_totals_then_goes_on_to_microban() {
    let last = built_in()[0].levels.len() - 1;
    let mut app = app_at(last, Progress::default());
    press(&mut app, "n");
    assert_eq!(
        app.place(),
        Place {
            pack: 0,
            level: last
        },
        "still on the campaign"
    );
    let shown = screen(&app, WIDTH, HEIGHT);
    assert!(shown.contains("End of the Campaign"), "{shown}");
    assert!(
        shown.contains(&format!("Levels solved: 0 of {}", last + 1)),
        "{shown}"
    );
    assert!(shown.contains("Microban by David W. Skinner"), "{shown}");
    press(&mut app, "n");
    assert_eq!(app.place(), Place { pack: 1, level: 0 }, "on to Microban");
    assert!(!screen(&app, WIDTH, HEIGHT).contains("End of the Campaign"));
}

#[test]
fn a_finished_campaign_says_complete_with_the_sums_of_the_best_figures() {
    let packs = built_in();
    let mut progress = Progress::default();
    let (mut moves, mut pushes, mut shots) = (0, 0, 0);
    for (i, level) in packs[0].levels.iter().enumerate() {
        let n = u32::try_from(i).expect("small");
        let figures = Figures {
            moves: 20 + n,
            pushes: n,
            shots: n % 2,
        };
        (moves, pushes, shots) = (
            moves + figures.moves,
            pushes + figures.pushes,
            shots + figures.shots,
        );
        progress.record(&packs[0].key, i, level_id(level), figures);
    }
    let last = packs[0].levels.len() - 1;
    let mut app = app_at(last, progress);
    press(&mut app, "n");
    let shown = screen(&app, WIDTH, HEIGHT);
    assert!(shown.contains("Campaign complete"), "{shown}");
    assert!(
        shown.contains(&format!(
            "Best totals: {moves} moves, {pushes} pushes, {shots} shots"
        )),
        "{shown}"
    );
    // Esc or a move puts the screen away and leaves the player where they were.
    press(&mut app, "~");
    assert!(!screen(&app, WIDTH, HEIGHT).contains("Campaign complete"));
    assert_eq!(
        app.place(),
        Place {
            pack: 0,
            level: last
        }
    );
}
