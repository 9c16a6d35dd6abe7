//! What frames cost on the wire, counted through the real crossterm backend: a frame with
//! nothing changed writes no cell, and a flying shot costs about 100 bytes a frame at most.

use crate::support;

use sokoshot::tui::meter::Meter;
use sokoshot::tui::theme::Theme;
use support::{app, press};

/// A long corridor, as wide as an 80-column terminal allows, with an enemy at the far end.
fn corridor() -> String {
    let wall = "#".repeat(40);
    format!("Title: Corridor\n{wall}\n#@{}E#\n{wall}\n", " ".repeat(36))
}

const COLOUR: Theme = Theme {
    ascii: false,
    color: true,
};

#[test]
fn a_frame_with_nothing_changed_writes_no_cell() {
    let app = app(&corridor(), COLOUR);
    let mut meter = Meter::new(80, 24).expect("meter");
    let full = meter.frame(&app).expect("frame");
    assert!(
        full.len() > 200,
        "the first frame draws everything: {}",
        full.len()
    );
    let again = String::from_utf8(meter.frame(&app).expect("frame")).expect("text");
    // Only control sequences (synchronized update, cursor, style reset): nothing printed,
    // no cursor moved to a cell.
    let printed: String = again
        .split('\x1b')
        .map(|seq| {
            seq.trim_start_matches(|c: char| !c.is_ascii_alphabetic())
                .get(1..)
                .unwrap_or("")
        })
        .collect();
    assert_eq!(printed, "", "{again:?}");
    assert!(!again.contains('H'), "no cursor move: {again:?}");
    eprintln!("unchanged frame: {} bytes {again:?}", again.len());
}

#[test]
fn a_flying_shot_costs_at_most_about_100_bytes_a_frame() {
    for theme in [COLOUR, support::PLAIN] {
        let mut app = app(&corridor(), theme);
        press(&mut app, "l");
        let mut meter = Meter::new(80, 24).expect("meter");
        meter.frame(&app).expect("frame");
        press(&mut app, " ");
        meter.frame(&app).expect("frame");
        let mut frames = Vec::new();
        while app.is_animating() && frames.len() < 600 {
            app.tick();
            if app.shown_world().is_solved() {
                // That frame also shows the enemy gone and the Solved panel.
                break;
            }
            frames.push(meter.frame(&app).expect("frame").len());
        }
        assert!(frames.len() > 100, "{} frames in flight", frames.len());
        let worst = frames.iter().max().copied().unwrap_or(0);
        let mean = frames.iter().sum::<usize>() as f64 / frames.len() as f64;
        eprintln!(
            "{theme:?}: {} frames, mean {mean:.1} bytes, worst {worst}",
            frames.len()
        );
        assert!(worst <= 100, "{theme:?}: worst frame {worst} bytes");
    }
}
