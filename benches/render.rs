//! Rendering cost: one frame of a large level drawn into a buffer, and the bytes a frame
//! writes through the crossterm backend when idle, while one shot flies, and for a full
//! redraw (the byte figures are printed; criterion times the drawing).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use sokoshot::tui::app::{App, Place};
use sokoshot::tui::meter::Meter;
use sokoshot::tui::theme::Theme;
use sokoshot_core::level::parse_pack;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::packs::built_in_packs;
use sokoshot_core::store::progress::Progress;

const COLOUR: Theme = Theme {
    ascii: false,
    color: true,
};

/// A `width × height` level with walls round it and every kind of thing inside: boxes,
/// goals, boxes on goals, enemies, the four slopes and two turning spinners.
fn large_level(width: usize, height: usize) -> String {
    let mut rows = vec![vec!['#'; width]; height];
    for (y, row) in rows.iter_mut().enumerate().take(height - 1).skip(1) {
        for (x, cell) in row.iter_mut().enumerate().take(width - 1).skip(1) {
            *cell = match (x % 6, y % 4, x % 8, y % 5, x % 10, y % 6) {
                (3, 2, ..) => '*',
                (0, 1, ..) => '$',
                (0, 3, ..) => '.',
                (_, _, 5, 4, ..) => ['F', '7', 'L', 'J'][(x / 8 + y / 5) % 4],
                (.., 7, 5) => 'E',
                _ => ' ',
            };
        }
    }
    rows[1][1] = '@';
    let hubs = [(width / 4, height / 2), (3 * width / 4, height / 2)];
    let mut settings = String::new();
    for (x, y) in hubs {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2)] {
            if rows[y + dy][x + dx] != '%' {
                rows[y + dy][x + dx] = ' ';
            }
        }
        rows[y][x] = '%';
        settings.push_str(&format!("Spinner: {x},{y} length=3 speed=90\n"));
    }
    // Clearing round the hubs may have taken a box or a goal: drop the extras of the other.
    let count = |rows: &[Vec<char>], c| rows.iter().flatten().filter(|&&x| x == c).count();
    let (boxes, goals) = (count(&rows, '$'), count(&rows, '.'));
    let (extra, surplus) = if boxes > goals {
        ('$', boxes - goals)
    } else {
        ('.', goals - boxes)
    };
    for cell in rows
        .iter_mut()
        .flatten()
        .filter(|c| **c == extra)
        .take(surplus)
    {
        *cell = ' ';
    }
    let board: Vec<String> = rows.into_iter().map(String::from_iter).collect();
    format!("Title: Large\n{}\n{settings}", board.join("\n"))
}

fn app_for(text: &str) -> App {
    let pack = parse_pack(text)
        .into_pack()
        .expect("the benchmark level reads cleanly");
    let packs = vec![Collection::built_in("Bench", "bench", pack.levels)];
    App::new(
        packs,
        Place { pack: 0, level: 0 },
        Progress::default(),
        None,
        COLOUR,
    )
    .expect("playable")
}

fn render_frames(c: &mut Criterion) {
    for (name, width, height) in [("40x22", 40, 22), ("120x60", 120, 60)] {
        let mut app = app_for(&large_level(width, height));
        let screen = Rect::new(0, 0, (width * 2) as u16, height as u16 + 2);
        c.bench_function(&format!("render/board_{name}_into_buffer"), |b| {
            let mut buffer = Buffer::empty(screen);
            b.iter(|| {
                buffer.reset();
                black_box(&app).render(screen, &mut buffer);
            });
        });
        c.bench_function(&format!("render/frame_{name}_spinners_turning"), |b| {
            let mut meter = Meter::new(screen.width, screen.height).expect("meter");
            b.iter(|| {
                app.tick();
                black_box(meter.frame(&app).expect("frame"));
            });
        });
    }
}

/// Bytes per frame at 80×24, printed once: a full redraw, an idle frame, and a shot in flight.
fn report_bytes(_: &mut Criterion) {
    let packs = built_in_packs();
    let microban = packs.iter().position(|p| p.name == "Microban").unwrap_or(0);
    let largest = (0..packs[microban].levels.len())
        .max_by_key(|&i| {
            let level = &packs[microban].levels[i];
            level.width * level.height
        })
        .unwrap_or(0);
    let place = Place {
        pack: microban,
        level: largest,
    };
    let app = App::new(packs, place, Progress::default(), None, COLOUR).expect("playable");
    let mut meter = Meter::new(80, 24).expect("meter");
    let full = meter.frame(&app).expect("frame").len();
    let idle = meter.frame(&app).expect("frame").len();
    println!(
        "bytes/frame at 80x24, Microban {}: full redraw {full}, unchanged frame {idle}",
        largest + 1
    );

    let corridor = format!(
        "Title: Corridor\n{wall}\n#@{}E#\n{wall}\n",
        " ".repeat(36),
        wall = "#".repeat(40)
    );
    let mut app = app_for(&corridor);
    let mut meter = Meter::new(80, 24).expect("meter");
    app.handle_key(crossterm::event::KeyEvent::from(
        crossterm::event::KeyCode::Right,
    ));
    meter.frame(&app).expect("frame");
    app.handle_key(crossterm::event::KeyEvent::from(
        crossterm::event::KeyCode::Char(' '),
    ));
    meter.frame(&app).expect("frame");
    let mut frames = Vec::new();
    while app.is_animating() {
        app.tick();
        if app.world().is_solved() {
            break;
        }
        frames.push(meter.frame(&app).expect("frame").len());
    }
    let mean = frames.iter().sum::<usize>() as f64 / frames.len().max(1) as f64;
    let worst = frames.iter().max().copied().unwrap_or(0);
    println!(
        "bytes/frame at 80x24, one shot flying 36 cells: {} frames, mean {mean:.1}, worst {worst}",
        frames.len()
    );
}

criterion_group!(benches, report_bytes, render_frames);
criterion_main!(benches);
