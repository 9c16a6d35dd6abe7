//! The built-in levels: embedded, all playable, and every one fits an 80×24 terminal.

use crate::support;

use sokoshot::tui::app::{App, Place};
use sokoshot::tui::session::built_in_packs;
use sokoshot::tui::view::needed_size;
use sokoshot_core::level::parse_pack;
use sokoshot_core::store::collection::EMBEDDED;
use sokoshot_core::store::progress::Progress;
use support::{PLAIN, render, rows};

#[test]
fn every_embedded_level_reads_cleanly() {
    for pack in EMBEDDED {
        let report = parse_pack(pack.text);
        let problems: Vec<String> = report
            .diagnostics()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(report.is_valid(), "{}: {problems:#?}", pack.name);
    }
    let packs = built_in_packs();
    let microban = packs
        .iter()
        .find(|p| p.name == "Microban")
        .expect("Microban is built in");
    assert_eq!(microban.levels.len(), 155);
    let order: Vec<(&str, usize)> = packs
        .iter()
        .map(|p| (p.name.as_str(), p.levels.len()))
        .collect();
    assert_eq!(
        order,
        [
            ("Campaign", 35),
            ("Microban", 155),
            ("Sasquatch", 50),
            ("Sasquatch II", 50),
            ("Sasquatch III", 50)
        ],
        "the campaign, then Microban, then the Sasquatch sets"
    );
}

#[test]
fn every_built_in_level_fits_80_by_24_and_draws_without_the_too_small_message() {
    let packs = built_in_packs();
    let places: Vec<Place> = packs
        .iter()
        .enumerate()
        .flat_map(|(pack, p)| (0..p.levels.len()).map(move |level| Place { pack, level }))
        .collect();
    let mut largest = (0, 0);
    for place in places {
        let app =
            App::new(packs.clone(), place, Progress::default(), None, PLAIN).expect("playable");
        assert_eq!(app.place(), place, "level {place:?} starts");
        let (w, h) = needed_size(&app);
        largest = (largest.0.max(w), largest.1.max(h));
        assert!(w <= 80 && h <= 24, "{place:?} needs {w}×{h}");
        let screen = rows(&render(&app, 80, 24)).join("\n");
        assert!(!screen.contains("too small"), "{place:?}:\n{screen}");
        assert!(screen.contains("Moves 0  Pushes 0"), "{place:?}:\n{screen}");
    }
    eprintln!("largest built-in level needs {}×{}", largest.0, largest.1);
}
