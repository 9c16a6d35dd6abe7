//! The built-in levels: every one fits an 80×24 terminal (that they read cleanly, in their
//! order, is the core's test).

use crate::support;

use sokoshot::tui::app::{App, Place};
use sokoshot::tui::view::needed_size;
use sokoshot_core::store::packs::built_in_packs;
use sokoshot_core::store::progress::Progress;
use support::{PLAIN, render, rows};

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
