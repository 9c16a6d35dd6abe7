//! How long the level list takes to draw over many packs: every `.xsb` file of a folder read
//! as a pack, the list opened with each filter and a search, and the time of one frame at
//! 80×24 printed. `cargo run --release --example browse_time -- DIR [COPIES]` (COPIES repeats
//! the folder's packs, to see how the time grows with the levels).

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sokoshot::tui::app::{App, Place};
use sokoshot::tui::theme::Theme;
use sokoshot_core::store::folder;
use sokoshot_core::store::progress::Progress;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: browse_time DIR [COPIES]");
        std::process::exit(2);
    };
    let copies: usize = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .clamp(1, 100);
    let found = folder::scan(std::path::Path::new(&dir));
    let mut packs = Vec::new();
    for _ in 0..copies {
        packs.extend(found.packs.iter().cloned());
    }
    let levels: usize = packs.iter().map(|p| p.levels.len()).sum();
    let theme = Theme {
        ascii: false,
        color: false,
    };
    let mut app = App::new(
        packs,
        Place { pack: 0, level: 0 },
        Progress::default(),
        None,
        theme,
    )
    .expect("playable");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    let mut frame = |app: &App, what: &str| {
        let start = Instant::now();
        const FRAMES: u32 = 10;
        for _ in 0..FRAMES {
            terminal
                .draw(|f| f.render_widget(app, f.area()))
                .expect("drawn");
        }
        let each = start.elapsed() / FRAMES;
        println!(
            "{levels} levels, {what}: {:.1} ms a frame",
            each.as_secs_f64() * 1e3
        );
    };
    let key = |app: &mut App, c: char| {
        app.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    };
    key(&mut app, 'g');
    frame(&app, "all");
    key(&mut app, 'f');
    frame(&app, "unsolved");
    key(&mut app, 'f');
    frame(&app, "with shots");
    key(&mut app, 'f');
    for c in "/room".chars() {
        key(&mut app, c);
    }
    frame(&app, "search \"room\"");
}
